// SP-112 (full mode): a required checklist item is an object, not a bare value.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { J_OBJ, jsonTypeName, jsonShort } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { checklistRows, reportRow } from "./checklist";

export const SP112 = defineRule("SP-112", SEV_ERROR, check);
function SP112_doc(): RuleDoc {
  return {
    id: "SP-112",
    validator: "session-log",
    title: "Malformed checklist item",
    description: "A required item is an object with complete/level/evidence, not a bare value.",
    messages: {
      malformedItemIsNot: "Malformed item: {{id}} is {{jsonTypeName}} ({{jsonShort}}), not an object with complete/level/evidence",
    },
  };
}

function check(ctx: JsonCtx): void {
  const rows = checklistRows(ctx);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.required && r.item.kind != J_OBJ) {
      reportRow(ctx, ctx.rule, r.seq, r.item, msg("malformedItemIsNot").s("id", r.id).s("jsonTypeName", jsonTypeName(r.item)).s("jsonShort", jsonShort(r.item)));
    }
  }
}
