// Formats a report, writes it, and returns the exit code.
import { runSettings, type RuleSettings } from "./run-settings.js";
import type { ResolvedPaths } from "./config-paths.js";
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UsageError } from "./report.js";
import type { Config } from "./config.js";
import type { SettingsReader } from "./config-file.js";
import { applyAdoption, BASELINE_FILE, loadBaseline, previousBaseline, writeBaseline, type AdoptionOptions, type BaselineCounts, type LoadedBaseline } from "./adoption.js";
import { buildReport, capFindings, DEFAULT_MAX_FINDINGS_PER_RULE, exitCodeOf, warningLimitExceeded, type FileResult, type Report } from "./report.js";
import { version } from "./version.js";
import { formatTextChunks, useColor } from "./format/text.js";
import { formatJsonChunks } from "./format/json.js";
import { formatMarkdownChunks } from "./format/markdown.js";
import { formatGithubChunks, githubSummary } from "./format/github.js";
import { formatSarifChunks } from "./format/sarif.js";
import { formatJunitChunks } from "./format/junit.js";
import { appendFileSync } from "node:fs";
import { ruleTable } from "./wasm/loader.js";
import { msNow, stdoutIsTTY, writeErr, writeOut, writeTextFile } from "./stdio.js";
import { WriteRefusedError } from "./fswrite.js";
import { DEFAULT_MAX_FILE_BYTES } from "./engine.js";

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
  /** Baseline file to apply; false (--no-baseline) applies none; default: .agentcheck-baseline.json when present. */
  baseline?: string | boolean;
  reportUnusedDisable?: boolean;
  /** `baseline --prune`: lower the written baseline's counts to what the run finds, add nothing. */
  prune?: boolean;
}

/**
 * Where a run's settings files are read from when not the working tree (`check --staged`: the git
 * index): .agentcheckignore through `reader`, the default baseline through `baselineReader` (its own
 * size limit). An explicit --baseline FILE is read from disk.
 */
export interface SettingsSource {
  reader: SettingsReader;
  baselineReader: SettingsReader;
}

/** What a validating command set up before its work: adoption settings, and the baseline to write. */
export interface RunContext {
  adoption: AdoptionOptions;
  /** `agentcheck baseline`: write the findings here instead of reporting them. */
  writeBaseline?: string;
  /** `agentcheck baseline`: what the file held before the run (read once, before any work). */
  previousBaseline?: BaselineCounts;
  /** The run's one resolved configuration. */
  config: Config;
  /** Its artifact folders (`paths.*` resolved): what the command validates. */
  paths: ResolvedPaths;
  /** Its rule options and severities: what every core call of the run is given. */
  rules: RuleSettings;
  /** The formatter --format names, looked up (and refused when unknown) once, before any work. */
  formatter: Formatter;
  /** The output options, validated and typed once, before any work: what finish reads. */
  output: OutputSettings;
  /** --now, checked to be an ISO 8601 date-time (the run's clock; undefined: the real one). */
  now?: string;
}

/** The output options of one run, typed (parsed once by prepareRun; nothing looks them up again). */
export interface OutputSettings {
  /** --max-warnings: a run with more warnings fails. */
  readonly maxWarnings?: number;
  /** --max-file-size, or the engine's default bound. */
  readonly maxFileBytes: number;
  /** --max-file-size as given (undefined: the adoption pass's own default). */
  readonly maxFileSize?: number;
  readonly outputFile?: string;
  readonly color?: boolean;
  readonly quiet?: boolean;
  readonly verbose?: boolean;
  readonly hook?: boolean;
  /** `baseline --prune`. */
  readonly prune: boolean;
}

/** The output options of one run, checked and typed (parseOutputOptions): what prepareRun and finish read. */
export interface ParsedOutput {
  /** The formatter --format names, looked up (and refused when unknown) once. */
  readonly formatter: Formatter;
  readonly output: OutputSettings;
  /** --now, checked to be an ISO 8601 date-time (undefined: the real clock). */
  readonly now?: string;
  /** --baseline FILE, or false for --no-baseline. */
  readonly baseline?: string | boolean;
  readonly reportUnusedDisable: boolean;
}

/**
 * Check and type the output options before anything is read: a bad value is one line and exit 2, and
 * nothing is written. No file is read here (the output file's folder is stat'ed).
 */
