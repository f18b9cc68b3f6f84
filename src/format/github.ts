// GitHub Actions output: one workflow command per finding (annotations), a plain summary line,
// and a markdown job summary for $GITHUB_STEP_SUMMARY. Escaping follows what @actions/core does.
import { modeNote } from "./mode-note.js";
import { findingRank, runStatus, type Finding, type Report } from "../report.js";

/** Escape the message part of a workflow command. */
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escape a property value (file, title) of a workflow command. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

const COMMAND: Record<Finding["severity"], string> = { error: "error", warning: "warning", info: "notice" };

export function annotation(f: Finding): string {
  const props: string[] = [`file=${escapeProperty(f.file)}`];
  if (f.line > 0) {
    props.push(`line=${f.line}`);
    // a column only makes sense for a one-line annotation
    if (f.column > 0) props.push(`col=${f.column}`);
  }
  props.push(`title=${escapeProperty(`${f.ruleId} (agentcheck)`)}`);
  return `::${COMMAND[f.severity]} ${props.join(",")}::${escapeData(f.message)}`;
}

function counts(report: Report) {
  const failed = report.results.filter((r) => r.verdict === "fail").length;
  const skipped = report.results.filter((r) => r.verdict === "skip").length;
  return { ...report.summary, failed, skipped };
}

export function formatGithub(report: Report, opts: { quiet?: boolean } = {}): string {
  return [...formatGithubChunks(report, opts)].join("");
}

/** formatGithub's lines in pieces (a few hundred annotations at a time). */
export function* formatGithubChunks(report: Report, opts: { quiet?: boolean } = {}): Generator<string> {
  let lines: string[] = [];
  for (const r of report.results) {
    const note = opts.quiet ? undefined : modeNote(r);
    if (note) lines.push(`::notice file=${escapeProperty(r.file)},title=${escapeProperty("agentcheck: mode")}::${escapeData(note)}`);
    for (const f of r.findings) {
      if (opts.quiet && f.severity !== "error") continue;
      lines.push(annotation(f));
      if (lines.length >= 256) {
        yield lines.join("\n") + "\n";
        lines = [];
      }
    }
  }
  const c = counts(report);
  lines.push(
    `agentcheck: ${c.files} file${c.files === 1 ? "" : "s"} checked: ${c.errors} error${c.errors === 1 ? "" : "s"}, ` +
      `${c.warnings} warning${c.warnings === 1 ? "" : "s"}, ${c.failed} failed, ${c.skipped} skipped`,
  );
  yield lines.join("\n") + "\n";
}

/** Markdown table cell: no line breaks, pipes escaped, HTML-significant characters neutralised. */
function cell(s: string): string {
  return s
    .replace(/\r?\n|\r/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\|/g, "\\|");
}

/** GitHub caps a step summary at 1 MiB; stay well below it. */
const SUMMARY_LIMIT = 900 * 1024;

export function githubSummary(report: Report, opts: { maxWarnings?: number } = {}): string {
  const c = counts(report);
  const status = {
    fail: "❌ failed",
    "over-limit": `❌ failed (more than --max-warnings ${opts.maxWarnings} warnings)`,
    nothing: "⚪ nothing checked",
    pass: "✅ passed",
  }[runStatus(report, opts.maxWarnings)];
  const head: string[] = [
    `## agentcheck ${status}`,
    "",
    `| Files | Errors | Warnings | Failed | Skipped |`,
    `|---:|---:|---:|---:|---:|`,
    `| ${c.files} | ${c.errors} | ${c.warnings} | ${c.failed} | ${c.skipped} |`,
    "",
  ];
  const ranked: { f: Finding; rank: number; at: number; row: string }[] = [];
  for (const r of report.results) {
    for (const f of r.findings) {
      const loc = f.line > 0 ? `${f.file}:${f.line}${f.column > 0 ? `:${f.column}` : ""}` : f.file;
      ranked.push({ f, rank: findingRank(f), at: ranked.length, row: `| ${f.severity} | \`${cell(f.ruleId)}\` | ${cell(loc)} | ${cell(f.message)} |` });
    }
  }
  const skips = report.results.filter((r) => r.verdict === "skip").map((r) => `| ${cell(r.file)} | ${cell(r.validator)} | ${cell(r.reason ?? "skipped")} |`);
  const out = [...head];
  let size = Buffer.byteLength(out.join("\n"));
  // room kept for the skipped entries (up to a quarter of the limit) and the two notes: findings
  // never crowd out every skip (a skip is something that was not checked)
  const NOTE = 256;
  const bytes = (lines: string[]) => lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
  const skipBlock = skips.length > 0 ? Math.min(SUMMARY_LIMIT / 4, 64 + bytes(skips)) : 0;
  let limit = SUMMARY_LIMIT - skipBlock - 2 * NOTE;
  // when the summary cannot hold every row, internal errors and unread files (AC-9xx) come first,
  // then errors, warnings, infos (findingRank), each group in the report's order; else report order
  if (size + 64 + bytes(ranked.map((x) => x.row)) > limit) ranked.sort((a, b) => a.rank - b.rank || a.at - b.at);
  const rows = ranked.map((x) => x.row);
  const push = (line: string): boolean => {
    const n = Buffer.byteLength(line) + 1;
    if (size + n > limit) return false;
    out.push(line);
    size += n;
    return true;
  };
  if (rows.length > 0) {
    out.push("### Findings", "", "| Severity | Rule | Location | Message |", "|---|---|---|---|");
    let shown = 0;
    for (const row of rows) {
      if (!push(row)) break;
      shown++;
    }
    if (shown < rows.length) out.push("", `_${rows.length - shown} more findings not shown (summary size limit; errors are shown before warnings and notes); use \`--format sarif\` or \`--format json\` for the full set._`);
    out.push("");
  }
  limit = SUMMARY_LIMIT - NOTE;
  if (skips.length > 0) {
    out.push("### Skipped", "", "| File | Validator | Reason |", "|---|---|---|");
    let shown = 0;
    for (const row of skips) {
      if (!push(row)) break;
      shown++;
    }
    if (shown < skips.length) out.push("", `_${skips.length - shown} more skipped entries not shown._`);
    out.push("");
  }
  return out.join("\n") + "\n";
}
