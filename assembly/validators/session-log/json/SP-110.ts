// SP-110 (full mode): the legacy MUST NOT item sessionEnd.handoffNotUpdated is not complete.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { JsonCtx } from "./ctx";
import { checklistRows, leveled, reportRow } from "./checklist";

export const SP110 = defineRule("SP-110", SEV_ERROR, check);
function SP110_doc(): RuleDoc {
  return {
    id: "SP-110",
    validator: "session-log",
    title: "HANDOFF.md not modified (legacy item)",
    description: "Legacy sessionEnd.handoffNotUpdated (MUST NOT) is not complete: complete means HANDOFF.md was modified.",
    messages: {
      mustNotViolatedIs: "MUST NOT violated: {{id}} is complete, which means HANDOFF.md was modified (it is read-only)",
    },
  };
}

function check(ctx: JsonCtx): void {
  const rows = checklistRows(ctx);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (leveled(r) && r.mustNot && r.key == "handoffNotUpdated" && r.complete) {
      reportRow(ctx, ctx.rule, r.seq, r.item, msg("mustNotViolatedIs").s("id", r.id));
    }
  }
}
