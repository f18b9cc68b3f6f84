// SP-113 (full mode): a required checklist item declares a level.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { J_OBJ } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { checklistRows, reportRow } from "./checklist";

export const SP113 = defineRule("SP-113", SEV_ERROR, check);
function SP113_doc(): RuleDoc {
  return {
    id: "SP-113",
    validator: "session-log",
    title: "Required item declares a level",
    description: "A required item declares a level.",
    messages: {
      missingLevelDeclaresNo: "Missing level: {{id}} declares no level, so no requirement check applies to it; add \"level\": \"MUST\"",
    },
  };
}

function check(ctx: JsonCtx): void {
  const rows = checklistRows(ctx);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.required && r.item.kind == J_OBJ && !r.hasLevel) reportRow(ctx, ctx.rule, r.seq, r.item, msg("missingLevelDeclaresNo").s("id", r.id));
  }
}
