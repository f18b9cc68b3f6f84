// Human and JSON output of a pre-PR run.
import type { PrePrReport } from "./report-schema.js";
import { paint, terminalLine, terminalSafe } from "../format/text.js";
import type { CheckRow, Counts } from "./runner.js";

export function toReport(
  rows: CheckRow[], counts: Counts,
  meta: { version: string; quick: boolean; scope: PrePrReport["scope"]; startedAt: string; durationMs: number; exitCode: number },
): PrePrReport {
  return {
    tool: "agentcheck",
    version: meta.version,
    command: "pre-pr",
    mode: meta.quick ? "quick" : "full",
    scope: meta.scope,
    startedAt: meta.startedAt,
    durationMs: Math.round(meta.durationMs * 100) / 100,
    counts,
    checks: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      durationMs: r.durationMs,
      message: r.message,
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.tool ? { tool: r.tool } : {}),
      ...(r.details ? { details: r.details } : {}),
      findings: r.findings.map((f) => ({ ruleId: f.ruleId, severity: f.severity, path: f.file, line: f.line, column: f.column, message: f.message })),
    })),
    exitCode: meta.exitCode,
  };
}

export interface Paint {
  status(s: string): string;
  header(s: string): string;
}

export function painter(color: boolean): Paint {
  const c = (style: "green" | "red" | "cyan" | "yellow" | "magenta") => (s: string) => paint(color, style, s);
  const by: Record<string, (s: string) => string> = { PASS: c("green"), FAIL: c("red"), SKIP: c("cyan"), WARN: c("yellow") };
  return { status: (s) => (by[s] ?? ((x: string) => x))(`[${s}]`), header: c("magenta") };
}

const MAX_FINDINGS_SHOWN = 50;

/** One check row and its findings, human format. */
export function formatRow(r: CheckRow, p: Paint, verbose: boolean): string {
  const dur = r.durationMs > 0 ? ` (${(r.durationMs / 1000).toFixed(2)}s)` : "";
  const lines = [`${p.status(r.status)} ${r.id} ${r.name}${dur}: ${terminalLine(r.reason ?? r.message)}`];
  const shown = verbose ? r.findings : r.findings.slice(0, MAX_FINDINGS_SHOWN);
  for (const f of shown) {
    const loc = f.line > 0 ? `:${f.line}${f.column > 0 ? `:${f.column}` : ""}` : "";
    const sev = f.severity === "error" ? "" : ` (${f.severity})`;
    lines.push(`    ${terminalSafe(f.file)}${loc} ${f.ruleId}${sev} ${terminalLine(f.message)}`);
  }
  if (shown.length < r.findings.length) lines.push(`    ... (${r.findings.length - shown.length} more findings omitted; --verbose or --format json shows all)`);
  for (const d of r.details ?? []) lines.push(`    | ${terminalSafe(d)}`);
  return `${lines.join("\n")}\n`;
}

export function formatHeader(meta: { root: string; quick: boolean; scopeText: string; startedAt: string }, p: Paint): string {
  return [
    "",
    p.header("=== Pre-PR Validation Runner ==="),
    `Repository: ${meta.root}`,
    `Mode: ${meta.quick ? "Quick (fast checks only)" : "Full"}`,
    `Scope: ${meta.scopeText}`,
    `Started: ${meta.startedAt}`,
    "",
    "",
  ].join("\n");
}

export function formatSummary(rows: CheckRow[], counts: Counts, durationMs: number, p: Paint): string {
  const out = [
    "",
    p.header("=== Validation Summary ==="),
    `Duration: ${(durationMs / 1000).toFixed(2)}s`,
    `Total Validations: ${counts.total}`,
    `Passed: ${counts.passed}`,
    `Failed: ${counts.failed}`,
    `Skipped: ${counts.skipped}`,
    `Warned: ${counts.warned}`,
    "",
  ];
  const toolSkips = rows.filter((r) => r.status === "SKIP" && r.messageId === "toolMissing");
  const userSkips = rows.filter((r) => r.status === "SKIP" && r.ruleId === "PP-000" && r.messageId === "skippedByUser");
  for (const r of userSkips) out.push(`Skipped by user: ${r.id} (${r.reason})`);
  if (counts.failed > 0) {
    out.push(`RESULT: ${counts.failed} validation(s) failed: ${rows.filter((r) => r.status === "FAIL").map((r) => r.id).join(", ")}`);
  } else if (toolSkips.length > 0) {
    out.push(`RESULT: no failures, but ${toolSkips.length} check(s) did not run for a missing tool (${toolSkips.map((r) => r.id).join(", ")}); CI may still fail`);
  } else {
    out.push(`RESULT: All validations passed${counts.skipped ? ` (${counts.skipped} skipped; see the reasons above)` : ""}`);
    out.push("", "Ready to create pull request!");
  }
  out.push("");
  return `${out.join("\n")}\n`;
}
