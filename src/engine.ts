// Runs one WASM validator over a batch of files and turns the packed result into FileResults.
// The host's only decisions here are mechanical: files over the size limit and unreadable files
// never reach the module; an abort in the module becomes an internal error for the file(s) involved.
import { readBounded, ReadRefusedError, type ReadOptions, type Refusal } from "./fsread.js";
import type { FileSource } from "./source.js";
import { KIND, type WasmValidator } from "./wasm/abi.js";
import { encodeList } from "./wasm/list.js";
import { runCached, type CoreCache } from "./core-cache.js";
import { docSize, factBytes, runValidator, ruleById, rulesOf, renderMessage, WasmAbortError, WasmOutOfMemoryError, type DocInput, type RawResult } from "./wasm/loader.js";
import { type FileResult, type Finding, type Severity, UsageError, verdictOf } from "./report.js";
import type { FactKey } from "./wasm/contract.js";
import { ruleOptionsProblem } from "./config-validate.js";
import { pushAll } from "./arrays.js";
import { DEFAULT_RULE_SETTINGS, type RuleOptions, type RuleSettings } from "./run-settings.js";

export const DEFAULT_MAX_FILE_BYTES = 8 * 1024 * 1024;
/**
 * Upper bound of input bytes handed to the module in one call (keeps linear memory bounded: the
 * core holds a batch's findings until it returns them, about 9 bytes of memory per input byte on the
 * JSON logs, and its memory never shrinks, so the largest call sets it for the whole run; 8 MB
 * instead of 24 MB took 100× the corpus logs from 1.10 to 1.01 GB peak RSS; 1 MB instead of 8 MB
 * took the core's memory on a whole-repository check of today's upstream from 39 to 20 MB, same
 * results, CPU unchanged within noise: docs/benchmarks.md).
 */
const BATCH_BYTES = 1024 * 1024;
/**
 * Limit of the core's input arena per call (documents + facts). A call past it is never made: the
 * file gets AC-903. Facts are bounded (lists are capped by their producers), so only a file near
 * the size limit together with large facts can reach it.
 */
export const MAX_ARENA_BYTES = 64 * 1024 * 1024;

type ProgressFn = (done: number, total: number) => void;
let progress: ProgressFn | undefined;
/** Report files done / total after each core call (the CLI shows it on a terminal only). */
export function setProgress(fn: ProgressFn | undefined): void {
  progress = fn;
}
/** Documents per core call when progress is shown (so that it moves). */
const PROGRESS_BATCH_DOCS = 100;

/** What kind of failure a core call ended in: abort (assert in the core), a WebAssembly trap, or a host exception. */
export function failureKind(e: unknown): string {
  if (e instanceof WasmAbortError) return "abort";
  if (e instanceof WasmOutOfMemoryError) return "trap: out of memory";
  if (e instanceof WebAssembly.RuntimeError) {
    const m = e.message.toLowerCase();
    if (m.includes("unreachable")) return "trap: unreachable";
    if (m.includes("out of bounds")) return "trap: out of bounds memory access";
    if (m.includes("stack")) return "trap: stack overflow";
    if (m.includes("divide") || m.includes("remainder")) return "trap: integer division";
    return `trap: ${e.message}`;
  }
  if (e instanceof RangeError && /call stack/i.test(e.message)) return "trap: stack overflow";
  if (e instanceof Error) return `exception: ${e.name}`;
  return "exception";
}

export interface ContentDoc {
  /** Repo-relative path (forward slashes). */
  file: string;
  kind: number;
  flags?: number;
  bytes: Uint8Array;
}

/** A fact's value as the host supplies it (lists travel encoded, booleans as "1"/"0": factDocs). */
export type FactValue = string | boolean | number | string[] | null | undefined;
/**
 * Facts for one run, keyed by the keys declared in contract/interface.json (FactKey, generated into
 * src/wasm/contract.ts): a key the contract does not declare does not compile.
 */
export type Facts = { [K in FactKey]?: FactValue };

export interface LoadedFile {
  file: string;
  bytes?: Uint8Array;
  /** Set when the file could not be handed to the core. */
  problem?: Finding;
}

