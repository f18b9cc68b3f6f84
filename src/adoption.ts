// Adopting agentcheck on an existing repository (issue 14): ignores, inline disable directives and a
// baseline, applied to a finished result list by every validating command (through output.finish).
//  - ignores: results and findings for ignored paths are dropped (src/ignores.ts; gitignore syntax).
//  - overrides: the configuration's per-file rule severities re-grade or drop findings (src/overrides.ts).
//  - inline directives in markdown files: the core decides which findings they suppress (the pre-pr
//    module's "dir" family, assembly/validators/pre-pr/directives.ts); the host only removes the findings
//    the core names and, with --report-unused-disable, adds the core's AC-010 findings.
//  - baseline: findings recorded by `agentcheck baseline` are matched by a fingerprint (rule, file and the
//    message with line and column numbers blanked, plus the occurrence number among identical ones),
//    never by line numbers; matched findings are dropped and counted.
import type { FileSource } from "./source.js";
import { DEFAULT_READ_LIMIT, readTextOrThrow } from "./fsread.js";
import { sha256Hex } from "./sha256.js";
import { existsSync } from "node:fs";
import { namedFileRoot, writeFileConfined, WriteRefusedError } from "./fswrite.js";
import { join } from "node:path";
import { executeValidator, loadFile, type ContentDoc } from "./engine.js";
import { UsageError, verdictOf, type FileResult, type Finding } from "./report.js";
import type { IgnoreMatcher } from "./ignores.js";
import { overriddenSeverity, type FileOverrides } from "./overrides.js";
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
  /** Baseline file to apply (absolute), when one is in use. */
  baseline?: string;
  /**
   * The baseline's content when it is not read from `baseline` on disk (`check --staged`: the staged
   * .agentcheck-baseline.json, what CI applies after the commit).
   */
  baselineText?: string;
  maxFileBytes?: number;
  /**
   * Bytes of files this run already read from the working tree, by absolute path (a validator fills
   * it as it reads, e.g. the session logs), so the directive pass does not read them again.
   */
  sources?: Map<string, Uint8Array>;
  /**
   * Where the validated files were read from when that is not the working tree (`check --staged`:
   * the git index): the directives are read from the same content the findings are about.
   */
  source?: FileSource;
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

/** Stable fingerprint of a finding: rule, file, message without line/column numbers. */
export function fingerprintBase(f: Finding): string {
  const msg = f.message
    .replace(/\b(lines?|rows?|columns?|col)\s+\d+(\s*[-–]\s*\d+)?/gi, "$1 #")
    .replace(/:\d+(:\d+)?\b/g, ":#")
    .replace(/\s+/g, " ")
    .trim();
  return sha256Hex(`${f.ruleId}\0${f.file}\0${msg}`).slice(0, 32);
}

/** Fingerprints of a list of findings (in report order): base + "#n" for the n-th identical one. */
export function fingerprints(findings: Finding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const b = fingerprintBase(f);
    const n = (seen.get(b) ?? 0) + 1;
    seen.set(b, n);
    return `${b}#${n}`;
  });
}

interface BaselineFile {
  tool: "agentcheck";
  version: 1;
  /** `severity`: the finding's severity when it was recorded (absent in baselines written before 0.1.x
   * recorded it: such an entry matches any severity). */
  findings: { fingerprint: string; ruleId: string; file: string; message: string; severity?: string }[];
}

const SEVERITY_RANK: Record<string, number> = { info: 0, warning: 1, error: 2 };

export function readBaseline(file: string, given?: string, root?: string): BaselineFile {
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
  const b = v as BaselineFile;
  if (!b || b.tool !== "agentcheck" || b.version !== 1 || !Array.isArray(b.findings)) {
    throw new UsageError(`${file} is not an agentcheck baseline (version 1); regenerate it with agentcheck baseline`);
  }
  return b;
}

function sorted(results: FileResult[]): Finding[] {
  const all = results.flatMap((r) => r.findings);
  return all.sort((a, b) => (a.file !== b.file ? (a.file < b.file ? -1 : 1) : a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)));
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
 * many entries of an existing baseline were kept. A run that validated only part of the workspace
 * (`--only`, `--staged`, named files) replaces the entries of the files it validated and keeps the
 * others: a narrower run never drops what it did not look at.
 */
