// SP-039 (strict, post-commit contexts, not in creation or record mode; needs git facts): git status is clean (fact "clean"; absent
// when the host asked `git status` and it failed: then the tree is not checked, and the finding says so).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, isPreCommit } from "./md-log";

export const SP039 = defineRule("SP-039", SEV_ERROR, check);
function SP039_doc(): RuleDoc {
  return {
    id: "SP-039",
    validator: "session-log",
    title: "Clean working tree",
    description: "Strict, not in creation or record mode: git status is clean (an error too when git status cannot be read: the tree is not checked).",
    messages: {
      gitStatusIsNot: "git status is not clean",
      gitStatusUnknown: "git status failed: the working tree could not be checked for uncommitted changes",
    },
  };
}

function check(ctx: MdCtx): void {
  const input = ctx.input;
  if (!isStrict(input) || !ctx.git || isPreCommit(input) || ctx.creation || ctx.record) return; // no git facts: SP-038 notes it for SP-090
  const clean = input.fact("clean");
  if (clean === null) ctx.report(ctx.rule, ctx.at(0, 0), msg("gitStatusUnknown"));
  else if (clean == "0") ctx.report(ctx.rule, ctx.at(0, 0), msg("gitStatusIsNot"));
}
