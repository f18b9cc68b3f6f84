// SP-114 (full mode): a required item demoted below MUST is complete or says why in its evidence.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { jsonShort } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { checklistRows, leveled, reportRow } from "./checklist";

export const SP114 = defineRule("SP-114", SEV_ERROR, check);
function SP114_doc(): RuleDoc {
  return {
    id: "SP-114",
    validator: "session-log",
    title: "Unjustified demotion",
    description: "A required item with a level other than MUST/MUST NOT is complete or justified in its evidence.",
    messages: {
      unjustifiedDemotionIsRequired: "Unjustified demotion: {{id}} is required but declares level {{jsonShort}} while incomplete, with no evidence; mark it MUST or explain in the evidence why it does not apply",
    },
  };
}

function check(ctx: JsonCtx): void {
  const rows = checklistRows(ctx);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!leveled(r) || r.must || r.mustNot) continue;
    if (r.required && !r.complete && r.evidence.trim().length == 0) {
      reportRow(ctx, ctx.rule, r.seq, r.item, msg("unjustifiedDemotionIsRequired").s("id", r.id).s("jsonShort", jsonShort(r.levelValue!)));
    }
  }
}
