// Adopting agentcheck on an existing repository (issue 14): ignores, inline disable directives and a
// baseline, applied to a finished result list by every validating command (through output.finish).
//  - ignores: results and findings for ignored paths are dropped (src/ignores.ts; gitignore syntax).
//  - overrides: the configuration's per-file rule severities re-grade or drop findings (src/overrides.ts).
//  - inline directives in markdown files: the core decides which findings they suppress (the pre-pr
//    module's "dir" family, assembly/validators/pre-pr/directives.ts); the host only removes the findings
//    the core names and, with --report-unused-disable, adds the core's AC-010 findings.
//  - baseline: `agentcheck baseline` records how many findings of each rule each file has (ESLint's bulk
//    suppressions); while a file has no more of a rule's findings than recorded they are dropped and
//    counted, never matched by line numbers or message wording.
import type { RuleSettings } from "./run-settings.js";
import type { FileSource } from "./source.js";
import { DEFAULT_READ_LIMIT, readTextOrThrow } from "./fsread.js";
import { existsSync, type Dirent } from "node:fs";
import { namedFileRoot, writeFileConfined, WriteRefusedError } from "./fswrite.js";
import { joinPath } from "./fspath.js";
import { join } from "node:path";
import { executeValidator, loadFile, type ContentDoc } from "./engine.js";
import { UsageError, verdictOf, type FileResult, type Finding } from "./report.js";
import type { IgnoreMatcher } from "./ignores.js";
import { overriddenSeverities, type FileOverrides } from "./overrides.js";
import { pushAll } from "./arrays.js";
import { isMarkdown } from "./glob.js";
import { KIND } from "./wasm/abi.js";
import { decodeList } from "./wasm/list.js";

export const BASELINE_FILE = ".agentcheck-baseline.json";

export interface AdoptionOptions {
  root: string;
  ignores?: IgnoreMatcher;
  /** The configuration's per-file rule severities (`overrides`). */
  overrides?: FileOverrides;
  /** Apply inline directives (default true). */
  directives?: boolean;
  reportUnusedDisable?: boolean;
  /** The baseline to apply, read once before the run's work (loadBaseline), when one is in use. */
  baseline?: LoadedBaseline;
  maxFileBytes?: number;
  /**
   * Bytes of files this run already read from the working tree, by absolute path (a validator fills
   * it as it reads, e.g. the session logs), so the directive pass does not read them again.
   */
  sources?: Map<string, Uint8Array>;
  /**
   * What directory listings of this run said of files, by absolute path (a validator that listed a
   * folder adds the files it reports on), so the directive pass's bounded read skips its lstat
   * (ReadOptions.entry).
   */
  entries?: Map<string, Dirent>;
  /**
   * Where the validated files were read from when that is not the working tree (`check --staged`:
   * the git index): the directives are read from the same content the findings are about.
   */
  source?: FileSource;
  /** The run's rule options and severities (the directive rules, DIR-*). */
  rules?: RuleSettings;
}

export interface AdoptionStats {
  ignored: number;
  suppressed: number;
  /** Findings switched off for their file by the configuration's overrides. */
  overridden: number;
  baselined: number;
  /** Baseline entries no longer found (fixed). */
  fixed: number;
}

function recompute(r: FileResult, findings: Finding[]): FileResult {
  return { ...r, findings, verdict: r.verdict === "skip" ? "skip" : verdictOf(findings, false) };
}

/**
 * A baseline in the style of ESLint's bulk suppressions: per file, per rule, how many findings are
 * known; files grouped by folder, keys sorted, one line per file, so a review diff shows which file's
 * counts moved; nothing in it moves with line numbers or message wording.
 *
 *   { "tool": "agentcheck", "version": 2,
 *     "severity": { "SP-108": "error", "SP-109": "warning" },
 *     "files": { ".agents/sessions/": { "a.json": { "SP-108": 3, "SP-109": 2 } } } }
 *
 * `severity`: the highest severity each rule was recorded at; a finding now more severe than that (a
 * warning re-graded to an error) is shown again. Version 1 files (one entry per finding with a
 * fingerprint) are still read, as counts.
 */
export type BaselineCounts = Map<string, Map<string, { count: number; rank: number }>>;

const SEVERITIES = ["info", "warning", "error"] as const;
const SEVERITY_RANK: Record<string, number> = { info: 0, warning: 1, error: 2 };
/** An entry of a version-1 baseline without a severity matched findings of any severity. */
const ANY_SEVERITY = 3;

