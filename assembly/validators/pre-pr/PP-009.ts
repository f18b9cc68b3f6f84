// PP-009: GitHub Actions SHA Pinning — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, nothing, summary, PASS } from "./row";

export const PP009 = defineRule("PP-009", SEV_ERROR, check);
function PP009_doc(): RuleDoc {
  return {
    id: "PP-009",
    validator: "pre-pr",
    title: "GitHub Actions SHA Pinning",
    description: "Every `uses:` of a changed workflow or action is pinned to a full 40-character commit SHA (PIN-01 findings).",
    messages: {
      nothing: "no workflow or action files in the repository",
      nothingChanged: "no workflow or action files changed since {{base}}",
      checked: "{{files}} workflow/action file(s) checked: {{errors}} error(s), {{warnings}} warning(s)",
      clean: "{{files}} workflow/action file(s) checked, no findings",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  if (ctx.input.factInt("files", 0) == 0) emit(ctx, PASS, nothing(ctx));
  else summary(ctx);
}
