// PP-015: PR Size — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, checked, onBranch, base, SKIP } from "./row";

export const PP015 = defineRule("PP-015", SEV_ERROR, check);
function PP015_doc(): RuleDoc {
  return {
    id: "PP-015",
    validator: "pre-pr",
    title: "PR Size",
    description: "The branch stays under the configured warn/fail levels for commits, changed files and added lines (RDY-01 findings). It needs a base branch: with `--all` or without a merge base the row is a SKIP.",
    messages: {
      needsBase: "needs a base branch (not with --all)",
      sized: "{{commits}} commit(s), {{files}} changed file(s), {{additions}} added line(s) since {{base}}",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const input = ctx.input;
  if (!onBranch(ctx) || !input.factBool("mergeBase", false)) emit(ctx, SKIP, msg("needsBase"));
  else checked(ctx, msg("sized").i("commits", input.factInt("commits", 0)).i("files", input.factInt("files", 0)).i("additions", input.factInt("additions", 0)).s("base", base(ctx)));
}
