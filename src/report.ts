// The result model shared by every validator and output format, defined once with zod.
import { z } from "zod";

export const SeveritySchema = z.enum(["error", "warning", "info"]);
export type Severity = z.infer<typeof SeveritySchema>;

export const FindingSchema = z.object({
  ruleId: z.string(),
  severity: SeveritySchema,
  /** Repo-relative path with forward slashes. */
  file: z.string(),
  /** 1-based; 0 when the finding concerns the whole file. */
  line: z.number().int().min(0),
  column: z.number().int().min(0),
  message: z.string(),
});
export type Finding = z.infer<typeof FindingSchema>;

export const VerdictSchema = z.enum(["pass", "fail", "skip"]);
export type Verdict = z.infer<typeof VerdictSchema>;

export const FileResultSchema = z.object({
  file: z.string(),
  validator: z.string(),
  verdict: VerdictSchema,
  /** Why the file was skipped (verdict "skip"). */
  reason: z.string().optional(),
  findings: z.array(FindingSchema),
  /** Validator-specific values (counters, percentages), string-valued. */
  data: z.record(z.string(), z.string()).optional(),
});
export type FileResult = z.infer<typeof FileResultSchema>;

export const ReportSchema = z.object({
  tool: z.literal("agentcheck"),
  version: z.string(),
  results: z.array(FileResultSchema),
  summary: z.object({
    files: z.number().int().min(0),
    errors: z.number().int().min(0),
    warnings: z.number().int().min(0),
    durationMs: z.number().min(0),
  }),
});
export type Report = z.infer<typeof ReportSchema>;

/** fail if any error finding; skip when marked skipped; pass otherwise. */
export function verdictOf(findings: Finding[], skipped: boolean): Verdict {
  if (findings.some((f) => f.severity === "error")) return "fail";
  return skipped ? "skip" : "pass";
}

export function compareFindings(a: Finding, b: Finding): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  if (a.line !== b.line) return a.line - b.line;
  if (a.column !== b.column) return a.column - b.column;
  if (a.ruleId !== b.ruleId) return a.ruleId < b.ruleId ? -1 : 1;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}

export function buildReport(version: string, results: FileResult[], durationMs: number): Report {
  let errors = 0;
  let warnings = 0;
  for (const r of results) {
    r.findings.sort(compareFindings);
    for (const f of r.findings) {
      if (f.severity === "error") errors++;
      else if (f.severity === "warning") warnings++;
    }
  }
  results.sort((a, b) => (a.file !== b.file ? (a.file < b.file ? -1 : 1) : a.validator < b.validator ? -1 : a.validator > b.validator ? 1 : 0));
  const files = new Set(results.map((r) => r.file)).size;
  return {
    tool: "agentcheck",
    version,
    results,
    summary: { files, errors, warnings, durationMs: Math.round(durationMs * 100) / 100 },
  };
}

/** Exit code for a finished report: 0 clean, 1 errors or too many warnings. */
export function exitCodeOf(report: Report, maxWarnings: number | undefined): number {
  if (report.summary.errors > 0) return 1;
  if (maxWarnings !== undefined && maxWarnings >= 0 && report.summary.warnings > maxWarnings) return 1;
  return 0;
}

/** Raised for usage, configuration and internal errors: the CLI prints one line and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
