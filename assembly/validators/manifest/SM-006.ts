// SM-006: updated_at not before created_at (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ManifestCtx, ts } from "./ctx";

export const SM006 = defineRule("SM-006", SEV_ERROR, check);
function SM006_doc(): RuleDoc {
  return {
    id: "SM-006",
    validator: "manifest",
    title: "updated_at not before created_at",
    description: "updated_at >= created_at.",
    messages: {
      updatedAtIsBefore: "updated_at is before created_at",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.invariantsApply()) return;
  const root = ctx.root!;
  const up = ts(root, "updated_at");
  const cr = ts(root, "created_at");
  if (!isNaN(up) && !isNaN(cr) && up < cr) ctx.report(ctx.rule, ctx.at(root.get("updated_at")), msg("updatedAtIsBefore"));
}
