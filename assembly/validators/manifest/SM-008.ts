// SM-008: Current checkpoint valid (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { J_NUM } from "../../lib/json";
import { ManifestCtx } from "./ctx";

export const SM008 = defineRule("SM-008", SEV_ERROR, check);
function SM008_doc(): RuleDoc {
  return {
    id: "SM-008",
    validator: "manifest",
    title: "Current checkpoint valid",
    description: "current_checkpoint within 1..checkpoints_total and not completed.",
    messages: {
      currentCheckpointIsOutside: "current_checkpoint {{n}} is outside 1..{{total}}",
      currentCheckpointIsAlready: "current_checkpoint {{n}} is already completed",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.invariantsApply()) return;
  const bp = ctx.root!.get("build_progress")!;
  const total = <i32>bp.get("checkpoints_total")!.n;
  const done = bp.get("checkpoints_completed")!;
  const cc = bp.get("current_checkpoint")!;
  if (cc.kind != J_NUM) return;
  const n = <i32>cc.n;
  if (n < 1 || n > total) ctx.report(ctx.rule, ctx.at(cc), msg("currentCheckpointIsOutside").s("n", n.toString()).s("total", total.toString()));
  for (let k = 0; k < done.items.length; k++) {
    if (<i32>done.items[k].n == n) {
      ctx.report(ctx.rule, ctx.at(cc), msg("currentCheckpointIsAlready").s("n", n.toString()));
      break;
    }
  }
}
