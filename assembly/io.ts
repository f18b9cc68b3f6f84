// Input documents and the result builder shared by every validator.
import {
  ABI_VERSION, DOC_RECORD_I32S, HEADER_I32S, FINDING_I32S, DATA_I32S, PAIR_I32S, KIND_FACT, DOC_CHECKED, STATUS_OK,
  SEV_ERROR, SEV_WARNING, SEV_INFO,
} from "./abi";
import { Msg, msgIdText } from "./msg";
import { RuleRef } from "./rule-ref";
import { isList, decodeList } from "./lib/list";
import { decodeUtf8, findBreak } from "./lib/text";

/** A severity override that drops the rule's findings (never crosses the interface). */
const SEV_OFF: i32 = -1;
const MODE_NORMAL: i32 = 0;
const MODE_ADVISORY: i32 = 1;
const MODE_STRICT: i32 = 2;

let inputPtr: usize = 0;
let resultPtr: usize = 0;
let resultLen: i32 = 0;

/** Reserve the input arena; the previous one is released. */
export function reserveInput(totalBytes: i32, docCount: i32): usize {
  if (inputPtr != 0) {
    heap.free(inputPtr);
    inputPtr = 0;
  }
  const size = <usize>docCount * <usize>DOC_RECORD_I32S * 4 + <usize>totalBytes;
  inputPtr = heap.alloc(size > 0 ? size : 1);
  return inputPtr;
}

export function getResultPtr(): usize {
  return resultPtr;
}
export function getResultLen(): i32 {
  return resultLen;
}

export class Doc {
  index: i32;
  kind: i32;
  flags: i32;
  ptr: usize;
  len: i32;
  name: string;
  /**
   * The content is not known: the host could not read the file (it reported AC-900/AC-901 and lists
   * the name in the fact "unread") or the text screen found it not UTF-8 (AC-002). Validators that
   * keep such documents (consistency, traceability) still see the name but never read content.
   */
  unread: bool = false;
  private cachedText: string | null = null;
  private cachedLines: string[] | null = null;

  constructor(index: i32, kind: i32, flags: i32, ptr: usize, len: i32, name: string) {
    this.index = index;
    this.kind = kind;
    this.flags = flags;
    this.ptr = ptr;
    this.len = len;
    this.name = name;
  }

  /** Drop the decoded text and lines (after the document is done, so a collection can free them). */
  release(): void {
    this.cachedText = null;
    this.cachedLines = null;
  }

  /** Document text (decoded from UTF-8 once). A leading BOM is dropped. */
  text(): string {
    let t = this.cachedText;
    if (t === null) {
      let p = this.ptr;
      let n = this.len;
      if (n >= 3 && load<u8>(p) == 0xef && load<u8>(p + 1) == 0xbb && load<u8>(p + 2) == 0xbf) {
        p += 3;
        n -= 3;
      }
      t = decodeUtf8(p, n);
      this.cachedText = t;
    }
    return t;
  }

  /** Lines without their terminators; CRLF and lone CR count as line ends. */
  lines(): string[] {
    let ls = this.cachedLines;
    if (ls === null) {
      ls = splitLines(this.text());
      this.cachedLines = ls;
    }
    return ls;
  }

  private cachedBase: string | null = null;
  /** File name part of the document name (after the last '/'; found once). The host hands every name
   * '/'-separated (Windows paths included), so a backslash is a plain character of a file name. */
  baseName(): string {
    let b = this.cachedBase;
    if (b === null) {
      b = this.findBaseName();
      this.cachedBase = b;
    }
    return b;
  }
  private findBaseName(): string {
    const n = this.name;
    let i = n.length - 1;
    while (i >= 0) {
      const c = n.charCodeAt(i);
      if (c == 47) break;
      i--;
    }
    return n.substring(i + 1);
  }
}

export function splitLines(t: string): string[] {
  const out: string[] = [];
  let start = 0;
  const n = t.length;
  // from one line break (LF, CR or CRLF) to the next, found eight units at a time
  for (let i = findBreak(t, 0); i < n; i = findBreak(t, start)) {
    out.push(t.substring(start, i));
    if (t.charCodeAt(i) == 13 && i + 1 < n && t.charCodeAt(i + 1) == 10) i++;
    start = i + 1;
  }
  if (start < n || n == 0) out.push(t.substring(start, n));
  return out;
}

/** Serial number of the last Input made (Input.serial). */
let inputsMade: i32 = 0;
function nextInputSerial(): i32 {
  return ++inputsMade;
}

