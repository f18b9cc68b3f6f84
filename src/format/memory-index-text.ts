// Text details of memory-index results: per-index verdict and keyword uniqueness (printed as the
// reference prints them, `name: 88%`), and the directory summary.
import type { FileResult } from "../report.js";

/** Percent as the reference prints it: nearest integer of value * 100. */
export const percent = (v: string) => `${Math.round(Number(v) * 100)}%`;

export function memoryIndexText(r: FileResult): string[] {
  const d = r.data;
  if (!d) return [];
  const out: string[] = [];
  if (d.entries !== undefined) {
    out.push(`${r.file}  index ${d.domain ?? ""}: ${d.verdict === "fail" ? "FAIL" : "PASS"}, ${d.entries} entries`);
    if (d.uniqueness) {
      out.push("  Keyword uniqueness:");
      for (const l of d.uniqueness.split("\n")) {
        const [name, v] = l.split("\t");
        out.push(`    ${name}: ${percent(v)}`);
      }
    }
  } else if (d.domains !== undefined) {
    out.push(
      `${r.file}  memory index (${d.layout} layout): Domains: ${d.domains} total, ${d.passed_domains} passed, ${d.failed_domains} failed; ` +
        `Files: ${d.total_files} indexed, ${d.missing_files} missing; Keyword Issues: ${d.keyword_issues}; Result: ${d.verdict === "fail" ? "FAILED" : "PASSED"}`,
    );
  }
  return out;
}
