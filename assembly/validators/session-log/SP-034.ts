// SP-034 (strict): the Session End table has at least 3 rows.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict } from "./md-log";

export const SP034 = defineRule("SP-034", SEV_ERROR, check);
function SP034_doc(): RuleDoc {
  return {
    id: "SP-034",
    validator: "session-log",
    title: "Session End rows",
    description: "Strict: Session End has 3+ rows.",
    messages: {
      sessionEndTableHas: "Session End table has fewer than 3 rows",
    },
  };
}

function check(ctx: MdCtx): void {
  if (!isStrict(ctx.input)) return;
  const log = ctx.log;
  if (log.endT >= 0 && log.end.length < 3) ctx.report(ctx.rule, ctx.at(log.endT + 1, 0), msg("sessionEndTableHas"));
}