/** A finding of a host-reported rule (AC-9xx): message "detail" of the rule, declared in assembly/. */
export function hostFinding(id: string, file: string, detail: string): Finding {
  const data = { detail };
  return {
    ruleId: id,
    severity: ruleById(id)?.severity ?? "error",
    file,
    line: 0,
    column: 0,
    messageId: "detail",
    data,
    message: renderMessage(id, "detail", data),
  };
}

/** The host finding (AC-900 / AC-901) for a file the bounded reader refused. */
export function refusalFinding(file: string, refusal: Refusal): Finding {
  return hostFinding(refusal.ruleId, file, refusal.detail);
}

/**
 * Read a file for validation through the bounded reader (src/fsread.ts): special files, dangling
 * links, link loops, files over the size limit and (with `root`) links out of the repository are
 * refused with AC-900 / AC-901 instead of being read.
 */
export function loadFile(abs: string, file: string, maxBytes: number, root?: string, known?: Pick<ReadOptions, "entry" | "realDirs">): LoadedFile {
  const r = readBounded(abs, { maxBytes, root, ...known });
  return r.ok ? { file, bytes: r.bytes } : { file, problem: refusalFinding(file, r.refusal) };
}

/**
 * The one bounded read of a workspace artifact through a FileSource (working tree or git index):
 * the size limit before reading (AC-900), then the source's own bounded read; a refusal keeps its
 * AC-900/AC-901 and any other failure is AC-901 with the errno code. Never a silent skip. `display`
 * is the path the finding names (default `rel`).
 */
export function readArtifact(source: FileSource, rel: string, maxBytes: number, display = rel): LoadedFile {
  let bytes: Uint8Array;
  try {
    if (source.readUpTo !== undefined) {
      const r = source.readUpTo(rel, maxBytes);
      if (!(r instanceof Uint8Array)) return { file: display, problem: hostFinding("AC-900", display, `${r.size} bytes, limit ${maxBytes}`) };
      bytes = r;
    } else {
      const size = source.size(rel);
      if (size !== undefined && size > maxBytes) return { file: display, problem: hostFinding("AC-900", display, `${size} bytes, limit ${maxBytes}`) };
      bytes = source.read(rel);
    }
    if (bytes.length > maxBytes) return { file: display, problem: hostFinding("AC-900", display, `${bytes.length} bytes, limit ${maxBytes}`) };
    return { file: display, bytes };
  } catch (e) {
    if (e instanceof ReadRefusedError) return { file: display, problem: refusalFinding(display, e.refusal) };
    const err = e as NodeJS.ErrnoException;
    return { file: display, problem: hostFinding("AC-901", display, err.code ? `${err.code}: ${err.message}` : String((e as Error).message ?? e)) };
  }
}

export type { RuleOptions, SeverityOverride, RuleSettings } from "./run-settings.js";

/** Checked rule options: the one check of a rule's options (src/config-validate.ts), also for library callers' options. */
function checkedOptions(options: RuleOptions): RuleOptions {
  for (const [id, opts] of Object.entries(options)) {
    const bad = ruleOptionsProblem(id, opts);
    if (bad) throw new UsageError(bad);
  }
  return options;
}

/**
 * Facts "option.<RULE-ID>.<name>" for every option of every rule the validator runs: the declared
 * default unless `options` (the run's configuration) sets it.
 */
export function optionFacts(validator: string, options: RuleOptions = {}): Facts {
  const out: Facts = {};
  for (const r of rulesOf(validator)) {
    for (const [name, decl] of Object.entries(r.options)) {
      const v = options[r.id]?.[name] ?? decl.default;
      out[`option.${r.id}.${name}`] = v as FactValue;
    }
  }
  return out;
}

/** A run's severity mode: advisory reports errors as warnings, strict reports warnings as errors. */
export type SeverityMode = "advisory" | "strict";

/**
 * Facts of the run's severity policy for one validator: "severity.<RULE-ID>" for each configured
 * override of its rules and "severity.mode". The policy is applied in one place, the core's result
 * builder (assembly/io.ts Results.effective), so every verdict, data.verdict and exit code is
 * computed from the severities the report shows.
 */
