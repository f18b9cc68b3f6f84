// SP-118 (JSON session log, full mode): nextSteps present.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_WARNING } from "../../../abi";
import { JsonCtx } from "./ctx";
import { MODE_FULL } from "../context";

export const SP118 = defineRule("SP-118", SEV_WARNING, check);
function SP118_doc(): RuleDoc {
  return {
    id: "SP-118",
    validator: "session-log",
    title: "nextSteps present",
    description: "The log has nextSteps ([] is an answer).",
    messages: {
      nextstepsIsMissingList: "nextSteps is missing; list the follow-up actions, or write [] when there are none",
    },
  };
}

function check(ctx: JsonCtx): void {
  if (ctx.jmode != MODE_FULL) return;
  const log = ctx.log!;
  if (!log.root.has("nextSteps")) ctx.report(ctx.rule, log.at(null), msg("nextstepsIsMissingList"));
}
