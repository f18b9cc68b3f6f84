// Host side of the JSON session-log rules: picks the validation mode of each JSON log (SP-120) and
// gathers the facts the WASM rules need (schema text, git facts for SP-130..SP-132, QA reports).
// No rule decision is made here: values are looked up and handed over as KIND_FACT documents.
import { existsSync } from "node:fs";
import { CONFIG_MAX_BYTES, DEFAULT_READ_LIMIT, readTextOrThrow } from "../fsread.js";
import { join, normalize } from "node:path";
import type { RuleSettings } from "../run-settings.js";
import { executeValidator, type ContentDoc, type Facts } from "../engine.js";
import type { FileResult } from "../report.js";
import { GitRepo, diffNamesBatchAsync, pathLines, resolveCommitIds } from "../git-run.js";
import { arrivedByMerge, classifyCommits, historyBlobs, prefetchWritten, wroteBlob } from "../evidence/landed.js";
import { BUILTIN_SCHEMA_NAME, BUILTIN_SESSION_SCHEMA } from "./session-json-schema.js";

import { MODE_FACT_BITS, sessionLogFlags, type SessionMode } from "../scope.js";
import { decodeList } from "../wasm/list.js";
import { sortedUnique } from "../arrays.js";

export const SCHEMA_PATH = ".agents/schemas/session-log.schema.json";
/** The QA folder cited reports must be in to be read; the same folder as the core's (git-rules.ts, test/session-json/qa-root.test.ts). */
export const QA_ROOT = ".agents/qa/";

type Git = GitRepo;

/**
 * The first (extract) pass with the run's other facts: `facts` are the facts the last pass gives
 * every log (prepareJsonSessions adds its own); `final` receives the results of the logs the core
 * judged in that pass because they need nothing from git.
 */
export interface JsonPass1 {
  facts: Facts;
  final: Map<string, FileResult>;
}

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

/**
 * Set each JSON log's mode facts (how it reaches the run, from git) and return the facts its rules
 * need. The core decides the mode (assembly/validators/session-log/mode.ts); a mode the user named
 * (`mode`) or the run scope's facts (`logFlags`) are already in the document's flags. `diffKeys`, when
 * given, receives per log the ranges whose git.diff.<range> fact it reads (SP-131, SP-132), so that
 * those lists, which grow with the history and the number of logs, go only to that log's core call.
 */
