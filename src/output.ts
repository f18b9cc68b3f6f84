// Formats a report, writes it, and returns the exit code.
import { writeFileSync } from "node:fs";
import { buildReport, exitCodeOf, type FileResult, type Report } from "./report.js";
import { version } from "./version.js";
import { formatText, useColor } from "./format/text.js";
import { formatJson } from "./format/json.js";
import { formatMarkdown } from "./format/markdown.js";
import { formatGithub, githubSummary } from "./format/github.js";
import { formatSarif } from "./format/sarif.js";
import { formatJunit } from "./format/junit.js";
import { appendFileSync } from "node:fs";
import { ruleTable } from "./wasm/loader.js";

export interface OutputOptions {
  format?: string;
  maxWarnings?: string | number;
  quiet?: boolean;
  color?: boolean;
  outputFile?: string;
  maxFileSize?: string | number;
  /** Text: details such as the memory-index keyword uniqueness table. */
  verbose?: boolean;
  /** Text: close with the commit-hook line (blocked or not). */
  hook?: boolean;
}

export type Formatter = (report: Report, opts: { color: boolean; quiet?: boolean; verbose?: boolean; hook?: boolean }) => string;

/** Output formats by name; later formats register themselves here. */
export const FORMATTERS: Record<string, Formatter> = {
  text: (r, o) => formatText(r, o),
  json: (r) => formatJson(r),
  markdown: (r) => formatMarkdown(r),
  github: (r, o) => {
    // the job summary goes to the file GitHub Actions names; the annotations go to stdout
    const summaryFile = process.env.GITHUB_STEP_SUMMARY;
    if (summaryFile) appendFileSync(summaryFile, githubSummary(r));
    return formatGithub(r, o);
  },
  sarif: (r) => formatSarif(r, { rules: ruleTable() }),
  junit: (r) => formatJunit(r),
};

export function parseIntOption(name: string, v: string | number | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === "number" ? v : Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number >= 0, got '${v}'`);
  return n;
}

export function finish(results: FileResult[], started: number, opts: OutputOptions, internalErrors: string[] = []): number {
  const report = buildReport(version(), results, performance.now() - started);
  const fmt = opts.format ?? "text";
  const formatter = FORMATTERS[fmt];
  if (!formatter) throw new Error(`unknown format '${fmt}' (known: ${Object.keys(FORMATTERS).join(", ")})`);
  const text = formatter(report, {
    color: opts.outputFile ? false : useColor(process.stdout, opts.color),
    quiet: opts.quiet,
    verbose: opts.verbose,
    hook: opts.hook,
  });
  if (opts.outputFile) writeFileSync(opts.outputFile, text);
  else process.stdout.write(text);
  for (const e of internalErrors) process.stderr.write(`agentcheck: internal error: ${e}\n`);
  if (internalErrors.length > 0) return 2;
  return exitCodeOf(report, parseIntOption("max-warnings", opts.maxWarnings));
}
