// SP-108 (full mode): every checklist item with level MUST is complete.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { JsonCtx } from "./ctx";
import { checklistRows, leveled, reportRow } from "./checklist";

export const SP108 = defineRule("SP-108", SEV_ERROR, check);
function SP108_doc(): RuleDoc {
  return {
    id: "SP-108",
    validator: "session-log",
    title: "MUST items complete",
    description: "Every item with level MUST is complete.",
    messages: {
      incompleteMust: "Incomplete MUST: {{id}}",
    },
  };
}

function check(ctx: JsonCtx): void {
  const rows = checklistRows(ctx);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (leveled(r) && r.must && !r.complete) reportRow(ctx, ctx.rule, r.seq, r.item, msg("incompleteMust").s("id", r.id));
  }
}
