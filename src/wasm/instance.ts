// The embedded WebAssembly rule core, instantiated synchronously: documents go in as UTF-8 bytes in one
// arena, findings come out as packed i32 records (ruleId + messageId + data, no English text). Lean on
// purpose: the hook gate's note store runs SS-002 through it without loading the rule table (the
// English texts are rendered by loader.ts).
// (constants from ./contract.js directly: scripts/bundle-gate.mjs bundles this module for the gate)
import { ABI_VERSION, DATA_I32S, DOC_RECORD_I32S, FINDING_I32S, HEADER_I32S, PAIR_I32S, SEVERITIES, DOC_STATUSES } from "./contract.js";
import type { Severity, DocStatus } from "./abi.js";
import { closeSync, constants as fsConstants, fstatSync, openSync, readSync } from "node:fs";
import { isAscii } from "node:buffer";
import { GATE_WASM_FILE, LEAN_WASM_FILE, WASM_FILE } from "./generated/core.js";
import { messageIds } from "./generated/message-ids.js";
import { TEXTS } from "./generated/texts.js";

export class WasmAbortError extends Error {
  constructor(
    message: string,
    public readonly wasmFile: string,
    public readonly wasmLine: number,
    public readonly wasmColumn: number,
  ) {
    // The release module carries no source paths (scripts/asc-size.mjs): the file is "" there and the
    // line:column locate the abort in a debug build of the same source.
    super(`${message || "abort"} (at ${wasmFile || "core"}:${wasmLine}:${wasmColumn})`);
    this.name = "WasmAbortError";
  }
}

interface CoreExports {
  memory: WebAssembly.Memory;
  abi_version(): number;
  input_reserve(total: number, docCount: number): number;
  result_ptr(): number;
  result_len(): number;
  debug_abort(code: number): number;
  [name: string]: unknown;
}

interface DocHead {
  /** Repo-relative name (forward slashes), or the fact/option key for KIND.FACT documents. */
  name: string;
  kind: number;
  flags?: number;
}

/**
 * One document of a core call: its bytes, or a fact's value (engine.ts factDocs: a text, or a list
 * written as encodeList writes it, src/wasm/list.ts) with its UTF-8 length (factBytes), encoded
 * straight into the core's input arena. Facts go to every call of a run; their byte copies and
 * encoded lists, made again for each call, were most of the garbage a whole-repository check's peak
 * memory carried (docs/benchmarks.md).
 */
export type DocInput = DocHead & ({ bytes: Uint8Array; fact?: undefined } | { fact: string | readonly string[]; utf8Bytes: number; bytes?: undefined });

/** A document's UTF-8 length (its bytes', or its fact's). */
export function docSize(d: DocInput): number {
  return d.bytes !== undefined ? d.bytes.length : d.utf8Bytes;
}

/** Decimal digits of a whole number >= 0. */
function digits(n: number): number {
  let k = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    k++;
  }
  return k;
}

/** UTF-8 length of a fact's value as the core receives it (a list: encodeList's text). */
export function factBytes(value: string | readonly string[]): number {
  if (typeof value === "string") return Buffer.byteLength(value, "utf8");
  let n = 1;
  for (const it of value) n += digits(it.length) + 1 + Buffer.byteLength(it, "utf8");
  return n;
}

/** A fact's value as the bytes the core receives (the cache key of a cached run, src/core-cache.ts; tests). */
export function factInputBytes(value: string | readonly string[]): Buffer {
  const size = factBytes(value);
  const out = Buffer.alloc(size);
  writeFact(out, 0, size, value, "(value)");
  return out;
}

/**
 * Node's own Buffer methods that encode into and decode from any Uint8Array: native functions, where
 * Buffer#write, Buffer.from(arrayBuffer), Buffer.byteLength and TextEncoder are node:buffer's (and
 * node:internal/encoding's) JavaScript, compiled on their first call: about 0.2 M instructions each
 * of a gate call on a state not seen (issue 39 item 3). Where they are missing, those functions.
 */
