// SP-116 (JSON session log, full mode): evidence describes this session.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { J_OBJ } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { MODE_FULL } from "../context";
import { itemEvidence, hexRuns, shaCompatible } from "./model";
import { BRANCH_ITEMS, branchNames, eachSectionItem } from "./agreement";

export const SP116 = defineRule("SP-116", SEV_ERROR, check);
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

function check(ctx: JsonCtx): void {
  if (ctx.jmode != MODE_FULL) return;
  const log = ctx.log!;
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
        ctx.report(ctx.rule, log.at(item), msg("evidenceNamesADifferent").s("BRANCHITEMS", BRANCH_ITEMS[i]).s("join", names.join(", ")).s("branch", branch!));
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
      ctx.report(ctx.rule, log.at(noted), msg("evidenceNamesADifferent2").s("join", runs.join(", ")).s("start", start!));
    }
  }
}
