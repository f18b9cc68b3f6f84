// What every summary-first format (text, markdown, pre-pr's text) shares (issue 36 item 2): the number
// of findings listed without --verbose, the "top rules and files" of the findings past it, and the totals
// per rule and per validator. One place, so the formats count the same way.
import { findingWeight, type Report } from "../report.js";
import { terminalSafe } from "../terminal.js";

/** Findings listed without --verbose; past this, the top rules and files and how to see all. */
export const FINDINGS_SHOWN = 200;
/** Rules and files the "top" lines name when the list is cut. */
export const TOP_SHOWN = 10;

export const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? "" : "s"}`;

/** `key count` pairs, largest first (ties by key), at most `n`, then how many more. */
export function top(counts: Map<string, number>, n: number = TOP_SHOWN): string {
  const xs = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return xs.slice(0, n).map(([k, v]) => `${terminalSafe(k)} ${v}`).join(", ") + (xs.length > n ? `, and ${xs.length - n} more` : "");
}

/** Counts the findings past the listing limit: by rule and by file, for the "top" lines. */
export class Hidden {
  count = 0;
  readonly rules = new Map<string, number>();
  readonly files = new Map<string, number>();
  add(ruleId: string, file: string): void {
    this.count++;
    this.rules.set(ruleId, (this.rules.get(ruleId) ?? 0) + 1);
    this.files.set(file, (this.files.get(file) ?? 0) + 1);
  }
  /** The lines that say what was not listed and how to see it; none when everything was listed. */
  lines(listed: number, how: string): string[] {
    if (this.count === 0) return [];
    return [
      `${plural(this.count, "more finding")} not listed (the first ${listed} are): every finding with ${how}`,
      `  top rules: ${top(this.rules)}`,
      `  top files: ${top(this.files)}`,
    ];
  }
}

export interface ValidatorTotals {
  errors: number;
  warnings: number;
  infos: number;
  files: number;
}

/** The run's findings per rule and per validator (a cap's summary finding counts the findings it stands for). */
export function totals(report: Report): { byRule: Map<string, number>; byValidator: Map<string, ValidatorTotals>; infos: number } {
  const byRule = new Map<string, number>();
  const byValidator = new Map<string, ValidatorTotals>();
  let infos = 0;
  for (const r of report.results) {
    const v = byValidator.get(r.validator) ?? { errors: 0, warnings: 0, infos: 0, files: 0 };
    if (r.verdict !== "skip" || r.findings.length > 0) v.files++;
    for (const f of r.findings) {
      const w = findingWeight(f);
      if (f.severity === "error") v.errors += w;
      else if (f.severity === "warning") v.warnings += w;
      else {
        v.infos += w;
        infos += w;
      }
      byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + w);
    }
    byValidator.set(r.validator, v);
  }
  return { byRule, byValidator, infos };
}

/** `SP-013 4, SP-021 2` (rules sorted by id). */
export function byRuleText(byRule: Map<string, number>): string {
  return [...byRule.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([id, n]) => `${id} ${n}`).join(", ");
}

/** `session-log 1 error, 1 warning; memory-index ...` (validators with findings, sorted by name). */
export function byValidatorText(byValidator: Map<string, ValidatorTotals>): string {
  const vals = [...byValidator.entries()].filter(([, v]) => v.errors + v.warnings + v.infos > 0).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const counts = (v: ValidatorTotals) => `${plural(v.errors, "error")}, ${plural(v.warnings, "warning")}${v.infos > 0 ? `, ${plural(v.infos, "info")}` : ""}`;
  return vals.map(([n, v]) => `${n} ${counts(v)}`).join("; ");
}
