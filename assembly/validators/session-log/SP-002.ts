// SP-002: an explicitly named session log exists (the host sets FLAG_MISSING when it does not).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SessionCtx } from "./context";
import { isMissing } from "./paths";

export const SP002 = defineRule("SP-002", SEV_ERROR, check);
function SP002_doc(): RuleDoc {
  return {
    id: "SP-002",
    validator: "session-log",
    title: "Session log exists",
    description: "An explicitly named session log must exist.",
    messages: {
      sessionLogFileDoes: "Session log file does not exist: {{name}}",
    },
  };
}

function check(ctx: SessionCtx): void {
  if (isMissing(ctx)) ctx.report(ctx.rule, ctx.at(0, 0), msg("sessionLogFileDoes").s("name", ctx.doc.name));
}
