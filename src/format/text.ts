// Human output: `file:line:col  severity  message  ruleId`, then a summary line.
import { nodeRequire } from "../node-require.js";
import { CAPPED_MESSAGE_ID, runStatus, type Finding, type Report } from "../report.js";
import { byRuleText, byValidatorText, FINDINGS_SHOWN, Hidden, plural, totals } from "./summary.js";
import { memoryIndexText } from "./memory-index-text.js";
import { modeNote } from "./mode-note.js";
export { modeNote } from "./mode-note.js";
import { terminalLine, terminalSafe } from "../terminal.js";
import { pushAll, maxOf } from "../arrays.js";

export function useColor(stream: { readonly isTTY?: boolean }, flag?: boolean): boolean {
  if (flag !== undefined) return flag; // --color / --no-color
  const env = process.env;
  // FORCE_COLOR=0|false turns colour off, any other non-empty value on (also when not a terminal)
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "") return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.TERM === "dumb") return false;
  return Boolean(stream.isTTY);
}

/**
 * Colours come from picocolors, with the decision made above (useColor): NO_COLOR, FORCE_COLOR=0|1,
 * TERM=dumb, --color/--no-color and non-TTY streams are honoured the same way for every writer.
 */
type Style = "red" | "yellow" | "cyan" | "green" | "dim" | "magenta";
// picocolors reads process.stdout when it loads, which loads node:stream: loaded only to paint
let ON: ReturnType<typeof import("picocolors").createColors> | undefined;
const colors = () => (ON ??= (nodeRequire("picocolors") as typeof import("picocolors")).createColors(true));
const paint = (on: boolean, style: Style, s: string) => (on ? colors()[style](s) : s);
export { paint };

export interface TextOptions {
  color: boolean;
  quiet?: boolean;
  /**
   * Everything: passes, skips, infos, the memory-index tables and every finding. Without it the text is
   * summary-first: errors and warnings (at most `limit` of them), then the totals.
   */
  verbose?: boolean;
  /** Closing line for a commit hook: whether the commit is blocked, by how many errors in which files. */
  hook?: boolean;
  /** --max-warnings: more warnings than this fail the run (exit 1), and the summary says so. */
  maxWarnings?: number;
  /** Findings listed without --verbose (default TEXT_FINDINGS_SHOWN); past it, the top rules and files. */
  limit?: number;
}

export { terminalLine, terminalSafe } from "../terminal.js";

/** Findings the text lists without --verbose; past this, the top rules and files and how to see all. */
export const TEXT_FINDINGS_SHOWN = FINDINGS_SHOWN;

/**
 * Human output, summary-first (like eslint's "stylish"): per file, the file name, then one indented
 * line per error or warning (`line:col  severity  message  rule`; whole-file findings have `-` as
 * their location) and the mode a session log was judged in. Past `limit` findings the list stops and
 * the top rules and files follow. Then the totals per rule and per validator and the summary line.
 * Passes, skips, infos and the memory-index tables only with `verbose`. With `hook`, a last line says
 * whether the commit is blocked.
 */
export function formatText(report: Report, opts: TextOptions): string {
  return [...formatTextChunks(report, opts)].join("");
}

