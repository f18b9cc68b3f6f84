// PP-020: Passive Context Budget — a row of the pre-pr report. The host runs TOK-04 on the files its
// option `budgets` names that the branch adds or changes (every one that exists with --all) and passes
// what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, nothing, summary, PASS } from "./row";

export const PP020 = defineRule("PP-020", SEV_ERROR, check);
function PP020_doc(): RuleDoc {
  return {
    id: "PP-020",
    validator: "pre-pr",
    title: "Passive Context Budget",
    description: "The always-loaded instruction files TOK-04's `budgets` names (`AGENTS.md`, `CLAUDE.md`, `.claude/CLAUDE.md` by default) that the branch adds or changes stay within their token budgets (TOK-04 findings): upstream's `passive_context_budget.py` in CI. With `--all`, every one that exists.",
    messages: {
      nothing: "none of the budgeted files exists",
      nothingChanged: "no budgeted file changed since {{base}}",
      checked: "{{files}} file(s) checked: {{errors}} error(s), {{warnings}} warning(s)",
      clean: "{{files}} file(s) checked, no findings",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  if (ctx.input.factInt("files", 0) == 0) emit(ctx, PASS, nothing(ctx));
  else summary(ctx);
}
