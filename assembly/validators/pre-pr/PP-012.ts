// PP-012: PR Description vs Diff — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, checked, onBranch, errors, warnings, SKIP } from "./row";

export const PP012 = defineRule("PP-012", SEV_ERROR, check);
function PP012_doc(): RuleDoc {
  return {
    id: "PP-012",
    validator: "pre-pr",
    title: "PR Description vs Diff",
    description: "The PR description given with `--pr-body` names the significant changed files, has the required sections and no unchecked checklist items (PRD-* findings). Without a description, or with `--all` (no branch diff), the row is a SKIP.",
    messages: {
      noBody: "no PR description given (--pr-body FILE, or --pr-body - for stdin)",
      needsDiff: "needs the branch diff (not with --all)",
      checked: "description checked against {{changed}} changed file(s): {{errors}} error(s), {{warnings}} warning(s)",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const e = errors(ctx);
  if (!ctx.input.factBool("prBody", false)) emit(ctx, SKIP, msg("noBody"));
  else if (!onBranch(ctx)) emit(ctx, SKIP, msg("needsDiff"));
  else checked(ctx, msg("checked").i("changed", ctx.input.factInt("changed", 0)).i("errors", e).i("warnings", warnings(ctx)));
}
