// SP-040 (strict, post-commit contexts, not in creation or record mode; needs git facts): HEAD (fact "head") is past the Starting Commit.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, isPreCommit } from "./md-log";

export const SP040 = defineRule("SP-040", SEV_ERROR, check);
function SP040_doc(): RuleDoc {
  return {
    id: "SP-040",
    validator: "session-log",
    title: "Commits since start",
    description: "Strict, not in creation or record mode: HEAD is past the Starting Commit.",
    messages: {
      noCommitsSinceStarting: "No commits since Starting Commit {{startSha}}",
    },
  };
}

function check(ctx: MdCtx): void {
  const input = ctx.input;
  if (!isStrict(input) || !ctx.git || isPreCommit(input) || ctx.creation || ctx.record) return; // no git facts: SP-038 notes it for SP-090
  const head = input.fact("head");
  const start = ctx.log.startSha;
  if (head !== null && start.length > 0 && head.startsWith(start)) {
    ctx.report(ctx.rule, ctx.at(0, 0), msg("noCommitsSinceStarting").s("startSha", start));
  }
}
