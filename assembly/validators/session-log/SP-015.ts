// SP-015: unchecked SHOULD rows of both checklists (one warning with the count); in creation mode
// (./mode.ts) of the Session Start checklist only; not in record mode (a log that already existed).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MdCtx } from "./md-log";

export const SP015 = defineRule("SP-015", SEV_WARNING, check);
function SP015_doc(): RuleDoc {
  return {
    id: "SP-015",
    validator: "session-log",
    title: "SHOULD rows checked",
    description: "Unchecked SHOULD rows (one warning). Creation mode: Session Start rows only; record mode: not checked.",
    messages: {
      incompleteShouldRequirements: "Incomplete SHOULD requirements: {{open}}/{{should}}",
    },
  };
}

function check(ctx: MdCtx): void {
  if (ctx.record) return; // record mode (./mode.ts): an old log's compliance is not re-demanded
  let should = 0;
  let open = 0;
  const tables = ctx.creation ? 1 : 2;
  for (let t = 0; t < tables; t++) {
    const rows = t == 0 ? ctx.log.start : ctx.log.end;
    for (let i = 0; i < rows.length; i++) {
      if (rows[i].req != "SHOULD") continue;
      should++;
      if (!rows[i].checked) open++;
    }
  }
  if (open > 0) {
    ctx.report(ctx.rule, ctx.at(0, 0), msg("incompleteShouldRequirements").s("open", open.toString()).s("should", should.toString()));
  }
}
