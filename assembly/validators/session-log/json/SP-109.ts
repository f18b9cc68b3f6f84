// SP-109 (full mode): a complete MUST item has evidence.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_WARNING } from "../../../abi";
import { JsonCtx } from "./ctx";
import { checklistRows, leveled, reportRow } from "./checklist";

export const SP109 = defineRule("SP-109", SEV_WARNING, check);
function SP109_doc(): RuleDoc {
  return {
    id: "SP-109",
    validator: "session-log",
    title: "MUST evidence present",
    description: "A complete MUST item has evidence.",
    messages: {
      missingEvidence: "Missing evidence: {{id}}",
    },
  };
}

function check(ctx: JsonCtx): void {
  const rows = checklistRows(ctx);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (leveled(r) && r.must && r.complete && r.evidence.trim().length == 0) {
      reportRow(ctx, ctx.rule, r.seq, r.item, msg("missingEvidence").s("id", r.id));
    }
  }
}
