// The validation mode of one session log (SP-120): the one place that decides it, for `check` in
// every scope, for `session-log` and for pre-pr. The host passes facts in the document's flags
// (how the log reaches the run, whether a commit is being made, a merge, --strict, or a mode the
// user named); the core decides. Markdown logs follow session-protocol.md §10 and ecosystem.md §2.4:
//   added:     creation while a commit is being made (staged), full when changed on a branch;
//   modified or tracked and unchanged: record (full with --strict);
//   renamed or copied (a replacement): full;   untracked: creation;   during a merge: record;
// and, as for JSON, a log that claims its session end (a Session End MUST row ticked or given a
// status, or an Ending Commit in Session Info) is held to full where the scope would pick creation.
// Creation mode does not demand the session end; record mode (a log that already existed) demands
// its structure and evidence shape only, no compliance, QA binding or agreement with git, as for JSON
// (md.ts sets MdCtx.creation/record from this decision; docs/session-logs.md "Modes").
// Without a status the mode bits the host gives decide (--mode, the MCP SESSION_LOG gate), for
// markdown as for JSON.
// JSON logs are judged by their content (issue 10): a log that claims its session is complete
// (endingCommit set, or any sessionEnd item Complete) or does not parse => full; a log in progress
// => creation while it is being written (staged for a commit, or untracked), full once committed;
// during a merge => record.
import { JValue, J_BOOL, J_OBJ, J_STR, J_NULL } from "../../lib/json";
import { ChecklistRow } from "../../lib/mdtable";
import { MODE_FULL, MODE_CREATION, MODE_RECORD } from "./context";
import {
  SL_STATUS_SHIFT, SL_STATUS_MASK, SL_MODE_MASK, SL_STATUS_ADDED, SL_STATUS_MODIFIED, SL_STATUS_REPLACED, SL_STATUS_TRACKED,
  SL_STATUS_UNTRACKED, SL_PRECOMMIT, SL_MERGE, SL_STRICT,
} from "../../abi";

// Document flag bits (contract/interface.json flags.sessionLog): 8..10 how the log reaches the run
// (0: not given, the mode bits 0..1 decide), 11 a commit is being made, 12 a merge, 13 --strict.
export const STATUS_SHIFT: i32 = SL_STATUS_SHIFT;
export const STATUS_ADDED: i32 = SL_STATUS_ADDED;
export const STATUS_MODIFIED: i32 = SL_STATUS_MODIFIED;
export const STATUS_REPLACED: i32 = SL_STATUS_REPLACED;
export const STATUS_TRACKED: i32 = SL_STATUS_TRACKED;
export const STATUS_UNTRACKED: i32 = SL_STATUS_UNTRACKED;
export const FLAG_PRECOMMIT: i32 = SL_PRECOMMIT;
export const FLAG_MERGE: i32 = SL_MERGE;
export const FLAG_STRICT: i32 = SL_STRICT;

export function logStatus(flags: i32): i32 {
  return (flags >> STATUS_SHIFT) & SL_STATUS_MASK;
}

/** Mode bits given by the host (--mode, or no status): both creation and record set means record. */
function givenMode(flags: i32): i32 {
  const m = flags & SL_MODE_MASK;
  return (m & MODE_RECORD) != 0 ? MODE_RECORD : m;
}

/**
 * A markdown log's mode from its flags, its Session End rows and its Ending Commit (MdLog.end,
 * MdLog.endSha). Without a status the mode bits the host gives decide (--mode; none: full).
 */
export function markdownMode(flags: i32, end: ChecklistRow[], endSha: string): i32 {
  const st = logStatus(flags);
  if (st == 0) return givenMode(flags);
  if ((flags & FLAG_MERGE) != 0) return MODE_RECORD;
  let m: i32 = MODE_FULL; // renamed or copied: a replacement is validated fully
  if (st == STATUS_ADDED) m = (flags & FLAG_PRECOMMIT) != 0 ? MODE_CREATION : MODE_FULL;
  else if (st == STATUS_UNTRACKED) m = MODE_CREATION;
  else if (st == STATUS_MODIFIED || st == STATUS_TRACKED) m = (flags & FLAG_STRICT) != 0 ? MODE_FULL : MODE_RECORD;
  return m == MODE_CREATION && markdownClaimsEnd(end, endSha) ? MODE_FULL : m;
}

/**
 * The log claims its session end is being done: an Ending Commit in Session Info, or a Session End
 * MUST row that is ticked or carries a status other than an empty checkbox (N/A, Done, ✅: SP-013
 * judges those; a claim is never taken for "not done yet").
 */
function markdownClaimsEnd(end: ChecklistRow[], endSha: string): bool {
  if (endSha.length > 0) return true;
  for (let i = 0; i < end.length; i++) {
    const r = end[i];
    if (r.req == "MUST" && (r.checked || (!r.isBox() && r.status.trim().length > 0))) return true;
  }
  return false;
}

/** A JSON log's mode from its flags and its parsed root (null: it does not parse or is not an object). */
export function jsonMode(flags: i32, root: JValue | null): i32 {
  const st = logStatus(flags);
  if (st == 0) return givenMode(flags);
  if ((flags & FLAG_MERGE) != 0) return MODE_RECORD;
  if (root === null || claimsComplete(root)) return MODE_FULL;
  return (flags & FLAG_PRECOMMIT) != 0 || st == STATUS_UNTRACKED ? MODE_CREATION : MODE_FULL;
}

export function modeName(m: i32): string {
  return m == MODE_RECORD ? "record" : m == MODE_CREATION ? "creation" : "full";
}

/** endingCommit is a non-blank string, or some protocolCompliance.sessionEnd item is Complete. */
function claimsComplete(root: JValue): bool {
  const end = root.get("endingCommit");
  if (end !== null && end.kind == J_STR && end.s.trim().length > 0) return true;
  const pc = root.get("protocolCompliance");
  if (pc === null || pc.kind != J_OBJ) return false;
  const se = pc.get("sessionEnd");
  if (se === null || se.kind != J_OBJ) return false;
  for (let i = 0; i < se.items.length; i++) {
    const item = se.items[i];
    if (item.kind != J_OBJ) continue;
    let c = item.get("Complete");
    if (c === null || c.kind == J_NULL) c = item.get("complete");
    if (c !== null && c.kind == J_BOOL && c.b) return true;
  }
  return false;
}
