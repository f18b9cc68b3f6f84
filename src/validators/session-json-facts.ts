// Host side of the JSON session-log rules: picks the validation mode of each JSON log (SP-120) and
// gathers the facts the WASM rules need (schema text, git facts for SP-130..SP-132, QA reports).
// No rule decision is made here: values are looked up and handed over as KIND_FACT documents.
import { existsSync } from "node:fs";
import { CONFIG_MAX_BYTES, DEFAULT_READ_LIMIT, readTextOrThrow } from "../fsread.js";
import { join, normalize } from "node:path";
import { executeValidator, type ContentDoc, type Facts } from "../engine.js";
import { GitRepo } from "../git-run.js";
import { BUILTIN_SCHEMA_NAME, BUILTIN_SESSION_SCHEMA } from "./session-json-schema.js";

import { MODE_FACT_BITS, mayBeFull, sessionLogFlags, type SessionMode } from "../scope.js";

export const SCHEMA_PATH = ".agents/schemas/session-log.schema.json";
export const QA_ROOT = ".agents/qa/";
const SHA = /^[0-9a-f]{7,40}$/;
const SKIPS = ["SKIPPED: docs-only", "SKIPPED: investigation-only"];

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

interface LogInfo {
  start?: string;
  end?: string;
  qaEvidence?: string;
}

function field(o: Record<string, unknown>, key: string): unknown {
  if (key in o) return o[key];
  const k = Object.keys(o).find((x) => x.toLowerCase() === key);
  return k === undefined ? undefined : o[k];
}

/** The few values the git look-ups are keyed by (parse failures: nothing to look up). */
function logInfo(bytes: Uint8Array): LogInfo {
  try {
    const d = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    if (!d || typeof d !== "object" || Array.isArray(d)) return {};
    const s = d.session as Record<string, unknown> | undefined;
    const pc = d.protocolCompliance as Record<string, unknown> | undefined;
    const end = pc && typeof pc === "object" ? (pc.sessionEnd as Record<string, unknown> | undefined) : undefined;
    const qa = end && typeof end === "object" ? (end.qaValidation as Record<string, unknown> | undefined) : undefined;
    const ev = qa && typeof qa === "object" && !Array.isArray(qa) ? field(qa, "evidence") : undefined;
    return {
      start: s && typeof s === "object" && typeof s.startingCommit === "string" ? s.startingCommit : undefined,
      end: typeof d.endingCommit === "string" ? d.endingCommit : undefined,
      qaEvidence: typeof ev === "string" ? ev : undefined,
    };
  } catch {
    return {};
  }
}

async function tryRaw(git: Git, args: string[]): Promise<string | undefined> {
  return git.try(args);
}

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
    const head = await tryRaw(g, ["rev-parse", "--verify", "--quiet", "HEAD"]);
    if (head === undefined) why = "git failed or the repository has no commits";
    else {
      git = g;
      facts["git.shallow"] = (await tryRaw(g, ["rev-parse", "--is-shallow-repository"]))?.trim() === "true";
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
    changed = new Set(lines((await tryRaw(git, ["diff", "--name-only", "--no-renames", "HEAD", "--", ...dirs])) ?? ""));
    tracked = new Set(lines((await tryRaw(git, ["ls-files", "--", ...dirs])) ?? ""));
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

  // commits are resolved in one batch after the logs were read (see resolveCommits)
  const wanted = new Set<string>();
  const commitFact = async (sha: string) => {
    if (SHA.test(sha)) wanted.add(sha);
  };
  // files changed between two commits; `touched` lists every file any commit in a..b touched
  // (so a change reverted later still counts), used for the QA report's staleness
  const diffFact = async (a: string, b: string, touched = false) => {
    const key = `${a}..${b}`;
    if (`git.diff.${key}` in facts || `git.diffError.${key}` in facts) return;
    try {
      const args = touched ? ["log", "--no-renames", "--name-only", "--format=", key] : ["diff", "--name-only", "--no-renames", a, b];
      facts[`git.diff.${key}`] = [...new Set(lines(git!.raw(args)))].sort();
    } catch (e) {
      facts[`git.diffError.${key}`] = `git diff failed for ${key}: ${String((e as Error).message ?? e).split("\n")[0]}`;
    }
  };

  // Which QA report each log names is the core's decision (SP-131): a first pass (phase "extract")
  // over the logs whose QA evidence mentions the QA folder at all returns the path it picked as
  // data need.qa; the host only reads that file.
  const infos = docs.map((d) => logInfo(d.bytes));
  const asks = docs.filter((d, i) => mayBeFull(d.flags ?? 0) && infos[i].qaEvidence?.includes(QA_ROOT));
  const qaPaths = new Map<string, string>();
  if (asks.length > 0) {
    const p1 = executeValidator("session-log", asks, { phase: "extract" }, { separable: true });
    for (const r of p1.results) {
      const p = r.data?.["need.qa"];
      if (p) qaPaths.set(r.file, p);
    }
  }

  for (const [i, d] of docs.entries()) {
    const info = infos[i];
    const full = mayBeFull(d.flags ?? 0); // the facts full mode needs, whenever the core may choose it
    if (full && info.end) await commitFact(info.end);
    const ev = info.qaEvidence?.trim();
    if (ev && SKIPS.includes(ev) && info.start && info.end && SHA.test(info.start) && SHA.test(info.end)) {
      await diffFact(info.start, info.end);
    }
    const p = qaPaths.get(d.file);
    if (p && !(`qa.report.${p}` in facts) && !(`qa.unreadable.${p}` in facts)) {
      const abs = join(root, p);
      if (!normalize(p).startsWith(normalize(QA_ROOT))) facts[`qa.unreadable.${p}`] = "path leaves the QA folder";
      else if (!existsSync(abs)) facts[`qa.unreadable.${p}`] = "no such file";
      else {
        try {
          const text = readTextOrThrow(abs, { maxBytes: DEFAULT_READ_LIMIT, root });
          facts[`qa.report.${p}`] = text;
          const m = /^qaCommit:\s*["']?([0-9a-f]{40})["']?\s*$/m.exec(text);
          if (m) {
            await commitFact(m[1]);
            await diffFact(m[1], "HEAD", true);
          }
        } catch (e) {
          facts[`qa.unreadable.${p}`] = String((e as Error).message ?? e);
        }
      }
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
  const reachable = lines((await tryRaw(git, ["rev-list", "HEAD"])) ?? "").sort();
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
