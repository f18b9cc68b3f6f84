// SM-004: Phase history fits the current phase (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { J_STR } from "../../lib/json";
import { ManifestCtx, str, PHASES, STEP_PHASES } from "./ctx";

export const SM004 = defineRule("SM-004", SEV_ERROR, check);
function SM004_doc(): RuleDoc {
  return {
    id: "SM-004",
    validator: "manifest",
    title: "Phase history fits the current phase",
    description: "Phases before current_phase started and completed, the current one started, later ones untouched.",
    messages: {
      phaseHistoryIsNull: "phase_history.{{sk}} is null but the session is past '{{name}}' (current_phase '{{cur}}')",
      phaseHistoryIsNull2: "phase_history.{{ck}} is null but the session is past '{{name}}' (current_phase '{{cur}}')",
      phaseHistoryIsNull3: "phase_history.{{sk}} is null but '{{name}}' is the current phase",
      phaseHistoryIsSet: "phase_history.{{sk}} is set but '{{name}}' comes after the current phase '{{cur}}'",
      phaseHistoryIsSet2: "phase_history.{{ck}} is set but '{{name}}' comes after the current phase '{{cur}}'",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.invariantsApply()) return;
  const root = ctx.root!;
  const cur = str(root, "current_phase");
  const ci = PHASES.indexOf(cur);
  const hist = root.get("phase_history")!;
  // phases before the current one started and completed, the current one started, later ones untouched
  for (let p = 0; p < STEP_PHASES.length; p++) {
    const name = STEP_PHASES[p];
    const sk = name + "_started_at";
    const ck = name + "_completed_at";
    const started = hist.get(sk)!.kind == J_STR;
    const done = hist.get(ck)!.kind == J_STR;
    if (p < ci) {
      if (!started) ctx.report(ctx.rule, ctx.at(hist.get(sk)), msg("phaseHistoryIsNull").s("sk", sk).s("name", name).s("cur", cur));
      if (!done) ctx.report(ctx.rule, ctx.at(hist.get(ck)), msg("phaseHistoryIsNull2").s("ck", ck).s("name", name).s("cur", cur));
    } else if (p == ci) {
      if (!started) ctx.report(ctx.rule, ctx.at(hist.get(sk)), msg("phaseHistoryIsNull3").s("sk", sk).s("name", name));
    } else {
      if (started) ctx.report(ctx.rule, ctx.at(hist.get(sk)), msg("phaseHistoryIsSet").s("sk", sk).s("name", name).s("cur", cur));
      if (done) ctx.report(ctx.rule, ctx.at(hist.get(ck)), msg("phaseHistoryIsSet2").s("ck", ck).s("name", name).s("cur", cur));
    }
  }
}
