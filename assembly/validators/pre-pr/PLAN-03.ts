// PLAN-03: a range estimate without an Estimate Reconciliation section.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_INFO } from "../../abi";
import { FAMILY_PLAN, PrePrCtx } from "./ctx";
import { estimate, lastWasRange } from "./plan";

export const PLAN03 = defineRule("PLAN-03", SEV_INFO, check);
function PLAN03_doc(): RuleDoc {
  return {
    id: "PLAN-03",
    validator: "pre-pr",
    title: "No reconciliation",
    description: "A planning document estimates a range of hours (\"3-5 hours\") but has no `## Estimate Reconciliation` section explaining how the range will be settled.",
    messages: {
      considerAEstimateReconciliation: "Consider a ## Estimate Reconciliation section",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_PLAN)) return;
  for (let i = 0; i < ctx.docs.length; i++) {
    const doc = ctx.docs[i];
    estimate(doc);
    if (lastWasRange() && doc.text().indexOf("## Estimate Reconciliation") < 0) {
      ctx.report(ctx.rule, loc(doc), msg("considerAEstimateReconciliation"));
    }
  }
}