const nativeBuffer = Buffer.prototype as unknown as {
  utf8Write?: (this: Uint8Array, text: string, offset: number, length: number) => number;
  latin1Slice?: (this: Uint8Array, start: number, end: number) => string;
};

/**
 * Write `text` as UTF-8 at `at` in `mem`, at most `length` bytes and never part of a character (as
 * Buffer#write does: lone surrogates as U+FFFD, as TextEncoder and Buffer.byteLength count them);
 * returns the bytes written.
 */
function writeUtf8(mem: Uint8Array, text: string, at: number, length: number): number {
  return typeof nativeBuffer.utf8Write === "function"
    ? nativeBuffer.utf8Write.call(mem, text, at, length)
    : Buffer.from(mem.buffer, mem.byteOffset, mem.length).write(text, at, length, "utf8");
}

/** The UTF-8 bytes of `text` (TextEncoder#encode's, without loading it). */
export function utf8Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3); // at most three bytes per UTF-16 unit
  return out.subarray(0, writeUtf8(out, text, 0, out.length));
}

/** Write a fact's value at `at` in `mem` (exactly `size` bytes, else an error: never a shifted arena). */
function writeFact(mem: Uint8Array, at: number, size: number, value: string | readonly string[], name: string): void {
  const end = at + size;
  let o = at;
  if (typeof value === "string") o += writeUtf8(mem, value, o, size);
  else {
    mem[o++] = 1; // U+0001, then per item its UTF-16 length, ':' and the item (list.ts encodeList)
    for (const it of value) {
      let n = it.length;
      const d = digits(n);
      if (o + d + 1 > end) break;
      for (let k = o + d - 1; k >= o; k--, n = Math.floor(n / 10)) mem[k] = 48 + (n % 10);
      o += d;
      mem[o++] = 58;
      o += writeUtf8(mem, it, o, end - o);
    }
  }
  if (o !== end) throw new Error(`fact ${name}: its value is not the ${size} bytes of UTF-8 it was measured as`);
}

export interface RawFinding {
  ruleId: string;
  severity: Severity;
  docIndex: number;
  line: number;
  column: number;
  messageId: string;
  /** Values of the message's placeholders. */
  data: Record<string, string>;
  /** English text rendered from the rule's template (filled by loader.ts; "" from runRaw). */
  message: string;
}

export interface RawResult {
  status: number;
  docStatus: DocStatus[];
  findings: RawFinding[];
  /** Named values per document index (-1 = global), in emission order. */
  data: { docIndex: number; key: string; value: string }[];
  /** No string of the result holds a coded part (bytes 0x1a-0x1f, rule-meta.ts CODED): nothing to render in values. */
  plain?: boolean;
}

let module: WebAssembly.Module | undefined;
let instance: { exports: CoreExports } | undefined;
let moduleBytes: Uint8Array<ArrayBuffer> | undefined;
// made on first use: a call that never reads a result (the gate on a state it has seen) loads no
// node:internal/encoding code
let decoder: TextDecoder | undefined;
let latin1: TextDecoder | undefined;

/** Whether this process has created the core's module (the gate's launcher keeps a V8 code cache that then holds the host code of a core call). */
export function coreStarted(): boolean {
  return module !== undefined;
}

/**
 * Which 64-byte blocks of `b` hold a byte >= 0x80 (null when none does): a string whose blocks are all
 * clear is plain ASCII, so its latin1 decoding is its UTF-8 decoding.
 */
function nonAsciiBlocks(b: Uint8Array): Uint8Array | null {
  // the usual pool is all ASCII: one native check, no walk (a cold run walks it in baseline code)
  if (isAscii(b)) return null;
  const n = b.length;
  let flags: Uint8Array | null = null;
  const mark = (i: number) => {
    if (flags === null) flags = new Uint8Array((n >>> 6) + 1);
    flags[i >>> 6] = 1;
  };
  let i = 0;
  if ((b.byteOffset & 3) === 0) {
    const w = new Uint32Array(b.buffer, b.byteOffset, n >>> 2);
    for (let k = 0; k < w.length; k++) if ((w[k] & 0x80808080) !== 0) mark(k << 2);
    i = w.length << 2;
  }
  for (; i < n; i++) if (b[i] >= 0x80) mark(i);
  return flags;
}

