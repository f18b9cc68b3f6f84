// SP-119 (JSON session log, full mode): base equals tip.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { JsonCtx } from "./ctx";
import { MODE_FULL } from "../context";
import { itemCompleteStrict, isSha, shaCompatible, str } from "./model";

export const SP119 = defineRule("SP-119", SEV_ERROR, check);
function SP119_doc(): RuleDoc {
  return {
    id: "SP-119",
    validator: "session-log",
    title: "Base equals tip",
    description: "When commits are claimed, endingCommit differs from startingCommit.",
    messages: {
      startingcommitAndEndingcommitAre: "startingCommit and endingCommit are the same commit ({{ending}}), yet changesCommitted claims commits were made; record the SHA of the session's last commit",
    },
  };
}

function check(ctx: JsonCtx): void {
  if (ctx.jmode != MODE_FULL) return;
  const log = ctx.log!;
  const end = log.section("sessionEnd");
  const committed = end !== null ? itemCompleteStrict(end.get("changesCommitted")) : false;
  const ending = str(log.root, "endingCommit");
  const start = log.sessionStr("startingCommit");
  if (committed && ending !== null && start !== null && isSha(ending) && isSha(start!) && shaCompatible(ending, start!)) {
    ctx.report(ctx.rule, log.at(log.root.get("endingCommit")), msg("startingcommitAndEndingcommitAre").s("ending", ending));
  }
}
