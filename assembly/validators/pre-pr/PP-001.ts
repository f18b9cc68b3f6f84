// PP-001: Session End Validation — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, delegation, onBranch, base, PASS } from "./row";

export const PP001 = defineRule("PP-001", SEV_ERROR, check);
function PP001_doc(): RuleDoc {
  return {
    id: "PP-001",
    validator: "pre-pr",
    title: "Session End Validation",
    description: "The session logs changed on the branch (with `--all`, every log) pass the session-log validator: the row delegates to session-log, selecting and moding the logs as `check --changed` does, and fails when any log has an error.",
    messages: {
      nothingChanged: "no session logs changed since {{base}}",
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
  if (onBranch(ctx) && ctx.input.factInt("logs", 0) == 0) emit(ctx, PASS, msg("nothingChanged").s("base", base(ctx)));
  else delegation(ctx);
}
