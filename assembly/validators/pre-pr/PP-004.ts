// PP-004: Workflow YAML Validation (actionlint) — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, checked, nothing, toolProblem, factStr, PASS, FAIL } from "./row";

export const PP004 = defineRule("PP-004", SEV_ERROR, check);
function PP004_doc(): RuleDoc {
  return {
    id: "PP-004",
    validator: "pre-pr",
    title: "Workflow YAML Validation (actionlint)",
    description: "Changed workflow files pass actionlint. A missing actionlint is a visible SKIP (a FAIL with `--require-tools` or `--ci`), never a PASS; a timeout, a tool that cannot start or a non-zero exit code fails the row (the tool's output is shown under it).",
    messages: {
      toolMissing: "tool not found: actionlint (install: https://github.com/rhysd/actionlint (e.g. go install github.com/rhysd/actionlint/cmd/actionlint@latest))",
      toolRequired: "tool not found: actionlint (install: https://github.com/rhysd/actionlint (e.g. go install github.com/rhysd/actionlint/cmd/actionlint@latest)); required by {{flag}}",
      timeout: "timeout after {{seconds}} s",
      couldNotRun: "actionlint could not run: {{error}}",
      nothing: "no workflow files in the repository",
      nothingChanged: "no workflow files changed since {{base}}",
      passed: "actionlint: {{files}} workflow file(s), no issues",
      failed: "actionlint exited with exit code {{code}} on {{files}} workflow file(s)",
      failedNoOutput: "actionlint exited with exit code {{code}} on {{files}} workflow file(s) and no output",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const input = ctx.input;
  const files = input.factInt("files", 0);
  if (files == 0) emit(ctx, PASS, nothing(ctx));
  else if (toolProblem(ctx)) return;
  else if (input.factInt("tool.exit", 0) == 0) checked(ctx, msg("passed").i("files", files));
  else emit(ctx, FAIL, msg(input.factInt("output", 0) > 0 ? "failed" : "failedNoOutput").s("code", factStr(ctx, "tool.exit")).i("files", files));
}