export async function prepareJsonSessions(root: string, docs: ContentDoc[], mode?: SessionMode, logFlags?: Record<string, number>, diffKeys?: Map<string, string[]>, pass1?: JsonPass1, rules?: RuleSettings, shared?: GitRepo): Promise<Facts> {
  const facts: Facts = schemaFacts(root);
  let git: Git | undefined;
  let why = "";
  if (!existsSync(join(root, ".git"))) why = "not a git repository";
  else {
    // the run's handle (`shared`, the same repository): the markdown logs' questions and the walk of
    // HEAD started ahead (session-log.ts) are shared with it
    const g = shared !== undefined && shared.cwd === root ? shared : new GitRepo(root);
    // one git process: whether the clone is shallow, then HEAD (exit 1 without a commit)
    const answer = g.try(["rev-parse", "--is-shallow-repository", "--verify", "-q", "HEAD^{commit}"]);
    if (answer === undefined) why = "git failed or the repository has no commits";
    else {
      git = g;
      facts["git.shallow"] = answer.split("\n")[0].trim() === "true";
    }
  }
  facts["git.available"] = git !== undefined;
  if (!git) facts["git.unavailable"] = why;

  // modes
  const inside = docs.filter((d) => !d.file.startsWith("/") && !/^[A-Za-z]:/.test(d.file));
  let changed = new Set<string>();
  let tracked = new Set<string>();
  let added = new Set<string>();
  // logs the run scope (check --staged/--changed) gave facts for need no git lookup
  const undecided = inside.filter((d) => logFlags?.[d.file] === undefined);
  if (git && !mode && undecided.length > 0) {
    const dirs = [...new Set(undecided.map((d) => d.file.slice(0, Math.max(0, d.file.lastIndexOf("/"))) || "."))];
    // staged or unstaged changes against HEAD (renames not paired: a renamed log counts as new)
    // one git process: each line "<status>\t<path>"; A = new since HEAD (staged, not committed yet),
    // an added log as the scopes of `check` call it. The two git processes run side by side.
    const [diff, files] = await Promise.all([git.tryAsync(["diff", "--name-status", "--no-renames", "HEAD", "--", ...dirs]), git.tryAsync(["ls-files", "--", ...dirs])]);
    for (const line of (diff ?? "").split("\n")) {
      const tab = line.indexOf("\t");
      if (tab < 1) continue;
      const path = pathLines(line.slice(tab + 1))[0];
      changed.add(path);
      if (line[0] === "A") added.add(path);
    }
    tracked = new Set(pathLines(files));
  }
  if (!mode) {
    for (const d of docs) {
      if (logFlags?.[d.file] !== undefined) continue;
      // outside git nothing says the log is still being written: judged as committed
      const status = !git ? "tracked" : !tracked.has(d.file) ? "untracked" : added.has(d.file) ? "A" : changed.has(d.file) ? "M" : "tracked";
      d.flags = ((d.flags ?? 0) & ~MODE_FACT_BITS) | sessionLogFlags({ status }); // mode facts only; other flags stay
    }
  }
  if (!git) return facts;

  // What to gather is the core's decision (assembly/validators/session-log/json/git-rules.ts
  // extractNeeds): a first pass (phase "extract", no rule runs) returns per log need.qa (the QA report
  // SP-131 reads), need.sha (commits to resolve) and need.range (the diff SP-132 checks); a second
  // extract over the logs whose report could be read, with the report as a fact, adds the report's
  // qaCommit (need.sha) and need.qaRanges (the ranges SP-131's staleness check reads, by content).
  const wanted = new Set<string>(); // commits, resolved in one batch at the end (see resolveCommits)
  const recorded = new Set<string>(); // logs' recorded contentEvidence entries, "<blob> <path>" (need.blobs)
  // files changed in a range <a>..<b> (git diff: by content)
  const diffFact = (key: string) => {
    if (`git.diff.${key}` in facts || `git.diffError.${key}` in facts) return;
    const [a, b] = key.split("..");
    if (!a || !b || a.startsWith("-") || b.startsWith("-")) return; // never pass option-like values to git
    try {
      facts[`git.diff.${key}`] = sortedUnique(pathLines(git!.raw(["diff", "--name-only", "--no-renames", a, b])));
    } catch (e) {
      facts[`git.diffError.${key}`] = `git diff failed for ${key}: ${String((e as Error).message ?? e).split("\n")[0]}`;
    }
  };
  const byFile = new Map(docs.map((d) => [d.file, d]));
  const ranges: string[] = []; // need.range, gathered after the loop (changedFacts)
  const reports: Facts = { phase: "extract" };
  const p1Facts: Facts = { ...pass1?.facts, ...facts, phase: "extract" };
  const needs = (file: string, key: string) => {
    const k = diffKeys?.get(file);
    if (k) k.push(key);
    else diffKeys?.set(file, [key]);
  };
  // The core judges a log that needs nothing in this pass (need.* absent); given the run's other
  // facts (pass1), its result is final and the log skips the last pass. A call the core failed on
  // (AC-902) keeps nothing: every log goes on to the last pass, which reports the failure as an
  // internal error (exit 2), as it does for a log that needs git.
  let keep = pass1 !== undefined && docs.length > 0;
  const judged: FileResult[] = [];
  const diffs: Promise<void>[] = [];
  // In two parts, the newest logs first (issue 39): the ranges their QA reports name are diffed by git
  // while the core reads the older logs (each log's answers depend on that log and the facts alone)
  const cut = docs.length >= SPLIT_LOGS ? docs.length - Math.ceil(docs.length / 3) : 0;
  const parts = cut > 0 ? [docs.slice(cut), docs.slice(0, cut)] : [docs];
  for (let part = 0; part < parts.length; part++) {
    const again: ContentDoc[] = [];
    const first = parts[part].length > 0 ? executeValidator("session-log", parts[part], p1Facts, { separable: true, rules }) : undefined;
    if (first === undefined || first.internalErrors.length > 0) keep = false;
    const asked = ranges.length;
    for (const r of first?.results ?? []) {
      if (!Object.keys(r.data ?? {}).some((k) => k.startsWith("need."))) {
        judged.push(r);
        continue;
      }
      for (const s of list(r.data?.["need.sha"])) wanted.add(s);
      for (const b of list(r.data?.["need.blobs"])) recorded.add(b);
      const range = r.data?.["need.range"];
      if (range) {
        ranges.push(range);
        needs(r.file, range);
      }
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
      for (const r of executeValidator("session-log", again, reports, { separable: true, rules }).results) {
        for (const s of list(r.data?.["need.sha"])) wanted.add(s);
        for (const range of list(r.data?.["need.qaRanges"])) {
          ranges.push(range);
          needs(r.file, range);
        }
      }
    }
    const before = new Set(ranges.slice(0, asked));
    const fresh = [...new Set(ranges.slice(asked))].filter((k) => !before.has(k));
    // the files the cited commits wrote (their first pass's and their QA reports'; those of an earlier
    // part are not asked again): git starts on them now, beside the ranges' diff-tree below and the
    // next part; the ranges' ends are resolved and date-ordered with them (one cat-file, one rev-list)
    prefetchWritten(git, wanted, rules?.cache?.derived, fresh.flatMap((k) => plainEnds(k) ?? []));
    // the changed names of this part's new ranges, SP-132's and SP-131's, from a diff-tree started now:
    // it runs beside the next part and the commit lookups below, awaited before the facts are returned
    if (fresh.length > 0) diffs.push(changedFacts(git, fresh, facts, diffFact));
  }
  if (keep) for (const r of judged) pass1!.final.set(r.file, r);
  if (wanted.size > 0) {
    for (const [sha, fact] of await classifyCommits(git, [...wanted], rules?.cache?.derived)) facts[`git.commit.${sha}`] = fact;
    // recorded content is looked up only when some cited commit is not on HEAD's history as is
    const unresolved = [...wanted].some((sha) => {
      const f = facts[`git.commit.${sha}`];
      return Array.isArray(f) && (f[0] === "missing" || f[0] === "off-history");
    });
    if (recorded.size > 0 && unresolved) await recordedOnHistory(git, [...recorded].sort(), facts);
  }
  await Promise.all(diffs); // mergedLogs reads the ranges' git.diffError facts
  await mergedLogs(git, wanted, docs, facts);
  return facts;
}

