// The core's passes over one run's logs and their results. Pass 1 ("extract") runs every rule over
// the markdown logs with the facts known so far and asks which commits, changed files and cited paths
// a log needs; a log that needs nothing more keeps its pass-1 result. The JSON logs' facts come from
// src/validators/session-json-facts.ts. The last pass validates the rest, each log's changed-file
// list going only to its own call; the results are returned in path order.
import { KIND } from "../wasm/abi.js";
import { executeValidator, type ContentDoc, type Facts, type ValidatorOutput } from "../engine.js";
import type { FileResult } from "../report.js";
import { PROTOCOL_FILE } from "../config-paths.js";
import { pushAll } from "../arrays.js";
import { lines, list, type LogRun } from "./session-log-run.js";
import type { Needs } from "./session-log-facts.js";

/** The facts every log's call of the last pass gets: changed-file lists go only to their own logs' calls. */
function sharedFacts(facts: Facts): Facts {
  const shared: Facts = {};
  for (const [k, v] of Object.entries(facts)) if (!k.startsWith("diff.") && !k.startsWith("git.diff.")) shared[k as keyof Facts] = v;
  return shared;
}

/** Facts without the markdown logs' ranges (range.<log>): what every JSON log's first pass gets, whenever the ranges arrive. */
function withoutRanges(facts: Facts): Facts {
  const out: Facts = {};
  for (const [k, v] of Object.entries(facts)) if (!k.startsWith("range.")) out[k as keyof Facts] = v;
  return out;
}

/** Pass 1 over the markdown logs `md`: what each needs resolved, and the results of the logs that need nothing more. */
export interface FirstPass {
  need: Needs;
  /** Results final after pass 1 (by file). */
  final: Map<string, FileResult>;
  internalErrors: string[];
}

export function extractPass(run: LogRun, md: ContentDoc[]): FirstPass {
  const { opts, git, facts } = run;
  const need: Needs = { sha: new Set(), diff: new Map(), path: new Set() };
  const final = new Map<string, FileResult>();
  const p1Internal: string[] = [];
  // Pass 1 also runs every rule with the facts known so far: a log that needs nothing more
  // (no cited paths; no commits or diffs to look up in git) keeps its pass-1 result, so most logs
  // are parsed once. Strict mode validates all logs together with the protocol in pass 2.
  if (md.length > 0) {
    const p1 = executeValidator("session-log", md, { ...facts, phase: "extract" }, { separable: true, rules: opts.rules });
    pushAll(p1Internal, p1.internalErrors);
    for (const r of p1.results) {
      const sha = list(r.data?.["need.sha"]);
      const diff = lines(r.data?.["need.diff"]);
      const paths = list(r.data?.["need.paths"]);
      for (const s of sha) need.sha.add(s);
      if (diff.length > 0) need.diff.set(r.file, [diff[0], (r.data?.["end.sha"] ?? "").trim()]);
      for (const s of paths) need.path.add(s);
      const needsMore = paths.length > 0 || (git !== undefined && (sha.length > 0 || diff.length > 0));
      if (!opts.strict && !needsMore && r.data) {
        const data: Record<string, string> = {};
        for (const [k, v] of Object.entries(r.data)) if (!k.startsWith("need.") && k !== "start.sha" && k !== "rows") data[k] = v;
        if (Object.keys(data).length > 0) r.data = data;
        else delete r.data;
        final.set(r.file, r);
      }
    }
  }
  return { need, final, internalErrors: p1Internal };
}

/** The JSON logs' facts (per-log mode SP-120, schema, git facts) into the run's facts; per JSON log, the ranges whose git.diff.<range> list it reads. */
export async function jsonFacts(
  run: LogRun,
  docs: ContentDoc[],
  logFlags: Record<string, number> | undefined,
  final: Map<string, FileResult>,
  mdFacts?: Promise<void>,
): Promise<Map<string, string[]>> {
  const { opts, root, facts } = run;
  const jsonDocs = docs.filter((d) => d.kind === KIND.SESSION_JSON && d.bytes.length > 0);
  const jsonDiffKeys = new Map<string, string[]>();
  if (jsonDocs.length > 0) {
    const { prepareJsonSessions } = await import("./session-json-facts.js");
    // strict mode validates every log with the protocol in the last pass (as for markdown above).
    // The markdown logs' range facts may still be on their way (mdFacts): they name markdown logs
    // only (range.<log>, read by that log's rules), so the JSON pass goes without any of them
    const pass1 = opts.strict ? undefined : { facts: withoutRanges(sharedFacts(facts)), final };
    const json = await prepareJsonSessions(root, jsonDocs, opts.mode, logFlags, jsonDiffKeys, pass1, opts.rules, run.git);
    await mdFacts; // the markdown facts first, then the JSON ones
    // the markdown logs' git.mergedLogs (session-log-facts.ts resolveNeeds) and the JSON logs' are one list
    const mdMerged = (facts["git.mergedLogs"] as string[] | undefined) ?? [];
    Object.assign(facts, json);
    const merged = new Set([...mdMerged, ...((facts["git.mergedLogs"] as string[] | undefined) ?? [])]);
    if (merged.size > 0) facts["git.mergedLogs"] = [...merged].sort();
  }
  return jsonDiffKeys;
}

