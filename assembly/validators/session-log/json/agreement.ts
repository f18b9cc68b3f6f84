// Agreement between the log's fields and its evidence (full mode): SP-116, SP-117, SP-118, SP-119.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../../abi";
import { JValue, J_OBJ, J_STR } from "../../../lib/json";
import { JsonLog, itemEvidence, itemCompleteStrict, hexRuns, shaCompatible, isSha, str } from "./model";

export const SP116 = defineRule("SP-116", SEV_ERROR);
function SP116_doc(): RuleDoc {
  return {
    id: "SP-116",
    validator: "session-log",
    title: "Evidence describes this session",
    description: "Branch and starting-commit evidence name this session's branch and startingCommit.",
    messages: {
      evidenceNamesADifferent: "Evidence names a different branch: {{BRANCHITEMS}} cites {{join}} but session.branch is '{{branch}}'",
      evidenceNamesADifferent2: "Evidence names a different starting commit: startingCommitNoted cites {{join}} but session.startingCommit is '{{start}}'",
    },
  };
}
export const SP117 = defineRule("SP-117", SEV_WARNING);
function SP117_doc(): RuleDoc {
  return {
    id: "SP-117",
    validator: "session-log",
    title: "Commit claimed but no ending commit",
    description: "When changesCommitted is complete, endingCommit is set.",
    messages: {
      changescommittedIsCompleteBut: "changesCommitted is complete but endingCommit is empty; record the final commit SHA or mark the item incomplete",
    },
  };
}
export const SP118 = defineRule("SP-118", SEV_WARNING);
function SP118_doc(): RuleDoc {
  return {
    id: "SP-118",
    validator: "session-log",
    title: "nextSteps present",
    description: "The log has nextSteps ([] is an answer).",
    messages: {
      nextstepsIsMissingList: "nextSteps is missing; list the follow-up actions, or write [] when there are none",
    },
  };
}
export const SP119 = defineRule("SP-119", SEV_ERROR);
function SP119_doc(): RuleDoc {
  return {
    id: "SP-119",
    validator: "session-log",
    title: "Base equals tip",
    description: "When commits are claimed, endingCommit differs from startingCommit.",
    messages: {
      startingcommitAndEndingcommitAre: "startingCommit and endingCommit are the same commit ({{ending}}), yet changesCommitted claims commits were made; record the SHA of the session's last commit",
    },
  };
}

const BRANCH_KINDS: string[] = ["feat", "fix", "docs", "chore", "refactor", "test", "ci", "build", "perf", "style", "revert"];
const BRANCH_ITEMS: string[] = ["branchVerified", "notOnMain", "verifyBranch"];

function isBranchChar(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 95 || c == 46 || c == 47;
}

/** Conventional branch names (kind/name) mentioned in a text. */
export function branchNames(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && isBranchChar(s.charCodeAt(i - 1))) continue;
    for (let k = 0; k < BRANCH_KINDS.length; k++) {
      const kind = BRANCH_KINDS[k] + "/";
      if (!s.startsWith(kind, i)) continue;
      let e = i + kind.length;
      while (e < s.length && isBranchChar(s.charCodeAt(e))) e++;
      while (e > i + kind.length && !isBranchNameEnd(s.charCodeAt(e - 1))) e--;
      if (e > i + kind.length) {
        const name = s.substring(i, e);
        if (!out.includes(name)) out.push(name);
      }
    }
  }
  return out;
}

function isBranchNameEnd(c: i32): bool {
  return c != 46 && c != 45 && c != 47 && c != 95;
}

function eachSectionItem(log: JsonLog, key: string): JValue | null {
  const s = log.section("sessionStart");
  if (s !== null && s.has(key)) return s.get(key);
  const e = log.section("sessionEnd");
  if (e !== null && e.has(key)) return e.get(key);
  return null;
}

export function checkAgreement(log: JsonLog): void {
  const branch = log.sessionStr("branch");
  if (branch !== null) {
    for (let i = 0; i < BRANCH_ITEMS.length; i++) {
      const item = eachSectionItem(log, BRANCH_ITEMS[i]);
      if (item === null || item.kind != J_OBJ) continue;
      const names = branchNames(itemEvidence(item));
      if (names.length == 0) continue;
      let ok = false;
      for (let k = 0; k < names.length; k++) {
        if (names[k].startsWith(branch!) || branch!.startsWith(names[k])) ok = true;
      }
      if (!ok) {
        log.report(SP116, item, msg("evidenceNamesADifferent").s("BRANCHITEMS", BRANCH_ITEMS[i]).s("join", names.join(", ")).s("branch", branch!));
      }
    }
  }
  const start = log.sessionStr("startingCommit");
  const noted = eachSectionItem(log, "startingCommitNoted");
  if (start !== null && start.length > 0 && noted !== null && noted.kind == J_OBJ) {
    const runs = hexRuns(itemEvidence(noted));
    let ok = runs.length == 0;
    for (let k = 0; k < runs.length; k++) if (shaCompatible(runs[k], start!)) ok = true;
    if (!ok) {
      log.report(SP116, noted, msg("evidenceNamesADifferent2").s("join", runs.join(", ")).s("start", start!));
    }
  }
  const end = log.section("sessionEnd");
  const committed = end !== null ? itemCompleteStrict(end.get("changesCommitted")) : false;
  const ending = str(log.root, "endingCommit");
  if (committed && (ending === null || ending.length == 0)) {
    log.report(SP117, end!.get("changesCommitted"),
      msg("changescommittedIsCompleteBut"));
  }
  if (!log.root.has("nextSteps")) {
    log.report(SP118, null, msg("nextstepsIsMissingList"));
  }
  if (committed && ending !== null && start !== null && isSha(ending) && isSha(start!) && shaCompatible(ending, start!)) {
    log.report(SP119, log.root.get("endingCommit"),
      msg("startingcommitAndEndingcommitAre").s("ending", ending));
  }
}
