// SP-013: every MUST row of both checklists is [x]. With SP-023: a non-checkbox status
// (N/A, Done, ✅) counts as unchecked and is named in the message. The QA row is judged by SP-037;
// in pre-commit context the commit row is exempt (the commit does not exist yet). In creation mode
// (./mode.ts) only the Session Start rows are demanded: the session has not ended; in record mode
// (a log that already existed) no row is: editing an old log cannot make its session compliant.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isPreCommit } from "./md-log";

export const SP013 = defineRule("SP-013", SEV_ERROR, check);
function SP013_doc(): RuleDoc {
  return {
    id: "SP-013",
    validator: "session-log",
    title: "MUST rows checked",
    description: "Every MUST row is [x]; N/A or other text is unchecked. Creation mode: Session Start rows only; record mode: not checked.",
    messages: {
      mustStepNotChecked: "MUST step not checked: {{step}}",
      mustStepNotCheckedStatus: "MUST step not checked: {{step}} (non-checkbox status '{{status}}')",
    },
  };
}

function check(ctx: MdCtx): void {
  if (ctx.record) return; // record mode (./mode.ts): an old log's compliance is not re-demanded
  const log = ctx.log;
  const qa = log.qaRow();
  const commit = isPreCommit(ctx.input) ? log.commitRow() : null;
  const tables = ctx.creation ? 1 : 2;
  for (let t = 0; t < tables; t++) {
    const rows = t == 0 ? log.start : log.end;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (r.req != "MUST" || r.checked || r === qa || r === commit) continue;
      ctx.report(ctx.rule, ctx.at(r.line, 0), r.isBox() ? msg("mustStepNotChecked").s("step", r.step) : msg("mustStepNotCheckedStatus").s("step", r.step).s("status", r.status));
    }
  }
}