/**
 * git.mergedLogs (issue 35 item 5): the logs of the run that arrived on this branch through a merge
 * (src/evidence/landed.ts arrivedByMerge), asked only when some cited commit is absent or some range
 * could not be diffed: the core notes what such a log cannot show here instead of failing a branch
 * that never authored it. The run's walk of HEAD when the commit lookups asked for it, else one `git log --first-parent` of the logs' folders.
 */
async function mergedLogs(git: Git, wanted: Set<string>, docs: ContentDoc[], facts: Facts): Promise<void> {
  const gone = [...wanted].some((sha) => {
    const f = facts[`git.commit.${sha}`];
    return Array.isArray(f) && f[0] === "missing";
  });
  if (!gone && !Object.keys(facts).some((k) => k.startsWith("git.diffError."))) return;
  const merged = await arrivedByMerge(git, docs.map((d) => d.file).filter((f) => !f.startsWith("/")));
  if (merged !== undefined && merged.length > 0) facts["git.mergedLogs"] = merged;
}

/**
 * git.blobsOnHistory: of the logs' recorded contentEvidence entries ("<blob> <path>"), "=<entry>" for
 * those whose blob HEAD's history wrote at that path, "~<entry>" for a path it wrote with other
 * content; the run's one `git log --raw` of HEAD (shared with the commit lookups). Without an answer from git the fact is not set (the core then
 * judges the commit alone).
 */
