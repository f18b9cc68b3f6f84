// AB-004: Checkpoint timestamps ordered (aibrain validator; the front matter model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { AibrainCtx } from "./ctx";

export const AB004 = defineRule("AB-004", SEV_ERROR, check);
function AB004_doc(): RuleDoc {
  return {
    id: "AB-004",
    validator: "aibrain",
    title: "Checkpoint timestamps ordered",
    description: "updated_at is not before created_at.",
    messages: {
      updatedAtIsBefore: "updated_at ({{updated}}) is before created_at ({{created}})",
    },
  };
}

function check(ctx: AibrainCtx): void {
  if (ctx.v === null) return;
  const cMs = ctx.ms("created_at");
  const uMs = ctx.ms("updated_at");
  if (!isNaN(cMs) && !isNaN(uMs) && uMs < cMs) {
    const updated = ctx.get("updated_at")!;
    ctx.report(ctx.rule, ctx.at(updated), msg("updatedAtIsBefore").s("updated", updated.s).s("created", ctx.get("created_at")!.s));
  }
}
