// PP-014: Spec Traceability — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, nothing, delegation, PASS } from "./row";

export const PP014 = defineRule("PP-014", SEV_ERROR, check);
function PP014_doc(): RuleDoc {
  return {
    id: "PP-014",
    validator: "pre-pr",
    title: "Spec Traceability",
    description: "When spec files changed (with `--all`, when any exist), the traceability validator passes (TR-* findings; the row delegates to traceability, never to consistency).",
    messages: {
      nothing: "no spec files in the repository",
      nothingChanged: "no spec files changed since {{base}}",
      disabled: "validator {{validator}} is disabled in the configuration",
      unavailable: "the {{validator}} validator is not available in this build yet",
      notApplicable: "nothing to validate: not applicable",
      nothingToValidate: "nothing to validate: {{reason}}",
      checked: "{{validator}}: {{files}} file(s) checked: {{errors}} error(s), {{warnings}} warning(s)",
      checkedSkipped: "{{validator}}: {{files}} file(s) checked: {{errors}} error(s), {{warnings}} warning(s), {{skipped}} skipped",
      clean: "{{validator}}: {{files}} file(s) checked, no findings",
      cleanSkipped: "{{validator}}: {{files}} file(s) checked, no findings, {{skipped}} skipped",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  if (ctx.input.factInt("specs", 0) == 0) emit(ctx, PASS, nothing(ctx));
  else delegation(ctx);
}
