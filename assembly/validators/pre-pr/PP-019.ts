// PP-019: Command Size — a row of the pre-pr report. The host runs CMD-01 on the slash-command files
// (`*.md` directly in CMD-01's `dir`) the branch adds or changes (every one with --all) and passes what
// happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, factStr, ownRow, nothing, summary, PASS } from "./row";

export const PP019 = defineRule("PP-019", SEV_ERROR, check);
function PP019_doc(): RuleDoc {
  return {
    id: "PP-019",
    validator: "pre-pr",
    title: "Command Size",
    description: "Slash-command files (`*.md` directly in CMD-01's `dir`, `.claude/commands` by default) the branch adds or changes stay under the line ceiling (CMD-01 findings): upstream's `command-size` hook. With `--all`, every command file.",
    messages: {
      nothing: "no command files in {{dir}}",
      nothingChanged: "no command files changed in {{dir}} since {{base}}",
      checked: "{{files}} command file(s) checked: {{errors}} error(s), {{warnings}} warning(s)",
      clean: "{{files}} command file(s) checked, no findings",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  if (ctx.input.factInt("files", 0) == 0) emit(ctx, PASS, nothing(ctx).s("dir", factStr(ctx, "commandsDir")));
  else summary(ctx);
}
