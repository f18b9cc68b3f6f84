// AB-004: Checkpoint timestamps ordered (aibrain validator; the front matter model is in ctx.ts).
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
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

function check(c: RuleCtx): void {
  const ctx = changetype<AibrainCtx>(c);
  if (ctx.v === null) return;
  const cMs = ctx.ms("created_at");
  const uMs = ctx.ms("updated_at");
  if (!isNaN(cMs) && !isNaN(uMs) && uMs < cMs) {
    const updated = ctx.get("updated_at")!;
    ctx.at(ctx.rule, updated, msg("updatedAtIsBefore").s("updated", updated.s).s("created", ctx.get("created_at")!.s));
  }
}
