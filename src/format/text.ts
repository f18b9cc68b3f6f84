// Human output: `file:line:col  severity  message  ruleId`, then a summary line.
import { nodeRequire } from "../node-require.js";
import { findingWeight, runStatus, type Report } from "../report.js";
import { memoryIndexText } from "./memory-index-text.js";
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
  /** Print the memory-index per-domain keyword uniqueness table (check: only with --verbose). */
  verbose?: boolean;
  /** Closing line for a commit hook: whether the commit is blocked, by how many errors in which files. */
  hook?: boolean;
  /** --max-warnings: more warnings than this fail the run (exit 1), and the summary says so. */
  maxWarnings?: number;
}

export { terminalLine, terminalSafe } from "../terminal.js";

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

/**
 * Human output, grouped by file (like eslint's "stylish"): the file name, then one indented line
 * per finding (`line:col  severity  message  rule`; whole-file findings have no location), skips
 * and validator notes. Then the totals per rule and per validator, and the summary line. With
 * `hook`, a last line says whether the commit is blocked.
 */
export function formatText(report: Report, opts: TextOptions): string {
  return [...formatTextChunks(report, opts)].join("");
}

/** formatText's text in pieces (one per file group, then the totals): written as it comes. */
export function* formatTextChunks(report: Report, opts: TextOptions): Generator<string> {
  let lines: string[] = [];
  const c = opts.color;
  const groups = new Map<string, Report["results"]>();
  for (const r of report.results) {
    const g = groups.get(r.file);
    if (g) g.push(r);
    else groups.set(r.file, [r]);
  }
  const ruleCount = new Map<string, { n: number; severity: string }>();
  const byValidator = new Map<string, { errors: number; warnings: number; files: number }>();
  for (const r of report.results) {
    const v = byValidator.get(r.validator) ?? { errors: 0, warnings: 0, files: 0 };
    if (r.verdict !== "skip" || r.findings.length > 0) v.files++;
    for (const f of r.findings) {
      // a cap's summary finding counts the findings it stands for: the totals are the run's
      const w = findingWeight(f);
      if (f.severity === "error") v.errors += w;
      else if (f.severity === "warning") v.warnings += w;
      const k = ruleCount.get(f.ruleId) ?? { n: 0, severity: f.severity };
      k.n += w;
      ruleCount.set(f.ruleId, k);
    }
    byValidator.set(r.validator, v);
  }
  for (const [file, results] of groups) {
    const body: string[] = [];
    const findings = results.flatMap((r) => r.findings.filter((f) => !opts.quiet || f.severity === "error"));
    const locs = findings.map((f) => (f.line > 0 ? `${f.line}:${f.column}` : ""));
    const lw = maxOf(locs.map((l) => l.length), 0);
    findings.forEach((f, i) => {
      const sevWord = f.severity === "error" ? "error  " : f.severity === "warning" ? "warning" : "info   ";
      const sev = f.severity === "error" ? paint(c, "red", sevWord) : f.severity === "warning" ? paint(c, "yellow", sevWord) : paint(c, "cyan", sevWord);
      body.push(`  ${locs[i].padEnd(lw)}  ${sev}  ${terminalLine(f.message)}  ${paint(c, "dim", f.ruleId)}`);
    });
    for (const r of results) {
      if (r.validator === "memory-index" && !opts.quiet) {
        for (const l of memoryIndexText(r, { verbose: opts.verbose ?? false })) body.push(`  ${terminalSafe(l)}`);
      }
      if (r.verdict === "skip" && !opts.quiet) body.push(`  ${paint(c, "cyan", "skip")}  ${terminalSafe(r.reason ?? "skipped")}  (${r.validator})`);
    }
    if (body.length === 0) continue;
    lines.push(file === "." ? "(workspace)" : terminalSafe(file));
    pushAll(lines, body).push("");
    if (lines.length >= 256) {
      yield lines.join("\n") + "\n";
      lines = [];
    }
  }
  const s = report.summary;
  const failed = report.results.filter((r) => r.verdict === "fail").length;
  const skipped = report.results.filter((r) => r.verdict === "skip").length;
  if (ruleCount.size > 0) {
    const rules = [...ruleCount.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    lines.push(`By rule: ${rules.map(([id, k]) => `${id} ${k.n}`).join(", ")}`);
    const vals = [...byValidator.entries()].filter(([, v]) => v.errors + v.warnings > 0).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    if (vals.length > 0) lines.push(`By validator: ${vals.map(([n, v]) => `${n} ${plural(v.errors, "error")}, ${plural(v.warnings, "warning")}`).join("; ")}`);
  }
  const st = runStatus(report, opts.maxWarnings);
  const overLimit = st === "over-limit";
  const nothing = st === "nothing";
  const summary =
    `${plural(s.files, "file")} checked${nothing ? " (nothing to check)" : ""}: ${plural(s.errors, "error")}, ` +
    `${plural(s.warnings, "warning")}${overLimit ? ` (more than --max-warnings ${opts.maxWarnings}: failed)` : ""}, ` +
    `${failed} failed, ${skipped} skipped (${Math.round(s.durationMs)} ms)`;
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
