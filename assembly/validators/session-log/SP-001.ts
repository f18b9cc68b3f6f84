// SP-001: the session log's file name follows YYYY-MM-DD-session-N[-slug].md|.json.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SessionCtx } from "./context";
import { isSessionLogName, isMissing } from "./paths";

export const SP001 = defineRule("SP-001", SEV_ERROR, check);
function SP001_doc(): RuleDoc {
  return {
    id: "SP-001",
    validator: "session-log",
    title: "Session log file name",
    description: "A session log is named YYYY-MM-DD-session-N[-slug].md or .json (N any number of digits; case-insensitive).",
    messages: {
      badName: "Session log naming violation: {{name}} (expected YYYY-MM-DD-session-N.md or YYYY-MM-DD-session-N-description.md)",
    },
    // the session-log validator's skip reason (document data "skip", rendered by the host)
    terms: {
      skipHistorical: "historical log (dated {{date}}, before cutoff {{cutoff}})",
    },
  };
}

function check(ctx: SessionCtx): void {
  if (isMissing(ctx)) return;
  const name = ctx.doc.baseName();
  if (!isSessionLogName(name)) ctx.report(ctx.rule, ctx.at(0, 0), msg("badName").s("name", name));
}