/** formatText's text in pieces (one per file group, then the totals): written as it comes. */
export function* formatTextChunks(report: Report, opts: TextOptions): Generator<string> {
  let lines: string[] = [];
  const c = opts.color;
  const verbose = opts.verbose === true;
  const limit = verbose ? Infinity : (opts.limit ?? TEXT_FINDINGS_SHOWN);
  const shows = (sev: string) => (opts.quiet ? sev === "error" : verbose || sev !== "info");
  const groups = new Map<string, Report["results"]>();
  for (const r of report.results) {
    const g = groups.get(r.file);
    if (g) g.push(r);
    else groups.set(r.file, [r]);
  }
  const { byRule, byValidator, infos } = totals(report);
  let listed = 0;
  const hidden = new Hidden(); // findings past the limit
  for (const [file, results] of groups) {
    const body: string[] = [];
    const findings = results.flatMap((r) => r.findings.filter((f) => shows(f.severity)));
    // up to the limit; a cap's summary finding ("199800 more MI-009 errors not listed") always
    const listedHere: Finding[] = [];
    for (const x of findings) {
      if (x.messageId === CAPPED_MESSAGE_ID) listedHere.push(x);
      else if (listed < limit) {
        listedHere.push(x);
        listed++;
      } else hidden.add(x.ruleId, file);
    }
    const locs = listedHere.map((f) => (f.line > 0 ? `${f.line}:${f.column}` : "-"));
    const lw = maxOf(locs.map((l) => l.length), 0);
    listedHere.forEach((f, i) => {
      const sevWord = f.severity === "error" ? "error  " : f.severity === "warning" ? "warning" : "info   ";
      const sev = f.severity === "error" ? paint(c, "red", sevWord) : f.severity === "warning" ? paint(c, "yellow", sevWord) : paint(c, "cyan", sevWord);
      body.push(`  ${locs[i].padEnd(lw)}  ${sev}  ${terminalLine(f.message)}  ${paint(c, "dim", f.ruleId)}`);
    });
    for (const r of results) {
      const note = modeNote(r);
      if (note && (listedHere.length > 0 || !opts.quiet)) body.push(`  ${paint(c, "magenta", "mode")}  ${note}`);
      // the memory-index tables: a failing index or directory by default, every one with --verbose
      if (r.validator === "memory-index" && !opts.quiet && (verbose || r.verdict === "fail" || r.data?.verdict === "fail")) {
        for (const l of memoryIndexText(r, { verbose })) body.push(`  ${terminalSafe(l)}`);
      }
      if (r.verdict === "skip" && verbose && !opts.quiet) body.push(`  ${paint(c, "cyan", "skip")}  ${terminalSafe(r.reason ?? "skipped")}  (${r.validator})`);
    }
    if (body.length === 0) continue;
    lines.push(file === "." ? "(workspace)" : terminalSafe(file));
    pushAll(lines, body).push("");
    if (lines.length >= 256) {
      yield lines.join("\n") + "\n";
      lines = [];
    }
  }
  const notListed = hidden.lines(listed, "--verbose or --format json");
  if (notListed.length > 0) pushAll(lines, notListed).push("");
  const s = report.summary;
  const failed = report.results.filter((r) => r.verdict === "fail").length;
  const skipped = report.results.filter((r) => r.verdict === "skip").length;
  if (byRule.size > 0) {
    lines.push(`By rule: ${byRuleText(byRule)}`);
    const vals = byValidatorText(byValidator);
    if (vals) lines.push(`By validator: ${vals}`);
  }
  if (!verbose && !opts.quiet) {
    // results with a pass verdict and nothing listed: a validator with nothing to say prints nothing
    const passed = report.results.filter((r) => r.verdict === "pass" && !r.findings.some((f) => shows(f.severity))).length;
    const notShown = [infos > 0 ? plural(infos, "info") : "", skipped > 0 ? plural(skipped, "skip") : "", passed > 0 ? `${passed} passing` : ""].filter((x) => x);
    if (notShown.length > 0) lines.push(paint(c, "dim", `Not shown: ${notShown.join(", ")} (--verbose shows them)`));
  }
  const st = runStatus(report, opts.maxWarnings);
  const overLimit = st === "over-limit";
  const nothing = st === "nothing";
  const summary =
    `${plural(s.files, "file")} checked${nothing ? " (nothing to check)" : ""}: ${plural(s.errors, "error")}, ` +
    `${plural(s.warnings, "warning")}${overLimit ? ` (more than --max-warnings ${opts.maxWarnings}: failed)` : ""}, ` +
    `${infos > 0 ? `${plural(infos, "info")}, ` : ""}${failed} failed, ${skipped} skipped (${Math.round(s.durationMs)} ms)`;
  lines.push(s.errors > 0 || overLimit ? paint(c, "red", summary) : paint(c, "green", summary));
  if (opts.hook) {
    const bad = [...new Set(report.results.filter((r) => r.findings.some((f) => f.severity === "error")).map((r) => r.file))];
    const shown = terminalSafe(bad.slice(0, 5).join(", ")) + (bad.length > 5 ? `, and ${bad.length - 5} more` : "");
    lines.push(
      s.errors > 0
        ? paint(c, "red", `agentcheck: commit blocked: ${plural(s.errors, "error")} in ${plural(bad.length, "file")} (${shown})`)
        : overLimit
          ? paint(c, "red", `agentcheck: commit blocked: ${plural(s.warnings, "warning")}, more than --max-warnings ${opts.maxWarnings}`)
          : paint(c, "green", `agentcheck: commit not blocked (${plural(s.warnings, "warning")})`),
    );
  }
  yield lines.join("\n") + "\n";
}