export function parseOutputOptions(o: OutputOptions): ParsedOutput {
  const fmt = o.format ?? "text";
  const formatter = formatterOf(fmt);
  if (!formatter) throw new UsageError(`--format: unknown format '${fmt}'${suggestion(fmt, Object.keys(FORMATTERS))} (one of: ${Object.keys(FORMATTERS).join(", ")})`);
  const maxWarnings = parseIntOption("max-warnings", o.maxWarnings);
  // a clock that is no date ("yesterday") would leave every date rule without a current time
  const now = (o as { now?: unknown }).now;
  if (now !== undefined && (typeof now !== "string" || !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(now) || Number.isNaN(Date.parse(now)))) {
    throw new UsageError(`--now must be an ISO 8601 date-time such as 2026-01-05T10:00:00Z, got '${String(now)}'`);
  }
  const maxFileSize = parseIntOption("max-file-size", o.maxFileSize);
  if (o.outputFile) checkOutputFile(o.outputFile);
  return {
    formatter,
    now: now as string | undefined,
    baseline: o.baseline,
    reportUnusedDisable: o.reportUnusedDisable === true,
    output: {
      maxWarnings,
      maxFileBytes: maxFileSize ?? DEFAULT_MAX_FILE_BYTES,
      maxFileSize,
      outputFile: o.outputFile,
      color: o.color,
      quiet: o.quiet,
      verbose: o.verbose,
      hook: o.hook,
      prune: o.prune === true,
    },
  };
}

/**
 * Load what the run needs (configuration, ignores, overrides, baseline) BEFORE any work starts, for
 * output options already checked (parseOutputOptions): a broken file is one line and exit 2, and
 * nothing is written.
 */
export async function prepareRun(
  p: ParsedOutput,
  root: string,
  opts: { config?: Config; configPath?: string; writeBaseline?: string; settings?: SettingsSource } = {},
): Promise<RunContext> {
  let config = opts.config;
  if (!config) {
    const { loadConfig } = await import("./config.js");
    config = (await loadConfig(root, opts.configPath)).config;
  }
  const settings = runSettings(config);
  const { loadIgnores } = await import("./ignores.js");
  const ignores = loadIgnores(root, config.ignores, opts.settings?.reader);
  const { compileOverrides } = await import("./overrides.js");
  const overrides = compileOverrides(config);
  // the baseline is read and checked here, once: finish applies (or extends) what was read
  let baseline: LoadedBaseline | undefined;
  let previous: BaselineCounts | undefined;
  if (opts.writeBaseline) {
    checkOutputFile(opts.writeBaseline);
    previous = previousBaseline(opts.writeBaseline, root);
  } else if (typeof p.baseline === "string") {
    const file = resolve(process.cwd(), p.baseline);
    try {
      statSync(file);
    } catch {
      throw new UsageError(`--baseline: no such file: ${p.baseline} (create it with agentcheck baseline)`);
    }
    baseline = loadBaseline(file, root);
  } else if (p.baseline !== false) {
    const dflt = join(root, BASELINE_FILE);
    if (opts.settings) {
      // check --staged: the staged baseline (absent from the index = none), as CI sees it after the commit
      const text = opts.settings.baselineReader.read(dflt, root);
      if (text !== undefined) baseline = loadBaseline(dflt, root, text);
    } else {
      let present = false;
      try {
        // no baseline (the usual case) without an exception
        present = statSync(dflt, { throwIfNoEntry: false })?.isFile() === true;
      } catch {
        /* no baseline */
      }
      if (present) baseline = loadBaseline(dflt, root);
    }
  }
  return {
    adoption: { root, ignores, overrides, reportUnusedDisable: p.reportUnusedDisable, baseline, maxFileBytes: p.output.maxFileSize, sources: new Map(), entries: new Map(), rules: settings.rules },
    writeBaseline: opts.writeBaseline,
    previousBaseline: previous,
    config,
    paths: settings.paths,
    rules: settings.rules,
    formatter: p.formatter,
    now: p.now,
    output: p.output,
  };
}

function suggestion(word: string, known: string[]): string {
  const lower = word.toLowerCase();
  const hit = known.find((k) => k.startsWith(lower.slice(0, 2)) || lower.startsWith(k.slice(0, 3)));
  return hit ? ` (did you mean ${hit}?)` : "";
}

/** The folder of an output file must exist (one clear line otherwise). */
export function checkOutputFile(file: string): void {
  const dir = dirname(resolve(process.cwd(), file));
  let ok = false;
  try {
    ok = statSync(dir).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) throw new UsageError(`cannot write ${file}: the folder ${dir} does not exist`);
}

/** A formatter returns the whole text, or its pieces in order (written one at a time: bounded memory). */
export type Formatter = (report: Report, opts: FormatOptions) => string | Iterable<string>;

