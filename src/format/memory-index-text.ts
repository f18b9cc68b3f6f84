// Text details of memory-index results: per-index verdict and keyword uniqueness (printed as the
// reference prints them, `name: 88%`), and the directory summary.
import type { FileResult } from "../report.js";

/** Entries of one index whose keyword uniqueness the text lists (an index of 200,000 rows is one line each otherwise). */
export const UNIQUENESS_SHOWN = 200;

/** Percent as the reference prints it: nearest integer of value * 100. */
export const percent = (v: string) => `${Math.round(Number(v) * 100)}%`;

export function memoryIndexText(r: FileResult, opts: { verbose?: boolean } = {}): string[] {
  const d = r.data;
  if (!d) return [];
  const out: string[] = [];
  if (d.entries !== undefined) {
    out.push(`index ${d.domain ?? ""}: ${d.verdict === "fail" ? "FAIL" : "PASS"}, ${d.entries} entries`);
    if (d.uniqueness && opts.verbose !== false) {
      out.push("  Keyword uniqueness:");
      const lines = d.uniqueness.split("\n");
      for (const l of lines.slice(0, UNIQUENESS_SHOWN)) {
        const [name, v] = l.split("\t");
        out.push(`    ${name}: ${percent(v)}`);
      }
      if (lines.length > UNIQUENESS_SHOWN) out.push(`    … and ${lines.length - UNIQUENESS_SHOWN} more entries (--format json has them all)`);
    }
  } else if (d.domains !== undefined) {
    out.push(
      `memory index (${d.layout} layout): Domains: ${d.domains} total, ${d.passed_domains} passed, ${d.failed_domains} failed; ` +
        `Files: ${d.total_files} indexed, ${d.missing_files} missing; Keyword Issues: ${d.keyword_issues}; Result: ${d.verdict === "fail" ? "FAILED" : "PASSED"}` +
        (d.layout_source === "detected" ? " (layout detected from the tree)" : ""),
    );
  }
  return out;
}