export function severityFacts(validator: string, severities: RuleSettings["severities"] = {}, mode?: SeverityMode): Facts {
  const out: Facts = {};
  for (const r of rulesOf(validator)) {
    const s = severities[r.id];
    if (s !== undefined) out[`severity.${r.id}`] = s;
  }
  if (mode !== undefined) out["severity.mode"] = mode;
  return out;
}

/** The facts as documents: each value encoded into the core's input when a call is made (instance.ts writeInput). */
export function factDocs(facts: Facts): DocInput[] {
  const out: DocInput[] = [];
  for (const key of Object.keys(facts).sort()) {
    const v = facts[key as FactKey];
    if (v === undefined || v === null) continue; // unknown facts are simply absent
    // lists travel encoded (src/wasm/list.ts) so an entry may hold a tab or a newline: a list of
    // strings is written into the core's input item by item, anything else as encodeList's text
    const fact = Array.isArray(v) ? (v.every((x) => typeof x === "string") ? v : encodeList(v)) : typeof v === "boolean" ? (v ? "1" : "0") : String(v);
    out.push(factDoc(key, fact));
  }
  return out;
}

/** One fact as a document: its text, encoded into the core's input when a call is made (no encoder made here). */
export function factDoc(name: string, value: string | string[]): DocInput {
  return { name, kind: KIND.FACT, fact: value, utf8Bytes: factBytes(value) };
}

/** A shared fact set's documents (factDocs) and every key it has (a key set to undefined hides the same key of the run's options). */
interface SharedFactDocs {
  docs: DocInput[];
  keys: Set<string>;
}

/** factDocs of the shared facts of executeValidator's calls (opts.shared), made at its first call. */
const sharedDocs = new WeakMap<Facts, SharedFactDocs>();

/**
 * factDocs({ ...base, ...shared, ...own }) with the shared part's documents made once (sharedDocs):
 * the two sorted lists merged, a key taken from `own` before `shared` before `base`, as the spread does.
 */
export function mergedFactDocs(base: Facts, shared: Facts, own: Facts): DocInput[] {
  let s = sharedDocs.get(shared);
  if (s === undefined) sharedDocs.set(shared, (s = { docs: factDocs(shared), keys: new Set(Object.keys(shared)) }));
  const ownKeys = Object.keys(own);
  // base's keys that the shared facts do not name, then own's over them
  const rest: Facts = {};
  for (const k of Object.keys(base)) if (!s.keys.has(k)) rest[k as FactKey] = base[k as FactKey];
  for (const k of ownKeys) rest[k as FactKey] = own[k as FactKey];
  const mine = factDocs(rest);
  const hidden = new Set(ownKeys);
  const out: DocInput[] = [];
  let i = 0;
  for (const d of s.docs) {
    if (hidden.has(d.name)) continue;
    while (i < mine.length && mine[i].name < d.name) out.push(mine[i++]);
    out.push(d);
  }
  while (i < mine.length) out.push(mine[i++]);
  return out;
}

export interface ValidatorOutput {
  results: FileResult[];
  /** Values the validator attached to no file (docIndex -1). */
  global: Record<string, string>;
  /** Internal errors (aborts): the CLI exits 2 when any exist. */
  internalErrors: string[];
}

