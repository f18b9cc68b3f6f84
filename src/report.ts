// The result model shared by every validator and output format. The zod schemas that define it
// for consumers live in report-schema.ts (kept out of this module so that zod, which is slow to
// import, is not loaded on the CLI's start path); test/cli/report-schema.test.ts keeps both in step.

export type Severity = "error" | "warning" | "info";

export interface Finding {
  ruleId: string;
  severity: Severity;
  /** Repo-relative path with forward slashes. */
  file: string;
  /** 1-based; 0 when the finding concerns the whole file. */
  line: number;
  column: number;
  /** Which of the rule's messages (templates declared beside the rule in assembly/). */
  messageId?: string;
  /** Values of the message's placeholders. */
  data?: Record<string, string>;
  /** English text rendered from the template. */
  message: string;
}

export type Verdict = "pass" | "fail" | "skip";

export interface FileResult {
  file: string;
  validator: string;
  verdict: Verdict;
  /** Why the file was skipped (verdict "skip"). */
  reason?: string;
  findings: Finding[];
  /** Validator-specific values (counters, percentages), string-valued. */
  data?: Record<string, string>;
}

export interface Report {
  tool: "agentcheck";
  version: string;
  results: FileResult[];
  summary: { files: number; errors: number; warnings: number; durationMs: number };
}

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
  // files checked: a result that is only a skip (a validator with nothing to check, reported on the
  // "." placeholder, or a file it passed over) checks nothing
  const files = new Set(results.filter((r) => r.verdict !== "skip" || r.findings.length > 0).map((r) => r.file)).size;
  return {
    tool: "agentcheck",
    version,
    results,
    summary: { files, errors, warnings, durationMs: Math.round(durationMs * 100) / 100 },
  };
}

/** Exit code for a finished report: 0 clean, 1 errors or too many warnings. */
export function exitCodeOf(report: Report, maxWarnings: number | undefined): number {
  return report.summary.errors > 0 || warningLimitExceeded(report, maxWarnings) ? 1 : 0;
}

/** Whether the run has more warnings than --max-warnings allows while it has no errors (exit 1 for the warnings alone). */
export function warningLimitExceeded(report: Report, maxWarnings: number | undefined): boolean {
  return report.summary.errors === 0 && maxWarnings !== undefined && maxWarnings >= 0 && report.summary.warnings > maxWarnings;
}

/** The headline every format gives a report: failed on errors, failed on --max-warnings, nothing checked, or passed. */
export function runStatus(report: Report, maxWarnings: number | undefined): "fail" | "over-limit" | "nothing" | "pass" {
  const s = report.summary;
  if (s.errors > 0) return "fail";
  if (warningLimitExceeded(report, maxWarnings)) return "over-limit";
  return s.files === 0 && s.warnings === 0 ? "nothing" : "pass";
}

/**
 * Which findings a capped output keeps first: 0 for the AC-9xx band (a file that was not read or
 * that the rule core failed on: no verdict, so it must never be the one left out), then errors,
 * warnings, infos. Ties keep the report's order.
 */
export function findingRank(f: Finding): number {
  if (/^AC-9\d\d$/.test(f.ruleId)) return 0;
  return f.severity === "error" ? 1 : f.severity === "warning" ? 2 : 3;
}

/**
 * Default of `report.maxFindingsPerRule` (agentcheck.config.json): how many findings of one rule one
 * file lists in a report. A file with more (125,000 MI-009 findings from one generated table) lists
 * this many and one summary finding per severity with the rest's count, so every format's output is
 * bounded by the cap, not by the input.
 */
export const DEFAULT_MAX_FINDINGS_PER_RULE = 200;

/** messageId of the summary finding that stands for the findings a cap left out (data.count: how many). */
export const CAPPED_MESSAGE_ID = "agentcheck.capped";

/** How many findings a finding stands for: 1, or a cap's summary finding's count of left-out findings. */
export function findingWeight(f: Finding): number {
  return f.messageId === CAPPED_MESSAGE_ID && f.data?.count !== undefined ? Number(f.data.count) : 1;
}

