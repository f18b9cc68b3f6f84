// SP-039 (strict, post-commit contexts; needs git facts): git status is clean (fact "clean").
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, isPreCommit } from "./md-log";

export const SP039 = defineRule("SP-039", SEV_ERROR, check);
function SP039_doc(): RuleDoc {
  return {
    id: "SP-039",
    validator: "session-log",
    title: "Clean working tree",
    description: "Strict: git status is clean.",
    messages: {
      gitStatusIsNot: "git status is not clean",
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<MdCtx>(c);
  const input = ctx.input;
  if (!isStrict(input) || !ctx.git || isPreCommit(input)) return; // no git facts: SP-038 notes it for SP-090
  if (input.fact("clean") == "0") ctx.report(ctx.rule, 0, 0, msg("gitStatusIsNot"));
}
