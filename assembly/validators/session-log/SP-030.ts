// SP-030 (strict): the Session Start table has rows.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict } from "./md-log";

export const SP030 = defineRule("SP-030", SEV_ERROR, check);
function SP030_doc(): RuleDoc {
  return {
    id: "SP-030",
    validator: "session-log",
    title: "Session Start rows",
    description: "Strict: Session Start has rows.",
    messages: {
      sessionStartTableHas: "Session Start table has no rows",
    },
  };
}

function check(ctx: MdCtx): void {
  if (!isStrict(ctx.input)) return;
  const log = ctx.log;
  if (log.startT >= 0 && log.start.length == 0) ctx.report(ctx.rule, ctx.at(log.startT + 1, 0), msg("sessionStartTableHas"));
}