/**
 * Set (true) by scripts/bundle-gate.mjs in the two hook-gate bundles only: they run SS-002 alone, so
 * they load the core's session-state build (assembly/gate.ts, a fifth of the whole module: V8 decodes
 * and validates it in a fifth of the time; issue 39 item 3). Everywhere else undefined: the whole core.
 */
declare const __AGENTCHECK_GATE_CORE__: boolean | undefined;
/**
 * Set (true) by scripts/bundle-cli.mjs in dist/cli/lean.cjs only: the lean commands run memory-index,
 * consistency and traceability alone, so they load the core's build of those three (assembly/lean.ts,
 * under a third of the whole module; issue 39 item 5). Everywhere else undefined.
 */
declare const __AGENTCHECK_LEAN_CORE__: boolean | undefined;

const CORE_FILE =
  typeof __AGENTCHECK_GATE_CORE__ === "boolean" && __AGENTCHECK_GATE_CORE__
    ? GATE_WASM_FILE
    : typeof __AGENTCHECK_LEAN_CORE__ === "boolean" && __AGENTCHECK_LEAN_CORE__
      ? LEAN_WASM_FILE
      : WASM_FILE;

/** The module file this host runs: the hook gate's build in the gate bundles, else the whole core. */
export function coreFile(): string {
  return CORE_FILE;
}

/**
 * Set in the CommonJS bundles only (scripts/bundle-gate.mjs: the gate's; scripts/bundle-cli.mjs: the
 * lean commands', `check`'s and the hooks'): the folder of the module files as a path. A file URL costs
 * node:url's code (about 2 M instructions of a gate call or a short run; issue 39 items 3 and 5).
 * Everywhere else undefined: the URL below.
 */
declare const __AGENTCHECK_WASM_DIR__: string | undefined;

export function wasmBytes(): Uint8Array<ArrayBuffer> {
  // The module file sits in generated/ beside this module, whether this is src/wasm/loader.ts,
  // dist/wasm/loader.js or a chunk of the bundled CLI in dist/cli/ (the build copies it there).
  if (!moduleBytes) {
    const file = typeof __AGENTCHECK_WASM_DIR__ === "string" ? `${__AGENTCHECK_WASM_DIR__}/generated/${CORE_FILE}` : new URL(`./generated/${CORE_FILE}`, import.meta.url);
    moduleBytes = readModuleFile(file);
  }
  return moduleBytes;
}

/**
 * A module file's bytes, read with the descriptor calls the hook gate makes anyway (fs.readFileSync
 * compiles three helpers of its own there: 0.3 M instructions of a gate call; issue 39 item 3).
 */
function readModuleFile(file: string | URL): Uint8Array<ArrayBuffer> {
  const fd = openSync(file, fsConstants.O_RDONLY);
  try {
    const bytes = new Uint8Array(fstatSync(fd).size);
    let n = 0;
    for (let k; n < bytes.length && (k = readSync(fd, bytes, n, bytes.length - n, null)) > 0;) n += k;
    if (n !== bytes.length) throw new Error(`the core's module file ${String(file)} changed while it was read (${n} of ${bytes.length} bytes)`);
    return bytes;
  } finally {
    closeSync(fd);
  }
}

function readAbortString(mem: WebAssembly.Memory, ptr: number): string {
  if (!ptr) return "";
  const p = ptr >>> 0;
  const byteLen = new Uint32Array(mem.buffer, p - 4, 1)[0];
  const u16 = new Uint16Array(mem.buffer, p, byteLen >>> 1);
  return new TextDecoder("utf-16le").decode(u16);
}