function mapRaw(validator: string, docs: ContentDoc[], nFacts: number, raw: RawResult, out: ValidatorOutput): void {
  // per document, made on first use: most documents of a big batch (a memories folder's listing)
  // have no finding and no data, and many are ignored
  const perDoc: (Finding[] | undefined)[] = new Array(docs.length);
  const data: (Record<string, string> | undefined)[] = new Array(docs.length);
  const skipReason: (string | undefined)[] = new Array(docs.length);
  for (const f of raw.findings) {
    const di = f.docIndex - nFacts;
    if (di < 0 || di >= docs.length) continue;
    (perDoc[di] ??= []).push({
      ruleId: f.ruleId,
      severity: f.severity as Severity,
      file: docs[di].file,
      line: f.line,
      column: f.line > 0 && f.column < 1 ? 1 : f.column,
      messageId: f.messageId,
      data: f.data,
      message: f.message,
    });
  }
  for (const d of raw.data) {
    const di = d.docIndex - nFacts;
    if (d.docIndex < 0) out.global[d.key] = d.value;
    else if (di >= 0 && di < docs.length) {
      if (d.key === "skip") skipReason[di] = d.value;
      else (data[di] ??= {})[d.key] = d.value;
    }
  }
  for (let i = 0; i < docs.length; i++) {
    const st = raw.docStatus[i + nFacts];
    if (st === "ignored") continue;
    const skipped = st === "skipped";
    const findings = perDoc[i] ?? [];
    const r: FileResult = {
      file: docs[i].file,
      validator,
      verdict: verdictOf(findings, skipped),
      findings,
    };
    if (skipped) r.reason = skipReason[i] ?? "skipped";
    const di = data[i];
    if (di !== undefined) r.data = di;
    out.results.push(r);
  }
}

/**
 * One core call over a batch. `separable`: each file's result depends on that file alone (the batch
 * may be split); otherwise the files are judged together (a manifest with its spec, a folder's
 * cross-references) and a file's result is only ever computed with the whole batch's inputs.
 */
function runBatch(validator: WasmValidator, docs: ContentDoc[], facts: DocInput[], out: ValidatorOutput, separable: boolean, cache: CoreCache | undefined): void {
  const input: DocInput[] = [...facts, ...docs.map(docInput)];
  let bytes = 0;
  for (const d of input) bytes += docSize(d) + d.name.length * 3 + 24;
  if (bytes > MAX_ARENA_BYTES) {
    if (docs.length > 1) {
      for (const d of docs) runBatch(validator, [d], facts, out, separable, cache);
      return;
    }
    const file = docs[0]?.file ?? "(no file)";
    out.results.push({
      file,
      validator,
      verdict: "fail",
      findings: [hostFinding("AC-903", file, `${bytes} bytes of input (file and facts), limit ${MAX_ARENA_BYTES}`)],
    });
    return;
  }
  let raw: RawResult;
  const partial = out.results.length;
  try {
    // a cached run (pre-pr, check --cache: the run's cache in its rule settings) serves an unchanged
    // batch from src/core-cache.ts (same input bytes, same core)
    raw = runCached(cache, validator, input, () => runValidator(validator, input));
    mapRaw(validator, docs, facts.length, raw, out);
  } catch (e) {
    // Any failure (abort, WebAssembly trap such as unreachable / out of bounds / stack overflow,
    // or a host exception while reading the result): the loader has already dropped the instance,
    // so the next call runs on a fresh one. Find the file(s) involved.
    out.results.length = partial;
    if (docs.length > 1) {
      isolateFailure(validator, docs, facts, out, separable, e, cache);
      return;
    }
    failedResult(validator, docs[0]?.file ?? "(no file)", e, "", out);
  }
}

/** AC-902 for `file` (and the internal error that makes the run exit 2). */
function failedResult(validator: WasmValidator, file: string, e: unknown, context: string, out: ValidatorOutput): void {
  const kind = failureKind(e);
  const msg = e instanceof Error ? e.message : String(e);
  out.internalErrors.push(`${validator}: ${file}: ${kind}${context}: ${msg}`);
  out.results.push({
    file,
    validator,
    verdict: "fail",
    findings: [hostFinding("AC-902", file, `validator ${validator} failed (${kind}${context}): ${msg}`)],
  });
}

/**
 * A call over several files failed. Each file runs alone: those that fail alone get AC-902. A
 * separable batch's other files keep their results of that run (they depend on nothing else); a batch
 * judged together runs again without the failing files, so every other file's result is the one a
 * run without them gives (issue 33 item 4: one trapped manifest gave every other manifest a false
 * SM-012, its spec being missing from a one-file call). When no file fails alone (the failure needs
 * several files together), or the rest fails again, every file of the batch gets AC-902: no result
 * is ever computed without the inputs it needs.
 */
