import { ReportSchema, type Report } from "../report.js";

/** The JSON document (validated against the exported schema before it is printed). */
export function formatJson(report: Report): string {
  return JSON.stringify(ReportSchema.parse(report), null, 2) + "\n";
}