export class Input {
  /**
   * Tells this call's input from any other: a once-per-run cache compares it rather than holding the
   * Input (which kept the whole previous call, its documents, facts and decoded lists, alive through
   * the next call's collection).
   */
  readonly serial: i32 = nextInputSerial();
  docs: Doc[] = [];
  /**
   * The facts by name: the document each came in (the last one of a name), its text decoded when a
   * rule first reads it (Doc.text caches it). A call carries every shared fact (the QA reports, the
   * changed-file lists of other calls' logs) and most are never read by its documents (issue 39: 28 MB
   * of facts on a whole-repository check of today's upstream, decoded in full by every call before);
   * one never read (the state schema, read as bytes by session-state) is never decoded.
   */
  private facts: Map<string, Doc> = new Map();

  addFact(doc: Doc): void {
    this.facts.set(doc.name, doc);
  }
  /** The names of the facts supplied, in the order they first came. */
  factNames(): string[] {
    return this.facts.keys();
  }
  /** A named fact or option, or null when the host did not supply it (= unknown). */
  fact(name: string): string | null {
    if (this.facts.has(name)) return this.facts.get(name).text();
    return null;
  }
  has(name: string): bool {
    return this.facts.has(name);
  }
  /** The document of a named fact (its UTF-8 bytes), or null when the host did not supply it. */
  factDoc(name: string): Doc | null {
    if (this.facts.has(name)) return this.facts.get(name);
    return null;
  }
  /**
   * A list fact, or null when unknown: an encoded list (lib/list.ts; any character in an entry) or,
   * for text facts, one entry per line. Empty entries are dropped either way.
   */
  factLines(name: string): string[] | null {
    if (!this.facts.has(name)) return null;
    const v = this.facts.get(name).text();
    const ls = isList(v) ? decodeList(v) : splitLines(v);
    const out: string[] = [];
    for (let i = 0; i < ls.length; i++) if (ls[i].length > 0) out.push(ls[i]);
    return out;
  }
  private lists: Map<string, string[]> = new Map();
  private sets: Map<string, Set<string>> = new Map();
  /**
   * factLines(name), decoded once per call and shared by every reader (read only: never change it).
   * The changed-file lists and commit facts are read by many logs of a call (a range ending at HEAD
   * is every log's), each of them decoding thousands of entries again before.
   */
  factList(name: string): string[] | null {
    if (this.lists.has(name)) return this.lists.get(name);
    const v = this.factLines(name);
    if (v !== null) this.lists.set(name, v);
    return v;
  }
  /** The entries of factList(name) as a set, built once per call (read only). */
  factSet(name: string): Set<string> | null {
    if (this.sets.has(name)) return this.sets.get(name);
    const v = this.factList(name);
    if (v === null) return null;
    const set = new Set<string>();
    for (let i = 0; i < v.length; i++) set.add(unchecked(v[i]));
    this.sets.set(name, set);
    return set;
  }
  /** A boolean fact: "1"/"true" is true, "0"/"false" false, anything else (or absent) = fallback. */
  factBool(name: string, fallback: bool): bool {
    const v = this.fact(name);
    if (v === null) return fallback;
    if (v == "1" || v == "true") return true;
    if (v == "0" || v == "false") return false;
    return fallback;
  }
  factInt(name: string, fallback: i32): i32 {
    const v = this.fact(name);
    if (v === null || v.length == 0) return fallback;
    let n: i32 = 0;
    let neg = false;
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (i == 0 && c == 45) { neg = true; continue; }
      if (c < 48 || c > 57) return fallback;
      n = n * 10 + (c - 48);
    }
    return neg ? -n : n;
  }
  /** A rule option (fact "option.<RULE-ID>.<name>"; the host always supplies every option of the run's rules). */
  // contract: fact "option.{rule}.{name}"
  option(rule: RuleRef, name: string): string | null {
    return this.fact("option." + rule.id + "." + name);
  }
  optionInt(rule: RuleRef, name: string, fallback: i32): i32 {
    return this.factInt("option." + rule.id + "." + name, fallback);
  }
  optionBool(rule: RuleRef, name: string, fallback: bool): bool {
    return this.factBool("option." + rule.id + "." + name, fallback);
  }
  /** Documents of one kind, in input order. */
  ofKind(kind: i32): Doc[] {
    const out: Doc[] = [];
    for (let i = 0; i < this.docs.length; i++) if (this.docs[i].kind == kind) out.push(this.docs[i]);
    return out;
  }
}

