// Human output: `file:line:col  severity  message  ruleId`, then a summary line.
import type { Report } from "../report.js";
import { memoryIndexText } from "./memory-index-text.js";

export function useColor(stream: NodeJS.WriteStream, flag?: boolean): boolean {
  if (flag !== undefined) return flag; // --color / --no-color
  const env = process.env;
  // FORCE_COLOR=0|false turns colour off, any other non-empty value on (also when not a terminal)
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "") return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.TERM === "dumb") return false;
  return Boolean(stream.isTTY);
}

const paint = (on: boolean, code: string, s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

export function formatText(report: Report, opts: { color: boolean; quiet?: boolean }): string {
  const lines: string[] = [];
  const c = opts.color;
  for (const r of report.results) {
    for (const f of r.findings) {
      if (opts.quiet && f.severity !== "error") continue;
      const loc = `${f.file}:${f.line}:${f.column}`;
      const sev = f.severity === "error" ? paint(c, "31", "error") : f.severity === "warning" ? paint(c, "33", "warning") : paint(c, "36", "info");
      lines.push(`${loc}  ${sev}  ${f.message.replace(/\r?\n/g, " ")}  ${paint(c, "2", f.ruleId)}`);
    }
    if (r.validator === "memory-index" && !opts.quiet) for (const l of memoryIndexText(r)) lines.push(l);
    if (r.verdict === "skip") lines.push(`${r.file}  ${paint(c, "36", "skip")}  ${r.reason ?? "skipped"}  (${r.validator})`);
  }
  const s = report.summary;
  const failed = report.results.filter((r) => r.verdict === "fail").length;
  const skipped = report.results.filter((r) => r.verdict === "skip").length;
  const summary =
    `${s.files} file${s.files === 1 ? "" : "s"} checked: ${s.errors} error${s.errors === 1 ? "" : "s"}, ` +
    `${s.warnings} warning${s.warnings === 1 ? "" : "s"}, ${failed} failed, ${skipped} skipped (${Math.round(s.durationMs)} ms)`;
  lines.push(s.errors > 0 ? paint(c, "31", summary) : paint(c, "32", summary));
  return lines.join("\n") + "\n";
}