function instantiate(): { exports: CoreExports } {
  if (!module) module = new WebAssembly.Module(wasmBytes() as Uint8Array<ArrayBuffer>);
  let mem: WebAssembly.Memory | undefined;
  const inst = new WebAssembly.Instance(module, {
    env: {
      abort(msg: number, file: number, line: number, col: number) {
        const m = mem ? readAbortString(mem, msg) : "abort";
        const f = mem ? readAbortString(mem, file) : "";
        throw new WasmAbortError(m, f, line, col);
      },
    },
  }) as unknown as { exports: CoreExports };
  mem = inst.exports.memory;
  // assembly/'s module-level values are made at build time (scripts/build-ctor-eval.mjs); a module
  // whose start function could not be evaluated there exports it, to be run before anything else
  if (typeof inst.exports._start === "function") (inst.exports._start as () => void)();
  const v = inst.exports.abi_version();
  if (v !== ABI_VERSION) throw new Error(`WASM core has ABI version ${v}, this host speaks ${ABI_VERSION}`);
  return inst;
}

function core(): CoreExports {
  if (!instance) instance = instantiate();
  return instance.exports;
}

/** Run `fn` against the core; an abort discards the instance so the next call starts fresh. */
function guarded<T>(fn: (c: CoreExports) => T): T {
  let c: CoreExports | undefined;
  try {
    c = core();
    return fn(c);
  } catch (e) {
    instance = undefined;
    throw c !== undefined && memoryExhausted(c, e) ? new WasmOutOfMemoryError(e as Error) : e;
  }
}

/**
 * The core's allocator traps (unreachable) when the memory cannot grow by the block it needs (first
 * trying as much again as it has). An unreachable trap whose memory can no longer double is taken as
 * memory exhausted: a run that ran out had grown to near the maximum (asconfig.json maximumMemory),
 * which the host cannot read from the module. The instance is dropped anyway, so growing it costs nothing.
 */
function memoryExhausted(c: CoreExports, e: unknown): boolean {
  if (!(e instanceof WebAssembly.RuntimeError) || !e.message.toLowerCase().includes("unreachable")) return false;
  try {
    c.memory.grow(c.memory.buffer.byteLength / 65536);
    return false;
  } catch {
    return true;
  }
}

/**
 * A trap of the core at its memory maximum (the failure kind "trap: out of memory", src/engine.ts). The
 * message names no size: where memory ran out moves with unrelated changes to the core.
 */
export class WasmOutOfMemoryError extends Error {
  constructor(public readonly trap: Error) {
    super(`${trap.message}: memory exhausted`);
    this.name = "WasmOutOfMemoryError";
  }
}

/**
 * Write documents into the module's input arena; returns the arena pointer. The documents' bytes come
 * first, back to back, then every name (the records give each its offset and length). When the names
 * are ASCII (byte length = UTF-16 length), they are measured and encoded together by one native call:
 * a memories folder has hundreds of documents, and a per-name loop of this cold process runs
 * interpreted (issue 39 item 5).
 */
