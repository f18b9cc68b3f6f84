// SP-010: the Session Start and Session End headings exist.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx } from "./md-log";

export const SP010 = defineRule("SP-010", SEV_ERROR, check);
function SP010_doc(): RuleDoc {
  return {
    id: "SP-010",
    validator: "session-log",
    title: "Required sections",
    description: "Session Start and Session End headings exist.",
    messages: {
      missingRequiredSections: "Missing required sections: {{missing}}",
    },
  };
}

function check(ctx: MdCtx): void {
  let missing = "";
  if (ctx.log.startH < 0) missing = "## Session Start";
  if (ctx.log.endH < 0) missing += (missing.length > 0 ? ", " : "") + "## Session End";
  if (missing.length > 0) ctx.report(ctx.rule, ctx.at(0, 0), msg("missingRequiredSections").s("missing", missing));
}
