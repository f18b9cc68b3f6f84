// SM-007: Completed checkpoints valid (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ManifestCtx } from "./ctx";

export const SM007 = defineRule("SM-007", SEV_ERROR, check);
function SM007_doc(): RuleDoc {
  return {
    id: "SM-007",
    validator: "manifest",
    title: "Completed checkpoints valid",
    description: "checkpoints_completed distinct, each within 1..checkpoints_total.",
    messages: {
      checkpointIsOutside: "checkpoint {{n}} is outside 1..{{total}}",
      checkpointIsListedTwice: "checkpoint {{n}} is listed twice",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.invariantsApply()) return;
  const bp = ctx.root!.get("build_progress")!;
  const total = <i32>bp.get("checkpoints_total")!.n;
  const done = bp.get("checkpoints_completed")!;
  for (let j = 0; j < done.items.length; j++) {
    const v = done.items[j];
    const n = <i32>v.n;
    if (n < 1 || n > total) ctx.report(ctx.rule, ctx.at(v), msg("checkpointIsOutside").s("n", n.toString()).s("total", total.toString()));
    for (let k = 0; k < j; k++) {
      if (<i32>done.items[k].n == n) {
        ctx.report(ctx.rule, ctx.at(v), msg("checkpointIsListedTwice").s("n", n.toString()));
        break;
      }
    }
  }
}
