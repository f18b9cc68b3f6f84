// SM-010: Status agrees with phase (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ManifestCtx, str } from "./ctx";

export const SM010 = defineRule("SM-010", SEV_ERROR, check);
function SM010_doc(): RuleDoc {
  return {
    id: "SM-010",
    validator: "manifest",
    title: "Status agrees with phase",
    description: "status complete if and only if current_phase complete.",
    messages: {
      statusDisagreesWithCurrent: "status '{{status}}' disagrees with current_phase '{{cur}}' (complete goes with complete)",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.invariantsApply()) return;
  const root = ctx.root!;
  const status = str(root, "status");
  const cur = str(root, "current_phase");
  if ((status == "complete") != (cur == "complete")) {
    ctx.report(ctx.rule, ctx.at(root.get("status")), msg("statusDisagreesWithCurrent").s("status", status).s("cur", cur));
  }
}