function writeInput(c: CoreExports, docs: DocInput[]): number {
  const n = docs.length;
  let data = 0;
  let names = "";
  for (let i = 0; i < n; i++) {
    const d = docs[i];
    data += docSize(d);
    names += d.name;
  }
  // all ASCII exactly when the byte length is the UTF-16 length (measured by encoding them, into a
  // scratch array the arena then takes them from); otherwise each name is measured on its own (two
  // lone surrogates of adjacent names would pair up in the joined text)
  const joined = new Uint8Array(names.length * 3);
  const ascii = writeUtf8(joined, names, 0, joined.length) === names.length;
  let nameBytes = names.length;
  if (!ascii) {
    nameBytes = 0;
    for (let i = 0; i < n; i++) nameBytes += Buffer.byteLength(docs[i].name, "utf8");
  }
  const total = data + nameBytes;
  const ptr = c.input_reserve(total, n) >>> 0;
  const mem = new Uint8Array(c.memory.buffer);
  const table = new Int32Array(c.memory.buffer, ptr, n * DOC_RECORD_I32S);
  const dataStart = ptr + n * DOC_RECORD_I32S * 4;
  if (ascii) mem.set(joined.subarray(0, nameBytes), dataStart + data);
  let off = 0;
  let at = data; // where the next name goes
  for (let i = 0, r = 0; i < n; i++, r += DOC_RECORD_I32S) {
    const d = docs[i];
    const size = docSize(d);
    table[r] = off;
    table[r + 1] = size;
    table[r + 2] = d.kind;
    table[r + 3] = d.flags ?? 0;
    if (d.bytes !== undefined) {
      if (size > 0) mem.set(d.bytes, dataStart + off);
    } else writeFact(mem, dataStart + off, size, d.fact, d.name);
    off += size;
    // the name, encoded straight into the arena (no per-name buffer or view) unless written above
    const written = ascii ? d.name.length : writeUtf8(mem, d.name, dataStart + at, total - at);
    table[r + 4] = at;
    table[r + 5] = written;
    at += written;
  }
  return ptr;
}

/**
 * The module reports a message by its number in messageIds() (the build rewrites msg("id") to a number,
 * scripts/asc-size.mjs); a message id is never all digits, so any other text is an id as written.
 */
export function messageIdOf(text: string): string {
  const c = text.charCodeAt(0);
  if (c >= 48 && c <= 57) return messageIds()[Number(text)] ?? text;
  return text;
}

const TEXT_TOKEN = /\u0002(\d+)\u0003/g;

/**
 * A result value with the core's English fragments put back: the module writes txt("...") texts as the
 * token \u0002<n>\u0003 (assembly/lib/texts.ts), n being the text's index in the generated TEXTS.
 */
export function expandTexts(value: string): string {
  if (value.indexOf("\u0002") < 0) return value;
  return value.replace(TEXT_TOKEN, (t, n: string) => TEXTS[Number(n)] ?? t);
}

/** Longest message value (assembly/lib/text.ts MESSAGE_MAX); the core leaves values with tokens to the host. */
export const MESSAGE_MAX = 2000;

/**
 * A finding's message value with its texts put back, then cut like the core cuts a long value
 * (assembly/lib/text.ts excerpt): the core does not cut a value that holds tokens, since its length
 * in English is not known there. The cut is written with the core's own mark (CUT_MORE, U+001D and
 * the count), which renderCoded (rule-meta.ts) turns into "… (N more characters)" as for the core's cuts.
 */
function messageValue(value: string): string {
  if (value.indexOf("\u0002") < 0) return value;
  const s = expandTexts(value);
  if (s.length <= MESSAGE_MAX) return s;
  let cut = MESSAGE_MAX;
  const c = s.charCodeAt(cut - 1);
  if (c >= 0xd800 && c <= 0xdbff) cut--;
  return `${s.substring(0, cut)}\u001d${s.length - cut}`;
}

/**
 * The bytes as a string of as many characters, each the byte's value (a one-byte string: Buffer's
 * latin1Slice, a copy). The TextDecoder fallback is windows-1252, which differs from it in bytes
 * 0x80-0x9f only: readResult decodes every string with such a byte as UTF-8 on its own.
 */
function latin1Text(b: Uint8Array): string {
  return typeof nativeBuffer.latin1Slice === "function" ? nativeBuffer.latin1Slice.call(b, 0, b.length) : (latin1 ??= new TextDecoder("latin1")).decode(b);
}

