// Host side of the JSON session-log rules: picks the validation mode of each JSON log (SP-120) and
// gathers the facts the WASM rules need (schema text, git facts for SP-130..SP-132, QA reports).
// No rule decision is made here: values are looked up and handed over as KIND_FACT documents.
import { existsSync } from "node:fs";
import { CONFIG_MAX_BYTES, DEFAULT_READ_LIMIT, readTextOrThrow } from "../fsread.js";
import { join, normalize } from "node:path";
import { executeValidator, type ContentDoc, type Facts } from "../engine.js";
import { GitRepo } from "../git-run.js";
import { BUILTIN_SCHEMA_NAME, BUILTIN_SESSION_SCHEMA } from "./session-json-schema.js";

import { MODE_FACT_BITS, sessionLogFlags, type SessionMode } from "../scope.js";
import { decodeList } from "../wasm/list.js";

export const SCHEMA_PATH = ".agents/schemas/session-log.schema.json";
/** The QA folder cited reports must be in to be read; the same folder as the core's (git-rules.ts, test/session-json/qa-root.test.ts). */
export const QA_ROOT = ".agents/qa/";

type Git = GitRepo;

/** Schema facts: the repository's schema text, or the built-in one. */
export function schemaFacts(root: string): Facts {
  const abs = join(root, SCHEMA_PATH);
  if (!existsSync(abs)) {
    return { "session.schema": JSON.stringify(BUILTIN_SESSION_SCHEMA), "session.schema.path": BUILTIN_SCHEMA_NAME };
  }
  try {
    return { "session.schema": readTextOrThrow(abs, { maxBytes: CONFIG_MAX_BYTES, root }), "session.schema.path": SCHEMA_PATH };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { "session.schema.error": err.code ? `${err.code}: ${err.message}` : String(e), "session.schema.path": SCHEMA_PATH };
  }
}

const list = (s: string | undefined) => (s === undefined ? [] : decodeList(s).filter((l) => l.length > 0));

function lines(s: string): string[] {
  return s.split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
}

/**
 * Set each JSON log's mode facts (how it reaches the run, from git) and return the facts its rules
 * need. The core decides the mode (assembly/validators/session-log/mode.ts); a mode the user named
 * (`mode`) or the run scope's facts (`logFlags`) are already in the document's flags.
 */
