// PP-002: Test Command — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, factStr, PASS, FAIL } from "./row";

export const PP002 = defineRule("PP-002", SEV_ERROR, check);
function PP002_doc(): RuleDoc {
  return {
    id: "PP-002",
    validator: "pre-pr",
    title: "Test Command",
    description: "The configured `prePr.testCommand` exits 0 within its timeout (off by default; repository-specific). Under a refusing execution policy (untrusted changes) the command is reported, never run, and the row fails.",
    messages: {
      refused: "not run: the configured test command is refused by {{policy}} ({{command}})",
      timeout: "timeout after {{seconds}} s: {{command}}",
      passed: "{{command}}: exit code 0",
      failed: "{{command}}: exit code {{code}}",
      failedNoOutput: "{{command}}: exit code {{code}} and no output",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const input = ctx.input;
  const cmd = factStr(ctx, "command");
  const policy = input.fact("refused");
  if (policy !== null) emit(ctx, FAIL, msg("refused").s("policy", policy).s("command", cmd));
  else if (input.factBool("tool.timedOut", false)) emit(ctx, FAIL, msg("timeout").i("seconds", input.factInt("timeout", 0)).s("command", cmd));
  else if (input.fact("tool.exit") == "0") emit(ctx, PASS, msg("passed").s("command", cmd));
  else {
    const code = input.has("tool.exit") ? factStr(ctx, "tool.exit") : "null";
    emit(ctx, FAIL, msg(input.factInt("output", 0) > 0 ? "failed" : "failedNoOutput").s("command", cmd).s("code", code));
  }
}
