// SP-022: completeness — the Session Info and Work Log (or Tasks Completed) sections exist (warning).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MdCtx } from "./md-log";

export const SP022 = defineRule("SP-022", SEV_WARNING, check);
function SP022_doc(): RuleDoc {
  return {
    id: "SP-022",
    validator: "session-log",
    title: "Log completeness",
    description: "Session Info and Work Log sections exist.",
    messages: {
      missingSectionSessionInfo: "Missing section: Session Info",
      missingSectionWorkLog: "Missing section: Work Log",
    },
  };
}

function check(ctx: MdCtx): void {
  const L = ctx.log.lt;
  if (L.findHeading("session info", 0) < 0) ctx.report(ctx.rule, ctx.at(0, 0), msg("missingSectionSessionInfo"));
  if (L.findHeading("work log", 0) < 0 && L.findHeading("task completed", 0) < 0 && L.findHeading("tasks completed", 0) < 0) {
    ctx.report(ctx.rule, ctx.at(0, 0), msg("missingSectionWorkLog"));
  }
}