function bump(m: BaselineCounts, file: string, rule: string, count: number, rank: number): void {
  let byRule = m.get(file);
  if (!byRule) m.set(file, (byRule = new Map()));
  const e = byRule.get(rule);
  if (e) {
    e.count += count;
    e.rank = Math.max(e.rank, rank);
  } else byRule.set(rule, { count, rank });
}

/** The counts of a list of results: per file and rule, how many findings and their highest severity. */
function countsOf(results: FileResult[]): BaselineCounts {
  const m: BaselineCounts = new Map();
  for (const r of results) for (const f of r.findings) bump(m, f.file, f.ruleId, 1, SEVERITY_RANK[f.severity] ?? 2);
  return m;
}

/** A baseline read and checked before any work: its file (absolute), its counts, and where it was read from. */
export interface LoadedBaseline {
  readonly file: string;
  readonly counts: BaselineCounts;
  /** Read from the git index (`check --staged`: what CI applies after the commit), not the working tree. */
  readonly staged: boolean;
}

/** Read and check the baseline `file` (or its given content, the staged one); a broken one is a UsageError. */
export function loadBaseline(file: string, root: string, stagedText?: string): LoadedBaseline {
  return { file, counts: readBaseline(file, stagedText, root), staged: stagedText !== undefined };
}

/**
 * What an existing baseline at `file` holds, for `agentcheck baseline` to keep what its run does not
 * judge: nothing when there is none or it cannot be read (writing a new one is how it is repaired).
 */
export function previousBaseline(file: string, root?: string): BaselineCounts {
  if (!existsSync(file)) return new Map();
  try {
    return readBaseline(file, undefined, root);
  } catch {
    return new Map();
  }
}