/** The last pass over the logs pass 1 left, then every result in path order (pass-1 results and unreadable logs included). */
export function lastPass(
  run: LogRun,
  o: { docs: ContentDoc[]; problems: FileResult[]; first: FirstPass; jsonDiffKeys: Map<string, string[]>; repoLevel: boolean },
): ValidatorOutput {
  const { opts, source, git, context, explicit, sessionsDir, facts } = run;
  const { docs, problems, jsonDiffKeys, repoLevel } = o;
  const { final } = o.first;
  const enc = new TextEncoder();
  const extra: ContentDoc[] = [];
  if (opts.strict && source.type(PROTOCOL_FILE) !== undefined) {
    try {
      extra.push({ file: PROTOCOL_FILE, kind: KIND.PROTOCOL, bytes: source.read(PROTOCOL_FILE) });
      if (git) {
        const d = git.try(["log", "-1", "--format=%cs", "--", PROTOCOL_FILE])?.trim();
        if (d) facts["protocol.date"] = d;
      }
    } catch {
      /* unreadable: the core reports SP-005 */
    }
  }
  if (context === "pre-commit" && git && !explicit) {
    extra.push({ file: `${sessionsDir}/`, kind: KIND.SESSION_SET, bytes: enc.encode("") });
  }
  const rest = docs.filter((d) => !final.has(d.file));
  // Changed-file lists go only to the calls of the logs they belong to (a fact handed to every call
  // would grow with the number of historical logs); logs sharing a range share a call.
  const perRange = new Map<string, ContentDoc[]>();
  const plain: ContentDoc[] = [];
  const jsonRanged: ContentDoc[] = [];
  for (const d of rest) {
    const key = facts[`range.${d.file}`];
    if (typeof key === "string" && facts[`diff.${key}`] !== undefined) {
      const g = perRange.get(key);
      if (g) g.push(d);
      else perRange.set(key, [d]);
    } else if ((jsonDiffKeys.get(d.file) ?? []).some((k) => facts[`git.diff.${k}`] !== undefined)) jsonRanged.push(d);
    else plain.push(d);
  }
  // made when a call needs it (a run whose logs all kept their first-pass result makes none)
  let sharedMemo: Facts | undefined;
  const shared = (): Facts => (sharedMemo ??= sharedFacts(facts));
  // the protocol (strict template drift) goes with the logs of every call, the sessions-dir document once
  const protocol = extra.filter((d) => d.kind === KIND.PROTOCOL);
  const all = plain.length > 0 || perRange.size + jsonRanged.length === 0 ? [...plain, ...extra] : extra.filter((d) => d.kind !== KIND.PROTOCOL);
  const out: ValidatorOutput = all.length > 0
    ? executeValidator("session-log", all, {}, { separable: extra.length === 0, rules: opts.rules, shared: shared() })
    : { results: [], global: {}, internalErrors: [] };
  const calls: [ContentDoc[], Facts][] = [];
  for (const [key, group] of [...perRange.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) calls.push([group, { [`diff.${key}`]: facts[`diff.${key}`] }]);
  pushAll(calls, groupByDiffLists(jsonRanged, jsonDiffKeys, facts));
  for (const [docsOfCall, own] of calls) {
    const o = executeValidator("session-log", [...docsOfCall, ...protocol], own, { separable: protocol.length === 0, rules: opts.rules, shared: shared() });
    pushAll(out.results, o.results.filter((r) => !(r.file === PROTOCOL_FILE && out.results.some((x) => x.file === PROTOCOL_FILE))));
    pushAll(out.internalErrors, o.internalErrors);
  }
  if (repoLevel) {
    const o = executeValidator("session-log", [{ file: ".", kind: KIND.SESSION_REPO, bytes: new Uint8Array(0) }], {}, { rules: opts.rules, shared: shared() });
    pushAll(out.results, o.results);
    pushAll(out.internalErrors, o.internalErrors);
  }
  pushAll(pushAll(out.results, final.values()), problems);
  // in path order, whichever pass judged a log (pre-pr and the gates list findings as returned)
  out.results.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  pushAll(out.internalErrors, o.first.internalErrors.filter((e) => !out.internalErrors.includes(e)));
  return out;
}


/**
 * Path characters of git.diff lists per core call of JSON logs (groupByDiffLists): about 1 MB of
 * UTF-16 (2,000,000 made calls of 3 MB input that grew the core's memory to 28 MB: docs/benchmarks.md).
 */
export const JSON_DIFF_CALL_UNITS = 500_000;

/**
 * The core calls of JSON logs that read git.diff lists (SP-131's touched files, SP-132's changed
 * files): runs of logs, in order, whose lists add up to about `limit` path characters, each call with
 * only its own logs' lists. The lists grow with the history and the number of logs (18 MB for the 190
 * QA ranges of today's upstream tree); handed to every call they were copied into each batch.
 */
export function groupByDiffLists(docs: ContentDoc[], keysOf: Map<string, string[]>, facts: Facts, limit = JSON_DIFF_CALL_UNITS): [ContentDoc[], Facts][] {
  const calls: [ContentDoc[], Facts][] = [];
  let group: ContentDoc[] = [];
  let lists: Facts = {};
  let units = 0;
  const flush = () => {
    if (group.length > 0) calls.push([group, lists]);
    group = [];
    lists = {};
    units = 0;
  };
  for (const d of docs) {
    for (const k of keysOf.get(d.file) ?? []) {
      const v = facts[`git.diff.${k}`];
      if (!Array.isArray(v) || `git.diff.${k}` in lists) continue;
      lists[`git.diff.${k}`] = v;
      // an index loop: the lists hold hundreds of thousands of paths (an iterator's results were 3.6 MB of garbage)
      for (let i = 0; i < v.length; i++) units += String(v[i]).length + 1;
    }
    group.push(d);
    if (units >= limit) flush();
  }
  flush();
  return calls;
}
