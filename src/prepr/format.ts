// Human and JSON output of a pre-PR run.
import type { PrePrReport } from "./report-schema.js";
import { paint, terminalLine, terminalSafe } from "../format/text.js";
import type { CheckRow, Counts } from "./runner.js";
import { FINDINGS_SHOWN, Hidden, plural } from "../format/summary.js";

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

/**
 * What the rows list, summary-first (issue 36 item 2): without --verbose the FAIL and WARN rows only, and
 * at most FINDINGS_SHOWN findings over the whole run; the findings past it are counted by rule and file
 * for the summary. With --verbose every row and every finding.
 */
export class RowListing {
  listed = 0;
  readonly hidden = new Hidden();
  readonly notShown: CheckRow[] = [];
  constructor(readonly verbose: boolean, readonly limit: number = FINDINGS_SHOWN) {}
  /** Whether the row is printed at all (PASS and SKIP rows only with --verbose). */
  shows(r: CheckRow): boolean {
    if (this.verbose || r.status === "FAIL" || r.status === "WARN") return true;
    this.notShown.push(r);
    return false;
  }
}

/** One check row and its findings, human format. `listing` (the run's) caps the findings over all rows. */
export function formatRow(r: CheckRow, p: Paint, verbose: boolean, listing: RowListing = new RowListing(verbose)): string {
  const dur = r.durationMs > 0 ? ` (${(r.durationMs / 1000).toFixed(2)}s)` : "";
  const lines = [`${p.status(r.status)} ${r.id} ${r.name}${dur}: ${terminalLine(r.reason ?? r.message)}`];
  const room = Math.max(0, listing.limit - listing.listed);
  const shown = verbose ? r.findings : r.findings.slice(0, room);
  listing.listed += shown.length;
  for (const f of shown) {
    const loc = f.line > 0 ? `:${f.line}${f.column > 0 ? `:${f.column}` : ""}` : "";
    const sev = f.severity === "error" ? "" : ` (${f.severity})`;
    lines.push(`    ${terminalSafe(f.file)}${loc} ${f.ruleId}${sev} ${terminalLine(f.message)}`);
  }
  for (const f of r.findings.slice(shown.length)) listing.hidden.add(f.ruleId, f.file);
  if (shown.length < r.findings.length) lines.push(`    ... (${r.findings.length - shown.length} more findings not listed; --verbose or --format json shows all)`);
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

export function formatSummary(rows: CheckRow[], counts: Counts, durationMs: number, p: Paint, listing?: RowListing): string {
  const out = [
    "",
    ...(listing ? listing.hidden.lines(listing.listed, "--verbose or --format json") : []),
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
  if (listing && listing.notShown.length > 0) {
    const passing = listing.notShown.filter((r) => r.status === "PASS").length;
    const skips = listing.notShown.filter((r) => r.status === "SKIP").map((r) => r.id);
    const parts = [passing > 0 ? `${passing} passing` : "", skips.length > 0 ? `${plural(skips.length, "skip")} (${skips.join(", ")})` : ""].filter((x) => x);
    out.push(`Not shown: ${parts.join(", ")} (--verbose shows them)`);
  }
  if (counts.failed > 0) {
    out.push(`RESULT: ${counts.failed} validation(s) failed: ${rows.filter((r) => r.status === "FAIL").map((r) => r.id).join(", ")}`);
  } else if (toolSkips.length > 0) {
    out.push(`RESULT: no failures, but ${toolSkips.length} check(s) did not run for a missing tool (${toolSkips.map((r) => r.id).join(", ")}); CI may still fail`);
  } else {
    const why = listing && !listing.verbose ? "--verbose shows why" : "see the reasons above";
    out.push(`RESULT: All validations passed${counts.skipped ? ` (${counts.skipped} skipped; ${why})` : ""}`);
    out.push("", "Ready to create pull request!");
  }
  out.push("");
  return `${out.join("\n")}\n`;
}