/** Decode the input arena written by the host. */
export function readInput(ptr: usize, docCount: i32): Input {
  const input = new Input();
  const dataStart = ptr + <usize>docCount * <usize>DOC_RECORD_I32S * 4;
  for (let i = 0; i < docCount; i++) {
    const rec = ptr + <usize>i * <usize>DOC_RECORD_I32S * 4;
    const off = load<i32>(rec);
    const len = load<i32>(rec, 4);
    const kind = load<i32>(rec, 8);
    const flags = load<i32>(rec, 12);
    const nameOff = load<i32>(rec, 16);
    const nameLen = load<i32>(rec, 20);
    const name = decodeUtf8(dataStart + <usize>nameOff, nameLen);
    const doc = new Doc(i, kind, flags, dataStart + <usize>off, len, name);
    input.docs.push(doc);
    if (kind == KIND_FACT) input.addFact(doc);
  }
  return input;
}

class Finding {
  constructor(
    public rule: RuleRef, public severity: i32, public doc: i32, public line: i32, public column: i32,
    public msg: Msg,
  ) {}
}

class DataItem {
  constructor(public doc: i32, public key: string, public value: string) {}
}

/**
 * UTF-8 string pool of the result buffer; short repeated strings (ids, keys: string literals, so
 * interned by address) are stored once. Strings are measured here and encoded straight into the
 * result buffer by finish() (no buffer per string).
 */
class Pool {
  /** The result buffer (heap), its size, and where the pool starts in it (after the records). */
  buf: usize = 0;
  cap: i64 = 0;
  head: i32 = 0;
  bytes: i32 = 0;
  interned: Map<usize, i64> = new Map();
  /** Adds `s`, encoded straight into the buffer (grown when 3 bytes per unit might not fit); returns (offset << 32) | length. */
  add(s: string): i64 {
    const need = <i64>this.head + <i64>this.bytes + <i64>s.length * 3;
    if (need > this.cap) {
      let c = this.cap * 2;
      if (c < need) c = need;
      this.buf = heap.realloc(this.buf, <usize>c);
      this.cap = c;
    }
    const n = encodeUtf8(s, this.buf + <usize>this.head + <usize>this.bytes);
    const r = (<i64>this.bytes << 32) | <i64>n;
    this.bytes += n;
    return r;
  }
  /** A direct-mapped cache in front of `interned` (keys are mostly the same few literals). */
  hotKey: StaticArray<usize> = new StaticArray<usize>(64);
  hotRef: StaticArray<i64> = new StaticArray<i64>(64);
  intern(s: string): i64 {
    const key = changetype<usize>(s);
    const h = <i32>((key >> 3) & 63);
    if (unchecked(this.hotKey[h]) == key) return unchecked(this.hotRef[h]);
    let r: i64;
    if (this.interned.has(key)) r = this.interned.get(key);
    else {
      r = this.add(s);
      this.interned.set(key, r);
    }
    unchecked((this.hotKey[h] = key));
    unchecked((this.hotRef[h] = r));
    return r;
  }
  /** A message's id as it crosses the interface (msgIdText), stored once per message number. */
  codes: i64[] = [];
  internMsg(m: Msg): i64 {
    const code = m.code;
    if (code < 0) return this.intern(m.id);
    const t = this.codes;
    while (t.length <= code) t.push(-1);
    const hit = unchecked(t[code]);
    if (hit >= 0) return hit;
    const r = this.add(msgIdText(m));
    unchecked((t[code] = r));
    return r;
  }
  /** A rule's id, stored once per rule (looked up by the rule's index, no hashing). */
  ruleRefs: i64[] = [];
  internRule(rule: RuleRef): i64 {
    const ix = rule.index;
    if (ix < 0) return this.intern(rule.id);
    const t = this.ruleRefs;
    while (t.length <= ix) t.push(-1);
    const hit = unchecked(t[ix]);
    if (hit >= 0) return hit;
    const r = this.intern(rule.id);
    unchecked((t[ix] = r));
    return r;
  }
}

/**
 * UTF-8 of `s` at `dst` (room for 3 bytes per unit); returns the bytes written. Runs of ASCII go 16
 * units at a time (narrowed); any other 16 (one more when the last is a high surrogate, so a pair is
 * never split) go through the standard encoder, which gives the same bytes as for the whole string.
 */
