// Result cache of the WebAssembly core for repeated runs over unchanged inputs (pre-pr's cached
// runs): the core is a pure function of its input (fact and content documents, their names, kinds
// and flags), so one batch's raw result is stored under a hash of exactly that input, of the module's
// bytes, of the ABI version and of agentcheck's version. Any changed byte (a file, a git fact, an
// option or severity fact, a rebuilt core) is a new key: nothing is ever served for other input.
// Message texts are rendered again on every hit (from the rule table of this build).
import type { Hash } from "node:crypto";
import { nodeRequire } from "./node-require.js";
import { gitCacheConfinement, writeFileConfined } from "./fswrite.js";
import { readTextOrThrow } from "./fsread.js";
import { ABI_VERSION } from "./wasm/contract.js";
import type { DocInput, RawResult } from "./wasm/instance.js";
import { wasmBytes } from "./wasm/instance.js";
import { renderMessage } from "./wasm/loader.js";
import { version } from "./version.js";

/** Bump when the stored shape changes. */
const FORMAT = "1";
/** Entries not used in this many runs are dropped when the cache is written. */
const KEEP_RUNS = 4;
const MAX_BYTES = 256 * 1024 * 1024;
/** New entries stop at this many stored findings and data values (memory and file size stay bounded). */
const MAX_ITEMS = 200_000;

interface Entry {
  /** Run number of the last use. */
  g: number;
  r: RawResult;
}

interface Store {
  file: string;
  loaded: boolean;
  key: string;
  gen: number;
  entries: Record<string, Entry>;
  dirty: boolean;
  /** Findings and data values stored by this process. */
  items: number;
  hits: number;
  misses: number;
}

let store: Store | undefined;

/** node:crypto on first use: the engine imports this module, and lean commands never open a cache. */
function createHash(alg: string): Hash {
  return (nodeRequire("node:crypto") as typeof import("node:crypto")).createHash(alg);
}

/** Use (and later write) the cache file for this process's core runs. */
export function openCoreCache(file: string): void {
  store = { file, loaded: false, key: "", gen: 0, entries: {}, dirty: false, items: 0, hits: 0, misses: 0 };
}

function load(s: Store): void {
  s.loaded = true;
  s.key = createHash("sha1").update(`${FORMAT}\n${ABI_VERSION}\n${version()}\n`).update(wasmBytes()).digest("hex");
  try {
    const c = JSON.parse(readTextOrThrow(s.file, { maxBytes: MAX_BYTES, ...gitCacheConfinement(s.file) })) as { key: string; gen: number; entries: Record<string, Entry> };
    if (c && c.key === s.key && typeof c.gen === "number" && c.entries && typeof c.entries === "object") {
      s.gen = c.gen + 1;
      s.entries = c.entries;
      return;
    }
  } catch {
    /* no cache yet, or unreadable: start empty */
  }
  s.dirty = true;
}

/** The key of one batch: every input byte, with names, kinds and flags, length-prefixed. */
export function batchKey(validator: string, input: DocInput[]): string {
  const h = createHash("sha1");
  h.update(`${validator}\0${input.length}\0`);
  for (const d of input) {
    h.update(`${d.name}\0${d.kind}\0${d.flags ?? 0}\0${d.bytes.length}\0`);
    h.update(d.bytes);
  }
  return h.digest("hex");
}

/** Run one batch through the cache when one is open (else just run it). */
export function runCached(validator: string, input: DocInput[], run: () => RawResult): RawResult {
  const s = store;
  if (!s) return run();
  if (!s.loaded) load(s);
  const k = batchKey(validator, input);
  const hit = s.entries[k];
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

/** Hits and misses of this process (for tests and the bench). */
export function coreCacheStats(): { hits: number; misses: number } {
  return { hits: store?.hits ?? 0, misses: store?.misses ?? 0 };
}

/** Write the cache when it changed (old entries dropped) and stop using it. A write failure means no cache. */
export function closeCoreCache(): void {
  const s = store;
  store = undefined;
  if (!s || !s.loaded || !s.dirty) return;
  const entries: Record<string, Entry> = {};
  for (const [k, e] of Object.entries(s.entries)) if (e.g > s.gen - KEEP_RUNS) entries[k] = e;
  try {
    writeFileConfined(s.file, JSON.stringify({ key: s.key, gen: s.gen, entries }), gitCacheConfinement(s.file));
  } catch {
    /* a read-only git directory just means no cache */
  }
}