const SEVERITY_WORDS: Record<Severity, string> = { error: "error", warning: "warning", info: "note" };

/**
 * The report as it is shown: in each result, a rule with more than `max` findings keeps `max` of them
 * and gets summary findings for the rest (capFindingList). Verdicts and the summary's counts are the
 * report's own (every finding counted), so the exit code, the headlines and the totals are those of
 * the full run; baselines and disables were applied before. A report with nothing over the cap is
 * returned as it is.
 */
export function capFindings(report: Report, max: number): Report {
  let changed = false;
  const results = report.results.map((r) => {
    const findings = capFindingList(r.findings, max);
    if (findings === r.findings) return r;
    changed = true;
    return { ...r, findings };
  });
  return changed ? { ...report, results } : report;
}

/**
 * Findings as a report lists them: of each rule in each file at most `max` (AC-9xx first, then errors,
 * warnings, notes, each in the list's order), and for the rest one summary finding per severity at the
 * end ("1234 more MI-009 errors not listed", data.count: how many). The list itself when nothing is over.
 */
export function capFindingList(list: Finding[], max: number): Finding[] {
  const limit = Math.max(1, Math.floor(max));
  if (list.length <= limit) return list;
  const groups = new Map<string, number[]>();
  list.forEach((f, i) => {
    const key = `${f.file}\u0000${f.ruleId}`;
    const xs = groups.get(key);
    if (xs) xs.push(i);
    else groups.set(key, [i]);
  });
  const drop = new Set<number>();
  const summaries: Finding[] = [];
  for (const idx of groups.values()) {
    if (idx.length <= limit) continue;
    const order = idx.slice().sort((a, b) => findingRank(list[a]) - findingRank(list[b]) || a - b);
    const left = new Map<Severity, number>();
    for (let k = limit; k < order.length; k++) {
      drop.add(order[k]);
      const sev = list[order[k]].severity;
      left.set(sev, (left.get(sev) ?? 0) + 1);
    }
    const { ruleId, file } = list[idx[0]];
    for (const sev of ["error", "warning", "info"] as const) {
      const n = left.get(sev);
      if (!n) continue;
      summaries.push({
        ruleId,
        severity: sev,
        file,
        line: 0,
        column: 0,
        messageId: CAPPED_MESSAGE_ID,
        data: { count: String(n), rule: ruleId, max: String(limit) },
        message: `${n} more ${ruleId} ${SEVERITY_WORDS[sev]}${n === 1 ? "" : "s"} not listed (at most ${limit} findings of a rule per file: report.maxFindingsPerRule)`,
      });
    }
  }
  if (drop.size === 0) return list;
  const out = list.filter((_, i) => !drop.has(i));
  for (const f of summaries) out.push(f);
  return out;
}

/**
 * The rule core failed (an abort or a WebAssembly trap, reported as internal errors by the engine):
 * never a verdict about the input, always exit 2. Thrown where a command cannot carry the error in
 * its results (pre-pr's rows).
 */
export class InternalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InternalError";
  }
}

/** Raised for usage, configuration and internal errors: the CLI prints one line and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A calendar date YYYY-MM-DD (2026-02-30 and 9999-99-99 are not: a cutoff past every log would skip them all). */
/**
 * The historical cutoff of a run: `--cutoff`, else AGENTCHECK_CUTOFF (empty = unset). A value that
 * is not a date YYYY-MM-DD is a usage error naming where it came from (never ignored, never a row).
 */
export function cutoffOption(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const v = option ?? (env.AGENTCHECK_CUTOFF || undefined);
  if (v !== undefined && !isIsoDate(v)) {
    throw new UsageError(`${option !== undefined ? "--cutoff" : "AGENTCHECK_CUTOFF"} must be a date YYYY-MM-DD, got '${v}'`);
  }
  return v;
}

export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}
