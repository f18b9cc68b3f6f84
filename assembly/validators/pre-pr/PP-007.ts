// PP-007: Planning Artifacts — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, nothing, summary, PASS } from "./row";

export const PP007 = defineRule("PP-007", SEV_ERROR, check);
function PP007_doc(): RuleDoc {
  return {
    id: "PP-007",
    validator: "pre-pr",
    title: "Planning Artifacts",
    description: "When planning documents changed on the branch, the whole planning folder keeps estimates and task lists consistent (PLAN-* findings; off by default).",
    messages: {
      nothing: "no planning documents in the repository",
      nothingChanged: "no planning documents changed since {{base}}",
      checked: "{{files}} planning document(s) checked: {{errors}} error(s), {{warnings}} warning(s)",
      clean: "{{files}} planning document(s) checked, no findings",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  if (ctx.input.factInt("inScope", 0) == 0) emit(ctx, PASS, nothing(ctx));
  else summary(ctx);
}
