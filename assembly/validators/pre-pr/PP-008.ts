// PP-008: Agent Drift Detection — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, checked, nothing, factStr, PASS } from "./row";

export const PP008 = defineRule("PP-008", SEV_ERROR, check);
function PP008_doc(): RuleDoc {
  return {
    id: "PP-008",
    validator: "pre-pr",
    title: "Agent Drift Detection",
    description: "When agent definitions changed, paired agent definitions keep their shared sections in agreement above the configured threshold (DRIFT-04 findings; off by default).",
    messages: {
      nothing: "no agent definitions under {{left}}/ or {{right}}/ in the repository",
      nothingChanged: "no agent definitions under {{left}}/ or {{right}}/ changed since {{base}}",
      compared: "{{agents}} agent(s) in {{left}}/ compared with {{right}}/ (threshold {{threshold}}%)",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const left = factStr(ctx, "left");
  const right = factStr(ctx, "right");
  if (ctx.input.factInt("touched", 0) == 0) emit(ctx, PASS, nothing(ctx).s("left", left).s("right", right));
  else checked(ctx, msg("compared").i("agents", ctx.input.factInt("agents", 0)).s("left", left).s("right", right).s("threshold", factStr(ctx, "threshold")));
}
