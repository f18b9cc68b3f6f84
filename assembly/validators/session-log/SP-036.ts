// SP-036 (strict): the Session End table has MUST rows (a short table is SP-034).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, hasMust } from "./md-log";

export const SP036 = defineRule("SP-036", SEV_ERROR, check);
function SP036_doc(): RuleDoc {
  return {
    id: "SP-036",
    validator: "session-log",
    title: "Session End MUST rows",
    description: "Strict: Session End has MUST rows.",
    messages: {
      sessionEndTableHas: "Session End table has no MUST rows",
    },
  };
}

function check(ctx: MdCtx): void {
  if (!isStrict(ctx.input)) return;
  const log = ctx.log;
  if (log.endT >= 0 && log.end.length >= 3 && !hasMust(log.end)) ctx.report(ctx.rule, ctx.at(log.endT + 1, 0), msg("sessionEndTableHas"));
}