function encodeUtf8(s: string, dst: usize): i32 {
  const n = s.length;
  const p = changetype<usize>(s);
  const high = i16x8.splat(<i16>0xff80);
  let i = 0;
  let o = dst;
  while (i < n) {
    if (i + 16 <= n) {
      const a = v128.load(p + (<usize>i << 1));
      const b = v128.load(p + (<usize>i << 1), 16);
      if (!v128.any_true(v128.and(v128.or(a, b), high))) {
        v128.store(o, i8x16.narrow_i16x8_u(a, b));
        i += 16;
        o += 16;
        continue;
      }
    }
    let e = i + 16 < n ? i + 16 : n;
    if (e < n) {
      const last = <i32>load<u16>(p + (<usize>(e - 1) << 1));
      if (last >= 0xd800 && last <= 0xdbff) e++;
    }
    o += String.UTF8.encodeUnsafe(p + (<usize>i << 1), e - i, o);
    i = e;
  }
  return <i32>(o - dst);
}

function putRef(p: usize, ref: i64): void {
  store<i32>(p, <i32>(ref >> 32));
  store<i32>(p, <i32>(ref & 0xffffffff), 4);
}

export class Results {
  findings: Finding[] = [];
  data: DataItem[] = [];
  docStatus: i32[];
  status: i32 = STATUS_OK;

  constructor(docCount: i32) {
    this.docStatus = new Array<i32>(docCount);
    for (let i = 0; i < docCount; i++) this.docStatus[i] = DOC_CHECKED;
  }

  /**
   * The severity policy of this run (the one place where severities change): per-rule overrides from
   * the configuration (facts "severity.<RULE-ID>" = error | warning | info | off) and the run's mode
   * (fact "severity.mode"): "advisory" reports errors as warnings, "strict" reports warnings as errors.
   * The mode leaves the common file-problem rules (AC-*) alone: a file that cannot be checked is never
   * advisory. Verdicts are computed from the severities reported, so they always agree with them.
   */
  overrides: Map<string, i32> = new Map();
  mode: i32 = MODE_NORMAL;

