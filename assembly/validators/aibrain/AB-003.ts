// AB-003: Checkpoint status (aibrain validator; the front matter model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { AibrainCtx } from "./ctx";

export const AB003 = defineRule("AB-003", SEV_ERROR, check);
function AB003_doc(): RuleDoc {
  return {
    id: "AB-003",
    validator: "aibrain",
    title: "Checkpoint status",
    description: "status is in_progress, blocked or completed.",
    messages: {
      missingKeyStatusIn: "Missing key 'status' (in_progress, blocked or completed)",
      statusMustBeIn: "status must be in_progress, blocked or completed",
    },
  };
}

function check(ctx: AibrainCtx): void {
  if (ctx.v === null) return;
  const st = ctx.get("status");
  if (st === null) ctx.report(ctx.rule, ctx.start(), msg("missingKeyStatusIn"));
  else if (ctx.status().length == 0) ctx.report(ctx.rule, ctx.at(st), msg("statusMustBeIn"));
}