export interface FormatOptions {
  color: boolean;
  quiet?: boolean;
  verbose?: boolean;
  hook?: boolean;
  /** --max-warnings: a run with more warnings fails (exit 1), and the headlines say so. */
  maxWarnings?: number;
  /** The run's internal errors (exit 2): SARIF reports the run as not successful. */
  internalErrors?: string[];
}

/** Output formats by name; later formats register themselves here. */
export const FORMATTERS: Record<string, Formatter> = {
  text: (r, o) => formatTextChunks(r, o),
  json: (r) => formatJsonChunks(r),
  markdown: (r, o) => formatMarkdownChunks(r, { maxWarnings: o.maxWarnings, verbose: o.verbose }),
  github: (r, o) => {
    // the job summary goes to the file GitHub Actions names; the annotations go to stdout
    const summaryFile = process.env.GITHUB_STEP_SUMMARY;
    if (summaryFile) appendFileSync(summaryFile, githubSummary(r, { maxWarnings: o.maxWarnings }));
    return formatGithubChunks(r, o);
  },
  sarif: (r, o) => formatSarifChunks(r, { rules: ruleTable(), internalErrors: o.internalErrors }),
  junit: (r, o) => formatJunitChunks(r, { maxWarnings: o.maxWarnings }),
};

/** The formatter of this name: own entries only (`toString`, `constructor`, `__proto__` are no formats). */
export function formatterOf(name: string): Formatter | undefined {
  return Object.prototype.hasOwnProperty.call(FORMATTERS, name) ? FORMATTERS[name] : undefined;
}

export function parseIntOption(name: string, v: string | number | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} takes a whole number >= 0, got '${v}'`);
  return n;
}

/** Apply the adoption settings, then write the baseline or the report the run's output settings ask for; the exit code. */
export function finish(results: FileResult[], started: number, internalErrors: string[], run: RunContext): number {
  const opts = run.output;
  const maxWarnings = opts.maxWarnings;
  if (run) {
    const applied = applyAdoption(results, run.adoption);
    results = applied.results;
    const st = applied.stats;
    if (run.writeBaseline) {
      for (const e of internalErrors) writeErr(`agentcheck: internal error: ${e}\n`);
      if (internalErrors.length > 0) {
        writeErr("agentcheck: baseline not written (internal errors)\n");
        return 2;
      }
      const { written: n, kept } = writeBaseline(run.writeBaseline, results, run.adoption.root, { prune: opts.prune, previous: run.previousBaseline });
      writeErr(`agentcheck: ${opts.prune ? "pruned the baseline to" : "wrote"} ${n} finding${n === 1 ? "" : "s"} in ${run.writeBaseline}${kept > 0 ? ` (${kept} file/rule entries kept from files this run did not validate, or validated without the rules that made them)` : ""}; later runs report only new findings\n`);
      return 0;
    }
    const b = run.adoption.baseline;
    if (b) {
      writeErr(
        `agentcheck: ${b.staged ? "staged " : ""}baseline ${b.file}: ${st.baselined} known finding${st.baselined === 1 ? "" : "s"} not shown, ${st.fixed} fixed since it was written` +
          `${st.fixed > 0 ? " (run agentcheck baseline to drop them)" : ""}\n`,
      );
    }
  }
  const report = buildReport(version(), results, msNow() - started);
  const formatter = run.formatter;
  // the one place a report is capped, for every format; the exit code below reads the full report
  const shown = capFindings(report, run?.config.report?.maxFindingsPerRule ?? DEFAULT_MAX_FINDINGS_PER_RULE);
  const text = formatter(shown, {
    color: opts.outputFile ? false : useColor({ get isTTY() { return stdoutIsTTY(); } }, opts.color),
    quiet: opts.quiet,
    verbose: opts.verbose,
    hook: opts.hook,
    maxWarnings,
    internalErrors,
  });
  if (opts.outputFile) {
    try {
      writeTextFile(opts.outputFile, text, run?.adoption.root);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      throw new UsageError(`cannot write ${opts.outputFile}: ${e instanceof WriteRefusedError ? err.message : err.code === "ENOENT" ? "the folder does not exist" : err.code === "EISDIR" ? "it is a directory" : (err.code ?? err.message)}`);
    }
  } else writeOut(text);
  for (const e of internalErrors) writeErr(`agentcheck: internal error: ${e}\n`);
  if (internalErrors.length > 0) return 2;
  const code = exitCodeOf(report, maxWarnings);
  if (warningLimitExceeded(report, maxWarnings)) {
    writeErr(`agentcheck: ${report.summary.warnings} warning${report.summary.warnings === 1 ? "" : "s"}, more than --max-warnings ${maxWarnings}: exit 1\n`);
  }
  return code;
}
