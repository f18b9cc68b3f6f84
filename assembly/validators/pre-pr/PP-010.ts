// PP-010: Workflow Structure — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, nothing, summary, PASS } from "./row";

export const PP010 = defineRule("PP-010", SEV_ERROR, check);
function PP010_doc(): RuleDoc {
  return {
    id: "PP-010",
    validator: "pre-pr",
    title: "Workflow Structure",
    description: "Changed workflows and actions parse and have the expected shape: name, on, jobs, permissions, concurrency (WFS-* findings).",
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
