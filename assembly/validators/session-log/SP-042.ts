// SP-042 (strict, post-commit contexts, not in creation or record mode; needs git facts): the log itself is among the files changed since the Starting Commit.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, isPreCommit, changedFiles } from "./md-log";

export const SP042 = defineRule("SP-042", SEV_ERROR, check);
function SP042_doc(): RuleDoc {
  return {
    id: "SP-042",
    validator: "session-log",
    title: "Log updated",
    description: "Strict, not in creation or record mode: the log changed since the Starting Commit.",
    messages: {
      logNotUpdatedSince: "Log not updated since Starting Commit {{startSha}}",
    },
  };
}

function check(ctx: MdCtx): void {
  const input = ctx.input;
  if (!isStrict(input) || !ctx.git || isPreCommit(input) || ctx.creation || ctx.record) return; // no git facts: SP-038 notes it for SP-090
  const files = changedFiles(input, ctx.log);
  const start = ctx.log.startSha;
  if (files !== null && start.length > 0 && !files.includes(ctx.doc.name)) {
    ctx.report(ctx.rule, ctx.at(0, 0), msg("logNotUpdatedSince").s("startSha", start));
  }
}
