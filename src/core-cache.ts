// Result cache of the WebAssembly core for repeated runs over unchanged inputs (pre-pr's cached
// runs, `check --cache`): the core is a pure function of its input (fact and content documents, their names, kinds
// and flags), so one batch's raw result is stored under a hash of exactly that input, of the module's
// bytes, of the ABI version and of agentcheck's version. Any changed byte (a file, a git fact, an
// option or severity fact, a rebuilt core) is a new key: nothing is ever served for other input.
// Message texts are rendered again on every hit (from the rule table of this build). A cache file
// that cannot be used (corrupt, oversize, unreadable, an entry of the wrong shape) is ignored with a
// warning and rebuilt: a miss, never a result served from it.
import type { Hash } from "node:crypto";
import { nodeRequire } from "./node-require.js";
import { gitCacheConfinement, writeFileConfined, type WriteOptions } from "./fswrite.js";
import { readTextOrThrow } from "./fsread.js";
import { ABI_VERSION, DOC_STATUSES, SEVERITIES } from "./wasm/contract.js";
import type { DocInput, RawResult } from "./wasm/instance.js";
import { docSize, factInputBytes, wasmBytes } from "./wasm/instance.js";
import { renderMessage } from "./wasm/loader.js";
import { DerivedCache } from "./derived-cache.js";
import { version } from "./version.js";

/** Bump when the stored shape changes. */
const FORMAT = "2";
/** Entries not used in this many runs are dropped when the cache is written. */
const KEEP_RUNS = 4;
/** A cache file over this size is ignored (with a warning) and rebuilt. */
export const CORE_CACHE_MAX_BYTES = 256 * 1024 * 1024;
/** New entries stop at this many stored findings and data values (memory and file size stay bounded). */
const MAX_ITEMS = 200_000;

interface Entry {
  /** Run number of the last use. */
  g: number;
  r: RawResult;
}

/** Where a cache file may be written, and who hears about a cache that cannot be used. */
export interface CoreCacheOptions {
  /** The confinement of the file's writes and reads (default: its git directory, gitCacheConfinement). */
  confine?: Pick<WriteOptions, "root" | "rootLabel" | "durable">;
  /** Told once per problem (corrupt, oversize or unreadable file, a malformed entry); default: nobody. */
  warn?: (message: string) => void;
}

/**
 * The result cache of one run: created by the command that owns the run (pre-pr, `check --cache`)
 * or by a library caller, carried to every core call in the run's rule settings (src/run-settings.ts
 * RuleSettings.cache), saved by its owner (closeCoreCache). Nothing here is process state: two
 * repositories validated at once in one process each have their own cache and file.
 */
export class CoreCache {
  readonly file: string;
  readonly confine: Pick<WriteOptions, "root" | "rootLabel" | "durable">;
  readonly warn?: (message: string) => void;
  /** Values derived from git objects (src/derived-cache.ts), kept in the same file, read when first asked. */
  readonly derived: DerivedCache;
  loaded = false;
  key = "";
  gen = 0;
  entries: Record<string, Entry> = {};
  dirty = false;
  /** Findings and data values stored by this run. */
  items = 0;
  hits = 0;
  misses = 0;
  /** Saved: later core calls of a run that still holds it are not cached. */
  closed = false;

  constructor(file: string, opts: CoreCacheOptions = {}) {
    this.file = file;
    this.confine = opts.confine ?? gitCacheConfinement(file);
    this.warn = opts.warn;
    this.derived = new DerivedCache(() => {
      if (!this.loaded && !this.closed) load(this);
    });
  }
}

/** node:crypto on first use: the engine imports this module, and lean commands never open a cache. */
function createHash(alg: string): Hash {
  return (nodeRequire("node:crypto") as typeof import("node:crypto")).createHash(alg);
}

/** A cache for one run's core calls, kept in `file` (read on first use, written by closeCoreCache). */
export function openCoreCache(file: string, opts: CoreCacheOptions = {}): CoreCache {
  return new CoreCache(file, opts);
}

/** The key of this build: the stored shape, the ABI, agentcheck's version and the module's bytes. */
function buildKey(): string {
  return createHash("sha1").update(`${FORMAT}\n${ABI_VERSION}\n${version()}\n`).update(wasmBytes()).digest("hex");
}

function load(s: CoreCache): void {
  s.loaded = true;
  s.key = buildKey();
  s.dirty = true;
  s.derived.start({}, 0);
  let text: string;
  try {
    text = readTextOrThrow(s.file, { maxBytes: CORE_CACHE_MAX_BYTES, root: s.confine.root, rootLabel: s.confine.rootLabel });
  } catch (e) {
    // no cache yet is the normal first run; anything else (too large, a link out, unreadable) is said
    const err = e as NodeJS.ErrnoException;
    if (err.code !== "ENOENT") s.warn?.(`cache ${s.file} ignored (${err.message ?? err.code}); rebuilding it`);
    return;
  }
  let c: unknown;
  try {
    c = JSON.parse(text);
  } catch {
    s.warn?.(`cache ${s.file} ignored (not valid JSON: corrupt or cut short); rebuilding it`);
    return;
  }
  const o = c as { key?: unknown; gen?: unknown; entries?: unknown; derived?: unknown };
  if (!o || typeof o !== "object" || typeof o.key !== "string" || typeof o.gen !== "number" || !Number.isInteger(o.gen) || !o.entries || typeof o.entries !== "object" || Array.isArray(o.entries)) {
    s.warn?.(`cache ${s.file} ignored (not a cache of agentcheck's core results); rebuilding it`);
    return;
  }
  // another build's cache (another version or core): a key that never matches, replaced without a word
  if (o.key !== s.key) return;
  s.gen = o.gen + 1;
  s.entries = o.entries as Record<string, Entry>;
  s.dirty = false;
  const derived = o.derived && typeof o.derived === "object" && !Array.isArray(o.derived) ? o.derived : {};
  s.derived.start(derived as Parameters<DerivedCache["start"]>[0], s.gen);
}

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isStringRecord = (v: unknown): boolean => !!v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string");

