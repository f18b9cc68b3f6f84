// Markdown report (readable as a PR comment): a summary, the files that failed or were skipped,
// and the findings as a table. Pipes, backticks-free; table cells escape `|` and line breaks.
import { runStatus, type Report } from "../report.js";
import { modeNote } from "./mode-note.js";

export function cell(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n|\r/g, " ");
}

export function formatMarkdown(report: Report, opts: { maxWarnings?: number } = {}): string {
  return [...formatMarkdownChunks(report, opts)].join("");
}

/** formatMarkdown's text in pieces (the head, then the findings table a few hundred rows at a time). */
export function* formatMarkdownChunks(report: Report, opts: { maxWarnings?: number } = {}): Generator<string> {
  const s = report.summary;
  const failed = report.results.filter((r) => r.verdict === "fail");
  const skipped = report.results.filter((r) => r.verdict === "skip");
  const passed = report.results.length - failed.length - skipped.length;
  let out: string[] = ["# agentcheck report", ""];
  const flush = function* (): Generator<string> {
    if (out.length >= 256) {
      yield out.join("\n") + "\n";
      out = [];
    }
  };
  const head = {
    fail: "Failed",
    "over-limit": `Failed (more than --max-warnings ${opts.maxWarnings} warnings)`,
    nothing: "Nothing checked",
    pass: "Passed",
  }[runStatus(report, opts.maxWarnings)];
  out.push(
    `**${head}**: ${s.files} file${s.files === 1 ? "" : "s"} checked, ${s.errors} error${s.errors === 1 ? "" : "s"}, ` +
      `${s.warnings} warning${s.warnings === 1 ? "" : "s"}; results (file and validator): ${passed} passed, ${failed.length} failed, ${skipped.length} skipped.`,
    "",
  );
  // failed and skipped results, and results judged in a partial mode (creation or record) even when they pass
  const partial = report.results.filter((r) => r.verdict === "pass" && modeNote(r) !== undefined);
  if (failed.length + skipped.length + partial.length > 0) {
    out.push("| Verdict | File | Validator | Note |", "|---|---|---|---|");
    for (const r of [...failed, ...partial, ...skipped]) {
      const mode = modeNote(r);
      const note = r.verdict === "skip" ? (r.reason ?? "skipped") : [r.data?.feature ? `feature ${r.data.feature}` : "", mode ?? ""].filter((x) => x).join("; ");
      out.push(`| ${r.verdict.toUpperCase()} | ${cell(r.file)} | ${r.validator} | ${cell(note)} |`);
      yield* flush();
    }
    out.push("");
  }
  if (report.results.some((r) => r.findings.length > 0)) {
    out.push("## Findings", "", "| Severity | Rule | Location | Message |", "|---|---|---|---|");
    for (const r of report.results) {
      for (const f of r.findings) {
        const loc = f.line > 0 ? `${f.file}:${f.line}` : f.file;
        out.push(`| ${f.severity} | ${f.ruleId} | ${cell(loc)} | ${cell(f.message)} |`);
        yield* flush();
      }
    }
    out.push("");
  }
  yield out.join("\n");
}