export function readBaseline(file: string, given?: string, root?: string): BaselineCounts {
  let text: string;
  if (given !== undefined) text = given;
  else {
    try {
      text = readTextOrThrow(file, { maxBytes: DEFAULT_READ_LIMIT, root: namedFileRoot(file, root) });
    } catch (e) {
      throw new UsageError(`cannot read the baseline ${file}: ${(e as Error).message}`);
    }
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file} is not a baseline (not JSON: ${(e as Error).message}); regenerate it with agentcheck baseline`);
  }
  const bad = () => new UsageError(`${file} is not an agentcheck baseline (version 1 or 2); regenerate it with agentcheck baseline`);
  const b = v as { tool?: unknown; version?: unknown; findings?: unknown } & Record<string, unknown>;
  if (!b || typeof b !== "object" || b.tool !== "agentcheck") throw bad();
  const m: BaselineCounts = new Map();
  if (b.version === 1 && Array.isArray(b.findings)) {
    for (const e of b.findings as { ruleId?: unknown; file?: unknown; severity?: unknown }[]) {
      if (!e || typeof e.ruleId !== "string" || typeof e.file !== "string") throw bad();
      bump(m, e.file, e.ruleId, 1, typeof e.severity === "string" && e.severity in SEVERITY_RANK ? SEVERITY_RANK[e.severity] : ANY_SEVERITY);
    }
    return m;
  }
  if (b.version !== 2) throw bad();
  const sev = b.severity ?? {};
  const files = b.files ?? {};
  const isMap = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);
  if (!isMap(sev) || !isMap(files)) throw bad();
  for (const [dir, names] of Object.entries(files)) {
    if (!isMap(names)) throw bad();
    for (const [name, rules] of Object.entries(names)) {
      if (!isMap(rules)) throw bad();
      for (const [rule, n] of Object.entries(rules)) {
        if (!Number.isInteger(n) || (n as number) < 0) throw bad();
        const s = sev[rule];
        bump(m, dir + name, rule, n as number, typeof s === "string" && s in SEVERITY_RANK ? SEVERITY_RANK[s] : ANY_SEVERITY);
      }
    }
  }
  return m;
}

/** The baseline's text: sorted keys, files grouped by folder, one line per file. */
export function baselineText(m: BaselineCounts): string {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const rank = new Map<string, number>();
  const dirs = new Map<string, [string, [string, number][]][]>();
  for (const file of [...m.keys()].sort(cmp)) {
    const rules = [...m.get(file)!.entries()].filter(([, e]) => e.count > 0).sort((a, b) => cmp(a[0], b[0]));
    if (rules.length === 0) continue;
    for (const [id, e] of rules) rank.set(id, Math.max(rank.get(id) ?? -1, e.rank));
    const cut = file.lastIndexOf("/") + 1;
    const dir = file.slice(0, cut);
    const l = dirs.get(dir) ?? [];
    l.push([file.slice(cut), rules.map(([id, e]) => [id, e.count])]);
    dirs.set(dir, l);
  }
  // a rule recorded without a severity (version 1) is written at the highest, error
  const sevs = [...rank.entries()].sort((a, b) => cmp(a[0], b[0])).map(([id, r]) => `${JSON.stringify(id)}: ${JSON.stringify(SEVERITIES[Math.min(r, 2)])}`);
  const groups = [...dirs.keys()].sort(cmp).map((dir) => {
    const lines = dirs.get(dir)!.map(([name, rules]) => `    ${JSON.stringify(name)}: { ${rules.map(([id, n]) => `${JSON.stringify(id)}: ${n}`).join(", ")} }`);
    return `  ${JSON.stringify(dir)}: {\n${lines.join(",\n")}\n  }`;
  });
  return `{\n"tool": "agentcheck",\n"version": 2,\n"severity": { ${sevs.join(", ")} },\n"files": {\n${groups.join(",\n")}\n}\n}\n`;
}

/** The files a run validated: every result's file and every finding's (what a baseline entry can be judged by). */
export function validatedFiles(results: FileResult[]): Set<string> {
  const out = new Set<string>();
  for (const r of results) {
    out.add(r.file);
    for (const f of r.findings) if (f.file) out.add(f.file);
  }
  return out;
}

/**
 * Files a session-log result covers in a mode that does not run every rule (data.mode "creation" or
 * "record", decided by the core: SP-120, docs/session-logs.md "Modes"). A finding missing there may
 * belong to a rule the mode left out, so their baseline entries are neither counted fixed nor
 * replaced by such a run; a full run (a whole-tree `check`, `--mode full`) judges them.
 */
export function partialFiles(results: FileResult[]): Set<string> {
  const out = new Set<string>();
  for (const r of results) if (r.data?.mode === "creation" || r.data?.mode === "record") out.add(r.file);
  return out;
}

/**
 * Write the baseline for these results (atomically); returns the number of findings recorded and how
 * many (file, rule) entries of an existing baseline were kept. A run that validated only part of the
 * workspace (`--only`, `--staged`, named files) replaces the entries of the files it validated and keeps
 * the others: a narrower run never drops what it did not look at. Entries of files that are gone are
 * dropped. With `prune`, nothing is added: the entries of the files the run validated go down to what it
 * still finds (`baseline --prune`).
 */
export function writeBaseline(file: string, results: FileResult[], root?: string, opts: { prune?: boolean; previous?: BaselineCounts } = {}): { written: number; kept: number } {
  const now = countsOf(results);
  // what the file held before the run (previousBaseline, read once at the run's start)
  const old: BaselineCounts = opts.previous ?? new Map();
  const seen = validatedFiles(results);
  const partial = partialFiles(results);
  const out: BaselineCounts = new Map();
  let kept = 0;
  for (const [f, rules] of old) {
    if (root !== undefined && f !== "." && !existsSync(join(root, f))) continue;
    for (const [rule, e] of rules) {
      const n = now.get(f)?.get(rule);
      if (!seen.has(f) || (partial.has(f) && !opts.prune)) {
        // not judged by this run (a log in a partial mode may lack the rule): kept, raised to what it finds
        bump(out, f, rule, Math.max(e.count, n?.count ?? 0), Math.max(e.rank, n?.rank ?? 0));
        kept++;
      } else if (opts.prune && partial.has(f)) bump(out, f, rule, e.count, e.rank);
      else if (opts.prune && n) bump(out, f, rule, Math.min(e.count, n.count), e.rank === ANY_SEVERITY ? n.rank : e.rank);
    }
  }
  if (!opts.prune) {
    for (const [f, rules] of now) {
      for (const [rule, n] of rules) if (!(out.get(f)?.has(rule))) bump(out, f, rule, n.count, n.rank);
    }
  }
  let written = 0;
  for (const rules of out.values()) for (const e of rules.values()) written += e.count;
  try {
    writeFileConfined(file, baselineText(out), { root: namedFileRoot(file, root) });
  } catch (e) {
    throw new UsageError(`cannot write the baseline ${file}: ${e instanceof WriteRefusedError ? e.message : ((e as NodeJS.ErrnoException).code ?? (e as Error).message)}`);
  }
  return { written, kept };
}

/** Core pass: which findings the inline directives of markdown files suppress, plus unused-directive findings. */
function applyDirectives(results: FileResult[], o: AdoptionOptions, stats: AdoptionStats): FileResult[] {
  // every markdown result, also one without findings: a directive that ends a table or a list is a
  // finding (AC-011) exactly when the rows it cut off report nothing
  const md = [...new Set(results.filter((r) => isMarkdown(r.file)).map((r) => r.file))].sort();
  if (md.length === 0) return results;
  const docs: ContentDoc[] = [];
  // the git index: every file's blob in one batch (a read each would cost a git process per folder)
  if (o.source && o.source.kind !== "disk") o.source.prefetch?.(md);
  // the working tree: one realpath per folder, not one per file (a memories folder has hundreds)
  const realDirs = new Map<string, string>();
  for (const file of md) {
    const abs = joinPath(o.root, file);
    const max = o.maxFileBytes ?? 8 * 1024 * 1024;
    let lf: { bytes?: Uint8Array };
    if (o.source && o.source.kind !== "disk") {
      // the staged content: a directive only in the working tree suppresses nothing of the commit
      try {
        const b = o.source.read(file);
        lf = { bytes: b.length <= max ? b : undefined };
      } catch {
        lf = {};
      }
    } else {
      const seen = o.sources?.get(abs);
      lf = seen !== undefined && seen.length <= max ? { file, bytes: seen } : loadFile(abs, file, max, undefined, { realDirs, entry: o.entries?.get(abs) });
    }
    const b = lf.bytes;
    if (!b || !b.includes(0x3c)) continue; // no "<": no directive
    // the marker is ASCII, looked for in the bytes (no copy, no decoding): an ASCII byte is itself in
    // the decoded text, and no other byte decodes to an ASCII character
    // (a Buffer as it is: Buffer.from's JavaScript for a view is compiled on a short run's first use)
    if ((b instanceof Buffer ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength)).indexOf("agentcheck-") < 0) continue;
    docs.push({ file, kind: KIND.PREPR_FILE, bytes: b });
  }
  if (docs.length === 0) return results;
  const ordinal = new Map(docs.map((d, i) => [d.file, i]));
  const refs: { r: number; f: number }[] = [];
  const lines: string[] = [];
  results.forEach((r, ri) =>
    r.findings.forEach((f, fi) => {
      const di = ordinal.get(f.file);
      if (di === undefined) return;
      refs.push({ r: ri, f: fi });
      lines.push(String(di), String(f.line), f.ruleId); // (docOrdinal, line, ruleId) triples
    }),
  );
  const out = executeValidator("pre-pr", docs, { family: "dir", findings: lines, reportUnused: o.reportUnusedDisable === true }, { rules: o.rules });
  if (out.internalErrors.length > 0) throw new Error(`internal error applying disable directives: ${out.internalErrors.join("; ")}`);
  const drop = new Set<string>();
  const extra = new Map<string, Finding[]>();
  for (const r of out.results) {
    for (const n of r.data?.suppressed !== undefined ? decodeList(r.data.suppressed) : []) {
      const ref = refs[Number(n)];
      if (ref) drop.add(`${ref.r}:${ref.f}`);
    }
    if (r.findings.length > 0) extra.set(r.file, r.findings);
  }
  stats.suppressed += drop.size;
  const next = results.map((r, ri) => {
    const kept = r.findings.filter((_, fi) => !drop.has(`${ri}:${fi}`));
    const add = extra.get(r.file);
    if (add) extra.delete(r.file);
    return kept.length === r.findings.length && !add ? r : recompute(r, add ? [...kept, ...add] : kept);
  });
  return next;
}

/** Apply ignores, inline directives and the baseline; returns the results left and what was removed. */
export function applyAdoption(results: FileResult[], o: AdoptionOptions): { results: FileResult[]; stats: AdoptionStats } {
  const stats: AdoptionStats = { ignored: 0, suppressed: 0, overridden: 0, baselined: 0, fixed: 0 };
  let out = results;
  if (o.ignores && o.ignores.patterns.length > 0) {
    const ig = o.ignores;
    out = [];
    for (const r of results) {
      if (r.file !== "." && ig.ignored(r.file)) {
        stats.ignored++;
        continue;
      }
      const kept = r.findings.filter((f) => !(f.file && f.file !== "." && ig.ignored(f.file)));
      out.push(kept.length === r.findings.length ? r : recompute(r, kept));
    }
  }
  if (o.overrides) {
    // one core call for every finding of the run
    const all: Finding[] = [];
    for (const r of out) pushAll(all, r.findings);
    const graded = overriddenSeverities(o.overrides, all);
    let at = 0;
    out = out.map((r) => {
      let changed = false;
      const kept: Finding[] = [];
      for (const f of r.findings) {
        const sev = graded[at++];
        if (sev === f.severity) kept.push(f);
        else {
          changed = true;
          if (sev === "off") stats.overridden++;
          else kept.push({ ...f, severity: sev });
        }
      }
      return changed ? recompute(r, kept) : r;
    });
  }
  if (o.directives !== false) out = applyDirectives(out, o, stats);
  if (o.baseline) {
    const base = o.baseline.counts;
    // per (file, rule): the findings at or under the recorded severity are known while there are no
    // more of them than recorded; past the count every one is shown (which one is new cannot be told),
    // as ESLint's bulk suppressions do
    const now = new Map<string, Finding[]>();
    const present = new Map<string, number>(); // every finding per (file, rule), at any severity
    for (const r of out) {
      for (const f of r.findings) {
        const e = base.get(f.file)?.get(f.ruleId);
        if (e) present.set(`${f.file}\0${f.ruleId}`, (present.get(`${f.file}\0${f.ruleId}`) ?? 0) + 1);
        if (!e || (SEVERITY_RANK[f.severity] ?? 2) > e.rank) continue;
        const k = `${f.file}\0${f.ruleId}`;
        const l = now.get(k);
        if (l) l.push(f);
        else now.set(k, [f]);
      }
    }
    const known = new Set<Finding>();
    for (const [k, l] of now) {
      const [file, rule] = k.split("\0");
      if (l.length <= base.get(file)!.get(rule)!.count) for (const f of l) known.add(f);
    }
    stats.baselined = known.size;
    // fixed: recorded findings of files this run validated that it no longer finds (a file it did not
    // look at, under --only, --staged or named files, says nothing about its entries; nor does a session
    // log validated in creation or record mode, which leaves rules out: partialFiles)
    const seen = validatedFiles(results);
    for (const p of partialFiles(results)) seen.delete(p);
    stats.fixed = 0;
    for (const [file, rules] of base) {
      if (!seen.has(file)) continue;
      for (const [rule, e] of rules) {
        const n = present.get(`${file}\0${rule}`) ?? 0;
        if (n < e.count) stats.fixed += e.count - n;
      }
    }
    out = out.map((r) => {
      const kept = r.findings.filter((f) => !known.has(f));
      return kept.length === r.findings.length ? r : recompute(r, kept);
    });
  }
  return { results: out === results ? out : syncMemoryIndexData(results, out), stats };
}

/**
 * The memory-index core's verdicts in `data` (per domain index, and the folder's Result with its
 * passed/failed domain counts) describe the findings it reported. When ignores, directives or a
 * baseline drop findings, they follow what is left, as the results' own verdicts do (recompute):
 * an index whose errors are all gone passes, and the folder fails only while an error remains.
 */
function syncMemoryIndexData(before: FileResult[], after: FileResult[]): FileResult[] {
  const original = new Set(before);
  let nowPassing = 0;
  let out = after.map((r) => {
    if (r.validator !== "memory-index" || original.has(r) || r.data?.entries === undefined || r.data.verdict !== "fail" || r.verdict === "fail") return r;
    nowPassing++;
    return { ...r, data: { ...r.data, verdict: "pass" } };
  });
  const errorsLeft = out.some((r) => r.validator === "memory-index" && r.findings.some((f) => f.severity === "error"));
  out = out.map((r) => {
    const d = r.data;
    if (r.validator !== "memory-index" || d?.domains === undefined || d.verdict !== "fail") return r;
    if (nowPassing === 0 && errorsLeft) return r;
    const failed = Math.max(0, Number(d.failed_domains ?? "0") - nowPassing);
    const domains = Number(d.domains);
    return { ...r, data: { ...d, passed_domains: String(domains - failed), failed_domains: String(failed), verdict: errorsLeft ? "fail" : "pass" } };
  });
  return out;
}
