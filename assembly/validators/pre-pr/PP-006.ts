// PP-006: Path Normalization — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, nothing, summary, PASS } from "./row";

export const PP006 = defineRule("PP-006", SEV_ERROR, check);
function PP006_doc(): RuleDoc {
  return {
    id: "PP-006",
    validator: "pre-pr",
    title: "Path Normalization",
    description: "Changed text files (the extensions and excludes of PATH-01's options) cite repository paths in the normalized form: no absolute or user-specific paths (PATH-01 findings).",
    messages: {
      nothing: "no {{exts}} files in the repository",
      nothingChanged: "no {{exts}} files changed since {{base}}",
      checked: "{{files}} file(s) checked: {{errors}} error(s), {{warnings}} warning(s)",
      clean: "{{files}} file(s) checked, no findings",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const exts = ctx.input.factLines("exts");
  if (ctx.input.factInt("files", 0) == 0) emit(ctx, PASS, nothing(ctx).s("exts", exts === null ? "" : exts.join("/")));
  else summary(ctx);
}