export async function prepareJsonSessions(root: string, docs: ContentDoc[], mode?: SessionMode, logFlags?: Record<string, number>): Promise<Facts> {
  const facts: Facts = schemaFacts(root);
  let git: Git | undefined;
  let why = "";
  if (!existsSync(join(root, ".git"))) why = "not a git repository";
  else {
    const g = new GitRepo(root);
    // the same question as gitVerify(root, "HEAD") (one git process per run under pre-pr's memo)
    const head = g.try(["rev-parse", "--verify", "-q", "HEAD^{commit}"]);
    if (head === undefined) why = "git failed or the repository has no commits";
    else {
      git = g;
      facts["git.shallow"] = g.try(["rev-parse", "--is-shallow-repository"])?.trim() === "true";
    }
  }
  facts["git.available"] = git !== undefined;
  if (!git) facts["git.unavailable"] = why;

  // modes
  const inside = docs.filter((d) => !d.file.startsWith("/") && !/^[A-Za-z]:/.test(d.file));
  let changed = new Set<string>();
  let tracked = new Set<string>();
  // logs the run scope (check --staged/--changed) gave facts for need no git lookup
  const undecided = inside.filter((d) => logFlags?.[d.file] === undefined);
  if (git && !mode && undecided.length > 0) {
    const dirs = [...new Set(undecided.map((d) => d.file.slice(0, Math.max(0, d.file.lastIndexOf("/"))) || "."))];
    // staged or unstaged changes against HEAD (renames not paired: a renamed log counts as new)
    changed = new Set(lines(git.try(["diff", "--name-only", "--no-renames", "HEAD", "--", ...dirs]) ?? ""));
    tracked = new Set(lines(git.try(["ls-files", "--", ...dirs]) ?? ""));
  }
  if (!mode) {
    for (const d of docs) {
      if (logFlags?.[d.file] !== undefined) continue;
      // outside git nothing says the log is still being written: judged as committed
      const status = !git ? "tracked" : !tracked.has(d.file) ? "untracked" : changed.has(d.file) ? "M" : "tracked";
      d.flags = ((d.flags ?? 0) & ~MODE_FACT_BITS) | sessionLogFlags({ status }); // mode facts only; other flags stay
    }
  }
  if (!git) return facts;

  // What to gather is the core's decision (assembly/validators/session-log/json/git-rules.ts
  // extractNeeds): a first pass (phase "extract", no rule runs) returns per log need.qa (the QA report
  // SP-131 reads), need.sha (commits to resolve) and need.range (the diff SP-132 checks); a second
  // extract over the logs whose report could be read, with the report as a fact, adds the report's
  // qaCommit (need.sha) and need.touched (the range SP-131's staleness check reads).
  const wanted = new Set<string>(); // commits, resolved in one batch at the end (see resolveCommits)
  // files changed in a range <a>..<b>; `touched` lists every file any commit in the range touched
  // (so a change reverted later still counts)
  const diffFact = (key: string, touched: boolean) => {
    if (`git.diff.${key}` in facts || `git.diffError.${key}` in facts) return;
    const [a, b] = key.split("..");
    if (!a || !b || a.startsWith("-") || b.startsWith("-")) return; // never pass option-like values to git
    try {
      const args = touched ? ["log", "--no-renames", "--name-only", "--format=", key] : ["diff", "--name-only", "--no-renames", a, b];
      facts[`git.diff.${key}`] = [...new Set(lines(git!.raw(args)))].sort();
    } catch (e) {
      facts[`git.diffError.${key}`] = `git diff failed for ${key}: ${String((e as Error).message ?? e).split("\n")[0]}`;
    }
  };
  const byFile = new Map(docs.map((d) => [d.file, d]));
  const again: ContentDoc[] = [];
  const reports: Facts = { phase: "extract" };
  const p1 = docs.length > 0 ? executeValidator("session-log", docs, { phase: "extract" }, { separable: true }).results : [];
  for (const r of p1) {
    for (const s of list(r.data?.["need.sha"])) wanted.add(s);
    const range = r.data?.["need.range"];
    if (range) diffFact(range, false);
    const p = r.data?.["need.qa"];
    if (!p) continue;
    if (!(`qa.report.${p}` in facts) && !(`qa.unreadable.${p}` in facts)) {
      const abs = join(root, p);
      if (!normalize(p).startsWith(normalize(QA_ROOT))) facts[`qa.unreadable.${p}`] = "path leaves the QA folder";
      else if (!existsSync(abs)) facts[`qa.unreadable.${p}`] = "no such file";
      else {
        try {
          facts[`qa.report.${p}`] = readTextOrThrow(abs, { maxBytes: DEFAULT_READ_LIMIT, root });
        } catch (e) {
          facts[`qa.unreadable.${p}`] = String((e as Error).message ?? e);
        }
      }
    }
    const d = byFile.get(r.file);
    if (d && `qa.report.${p}` in facts) {
      reports[`qa.report.${p}`] = facts[`qa.report.${p}`];
      again.push(d);
    }
  }
  if (again.length > 0) {
    for (const r of executeValidator("session-log", again, reports, { separable: true }).results) {
      for (const s of list(r.data?.["need.sha"])) wanted.add(s);
      const range = r.data?.["need.touched"];
      if (range) diffFact(range, true);
    }
  }
  if (wanted.size > 0) await resolveCommits(root, git, [...wanted].sort(), facts);
  return facts;
}

/**
 * git.commit.<sha> facts (lists): ["ancestor", full] when a commit reachable from HEAD starts with <sha>
 * (one rev-list), else ["off-history", full] or ["missing"] (one cat-file batch for the rest).
 */
async function resolveCommits(root: string, git: Git, shas: string[], facts: Facts): Promise<void> {
  const reachable = lines(git.try(["rev-list", "HEAD"]) ?? "").sort();
  const rest: string[] = [];
  for (const sha of shas) {
    let lo = 0;
    let hi = reachable.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (reachable[mid] < sha) lo = mid + 1;
      else hi = mid;
    }
    if (lo < reachable.length && reachable[lo].startsWith(sha)) facts[`git.commit.${sha}`] = ["ancestor", reachable[lo]];
    else rest.push(sha);
  }
  if (rest.length === 0) return;
  let out: string[] = [];
  try {
    out = git.raw(["cat-file", "--batch-check"], rest.map((s) => `${s}^{commit}`).join("\n") + "\n").split("\n");
  } catch {
    return; // no facts: the core reports the commits as not checked (SP-090)
  }
  rest.forEach((sha, i) => {
    const m = /^([0-9a-f]{40}) commit /.exec(out[i] ?? "");
    facts[`git.commit.${sha}`] = m ? ["off-history", m[1]] : ["missing"];
  });
}