async function recordedOnHistory(git: Git, entries: string[], facts: Facts): Promise<void> {
  const split = entries.map((e) => [e.slice(0, e.indexOf(" ")), e.slice(e.indexOf(" ") + 1)] as const);
  const h = await historyBlobs(git, new Set(split.map(([, p]) => p)));
  if (h === undefined) return;
  const out: string[] = [];
  split.forEach(([blob, path], i) => {
    if (wroteBlob(h, path, blob)) out.push(`=${entries[i]}`);
    else if (h.blobs.has(path)) out.push(`~${entries[i]}`);
  });
  facts["git.blobsOnHistory"] = out;
}

/** Logs from which on the first pass of prepareJsonSessions runs in two parts, the newest third first. */
const SPLIT_LOGS = 100;

/** A revision changedFacts resolves itself; any other spelling (dots, reflog or option syntax) gets its own git call. */
const PLAIN_REV = /^[A-Za-z0-9_][A-Za-z0-9_/~^-]*$/;

/** The two ends of `a..b` when both are plain revisions (PLAIN_REV), else undefined. */
function plainEnds(key: string): [string, string] | undefined {
  const p = key.split("..");
  return p.length === 2 && PLAIN_REV.test(p[0]) && PLAIN_REV.test(p[1]) ? [p[0], p[1]] : undefined;
}

/**
 * git.diff.<a>..<b> facts for SP-132's skip scopes and SP-131's staleness ranges: the names `git diff --name-only --no-renames a b`
 * prints, for every range of the run with one cat-file batch and one `git diff-tree --stdin`
 * (diffNamesBatch) instead of one git diff each. A range whose ends are not plain revisions or do not
 * resolve to commits, and every range when a batch step fails, goes through `one` (its own git diff),
 * so its fact or its error text is the per-range call's own.
 */
async function changedFacts(git: Git, ranges: string[], facts: Facts, one: (key: string) => void): Promise<void> {
  const { batch, ends, done } = rangeBatch(git, ranges, facts, one);
  const names = batch.length > 0 ? await diffNamesBatchAsync(git, batch.map(ends)) : undefined;
  if (names !== undefined) batch.forEach((k, i) => (facts[`git.diff.${k}`] = sortedUnique(pathLines(names[i]))));
  done();
}

/**
 * The ranges (`a..b` keys) of a batch for changedFacts: of those without a fact yet,
 * the ones whose two ends are plain revisions that resolve to commits (one cat-file batch; only when
 * there are two or more, one range's own git call being as cheap), `ends` giving their commit ids, and
 * `done`, which sends every key still without a fact through `one` (its own git call).
 */
function rangeBatch(git: Git, ranges: string[], facts: Facts, one: (key: string) => void): { batch: string[]; ends: (key: string) => [string, string]; done: () => void } {
  const keys = [...new Set(ranges)].filter((k) => !(`git.diff.${k}` in facts) && !(`git.diffError.${k}` in facts));
  const done = () => {
    for (const k of keys) if (!(`git.diff.${k}` in facts) && !(`git.diffError.${k}` in facts)) one(k);
  };
  const plain = keys.filter((k) => plainEnds(k) !== undefined);
  const ids = plain.length < 2 ? undefined : resolveCommitIds(git, plain.flatMap((k) => plainEnds(k)!));
  const batch = ids === undefined ? [] : plain.filter((k) => plainEnds(k)!.every((r) => ids.get(r) !== undefined));
  // an end the batch found no commit for (an ending commit the repository lacks): no git diff per range
  if (ids !== undefined) {
    for (const k of plain) {
      const gone = plainEnds(k)!.find((r) => ids.has(r) && ids.get(r) === undefined);
      if (gone !== undefined) facts[`git.diffError.${k}`] = `git diff failed for ${k}: ${gone} names no commit`;
    }
  }
  return { batch, ends: (k) => plainEnds(k)!.map((r) => ids!.get(r)!) as [string, string], done };
}
