// SP-011: both checklist sections hold a Req/Step/Status/Evidence table.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx } from "./md-log";

export const SP011 = defineRule("SP-011", SEV_ERROR, check);
function SP011_doc(): RuleDoc {
  return {
    id: "SP-011",
    validator: "session-log",
    title: "Checklist tables",
    description: "Both sections have a Req/Step/Status/Evidence table.",
    messages: {
      hasNoReqStep: "{{name}} has no '| Req | Step | Status | Evidence |' table",
    },
  };
}

function check(ctx: MdCtx): void {
  const log = ctx.log;
  if (log.startH >= 0 && log.startT < 0) ctx.report(ctx.rule, ctx.at(log.startH + 1, 0), msg("hasNoReqStep").s("name", "Session Start"));
  if (log.endH >= 0 && log.endT < 0) ctx.report(ctx.rule, ctx.at(log.endH + 1, 0), msg("hasNoReqStep").s("name", "Session End"));
}
