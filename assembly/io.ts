// Input documents and the result builder shared by every validator.
import {
  ABI_VERSION, DOC_RECORD_I32S, HEADER_I32S, FINDING_I32S, DATA_I32S, KIND_FACT, DOC_CHECKED, STATUS_OK,
} from "./abi";
import { Rule } from "./rules";
import { isList, decodeList } from "./lib/list";
import { excerpt, MESSAGE_MAX } from "./lib/text";

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
      t = String.UTF8.decodeUnsafe(p, <usize>n, false);
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

  /** File name part of the document name (after the last / or \). */
  baseName(): string {
    const n = this.name;
    let i = n.length - 1;
    while (i >= 0) {
      const c = n.charCodeAt(i);
      if (c == 47 || c == 92) break;
      i--;
    }
    return n.substring(i + 1);
  }
}

export function splitLines(t: string): string[] {
  const out: string[] = [];
  let start = 0;
  const n = t.length;
  for (let i = 0; i < n; i++) {
    const c = t.charCodeAt(i);
    if (c == 10) {
      out.push(t.substring(start, i));
      start = i + 1;
    } else if (c == 13) {
      out.push(t.substring(start, i));
      if (i + 1 < n && t.charCodeAt(i + 1) == 10) i++;
      start = i + 1;
    }
  }
  if (start < n || n == 0) out.push(t.substring(start, n));
  return out;
}

export class Input {
  docs: Doc[] = [];
  facts: Map<string, string> = new Map();

  /** A named fact or option, or null when the host did not supply it (= unknown). */
  fact(name: string): string | null {
    if (this.facts.has(name)) return this.facts.get(name);
    return null;
  }
  has(name: string): bool {
    return this.facts.has(name);
  }
  /**
   * A list fact, or null when unknown: an encoded list (lib/list.ts; any character in an entry) or,
   * for text facts, one entry per line. Empty entries are dropped either way.
   */
  factLines(name: string): string[] | null {
    if (!this.facts.has(name)) return null;
    const v = this.facts.get(name);
    const ls = isList(v) ? decodeList(v) : splitLines(v);
    const out: string[] = [];
    for (let i = 0; i < ls.length; i++) if (ls[i].length > 0) out.push(ls[i]);
    return out;
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
    const name = String.UTF8.decodeUnsafe(dataStart + <usize>nameOff, <usize>nameLen, false);
    const doc = new Doc(i, kind, flags, dataStart + <usize>off, len, name);
    input.docs.push(doc);
    if (kind == KIND_FACT) input.facts.set(name, doc.text());
  }
  return input;
}

class Finding {
  constructor(
    public rule: i32, public severity: i32, public doc: i32, public line: i32, public column: i32,
    public message: string,
  ) {}
}

class DataItem {
  constructor(public doc: i32, public key: string, public value: string) {}
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

  /** Report a finding of `rule` at its default severity. line/column are 1-based; 0 = whole file. */
  report(rule: Rule, doc: Doc, line: i32, column: i32, message: string): void {
    this.findings.push(new Finding(rule.index, rule.severity, doc.index, line, column, excerpt(message, MESSAGE_MAX)));
  }

  /** Report with an explicit severity (for rules whose severity depends on context). */
  reportAs(rule: Rule, severity: i32, doc: Doc, line: i32, column: i32, message: string): void {
    this.findings.push(new Finding(rule.index, severity, doc.index, line, column, excerpt(message, MESSAGE_MAX)));
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

  errorCount(doc: Doc): i32 {
    let n = 0;
    for (let i = 0; i < this.findings.length; i++) {
      const f = this.findings[i];
      if (f.doc == doc.index && f.severity == 0) n++;
    }
    return n;
  }

  /** Serialise into the result buffer; returns the status. */
  finish(): i32 {
    // encode strings
    const pool: ArrayBuffer[] = [];
    let poolBytes: i32 = 0;
    const nf = this.findings.length;
    const nd = this.data.length;
    const msgOff = new Array<i32>(nf);
    const msgLen = new Array<i32>(nf);
    for (let i = 0; i < nf; i++) {
      const b = String.UTF8.encode(this.findings[i].message);
      msgOff[i] = poolBytes;
      msgLen[i] = b.byteLength;
      poolBytes += b.byteLength;
      pool.push(b);
    }
    const keyOff = new Array<i32>(nd);
    const keyLen = new Array<i32>(nd);
    const valOff = new Array<i32>(nd);
    const valLen = new Array<i32>(nd);
    for (let i = 0; i < nd; i++) {
      const k = String.UTF8.encode(this.data[i].key);
      keyOff[i] = poolBytes;
      keyLen[i] = k.byteLength;
      poolBytes += k.byteLength;
      pool.push(k);
      const v = String.UTF8.encode(this.data[i].value);
      valOff[i] = poolBytes;
      valLen[i] = v.byteLength;
      poolBytes += v.byteLength;
      pool.push(v);
    }
    const docCount = this.docStatus.length;
    const ints = HEADER_I32S + docCount + nf * FINDING_I32S + nd * DATA_I32S;
    const total = ints * 4 + poolBytes;
    if (resultPtr != 0) heap.free(resultPtr);
    resultPtr = heap.alloc(total > 0 ? <usize>total : <usize>4);
    resultLen = total;
    let p = resultPtr;
    store<i32>(p, ABI_VERSION);
    store<i32>(p, this.status, 4);
    store<i32>(p, nf, 8);
    store<i32>(p, nd, 12);
    store<i32>(p, docCount, 16);
    store<i32>(p, poolBytes, 20);
    store<i32>(p, 0, 24);
    store<i32>(p, 0, 28);
    p += HEADER_I32S * 4;
    for (let i = 0; i < docCount; i++) {
      store<i32>(p, this.docStatus[i]);
      p += 4;
    }
    for (let i = 0; i < nf; i++) {
      const f = this.findings[i];
      store<i32>(p, f.rule);
      store<i32>(p, f.severity, 4);
      store<i32>(p, f.doc, 8);
      store<i32>(p, f.line, 12);
      store<i32>(p, f.column, 16);
      store<i32>(p, msgOff[i], 20);
      store<i32>(p, msgLen[i], 24);
      store<i32>(p, 0, 28);
      p += FINDING_I32S * 4;
    }
    for (let i = 0; i < nd; i++) {
      store<i32>(p, this.data[i].doc);
      store<i32>(p, keyOff[i], 4);
      store<i32>(p, keyLen[i], 8);
      store<i32>(p, valOff[i], 12);
      store<i32>(p, valLen[i], 16);
      p += DATA_I32S * 4;
    }
    for (let i = 0; i < pool.length; i++) {
      const b = pool[i];
      memory.copy(p, changetype<usize>(b), <usize>b.byteLength);
      p += <usize>b.byteLength;
    }
    return this.status;
  }
}

/** Put a plain string in the result buffer (used by rules_meta). Returns its byte length. */
export function setResultText(s: string): i32 {
  const b = String.UTF8.encode(s);
  if (resultPtr != 0) heap.free(resultPtr);
  resultPtr = heap.alloc(b.byteLength > 0 ? <usize>b.byteLength : <usize>1);
  resultLen = b.byteLength;
  memory.copy(resultPtr, changetype<usize>(b), <usize>b.byteLength);
  return resultLen;
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