/**
 * A stored result of the shape a core call over `docs` documents returns: one status per document,
 * findings and data values naming documents of the batch. Anything else was not written by this code
 * for this input (a corrupt or edited file) and is never served.
 */
function wellFormed(e: unknown, docs: number): e is Entry {
  const r = (e as Entry | undefined)?.r;
  if (!r || typeof r !== "object" || !isInt((e as Entry).g) || !isInt(r.status)) return false;
  if (!Array.isArray(r.docStatus) || r.docStatus.length !== docs || !r.docStatus.every((d) => (DOC_STATUSES as readonly string[]).includes(d))) return false;
  if (!Array.isArray(r.findings) || !Array.isArray(r.data)) return false;
  for (const f of r.findings) {
    if (!f || typeof f !== "object" || typeof f.ruleId !== "string" || typeof f.messageId !== "string" || !(SEVERITIES as readonly string[]).includes(f.severity)) return false;
    if (!isInt(f.docIndex) || f.docIndex < -1 || f.docIndex >= docs || !isInt(f.line) || !isInt(f.column) || !isStringRecord(f.data)) return false;
  }
  for (const d of r.data) {
    if (!d || typeof d !== "object" || !isInt(d.docIndex) || d.docIndex < -1 || d.docIndex >= docs || typeof d.key !== "string" || typeof d.value !== "string") return false;
  }
  return r.plain === undefined || typeof r.plain === "boolean";
}

/** The key of one batch: every input byte, with names, kinds and flags, length-prefixed. */
export function batchKey(validator: string, input: DocInput[]): string {
  const h = createHash("sha1");
  h.update(`${validator}\0${input.length}\0`);
  for (const d of input) {
    // a fact hashes as the bytes the core receives: the same key as before facts were written from their values
    h.update(`${d.name}\0${d.kind}\0${d.flags ?? 0}\0${docSize(d)}\0`);
    h.update(d.bytes !== undefined ? d.bytes : factInputBytes(d.fact));
  }
  return h.digest("hex");
}

/** Run one batch through the run's cache `s` when it has one (else just run it). */
export function runCached(s: CoreCache | undefined, validator: string, input: DocInput[], run: () => RawResult): RawResult {
  if (!s || s.closed) return run();
  if (!s.loaded) load(s);
  const k = batchKey(validator, input);
  let hit: Entry | undefined = Object.hasOwn(s.entries, k) ? s.entries[k] : undefined;
  if (hit && !wellFormed(hit, input.length)) {
    s.warn?.(`cache ${s.file}: a malformed entry ignored (corrupt or edited file); the core runs again`);
    delete s.entries[k];
    s.dirty = true;
    hit = undefined;
  }
  if (hit) {
    s.hits++;
    if (hit.g !== s.gen) {
      hit.g = s.gen;
      s.dirty = true;
    }
    return { ...hit.r, findings: hit.r.findings.map((f) => ({ ...f, message: renderMessage(f.ruleId, f.messageId, f.data) })) };
  }
  s.misses++;
  const r = run();
  s.items += r.findings.length + r.data.length;
  if (s.items > MAX_ITEMS) return r;
  s.entries[k] = { g: s.gen, r: { ...r, findings: r.findings.map((f) => ({ ...f, message: "" })) } };
  s.dirty = true;
  return r;
}

/**
 * The clock of a cached run without a fixed one (--now; pre-pr's delegated validators, `check
 * --cache`): the current hour, rounded down. The date rules (SP-106: the latest calendar date
 * anywhere, at UTC+14, a whole-hour offset) decide the same for every instant of an hour, and the
 * clock is a fact of the core's input: to the millisecond, every run would be a new key.
 */
export function cachedRunClock(at: Date = new Date()): string {
  const d = new Date(at.getTime());
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
}

/** Hits and misses of one run's cache (for tests and the bench). */
export function coreCacheStats(s: CoreCache | undefined): { hits: number; misses: number } {
  return { hits: s?.hits ?? 0, misses: s?.misses ?? 0 };
}

/** Write the run's cache when it changed (old entries dropped) and stop using it. A write failure means no cache. */
export function closeCoreCache(s: CoreCache | undefined): void {
  if (!s || s.closed) return;
  s.closed = true;
  const derived = s.derived.close(KEEP_RUNS);
  if (!s.loaded || !(s.dirty || derived?.dirty)) return;
  const entries: Record<string, Entry> = {};
  for (const [k, e] of Object.entries(s.entries)) if (e.g > s.gen - KEEP_RUNS) entries[k] = e;
  try {
    writeFileConfined(s.file, JSON.stringify({ key: s.key, gen: s.gen, entries, derived: derived?.entries ?? {} }), s.confine);
  } catch (e) {
    // a read-only git directory just means no cache (said to whoever asked to hear it)
    s.warn?.(`cache ${s.file} not written (${(e as Error).message ?? String(e)})`);
  }
}
