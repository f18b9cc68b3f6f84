// AB-005: Iteration limit (aibrain validator; the front matter model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { AibrainCtx, isWholeNonNeg } from "./ctx";

export const AB005 = defineRule("AB-005", SEV_ERROR, check);
function AB005_doc(): RuleDoc {
  return {
    id: "AB-005",
    validator: "aibrain",
    title: "Iteration limit",
    description: "iteration_count does not exceed max_iterations when present.",
    messages: {
      iterationCountExceedsMax: "iteration_count {{it}} exceeds max_iterations {{mx}}",
    },
  };
}

function check(ctx: AibrainCtx): void {
  if (ctx.v === null) return;
  const it = ctx.get("iteration_count");
  const mx = ctx.get("max_iterations");
  // a max_iterations that is not a whole number is AB-002's
  if (mx === null || mx.kind == 0 || !isWholeNonNeg(mx)) return;
  if (isWholeNonNeg(it) && it!.n > mx.n) ctx.report(ctx.rule, ctx.at(it), msg("iterationCountExceedsMax").s("it", it!.s).s("mx", mx.s));
}
