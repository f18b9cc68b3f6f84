// PP-005: YAML Style Validation (yamllint) — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { encodeList } from "../../lib/list";
import { PrePrCtx } from "./ctx";
import { emit, ownRow, checked, nothing, toolProblem, factStr, PASS, FAIL } from "./row";

export const PP005 = defineRule("PP-005", SEV_ERROR, check);
function PP005_doc(): RuleDoc {
  return {
    id: "PP-005",
    validator: "pre-pr",
    title: "YAML Style Validation (yamllint)",
    description: "Changed YAML files pass yamllint. Its findings are advisory: every yamllint finding is a warning (the row warns, it never fails on style). A missing yamllint is a visible SKIP (a FAIL with `--require-tools` or `--ci`), never a PASS; a timeout, a tool that cannot start, or a non-zero exit code without any parsable finding fails the row.",
    messages: {
      toolMissing: "tool not found: yamllint (install: pip install yamllint)",
      toolRequired: "tool not found: yamllint (install: pip install yamllint); required by {{flag}}",
      timeout: "timeout after {{seconds}} s",
      couldNotRun: "yamllint could not run: {{error}}",
      nothing: "no YAML files in the repository",
      nothingChanged: "no YAML files changed since {{base}}",
      advisory: "yamllint: {{files}} YAML file(s), {{findings}} style finding(s) (advisory)",
      failed: "yamllint exited with exit code {{code}}",
      failedNoOutput: "yamllint exited with exit code {{code}} and no output",
    },
  };
}

function check(c: PrePrCtx): void {
  const tool = ownRow(c, "findings");
  if (tool !== null) {
    styleSeverities(tool);
    return;
  }
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const input = ctx.input;
  const files = input.factInt("files", 0);
  const parsed = input.factInt("parsed", 0);
  const exit = input.factInt("tool.exit", 0);
  if (files == 0) emit(ctx, PASS, nothing(ctx));
  else if (toolProblem(ctx)) return;
  else if (exit != 0 && parsed == 0) emit(ctx, FAIL, msg(input.factInt("output", 0) > 0 ? "failed" : "failedNoOutput").s("code", factStr(ctx, "tool.exit")));
  else checked(ctx, msg("advisory").i("files", files).i("findings", parsed));
}

/** yamllint's findings (fact "tool.findings") are style advice: each one a warning, whatever its level. */
function styleSeverities(ctx: PrePrCtx): void {
  const fs = ctx.input.factLines("tool.findings");
  const out: string[] = [];
  if (fs !== null) for (let i = 0; i < fs.length; i++) out.push("warning");
  ctx.results.putGlobal("row.severities", encodeList(out));
}
