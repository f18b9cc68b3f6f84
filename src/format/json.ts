import type { Report } from "../report.js";

/** The JSON document (shape: ReportSchema in report-schema.ts; checked by the tests). */
export function formatJson(report: Report): string {
  return JSON.stringify(report, null, 2) + "\n";
}
