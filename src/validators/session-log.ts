// Session-log validator host: one run in four steps, each its own module.
//   selection  (src/validators/session-log-select.ts)  which logs, in which mode (SP-004), through the
//              one scope module src/scope.ts (the staged logs, the branch's, or the folder)
//   reading    (session-log-read.ts)    each log through one bounded read (the working tree, the index)
//   facts      (session-log-facts.ts)   repository facts: git through src/git-run.ts, files through a FileSource
//   rule run   (session-log-passes.ts)  the WASM rules in two passes over markdown logs (pass 1,
//              "extract", asks the core which SHAs, diffs and cited paths it needs; the last pass
//              validates with those facts), and the results in path order
// The run's shared state and the caller's options are session-log-run.ts. Every rule decision is made in the core.
import type { ValidatorOutput } from "../engine.js";
import { MODE_FLAGS, type SessionContext, type SessionMode } from "../scope.js";
import { openRun, walksHistory, type LogRun, type SessionLogOptions } from "./session-log-run.js";
import { startHeadWalk } from "../evidence/landed.js";
import { selectLogs } from "./session-log-select.js";
import { readLogs } from "./session-log-read.js";
import { repoFacts, resolveNeeds } from "./session-log-facts.js";
import { extractPass, jsonFacts, lastPass } from "./session-log-passes.js";

export { MODE_FLAGS, type SessionContext, type SessionMode, type SessionLogOptions };
export { discoverSessionLogs } from "./session-log-select.js";
export { FLAG_MISSING, FLAG_UNREAD } from "./session-log-read.js";
export { groupByDiffLists, JSON_DIFF_CALL_UNITS } from "./session-log-passes.js";

export async function validateSessionLogs(opts: SessionLogOptions): Promise<ValidatorOutput> {
  const run = await openRun(opts);
  try {
    return await validateRun(run);
  } finally {
    run.git?.close(); // a git process started ahead that no question needed ends with the run
  }
}

async function validateRun(run: LogRun): Promise<ValidatorOutput> {
  const sel = await selectLogs(run);
  // markdown logs outside a commit hook: `git status` (SP-039, the logs in progress) runs while they are read
  if (run.context !== "pre-commit" && sel.files.some((f) => !f.toLowerCase().endsWith(".json"))) void run.status();
  const { docs, problems } = await readLogs(run, sel);
  // a folder's worth of logs that cite commits: HEAD's history walk starts now, on the other core (issue 39)
  if (run.git && walksHistory(run, docs)) startHeadWalk(run.git);
  const { md, repoLevel } = await repoFacts(run, docs, sel.staged);
  const first = extractPass(run, md);
  // the markdown logs' git questions run while the JSON logs' facts are gathered (issue 39: their
  // history walk on one core, the JSON pass on the other); the JSON facts are added after the
  // markdown ones, in the order the two had one after the other
  const needs = resolveNeeds(run, first.need, md);
  needs.catch(() => undefined); // its failure is thrown below, where it is awaited
  const jsonDiffKeys = await jsonFacts(run, docs, sel.logFlags, first.final, needs);
  await needs;
  return lastPass(run, { docs, problems, first, jsonDiffKeys, repoLevel });
}
