// SP-022: completeness — the Session Info and Work Log (or Tasks Completed) sections exist (warning).
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MdCtx } from "./md-log";
import { findHeading } from "../../lib/mdtable";

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

function check(c: RuleCtx): void {
  const ctx = changetype<MdCtx>(c);
  const L = ctx.log.lines;
  if (findHeading(L, "session info", 0) < 0) ctx.report(ctx.rule, 0, 0, msg("missingSectionSessionInfo"));
  if (findHeading(L, "work log", 0) < 0 && findHeading(L, "task completed", 0) < 0 && findHeading(L, "tasks completed", 0) < 0) {
    ctx.report(ctx.rule, 0, 0, msg("missingSectionWorkLog"));
  }
}
