// PP-017: Memory Health — a row of the pre-pr report. The host runs the memory rules (MEM-01..03) on
// the memories in scope below paths.memories and passes what happened as facts; this rule decides the
// row's status and message (row.ts).
import { defineRule, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, factStr, ownRow, nothing, summary, PASS } from "./row";

export const PP017 = defineRule("PP-017", SEV_ERROR, check);
function PP017_doc(): RuleDoc {
  return {
    id: "PP-017",
    validator: "pre-pr",
    title: "Memory Health",
    description: "Memory files (`*.md` below `paths.memories`) the branch adds or changes are within the size limits and in the atomic format (MEM-01 … MEM-03): upstream's memory-size and memory-skill-format hooks. With `--all`, every memory.",
    messages: {
      nothing: "no memories in {{dir}}",
      nothingChanged: "no memories changed in {{dir}} since {{base}}",
      checked: "{{files}} file(s) checked: {{errors}} error(s), {{warnings}} warning(s)",
      clean: "{{files}} file(s) checked, no findings",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  if (ctx.input.factInt("files", 0) == 0) emit(ctx, PASS, nothing(ctx).s("dir", factStr(ctx, "memDir")));
  else summary(ctx);
}
