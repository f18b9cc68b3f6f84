// SP-117 (JSON session log, full mode): commit claimed but no ending commit.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_WARNING } from "../../../abi";
import { JsonCtx } from "./ctx";
import { MODE_FULL } from "../context";
import { itemCompleteStrict, str } from "./model";

export const SP117 = defineRule("SP-117", SEV_WARNING, check);
function SP117_doc(): RuleDoc {
  return {
    id: "SP-117",
    validator: "session-log",
    title: "Commit claimed but no ending commit",
    description: "When changesCommitted is complete, endingCommit is set.",
    messages: {
      changescommittedIsCompleteBut: "changesCommitted is complete but endingCommit is empty; record the final commit SHA or mark the item incomplete",
    },
  };
}

function check(ctx: JsonCtx): void {
  if (ctx.jmode != MODE_FULL) return;
  const log = ctx.log!;
  const end = log.section("sessionEnd");
  const committed = end !== null ? itemCompleteStrict(end.get("changesCommitted")) : false;
  const ending = str(log.root, "endingCommit");
  if (committed && (ending === null || ending.length == 0)) {
    ctx.report(ctx.rule, log.at(end!.get("changesCommitted")), msg("changescommittedIsCompleteBut"));
  }
}
