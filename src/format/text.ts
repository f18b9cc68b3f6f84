// Human output: `file:line:col  severity  message  ruleId`, then a summary line.
import { nodeRequire } from "../node-require.js";
import { CAPPED_MESSAGE_ID, findingWeight, runStatus, type Finding, type Report } from "../report.js";
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
export const TEXT_FINDINGS_SHOWN = 200;
/** Rules and files the "top" lines name when the list is cut. */
const TOP_SHOWN = 10;

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

/** `key count` pairs, largest first (ties by key), at most `n`. */
function top(counts: Map<string, number>, n: number): string {
  const xs = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return xs.slice(0, n).map(([k, v]) => `${terminalSafe(k)} ${v}`).join(", ") + (xs.length > n ? `, and ${xs.length - n} more` : "");
}

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
  const ruleCount = new Map<string, { n: number; severity: string }>();
  const byValidator = new Map<string, { errors: number; warnings: number; infos: number; files: number }>();
  let infos = 0;
  for (const r of report.results) {
    const v = byValidator.get(r.validator) ?? { errors: 0, warnings: 0, infos: 0, files: 0 };
    if (r.verdict !== "skip" || r.findings.length > 0) v.files++;
    for (const f of r.findings) {
      // a cap's summary finding counts the findings it stands for: the totals are the run's
      const w = findingWeight(f);
      if (f.severity === "error") v.errors += w;
      else if (f.severity === "warning") v.warnings += w;
      else {
        v.infos += w;
        infos += w;
      }
      const k = ruleCount.get(f.ruleId) ?? { n: 0, severity: f.severity };
      k.n += w;
      ruleCount.set(f.ruleId, k);
    }
    byValidator.set(r.validator, v);
  }
  let listed = 0;
  let hidden = 0; // findings past the limit
  const hiddenRules = new Map<string, number>();
  const hiddenFiles = new Map<string, number>();
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
      } else {
        hidden++;
        hiddenRules.set(x.ruleId, (hiddenRules.get(x.ruleId) ?? 0) + 1);
        hiddenFiles.set(file, (hiddenFiles.get(file) ?? 0) + 1);
      }
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
  if (hidden > 0) {
    lines.push(
      `${plural(hidden, "more finding")} not listed (the first ${listed} are): every finding with --verbose or --format json`,
      `  top rules: ${top(hiddenRules, TOP_SHOWN)}`,
      `  top files: ${top(hiddenFiles, TOP_SHOWN)}`,
      "",
    );
  }
  const s = report.summary;
  const failed = report.results.filter((r) => r.verdict === "fail").length;
  const skipped = report.results.filter((r) => r.verdict === "skip").length;
  if (ruleCount.size > 0) {
    const rules = [...ruleCount.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    lines.push(`By rule: ${rules.map(([id, k]) => `${id} ${k.n}`).join(", ")}`);
    const vals = [...byValidator.entries()].filter(([, v]) => v.errors + v.warnings + v.infos > 0).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    if (vals.length > 0) {
      const counts = (v: { errors: number; warnings: number; infos: number }) =>
        `${plural(v.errors, "error")}, ${plural(v.warnings, "warning")}${v.infos > 0 ? `, ${plural(v.infos, "info")}` : ""}`;
      lines.push(`By validator: ${vals.map(([n, v]) => `${n} ${counts(v)}`).join("; ")}`);
    }
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
