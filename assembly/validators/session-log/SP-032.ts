// SP-032 (strict): the Session Start table has MUST rows (an empty table is SP-030).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, hasMust } from "./md-log";

export const SP032 = defineRule("SP-032", SEV_ERROR, check);
function SP032_doc(): RuleDoc {
  return {
    id: "SP-032",
    validator: "session-log",
    title: "Session Start MUST rows",
    description: "Strict: Session Start has MUST rows.",
    messages: {
      sessionStartTableHas: "Session Start table has no MUST rows",
    },
  };
}

function check(ctx: MdCtx): void {
  if (!isStrict(ctx.input)) return;
  const log = ctx.log;
  if (log.startT >= 0 && log.start.length > 0 && !hasMust(log.start)) ctx.report(ctx.rule, ctx.at(log.startT + 1, 0), msg("sessionStartTableHas"));
}