function isolateFailure(validator: WasmValidator, docs: ContentDoc[], facts: DocInput[], out: ValidatorOutput, separable: boolean, err: unknown, cache: CoreCache | undefined): void {
  const start = out.results.length;
  const rest: ContentDoc[] = [];
  for (const d of docs) {
    const one: ValidatorOutput = { results: [], global: {}, internalErrors: [] };
    runBatch(validator, [d], facts, one, separable, cache);
    if (one.internalErrors.length > 0 || separable) {
      pushAll(out.results, one.results);
      pushAll(out.internalErrors, one.internalErrors);
      Object.assign(out.global, one.global);
    } else rest.push(d);
  }
  if (rest.length === docs.length) {
    // no file fails alone: the batch fails together
    out.results.length = start;
    for (const d of docs) failedResult(validator, d.file, err, `, together with the other ${docs.length - 1} file(s) of its batch`, out);
    return;
  }
  if (rest.length > 0) {
    const again: ValidatorOutput = { results: [], global: {}, internalErrors: [] };
    runBatch(validator, rest, facts, again, separable, cache);
    pushAll(out.results, again.results);
    pushAll(out.internalErrors, again.internalErrors);
    Object.assign(out.global, again.global);
  }
  // the files' results in the batch's order
  const order = new Map(docs.map((d, i) => [d.file, i]));
  const mine = out.results.splice(start).sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
  pushAll(out.results, mine);
}

function docInput(d: ContentDoc): DocInput {
  return { name: d.file, kind: d.kind, flags: d.flags ?? 0, bytes: d.bytes };
}

/**
 * Validate documents with one WASM validator. Documents that the same call must see together
 * (cross-file validators) are passed in one batch; `separable` lets big inputs be split.
 */
export function executeValidator(
  validator: WasmValidator,
  docs: ContentDoc[],
  facts: Facts,
  opts: { separable?: boolean; mode?: SeverityMode; rules?: RuleSettings; shared?: Facts } = {},
): ValidatorOutput {
  const out: ValidatorOutput = { results: [], global: {}, internalErrors: [] };
  // the run's rule settings by argument (none given: every rule's declared options and severity)
  const rules = opts.rules ?? DEFAULT_RULE_SETTINGS;
  const base = { ...optionFacts(validator, checkedOptions(rules.options)), ...severityFacts(validator, rules.severities, opts.mode) };
  // `shared`: facts several calls get, not changed after the first (their documents are made once;
  // the session-log last pass's thousand commit facts, made again for each of its calls, were ~2 %
  // of a whole-repository check's CPU); the facts are { ...base, ...shared, ...facts } either way
  const fdocs = opts.shared !== undefined && process.env.AGENTCHECK_DEBUG_TRAP === undefined
    ? mergedFactDocs(base, opts.shared, facts)
    : factDocs(debugTrapFacts({ ...base, ...opts.shared, ...facts }));
  if (!opts.separable) {
    runBatch(validator, docs, fdocs, out, false, rules.cache);
    return out;
  }
  let batch: ContentDoc[] = [];
  let size = 0;
  let done = 0;
  const flush = () => {
    runBatch(validator, batch, fdocs, out, true, rules.cache);
    done += batch.length;
    progress?.(done, docs.length);
    batch = [];
    size = 0;
  };
  for (const d of docs) {
    if (batch.length > 0 && (size + d.bytes.length > BATCH_BYTES || (progress && batch.length >= PROGRESS_BATCH_DOCS))) flush();
    batch.push(d);
    size += d.bytes.length;
  }
  if (batch.length > 0) flush();
  return out;
}

/** Test hook: AGENTCHECK_DEBUG_TRAP=<kind>:<file> makes the core trap on that file (see assembly/index.ts). */
export function debugTrapFacts(facts: Facts): Facts {
  const trap = process.env.AGENTCHECK_DEBUG_TRAP;
  return trap && facts["debug.trap"] === undefined ? { ...facts, "debug.trap": trap } : facts;
}

/** FileResult for a file that never reached the core. */
export function problemResult(validator: string, problem: Finding): FileResult {
  return { file: problem.file, validator, verdict: "fail", findings: [problem] };
}