  // contract: fact "severity.{rule}" "severity.mode"
  applyPolicy(input: Input): void {
    const keys = input.factNames();
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (!k.startsWith("severity.")) continue;
      const v = input.fact(k)!;
      if (k == "severity.mode") {
        this.mode = v == "advisory" ? MODE_ADVISORY : v == "strict" ? MODE_STRICT : MODE_NORMAL;
        continue;
      }
      const s = v == "error" ? SEV_ERROR : v == "warning" ? SEV_WARNING : v == "info" ? SEV_INFO : v == "off" ? SEV_OFF : -2;
      if (s != -2) this.overrides.set(k.substring(9), s);
    }
  }

  /** The severity a finding of `rule` is reported at (SEV_OFF: not reported). */
  effective(rule: RuleRef, severity: i32): i32 {
    let s = this.overrides.size > 0 && this.overrides.has(rule.id) ? this.overrides.get(rule.id) : severity;
    if (this.mode == MODE_NORMAL || s == SEV_OFF || rule.id.startsWith("AC-")) return s;
    if (this.mode == MODE_ADVISORY && s == SEV_ERROR) s = SEV_WARNING;
    else if (this.mode == MODE_STRICT && s == SEV_WARNING) s = SEV_ERROR;
    return s;
  }

  /** Report a finding of `rule` at its default severity. line/column are 1-based; 0 = whole file. */
  report(rule: RuleRef, doc: Doc, line: i32, column: i32, message: Msg): void {
    this.reportAs(rule, rule.severity, doc, line, column, message);
  }

  /** Report with an explicit severity (for rules whose severity depends on context). */
  reportAs(rule: RuleRef, severity: i32, doc: Doc, line: i32, column: i32, message: Msg): void {
    const s = this.effective(rule, severity);
    if (s == SEV_OFF) return;
    this.findings.push(new Finding(rule, s, doc.index, line, column, message));
  }

  /** Errors reported since finding number `from` (a verdict computed in the core follows the policy). */
  errorsSince(from: i32): i32 {
    let n = 0;
    for (let i = from; i < this.findings.length; i++) if (this.findings[i].severity == SEV_ERROR) n++;
    return n;
  }

  /** Attach a named value to a document (counters, verdicts, percentages, skip reasons). */
  put(doc: Doc, key: string, value: string): void {
    this.data.push(new DataItem(doc.index, key, value));
  }

  putGlobal(key: string, value: string): void {
    this.data.push(new DataItem(-1, key, value));
  }

  setDocStatus(doc: Doc, status: i32): void {
    this.docStatus[doc.index] = status;
  }

  /** Serialise into the result buffer (layout in abi.ts); returns the status. */
  finish(): i32 {
    const pool = new Pool();
    const nf = this.findings.length;
    const nd = this.data.length;
    let np: i32 = 0;
    for (let i = 0; i < nf; i++) np += unchecked(this.findings[i]).msg.count;
    const docCount = this.docStatus.length;
    const ints = HEADER_I32S + docCount + nf * FINDING_I32S + nd * DATA_I32S + np * PAIR_I32S;
    if (resultPtr != 0) heap.free(resultPtr);
    resultPtr = 0;
    // a first guess at the pool's size (the buffer grows when the strings need more)
    pool.cap = <i64>ints * 4 + <i64>(nf + nd + np) * 32 + 256;
    pool.buf = heap.alloc(<usize>pool.cap);
    pool.head = ints * 4;
    // one pass over the findings (each finding's record, then its pairs), then the data: each string
    // is encoded into the pool as it comes and its reference stored straight into its record (no list
    // of references); the buffer may move when it grows, so records are addressed from pool.buf at
    // each store. The host reads strings by offset: their order in the pool does not matter.
    const findAt: usize = <usize>(HEADER_I32S + docCount) * 4;
    const dataAt: usize = findAt + <usize>nf * FINDING_I32S * 4;
    const pairAt: usize = dataAt + <usize>nd * DATA_I32S * 4;
    let pair: i32 = 0;
    for (let i = 0; i < nf; i++) {
      const f = unchecked(this.findings[i]);
      const m = f.msg;
      const rr = pool.internRule(f.rule);
      const mr = pool.internMsg(m);
      const count = m.count;
      const p = pool.buf + findAt + <usize>i * FINDING_I32S * 4;
      putRef(p, rr);
      store<i32>(p, f.severity, 8);
      store<i32>(p, f.doc, 12);
      store<i32>(p, f.line, 16);
      store<i32>(p, f.column, 20);
      putRef(p + 24, mr);
      store<i32>(p, pair, 32);
      store<i32>(p, count, 36);
      for (let k = 0; k < count; k++) {
        const kr = pool.intern(m.key(k));
        const vr = pool.add(m.val(k));
        const q = pool.buf + pairAt + <usize>(pair + k) * PAIR_I32S * 4;
        putRef(q, kr);
        putRef(q + 8, vr);
      }
      pair += count;
    }
    for (let i = 0; i < nd; i++) {
      const d = unchecked(this.data[i]);
      const kr = pool.intern(d.key);
      const vr = pool.add(d.value);
      const p = pool.buf + dataAt + <usize>i * DATA_I32S * 4;
      store<i32>(p, d.doc);
      putRef(p + 4, kr);
      putRef(p + 12, vr);
    }
    const total = ints * 4 + pool.bytes;
    resultPtr = pool.buf;
    resultLen = total;
    const p = resultPtr;
    store<i32>(p, ABI_VERSION);
    store<i32>(p, this.status, 4);
    store<i32>(p, nf, 8);
    store<i32>(p, nd, 12);
    store<i32>(p, docCount, 16);
    store<i32>(p, pool.bytes, 20);
    store<i32>(p, np, 24);
    store<i32>(p, 0, 28);
    for (let i = 0; i < docCount; i++) store<i32>(p + <usize>(HEADER_I32S + i) * 4, this.docStatus[i]);
    return this.status;
  }
}

// The module uses the "minimal" runtime: garbage is collected only when __collect() is called, and
// the collector does not see locals on the stack. run() pins its Input and Results in these globals
// so a validator may call collectBetweenDocs() between documents (when every object it still needs
// is reachable from them or from other globals).
let liveInput: Input | null = null;
let liveResults: Results | null = null;

export function pinRun(input: Input | null, results: Results | null): void {
  liveInput = input;
  liveResults = results;
}

let grownAt: i32 = 0;

/**
 * Free the garbage of the documents processed so far (see pinRun), at most once per 8 MB of memory
 * growth: a full collection per document would cost more than it saves.
 */
export function collectBetweenDocs(): void {
  if (liveInput === null || liveResults === null) return;
  const pages = memory.size();
  if (grownAt == 0) grownAt = pages;
  if (pages - grownAt < 128) return;
  __collect();
  grownAt = memory.size();
}
