// Markdown report (readable as a PR comment), summary-first like the text (issue 36 item 2): the verdict
// and counts, the files that failed (and those judged in a partial mode), the errors and warnings as a
// table (at most FINDINGS_SHOWN rows, then the top rules and files), the totals per rule and per
// validator. Skips, infos and passes are counted; --verbose lists them. Table cells escape `|` and line breaks.
import { CAPPED_MESSAGE_ID, runStatus, type Report } from "../report.js";
import { modeNote } from "./mode-note.js";
import { pushAll } from "../arrays.js";
import { byRuleText, byValidatorText, FINDINGS_SHOWN, Hidden, plural, totals } from "./summary.js";

export interface MarkdownOptions {
  maxWarnings?: number;
  /** Skipped results, infos and every finding (no limit). */
  verbose?: boolean;
  /** Findings listed without --verbose (default FINDINGS_SHOWN). */
  limit?: number;
}

export function cell(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n|\r/g, " ");
}

export function formatMarkdown(report: Report, opts: MarkdownOptions = {}): string {
  return [...formatMarkdownChunks(report, opts)].join("");
}

/** formatMarkdown's text in pieces (the head, then the findings table a few hundred rows at a time). */
export function* formatMarkdownChunks(report: Report, opts: MarkdownOptions = {}): Generator<string> {
  const verbose = opts.verbose === true;
  const limit = verbose ? Infinity : (opts.limit ?? FINDINGS_SHOWN);
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
  // failed results, results judged in a partial mode (creation or record) even when they pass, and
  // with --verbose the skipped ones
  const partial = report.results.filter((r) => r.verdict === "pass" && modeNote(r) !== undefined);
  const listedResults = [...failed, ...partial, ...(verbose ? skipped : [])];
  if (listedResults.length > 0) {
    out.push("| Verdict | File | Validator | Note |", "|---|---|---|---|");
    for (const r of listedResults) {
      const mode = modeNote(r);
      const note = r.verdict === "skip" ? (r.reason ?? "skipped") : [r.data?.feature ? `feature ${r.data.feature}` : "", mode ?? ""].filter((x) => x).join("; ");
      out.push(`| ${r.verdict.toUpperCase()} | ${cell(r.file)} | ${r.validator} | ${cell(note)} |`);
      yield* flush();
    }
    out.push("");
  }
  const shows = (sev: string) => verbose || sev !== "info";
  if (report.results.some((r) => r.findings.some((f) => shows(f.severity)))) {
    out.push("## Findings", "", "| Severity | Rule | Location | Message |", "|---|---|---|---|");
    let listed = 0;
    const hidden = new Hidden();
    for (const r of report.results) {
      for (const f of r.findings) {
        if (!shows(f.severity)) continue;
        // a cap's summary finding ("199800 more MI-009 errors not listed") is always listed
        if (f.messageId !== CAPPED_MESSAGE_ID) {
          if (listed >= limit) {
            hidden.add(f.ruleId, f.file);
            continue;
          }
          listed++;
        }
        const loc = f.line > 0 ? `${f.file}:${f.line}` : f.file;
        out.push(`| ${f.severity} | ${f.ruleId} | ${cell(loc)} | ${cell(f.message)} |`);
        yield* flush();
      }
    }
    out.push("");
    const notListed = hidden.lines(listed, "`--verbose` or `--format json`");
    if (notListed.length > 0) pushAll(out, notListed.map((l) => (l.startsWith("  ") ? `- ${cell(l.trim())}` : cell(l)))).push("");
  }
  const { byRule, byValidator, infos } = totals(report);
  if (byRule.size > 0) {
    out.push("## Totals", "", `- By rule: ${byRuleText(byRule)}`);
    const vals = byValidatorText(byValidator);
    if (vals) out.push(`- By validator: ${vals}`);
    out.push("");
  }
  if (!verbose) {
    const notShown = [infos > 0 ? plural(infos, "info") : "", skipped.length > 0 ? plural(skipped.length, "skip") : "", passed - partial.length > 0 ? `${passed - partial.length} passing` : ""].filter((x) => x);
    if (notShown.length > 0) out.push(`Not shown: ${notShown.join(", ")} (\`--verbose\` shows them).`, "");
  }
  yield out.join("\n");
}