function readResult(c: CoreExports): RawResult {
  const ptr = c.result_ptr() >>> 0;
  const h = new Int32Array(c.memory.buffer, ptr, HEADER_I32S);
  const abi = h[0], status = h[1], nf = h[2], nd = h[3], docCount = h[4], poolBytes = h[5], np = h[6];
  if (abi !== ABI_VERSION) throw new Error(`WASM result has ABI version ${abi}`);
  const nInts = docCount + nf * FINDING_I32S + nd * DATA_I32S + np * PAIR_I32S;
  const ints = new Int32Array(c.memory.buffer, ptr + HEADER_I32S * 4, nInts);
  const poolStart = ptr + (HEADER_I32S + nInts) * 4;
  const pool = new Uint8Array(c.memory.buffer, poolStart, poolBytes);
  // The pool is decoded once as latin1 and sliced (byte offsets are character offsets): right for
  // every string of plain ASCII bytes (the usual case). A string touching a 64-byte block with a
  // byte >= 0x80 is decoded as UTF-8 on its own; ids and keys repeat, so they are cached by offset.
  const whole = latin1Text(pool);
  const wide = nonAsciiBlocks(pool);
  // txt() tokens (expandTexts) are looked for only when the pool holds one (one scan, usually none;
  // byte 0x02 never occurs inside a UTF-8 sequence, so the latin1 text shows it exactly)
  const texts = whole.includes("\u0002");
  const seen = new Map<number, string>();
  const str = wide === null
    ? (o: number, l: number) => whole.slice(o, o + l)
    : (o: number, l: number) => {
      if (l === 0) return "";
      for (let k = o >>> 6, e = (o + l - 1) >>> 6; k <= e; k++) if (wide[k] === 1) return (decoder ??= new TextDecoder("utf-8")).decode(pool.subarray(o, o + l));
      return whole.slice(o, o + l);
    };
  const id = (o: number, l: number) => {
    let s = seen.get(o);
    if (s === undefined) seen.set(o, (s = str(o, l)));
    return s;
  };
  const docStatus: DocStatus[] = [];
  for (let i = 0; i < docCount; i++) docStatus.push(DOC_STATUSES[ints[i]] ?? "checked");
  const pairsAt = docCount + nf * FINDING_I32S + nd * DATA_I32S;
  const findings: RawFinding[] = [];
  let p = docCount;
  for (let i = 0; i < nf; i++, p += FINDING_I32S) {
    const ruleId = id(ints[p], ints[p + 1]);
    const messageId = messageIdOf(id(ints[p + 6], ints[p + 7]));
    const fd: Record<string, string> = {};
    for (let k = 0, q = pairsAt + ints[p + 8] * PAIR_I32S; k < ints[p + 9]; k++, q += PAIR_I32S) {
      const v = str(ints[q + 2], ints[q + 3]);
      fd[id(ints[q], ints[q + 1])] = texts ? messageValue(v) : v;
    }
    findings.push({
      ruleId,
      severity: SEVERITIES[ints[p + 2]] ?? "error",
      docIndex: ints[p + 3],
      line: ints[p + 4],
      column: ints[p + 5],
      messageId,
      data: fd,
      message: "",
    });
  }
  const data: RawResult["data"] = [];
  for (let i = 0; i < nd; i++, p += DATA_I32S) {
    data.push({ docIndex: ints[p], key: id(ints[p + 1], ints[p + 2]), value: texts ? expandTexts(str(ints[p + 3], ints[p + 4])) : str(ints[p + 3], ints[p + 4]) });
  }
  // expanded txt() tokens may bring coded parts (a cut mark), so only a pool without tokens is plain
  return { status, docStatus, findings, data, plain: !texts && !/[\x1a-\x1f]/.test(whole) };
}

/**
 * Run one validator (its export name, abi.ts VALIDATOR_EXPORTS) over a batch of documents (facts and
 * options included as KIND.FACT docs); no message texts.
 */
export function runRaw(exportName: string, docs: DocInput[]): RawResult {
  return guarded((c) => {
    const ptr = writeInput(c, docs);
    const fn = c[exportName] as (p: number, n: number) => number;
    fn(ptr, docs.length);
    return readResult(c);
  });
}


/** Test hook: make the module abort. */
export function debugAbort(code: number): number {
  return guarded((c) => c.debug_abort(code));
}

/** Current size of the module's linear memory in bytes (for memory-bound tests). */
export function wasmMemoryBytes(): number {
  return guarded((c) => c.memory.buffer.byteLength);
}
