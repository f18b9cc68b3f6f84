// SM-005: Phase timestamps in order (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ManifestCtx, ts, STEP_PHASES } from "./ctx";

export const SM005 = defineRule("SM-005", SEV_ERROR, check);
function SM005_doc(): RuleDoc {
  return {
    id: "SM-005",
    validator: "manifest",
    title: "Phase timestamps in order",
    description: "created_at <= spec started <= spec completed <= plan started <= ... <= updated_at.",
    messages: {
      phaseHistoryIsBefore: "phase_history.{{k}} is before {{prevName}}",
      updatedAtIsBefore: "updated_at is before {{prevName}}",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.invariantsApply()) return;
  const root = ctx.root!;
  const hist = root.get("phase_history")!;
  // created_at <= spec_started <= spec_completed <= plan_started <= ... <= updated_at
  let prevName = "created_at";
  let prev = ts(root, "created_at");
  for (let p = 0; p < STEP_PHASES.length * 2; p++) {
    const k = STEP_PHASES[p >> 1] + ((p & 1) == 0 ? "_started_at" : "_completed_at");
    const t = ts(hist, k);
    if (isNaN(t)) continue;
    if (!isNaN(prev) && t < prev) ctx.report(ctx.rule, ctx.at(hist.get(k)), msg("phaseHistoryIsBefore").s("k", k).s("prevName", prevName));
    prev = t;
    prevName = "phase_history." + k;
  }
  const up = ts(root, "updated_at");
  if (!isNaN(prev) && !isNaN(up) && prevName != "created_at" && up < prev) ctx.report(ctx.rule, ctx.at(root.get("updated_at")), msg("updatedAtIsBefore").s("prevName", prevName));
}