export function writeBaseline(file: string, results: FileResult[], root?: string): { written: number; kept: number } {
  const findings = sorted(results);
  const fps = fingerprints(findings);
  const fresh = findings.map((f, i) => ({ fingerprint: fps[i], ruleId: f.ruleId, file: f.file, severity: f.severity, message: f.message.length > 200 ? `${f.message.slice(0, 199)}…` : f.message }));
  let kept: BaselineFile["findings"] = [];
  if (existsSync(file)) {
    const seen = validatedFiles(results);
    const partial = partialFiles(results);
    const now = new Set(fps);
    try {
      // entries of files that are gone are dropped: nobody can validate them again; entries of a log
      // validated in a partial mode are kept unless found again
      kept = readBaseline(file, undefined, root).findings.filter((e) => (!seen.has(e.file) || (partial.has(e.file) && !now.has(e.fingerprint))) && (root === undefined || existsSync(join(root, e.file))));
    } catch {
      /* an unreadable baseline holds nothing to keep: writing a new one is how it is repaired */
    }
  }
  const all = kept.length === 0 ? fresh : [...fresh, ...kept].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const doc: BaselineFile = {
    tool: "agentcheck",
    version: 1,
    findings: all,
  };
  try {
    writeFileConfined(file, JSON.stringify(doc, null, 2) + "\n", { root: namedFileRoot(file, root) });
  } catch (e) {
    throw new UsageError(`cannot write the baseline ${file}: ${e instanceof WriteRefusedError ? e.message : ((e as NodeJS.ErrnoException).code ?? (e as Error).message)}`);
  }
  return { written: all.length, kept: kept.length };
}

/** Core pass: which findings the inline directives of markdown files suppress, plus unused-directive findings. */
function applyDirectives(results: FileResult[], o: AdoptionOptions, stats: AdoptionStats): FileResult[] {
  // every markdown result, also one without findings: a directive that ends a table or a list is a
  // finding (AC-011) exactly when the rows it cut off report nothing
  const md = [...new Set(results.filter((r) => /\.(md|markdown)$/i.test(r.file)).map((r) => r.file))].sort();
  if (md.length === 0) return results;
  const docs: ContentDoc[] = [];
  // the git index: every file's blob in one batch (a read each would cost a git process per folder)
  if (o.source && o.source.kind !== "disk") o.source.prefetch?.(md);
  for (const file of md) {
    const abs = join(o.root, file);
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
      lf = seen !== undefined && seen.length <= max ? { file, bytes: seen } : loadFile(abs, file, max);
    }
    if (!lf.bytes || !lf.bytes.includes(0x3c)) continue; // no "<": no directive
    const text = Buffer.from(lf.bytes).toString("utf8");
    if (!text.includes("agentcheck-")) continue;
    docs.push({ file, kind: KIND.PREPR_FILE, bytes: lf.bytes });
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
  const out = executeValidator("pre-pr", docs, { family: "dir", findings: lines, reportUnused: o.reportUnusedDisable === true });
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
    const ovs = o.overrides;
    out = out.map((r) => {
      let changed = false;
      const kept: Finding[] = [];
      for (const f of r.findings) {
        const sev = overriddenSeverity(ovs, f);
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
    const base = readBaseline(o.baseline, o.baselineText, o.root);
    // per fingerprint, the recorded severities not matched yet: a finding is known when an entry
    // recorded it at its severity or a higher one (a recorded warning that is an error now, through
    // a configured severity, is reported again)
    const remaining = new Map<string, number[]>();
    for (const e of base.findings) {
      const rank = typeof e.severity === "string" && e.severity in SEVERITY_RANK ? SEVERITY_RANK[e.severity] : Infinity;
      const l = remaining.get(e.fingerprint);
      if (l) l.push(rank);
      else remaining.set(e.fingerprint, [rank]);
    }
    const order = sorted(out);
    const fps = fingerprints(order);
    const known = new Set<Finding>();
    const present = new Set(fps);
    order.forEach((f, i) => {
      const l = remaining.get(fps[i]);
      const at = l ? l.findIndex((rank) => rank >= (SEVERITY_RANK[f.severity] ?? 2)) : -1;
      if (at >= 0) {
        l!.splice(at, 1);
        known.add(f);
      }
    });
    stats.baselined = known.size;
    // fixed: entries of files this run validated that it no longer finds (a file it did not look at,
    // under --only, --staged or named files, says nothing about its entries; nor does a session log
    // validated in creation or record mode, which leaves rules out: partialFiles)
    const seen = validatedFiles(results);
    for (const p of partialFiles(results)) seen.delete(p);
    const fileOf = new Map(base.findings.map((e) => [e.fingerprint, e.file]));
    stats.fixed = 0;
    for (const [fp, l] of remaining) if (l.length > 0 && !present.has(fp) && seen.has(fileOf.get(fp) ?? "")) stats.fixed += l.length;
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
