// A small strict JSON parser (RFC 8259) that scans UTF-8 bytes in linear memory into a compact node
// table (eight i32 per value, no object per value). JValue is a light view over one node, created on
// first access; strings and keys are decoded only when a rule reads them (key lookups compare bytes
// against the query without decoding). Never aborts: every syntax problem becomes a JsonError with
// the position (UTF-16 code units, like the decoded text) where parsing stopped. Nesting deeper than
// MAX_DEPTH is a syntax error, so deep input cannot exhaust the stack. Duplicate object keys: the last
// value wins and keeps the position of the first occurrence (the behaviour of Python's json module).
// Line starts are recorded while white space is skipped (a valid document has line breaks nowhere
// else), so a parsed document has its LineIndex without another pass.

import { txt } from "./texts";
import { asciiAt } from "./text";

export const J_NULL: i32 = 0;
export const J_BOOL: i32 = 1;
export const J_NUM: i32 = 2;
export const J_STR: i32 = 3;
export const J_ARR: i32 = 4;
export const J_OBJ: i32 = 5;

export const MAX_DEPTH: i32 = 128;

// Node table: NODE_I32S i32 per value, in document order (a container is followed by its subtree).
const NODE_I32S: i32 = 8;
const N_KIND: i32 = 0; // kind | flags
const N_POS: i32 = 1; // UTF-16 offset of the value's first character
const N_START: i32 = 2; // byte offset of the value's first byte
const N_END: i32 = 3; // byte offset after the value (scalars and strings)
const N_NEXT: i32 = 4; // node index after this value's subtree (the next sibling)
const N_COUNT: i32 = 5; // members / elements of a container
const N_KSTART: i32 = 6; // byte offset of the member key's opening quote (-1: not a member)
const N_KEND: i32 = 7; // byte offset after the key's closing quote

const KIND_MASK: i32 = 7;
const F_ESC: i32 = 8; // the string value has escapes
const F_KESC: i32 = 16; // the member key has escapes
const F_DUP: i32 = 32; // the object has duplicate keys
const F_NA: i32 = 64; // the string value has non-ASCII bytes
const F_KNA: i32 = 128; // the member key has non-ASCII bytes

// Scratch tables shared by every parse (copied into an exact-size table per document).
let scratch: StaticArray<i32> = new StaticArray<i32>(4096);
let lineScratch: StaticArray<i32> = new StaticArray<i32>(1024);
let hashScratch: StaticArray<i32> = new StaticArray<i32>(64);
let fieldScratch: StaticArray<i32> = new StaticArray<i32>(8);

// Views handed back by JDoc.release() (reused by the next document), and one emptied view table.
const FREE_VIEWS_MAX: i32 = 1 << 16;
let freeViews: JValue[] = [];
let spareViews: StaticArray<JValue | null> | null = null;
const NO_DOC: JDoc = new JDoc();

/** A parsed document: its bytes and the node table. Values are views (JValue) over it. */
export class JDoc {
  /** Address of the first byte (the text the positions count from). */
  base: usize = 0;
  len: i32 = 0;
  /** Keeps the bytes alive when they were encoded from a string (parseJson). */
  buf: ArrayBuffer | null = null;
  nodes: StaticArray<i32> = new StaticArray<i32>(0);
  count: i32 = 0;
  lineStarts: StaticArray<i32> = new StaticArray<i32>(0);
  private views: StaticArray<JValue | null> | null = null;
  private lineIndex: LineIndex | null = null;

  @inline at(id: i32, field: i32): i32 {
    return unchecked(this.nodes[id * NODE_I32S + field]);
  }

  view(id: i32): JValue {
    let vs = this.views;
    if (vs === null) {
      const spare = spareViews;
      if (spare !== null && spare.length >= this.count) {
        vs = spare;
        spareViews = null;
      } else vs = new StaticArray<JValue | null>(this.count);
      this.views = vs;
    }
    let v = unchecked(vs[id]);
    if (v === null) {
      const free = freeViews;
      if (free.length > 0) {
        v = free.pop();
        v.doc = this;
        v.id = id;
      } else v = new JValue(this, id);
      unchecked((vs[id] = v));
    }
    return v;
  }

  /**
   * Hand the views of this document back for the next document's use (no allocation and no garbage
   * per value). Only when nothing holds a view of this document any more: after that, its old views
   * show other values.
   */
  release(): void {
    const vs = this.views;
    if (vs === null) return;
    this.views = null;
    const free = freeViews;
    for (let i = 0; i < this.count; i++) {
      const v = unchecked(vs[i]);
      if (v === null) continue;
      v.forget();
      v.doc = NO_DOC; // the free list keeps no released document alive
      if (free.length < FREE_VIEWS_MAX) free.push(v);
      unchecked((vs[i] = null));
    }
    const spare = spareViews;
    if (spare === null || vs.length > spare.length) spareViews = vs;
  }

  /** Line starts of the document (UTF-16 offsets), recorded during the parse. */
  lines(): LineIndex {
    let li = this.lineIndex;
    if (li === null) {
      li = new LineIndex("");
      const n = this.lineStarts.length;
      const st = new Array<i32>(n + 1);
      unchecked((st[0] = 0));
      for (let i = 0; i < n; i++) unchecked((st[i + 1] = this.lineStarts[i]));
      li.starts = st;
      this.lineIndex = li;
    }
    return li;
  }

  // ---- node-index access (walkers that make no view per value: the schema layer) ----
  @inline kindOf(id: i32): i32 {
    return this.at(id, N_KIND) & KIND_MASK;
  }
  @inline posOf(id: i32): i32 {
    return this.at(id, N_POS);
  }
  /** Members / elements of a container (before duplicate keys are resolved). */
  @inline countOf(id: i32): i32 {
    return this.at(id, N_COUNT);
  }
  /** The node after `id`'s subtree (its next sibling inside a container). */
  @inline nextOf(id: i32): i32 {
    return this.at(id, N_NEXT);
  }
  /** The object has duplicate keys (walk its view's items, where the last value wins). */
  @inline isDup(id: i32): bool {
    return (this.at(id, N_KIND) & F_DUP) != 0;
  }
  /** The member key of `id` has escapes (compare it decoded: keyName). */
  @inline keyEsc(id: i32): bool {
    return (this.at(id, N_KIND) & F_KESC) != 0;
  }
  /** Byte offset of the first byte of member `id`'s key (inside the quotes). */
  @inline keyStart(id: i32): i32 {
    return this.at(id, N_KSTART) + 1;
  }
  /** Byte offset after the last byte of member `id`'s key (before the closing quote). */
  @inline keyEnd(id: i32): i32 {
    return this.at(id, N_KEND) - 1;
  }
  /** The decoded key of member `id` ("" when it is not an object member). */
  keyName(id: i32): string {
    if (this.at(id, N_KSTART) < 0) return "";
    return keyOf(this, id);
  }
  /**
   * The first member node of object `id` named `key`, or -1. With duplicate keys that is the first
   * occurrence, not the value that counts (the last: use the view); for presence either answers.
   */
  memberOf(id: i32, key: string): i32 {
    const n = this.at(id, N_COUNT);
    const m = key.length;
    const kq = changetype<usize>(key);
    const k0 = m > 0 ? <i32>load<u16>(kq) : -1;
    let ascii = -1; // whether `key` is ASCII, found out only when a longer key needs it
    let c = id + 1;
    for (let i = 0; i < n; i++) {
      const ka = this.at(c, N_KSTART) + 1;
      const kb = this.at(c, N_KEND) - 1;
      const len = kb - ka;
      if ((this.at(c, N_KIND) & F_KESC) != 0) {
        if (this.decode(ka, kb, true, false) == key) return c;
      } else if (len == m) {
        // equal lengths: equal only as ASCII (spanEquals)
        if ((m == 0 || <i32>load<u8>(this.base + <usize>ka) == k0) && this.spanEquals(ka, kb, key)) return c;
      } else if (len > m) {
        // more bytes than units: equal only when `key` has non-ASCII characters
        if (ascii < 0) {
          ascii = 1;
          for (let j = 0; j < m; j++) if (<i32>load<u16>(kq + (<usize>j << 1)) >= 128) { ascii = 0; break; }
        }
        if (ascii == 0 && this.spanEquals(ka, kb, key)) return c;
      }
      c = this.at(c, N_NEXT);
    }
    return -1;
  }

  /** Decoded text of bytes [a, b) with JSON escapes resolved when `esc`; `ascii`: no byte >= 0x80. */
  decode(a: i32, b: i32, esc: bool, ascii: bool): string {
    if (esc) return decodeEscaped(this.base, a, b);
    if (ascii) return asciiString(this.base + <usize>a, b - a);
    return String.UTF8.decodeUnsafe(this.base + <usize>a, <usize>(b - a), false);
  }

  /** Bytes [a, b) (no escapes) equal the string s. */
  spanEquals(a: i32, b: i32, s: string): bool {
    const n = b - a;
    const m = s.length;
    if (n < m) return false; // UTF-8 never has fewer bytes than UTF-16 units
    const p = this.base + <usize>a;
    const q = changetype<usize>(s); // i < m = s.length: the units are read without bounds checks
    if (n == m) {
      // equal lengths: equal only when both are ASCII
      for (let i = 0; i < m; i++) {
        const c = <i32>load<u16>(q + (<usize>i << 1));
        if (c != <i32>load<u8>(p + <usize>i) || c >= 128) return false;
      }
      return true;
    }
    // more bytes than units: the string has non-ASCII characters (or differs)
    for (let i = 0; i < m; i++) if (<i32>load<u16>(q + (<usize>i << 1)) >= 128) return String.UTF8.decodeUnsafe(p, <usize>n, false) == s;
    return false;
  }
}

/**
 * Short ASCII strings decoded lately, by a hash of their bytes (direct-mapped): the same short values
 * and keys ("x", "Complete", "MUST", ...) recur in every log, so most decodes of them are served
 * without an allocation (strings are immutable; the table is a global, so its strings stay alive).
 */
const HOT_MAX: i32 = 24;

/** FNV-1a over `len` bytes at `p` (the one byte hash of the JSON code: keys, short strings, memos). */
// @ts-ignore: decorator
@inline export function fnv1a(p: usize, len: i32, seed: u32 = 2166136261): u32 {
  let h = seed;
  for (let i = 0; i < len; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 16777619;
  return h;
}
const hotAscii = new StaticArray<string | null>(512);

/** A string of `n` ASCII bytes at `p` (one allocation, no decoder; short ones from hotAscii). */
function asciiString(p: usize, n: i32): string {
  if (n <= 0) return "";
  if (n <= HOT_MAX) {
    const h = fnv1a(p, n, <u32>n);
    const slot = <i32>((h ^ (h >> 15)) & 511);
    const hit = unchecked(hotAscii[slot]);
    if (hit !== null && hit.length == n) {
      const q = changetype<usize>(hit);
      let i = 0;
      while (i < n && <u32>load<u16>(q + (<usize>i << 1)) == <u32>load<u8>(p + <usize>i)) i++;
      if (i == n) return hit;
    }
    const fresh = asciiAt(p, n);
    unchecked((hotAscii[slot] = fresh));
    return fresh;
  }
  return asciiAt(p, n);
}

/**
 * Decode a JSON string body [a, b) that has escapes (the text was validated by the parser), in one
 * pass into one buffer: every escape and UTF-8 sequence yields at most as many UTF-16 units as it has
 * bytes, so b - a units suffice and the string is shrunk to its length once. (Concatenating per
 * escape was quadratic: ~23,000 escapes in one string exhausted memory, issue 33 item 3.)
 */
function decodeEscaped(base: usize, a: i32, b: i32): string {
  const out = __new(<usize>(b - a) << 1, idof<String>());
  let o = out;
  let run = a;
  let i = a;
  while (true) {
    const c = i < b ? <i32>load<u8>(base + <usize>i) : 92;
    if (c != 92) {
      i++;
      continue;
    }
    if (i > run) o = copyRun(base + <usize>run, i - run, o);
    if (i >= b) break;
    const e = <i32>load<u8>(base + <usize>i + 1);
    i += 2;
    let u = e; // '"', '\\', '/' stand for themselves
    if (e == 98) u = 8;
    else if (e == 102) u = 12;
    else if (e == 110) u = 10;
    else if (e == 114) u = 13;
    else if (e == 116) u = 9;
    else if (e == 117) {
      u = hexAt(base, i);
      i += 4;
    }
    store<u16>(o, <u16>u);
    o += 2;
    run = i;
  }
  return changetype<string>(__renew(out, o - out));
}

/** Copy n UTF-8 bytes at p as UTF-16 units to o (ASCII widened in place); returns the end. */
function copyRun(p: usize, n: i32, o: usize): usize {
  let k = 0;
  while (k < n && load<u8>(p + <usize>k) < 128) {
    store<u16>(o + (<usize>k << 1), <u16>load<u8>(p + <usize>k));
    k++;
  }
  if (k == n) return o + (<usize>n << 1);
  // non-ASCII: the standard decoder (never more units than bytes)
  const rest = String.UTF8.decodeUnsafe(p + <usize>k, <usize>(n - k), false);
  const bytes = <usize>rest.length << 1;
  memory.copy(o + (<usize>k << 1), changetype<usize>(rest), bytes);
  return o + (<usize>k << 1) + bytes;
}

/** Four hex digits at base+i, or -1. */
function hexAt(base: usize, i: i32): i32 {
  let v = 0;
  for (let k = 0; k < 4; k++) {
    const c = <i32>load<u8>(base + <usize>(i + k));
    let d = -1;
    if (c >= 48 && c <= 57) d = c - 48;
    else if (c >= 97 && c <= 102) d = c - 87;
    else if (c >= 65 && c <= 70) d = c - 55;
    if (d < 0) return -1;
    v = (v << 4) | d;
  }
  return v;
}

const NO_ITEMS: JValue[] = [];
const NO_KEYS: string[] = [];

/** One JSON value: a view over a node of its document's table (one view per node, made on first use). */
export class JValue {
  private cachedS: string | null = null;
  private cachedItems: JValue[] | null = null;
  private cachedKeys: string[] | null = null;

  constructor(public doc: JDoc, public id: i32) {}

  /** Drop the cached decodings (the view is about to show another value: JDoc.release). */
  forget(): void {
    this.cachedS = null;
    this.cachedItems = null;
    this.cachedKeys = null;
  }

  get kind(): i32 {
    return this.doc.at(this.id, N_KIND) & KIND_MASK;
  }
  /** Offset of the value's first character in the source text (UTF-16 code units). */
  get pos(): i32 {
    return this.doc.at(this.id, N_POS);
  }
  get b(): bool {
    return this.kind == J_BOOL && load<u8>(this.doc.base + <usize>this.doc.at(this.id, N_START)) == 116;
  }
  get n(): f64 {
    return this.kind == J_NUM ? numberValue(this.s) : 0;
  }
  /** String value, or the literal text of a number ("" for other kinds). */
  get s(): string {
    const cached = this.cachedS;
    if (cached !== null) return cached;
    const d = this.doc;
    const k = d.at(this.id, N_KIND);
    const a = d.at(this.id, N_START);
    const e = d.at(this.id, N_END);
    const kind = k & KIND_MASK;
    let s = "";
    if (kind == J_STR) s = d.decode(a + 1, e - 1, (k & F_ESC) != 0, (k & F_NA) == 0);
    else if (kind == J_NUM) s = d.decode(a, e, false, true);
    this.cachedS = s;
    return s;
  }
  /** Byte length of a string value's body as written (escapes undecoded); 0 for other kinds. */
  get rawLength(): i32 {
    if (this.kind != J_STR) return 0;
    return this.doc.at(this.id, N_END) - this.doc.at(this.id, N_START) - 2;
  }
  /** Array elements, or object values (parallel to keys). */
  get items(): JValue[] {
    const it = this.cachedItems;
    if (it !== null) return it;
    const made = this.kind >= J_ARR ? this.collect() : NO_ITEMS;
    this.cachedItems = made;
    return made;
  }
  get keys(): string[] {
    const cached = this.cachedKeys;
    if (cached !== null) return cached;
    if (this.kind != J_OBJ) {
      this.cachedKeys = NO_KEYS;
      return NO_KEYS;
    }
    const d = this.doc;
    if ((d.at(this.id, N_KIND) & F_DUP) != 0) {
      this.resolveDups();
      return this.cachedKeys!;
    }
    const n = d.at(this.id, N_COUNT);
    const ks = new Array<string>(n);
    let c = this.id + 1;
    for (let i = 0; i < n; i++) {
      unchecked((ks[i] = keyOf(d, c)));
      c = d.at(c, N_NEXT);
    }
    this.cachedKeys = ks;
    return ks;
  }

  private collect(): JValue[] {
    const d = this.doc;
    if (this.kind == J_OBJ && (d.at(this.id, N_KIND) & F_DUP) != 0) {
      this.resolveDups();
      return this.cachedItems!;
    }
    const n = d.at(this.id, N_COUNT);
    const out = new Array<JValue>(n);
    let c = this.id + 1;
    for (let i = 0; i < n; i++) {
      unchecked((out[i] = d.view(c)));
      c = d.at(c, N_NEXT);
    }
    return out;
  }

  /** Keys in first-occurrence order, each with its last value (objects with duplicate keys). */
  private resolveDups(): void {
    const d = this.doc;
    const n = d.at(this.id, N_COUNT);
    const ks: string[] = [];
    const vs: JValue[] = [];
    const index = new Map<string, i32>();
    let c = this.id + 1;
    for (let i = 0; i < n; i++) {
      const k = keyOf(d, c);
      if (index.has(k)) vs[index.get(k)] = d.view(c);
      else {
        index.set(k, ks.length);
        ks.push(k);
        vs.push(d.view(c));
      }
      c = d.at(c, N_NEXT);
    }
    this.cachedKeys = ks;
    this.cachedItems = vs;
  }

  /** Object member by exact key, or null. */
  get(key: string): JValue | null {
    const d = this.doc;
    const k = d.at(this.id, N_KIND);
    if ((k & KIND_MASK) != J_OBJ) return null;
    if ((k & F_DUP) != 0) {
      const ks = this.keys;
      for (let i = 0; i < ks.length; i++) if (ks[i] == key) return this.items[i];
      return null;
    }
    const c = d.memberOf(this.id, key);
    return c >= 0 ? d.view(c) : null;
  }
  has(key: string): bool {
    return this.get(key) !== null;
  }

  /**
   * The first member (in key order) whose key, with ASCII letters lower-cased, equals `lowerKey`;
   * no string is made for keys written in plain ASCII.
   */
  getLowerCase(lowerKey: string): JValue | null {
    const d = this.doc;
    const k = d.at(this.id, N_KIND);
    if ((k & KIND_MASK) != J_OBJ) return null;
    if ((k & F_DUP) != 0) {
      const ks = this.keys;
      for (let i = 0; i < ks.length; i++) if (lowerEquals(ks[i], lowerKey)) return this.items[i];
      return null;
    }
    const m = lowerKey.length;
    const n = d.at(this.id, N_COUNT);
    let c = this.id + 1;
    for (let i = 0; i < n; i++) {
      const ck = d.at(c, N_KIND);
      const ka = d.at(c, N_KSTART) + 1;
      const kb = d.at(c, N_KEND) - 1;
      if ((ck & (F_KESC | F_KNA)) != 0) {
        if (lowerEquals(keyOf(d, c), lowerKey)) return d.view(c);
      } else if (kb - ka == m) {
        let eq = true;
        for (let j = 0; j < m; j++) {
          let b = <i32>load<u8>(d.base + <usize>(ka + j));
          if (b >= 65 && b <= 90) b += 32;
          if (b != <i32>lowerKey.charCodeAt(j)) {
            eq = false;
            break;
          }
        }
        if (eq) return d.view(c);
      }
      c = d.at(c, N_NEXT);
    }
    return null;
  }
  /**
   * get(lowerKey) when there is such a member, else getLowerCase(lowerKey), in one pass over plain
   * ASCII keys (`lowerKey` is lower-case ASCII).
   */
  getField(lowerKey: string): JValue | null {
    const d = this.doc;
    const k = d.at(this.id, N_KIND);
    if ((k & KIND_MASK) != J_OBJ) return null;
    if ((k & F_DUP) != 0) {
      const exact = this.get(lowerKey);
      return exact !== null ? exact : this.getLowerCase(lowerKey);
    }
    const m = lowerKey.length;
    const n = d.at(this.id, N_COUNT);
    let c = this.id + 1;
    let folded = -1;
    for (let i = 0; i < n; i++) {
      const ck = d.at(c, N_KIND);
      if ((ck & (F_KESC | F_KNA)) != 0) {
        // rare: the two-pass lookup decides
        const exact = this.get(lowerKey);
        return exact !== null ? exact : this.getLowerCase(lowerKey);
      }
      const ka = d.at(c, N_KSTART) + 1;
      const kb = d.at(c, N_KEND) - 1;
      if (kb - ka == m) {
        let same = true;
        let eq = true;
        for (let j = 0; j < m; j++) {
          let b = <i32>load<u8>(d.base + <usize>(ka + j));
          const q = <i32>lowerKey.charCodeAt(j);
          if (b != q) same = false;
          if (b >= 65 && b <= 90) b += 32;
          if (b != q) {
            eq = false;
            break;
          }
        }
        if (eq && same) return d.view(c);
        if (eq && folded < 0) folded = c;
      }
      c = d.at(c, N_NEXT);
    }
    return folded >= 0 ? d.view(folded) : null;
  }
  /**
   * out[q] = getField(keys[q]) for a few lower-case ASCII keys, in one pass over the members (when
   * every key is plain ASCII and none repeats; otherwise one getField per key).
   */
  getFields(keys: StaticArray<string>, out: StaticArray<JValue | null>): void {
    const nk = keys.length;
    const d = this.doc;
    const k = d.at(this.id, N_KIND);
    if ((k & KIND_MASK) != J_OBJ) {
      for (let q = 0; q < nk; q++) unchecked((out[q] = null));
      return;
    }
    const n = d.at(this.id, N_COUNT);
    let plain = (k & F_DUP) == 0;
    let c = this.id + 1;
    for (let i = 0; plain && i < n; i++) {
      if ((d.at(c, N_KIND) & (F_KESC | F_KNA)) != 0) plain = false;
      c = d.at(c, N_NEXT);
    }
    if (!plain) {
      for (let q = 0; q < nk; q++) unchecked((out[q] = this.getField(unchecked(keys[q]))));
      return;
    }
    // per key: the first member named exactly so, else the first whose name folds to it
    let found = fieldScratch;
    if (found.length < nk * 2) {
      found = new StaticArray<i32>(nk * 2);
      fieldScratch = found;
    }
    for (let q = 0; q < nk * 2; q++) unchecked((found[q] = -1));
    c = this.id + 1;
    for (let i = 0; i < n; i++) {
      const ka = d.at(c, N_KSTART) + 1;
      const len = d.at(c, N_KEND) - 1 - ka;
      const p = d.base + <usize>ka;
      for (let q = 0; q < nk; q++) {
        const key = unchecked(keys[q]);
        if (key.length != len || unchecked(found[q * 2]) >= 0) continue;
        const kq = changetype<usize>(key);
        let same = true;
        let eq = true;
        for (let j = 0; j < len; j++) {
          let b = <i32>load<u8>(p + <usize>j);
          const w = <i32>load<u16>(kq + (<usize>j << 1));
          if (b != w) same = false;
          if (b >= 65 && b <= 90) b += 32;
          if (b != w) {
            eq = false;
            break;
          }
        }
        if (eq && same) unchecked((found[q * 2] = c));
        else if (eq && unchecked(found[q * 2 + 1]) < 0) unchecked((found[q * 2 + 1]= c));
      }
      c = d.at(c, N_NEXT);
    }
    for (let q = 0; q < nk; q++) {
      let m = unchecked(found[q * 2]);
      if (m < 0) m = unchecked(found[q * 2 + 1]);
      unchecked((out[q] = m >= 0 ? d.view(m) : null));
    }
  }
  /** A number literal written without fraction or exponent. */
  isIntLiteral(): bool {
    if (this.kind != J_NUM) return false;
    const d = this.doc;
    const e = d.at(this.id, N_END);
    for (let i = d.at(this.id, N_START); i < e; i++) {
      const c = load<u8>(d.base + <usize>i);
      if (c == 46 || c == 101 || c == 69) return false;
    }
    return true;
  }
  /** Python-style truthiness. */
  truthy(): bool {
    const k = this.kind;
    if (k == J_BOOL) return this.b;
    if (k == J_NUM) return this.n != 0;
    if (k == J_STR) return this.rawLength > 0;
    if (k == J_ARR || k == J_OBJ) return this.doc.at(this.id, N_COUNT) > 0;
    return false;
  }
}

/** `s` with ASCII A-Z lower-cased equals `lower`. */
function lowerEquals(s: string, lower: string): bool {
  const n = s.length;
  if (n != lower.length) return false;
  for (let i = 0; i < n; i++) {
    let c = <i32>s.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c != <i32>lower.charCodeAt(i)) return false;
  }
  return true;
}

function keyOf(d: JDoc, c: i32): string {
  const k = d.at(c, N_KIND);
  return d.decode(d.at(c, N_KSTART) + 1, d.at(c, N_KEND) - 1, (k & F_KESC) != 0, (k & F_KNA) == 0);
}

export class JsonResult {
  value: JValue | null = null;
  /** Empty when the text parsed. */
  error: string = "";
  errorPos: i32 = 0;
  /** The parsed document (its line starts: doc.lines()); null on error. */
  doc: JDoc | null = null;
}

/** Line starts of a text (CRLF, LF and lone CR end lines), for offset -> line/column. */
export class LineIndex {
  starts: i32[] = [0];
  constructor(t: string) {
    const n = t.length;
    for (let i = 0; i < n; i++) {
      const c = t.charCodeAt(i);
      if (c == 10) this.starts.push(i + 1);
      else if (c == 13) {
        if (i + 1 < n && t.charCodeAt(i + 1) == 10) i++;
        this.starts.push(i + 1);
      }
    }
  }
  /** The last offset asked and its line (a report asks line(pos), then col(pos)). */
  private lastPos: i32 = -1;
  private lastLine: i32 = 0;
  /** 1-based line of an offset. */
  line(pos: i32): i32 {
    if (pos == this.lastPos) return this.lastLine;
    const st = this.starts;
    let lo = 0;
    let hi = st.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (unchecked(st[mid]) <= pos) lo = mid;
      else hi = mid - 1;
    }
    this.lastPos = pos;
    this.lastLine = lo + 1;
    return lo + 1;
  }
  /** 1-based column of an offset. */
  col(pos: i32): i32 {
    return pos - this.starts[this.line(pos) - 1] + 1;
  }
}

class Parser {
  base: usize;
  n: i32;
  i: i32 = 0;
  /** UTF-16 offset minus byte offset at the scan position (non-ASCII bytes seen so far). */
  adj: i32 = 0;
  err: string = "";
  errPos: i32 = 0;
  count: i32 = 0;
  nlines: i32 = 0;
  constructor(base: usize, n: i32) {
    this.base = base;
    this.n = n;
  }

  @inline byte(i: i32): i32 {
    return <i32>load<u8>(this.base + <usize>i);
  }

  fail(msg: string, bytePos: i32): bool {
    if (this.err.length == 0) {
      this.err = msg;
      this.errPos = bytePos + this.adj;
    }
    return false;
  }

  /** Reserve a node for a value starting here; returns its index. */
  node(kind: i32, start: i32): i32 {
    const id = this.count;
    let t = scratch;
    if ((id + 1) * NODE_I32S > t.length) {
      const g = new StaticArray<i32>(t.length * 2);
      memory.copy(changetype<usize>(g), changetype<usize>(t), <usize>t.length << 2);
      scratch = g;
      t = g;
    }
    const o = id * NODE_I32S;
    unchecked((t[o + N_KIND] = kind));
    unchecked((t[o + N_POS] = start + this.adj));
    unchecked((t[o + N_START] = start));
    unchecked((t[o + N_END] = start));
    unchecked((t[o + N_NEXT] = id + 1));
    unchecked((t[o + N_COUNT] = 0));
    unchecked((t[o + N_KSTART] = -1));
    unchecked((t[o + N_KEND] = -1));
    this.count = id + 1;
    return id;
  }

  lineStart(at: i32): void {
    let t = lineScratch;
    if (this.nlines >= t.length) {
      const g = new StaticArray<i32>(t.length * 2);
      memory.copy(changetype<usize>(g), changetype<usize>(t), <usize>t.length << 2);
      lineScratch = g;
      t = g;
    }
    unchecked((t[this.nlines++] = at + this.adj));
  }

  ws(): void {
    let i = this.i;
    const n = this.n;
    while (i < n) {
      const c = this.byte(i);
      if (c == 32 || c == 9) i++;
      else if (c == 10 || c == 13) {
        i++;
        if (c == 13 && i < n && this.byte(i) == 10) i++;
        this.lineStart(i);
        // the next line's indentation: spaces 16 bytes at a time
        while (i + 16 <= n) {
          const m = ~i8x16.bitmask(i8x16.eq(v128.load(this.base + <usize>i), i8x16.splat(32))) & 0xffff;
          if (m == 0) {
            i += 16;
            continue;
          }
          i += <i32>ctz(m);
          break;
        }
      } else break;
    }
    this.i = i;
  }

  peek(): i32 {
    return this.i < this.n ? this.byte(this.i) : -1;
  }

  /** One value at this.i (after white space); false on error. */
  value(depth: i32): bool {
    this.ws();
    const c = this.peek();
    const start = this.i;
    if (c == 123 || c == 91) {
      if (depth >= MAX_DEPTH) return this.fail(txt("Nesting deeper than ") + MAX_DEPTH.toString() + txt(" levels"), start);
      return c == 123 ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (c == 34) {
      const id = this.node(J_STR, start);
      const r = this.str();
      if (r < 0) return false;
      const o = id * NODE_I32S;
      unchecked((scratch[o + N_END] = this.i));
      if (r > 0) unchecked((scratch[o + N_KIND] = J_STR | ((r & 1) != 0 ? F_ESC : 0) | ((r & 2) != 0 ? F_NA : 0)));
      return true;
    }
    if (c == 45 || (c >= 48 && c <= 57)) return this.num();
    if (this.word(0x65757274, 4)) { // "true"
      const id = this.node(J_BOOL, start);
      unchecked((scratch[id * NODE_I32S + N_END] = this.i));
      return true;
    }
    if (this.word(0x736c6166, 4) && this.i < this.n && this.byte(this.i) == 101) { // "false"
      this.i++;
      const id = this.node(J_BOOL, start);
      unchecked((scratch[id * NODE_I32S + N_END] = this.i));
      return true;
    }
    this.i = start;
    if (this.word(0x6c6c756e, 4)) { // "null"
      const id = this.node(J_NULL, start);
      unchecked((scratch[id * NODE_I32S + N_END] = this.i));
      return true;
    }
    return this.fail(txt("Expecting value"), start);
  }

  /** The next `len` (4) bytes equal the little-endian word `w`. */
  word(w: u32, len: i32): bool {
    if (this.i + len > this.n) return false;
    if (load<u32>(this.base + <usize>this.i) != w) return false;
    this.i += len;
    return true;
  }

  digits(): i32 {
    const s = this.i;
    let i = s;
    const n = this.n;
    while (i < n) {
      const c = this.byte(i);
      if (c < 48 || c > 57) break;
      i++;
    }
    this.i = i;
    return i - s;
  }

  num(): bool {
    const start = this.i;
    if (this.peek() == 45) this.i++;
    const first = this.peek();
    const nd = this.digits();
    if (nd == 0) return this.fail(txt("Expecting value"), start);
    if (first == 48 && nd > 1) return this.fail(txt("Leading zeros are not allowed in numbers"), start);
    if (this.peek() == 46) {
      this.i++;
      if (this.digits() == 0) return this.fail(txt("Expecting digits after the decimal point"), this.i);
    }
    const e = this.peek();
    if (e == 101 || e == 69) {
      this.i++;
      const sg = this.peek();
      if (sg == 43 || sg == 45) this.i++;
      if (this.digits() == 0) return this.fail(txt("Expecting digits in the exponent"), this.i);
    }
    const id = this.node(J_NUM, start);
    unchecked((scratch[id * NODE_I32S + N_END] = this.i));
    return true;
  }

  /**
   * String at this.i (a quote): leaves this.i after the closing quote. Returns -1 on error, else
   * flags: 1 = it has escapes, 2 = it has non-ASCII bytes.
   */
  str(): i32 {
    const base = this.base;
    const n = this.n;
    const start = this.i;
    const adj0 = this.adj;
    let i = start + 1;
    let esc = 0;
    const q16 = i8x16.splat(34);
    const b16 = i8x16.splat(92);
    const lo16 = i8x16.splat(32);
    while (true) {
      // 16 bytes at a time while none is a quote, a backslash, a control byte or non-ASCII
      // (signed: bytes >= 0x80 are below 32 too)
      while (i + 16 <= n) {
        const v = v128.load(base + <usize>i);
        const m = i8x16.bitmask(v128.or(v128.or(i8x16.eq(v, q16), i8x16.eq(v, b16)), i8x16.lt_s(v, lo16)));
        if (m == 0) {
          i += 16;
          continue;
        }
        i += <i32>ctz(m);
        break;
      }
      if (i >= n) {
        this.i = i;
        this.adj = adj0; // the position reported is the opening quote
        this.fail(txt("Unterminated string (it starts here)"), start);
        return -1;
      }
      const c = <i32>load<u8>(base + <usize>i);
      if (c >= 32 && c != 34 && c != 92 && c < 128) {
        i++;
        continue;
      }
      if (c == 34) {
        this.i = i + 1;
        return esc;
      }
      if (c >= 128) {
        // UTF-8: continuation bytes add no UTF-16 unit, 4-byte leads add two
        esc |= 2;
        if (c < 0xc0) this.adj--;
        else if (c >= 0xf0) this.adj++;
        i++;
        continue;
      }
      if (c < 32) {
        this.fail(txt("Invalid control character in string"), i);
        return -1;
      }
      // backslash
      const escPos = i;
      esc |= 1;
      const e = i + 1 < n ? <i32>load<u8>(base + <usize>(i + 1)) : -1;
      i += 2;
      if (e == 34 || e == 92 || e == 47 || e == 98 || e == 102 || e == 110 || e == 114 || e == 116) continue;
      if (e == 117) {
        if (i + 4 > n || hexAt(base, i) < 0) {
          this.fail(txt("Invalid \\uXXXX escape"), escPos);
          return -1;
        }
        // six bytes, one UTF-16 unit
        i += 4;
        continue;
      }
      this.fail(txt("Invalid \\escape"), escPos);
      return -1;
    }
    return -1; // not reached
  }

  array(depth: i32): bool {
    const id = this.node(J_ARR, this.i);
    this.i++;
    this.ws();
    if (this.peek() == 93) {
      this.i++;
      return true;
    }
    let count = 0;
    while (true) {
      if (!this.value(depth)) return false;
      count++;
      this.ws();
      const c = this.peek();
      if (c == 44) {
        this.i++;
        this.ws();
        if (this.peek() == 93) return this.fail(txt("Trailing comma before ']'"), this.i);
        continue;
      }
      if (c == 93) {
        this.i++;
        const o = id * NODE_I32S;
        unchecked((scratch[o + N_COUNT] = count));
        unchecked((scratch[o + N_NEXT] = this.count));
        unchecked((scratch[o + N_END] = this.i));
        return true;
      }
      return this.fail(txt("Expecting ',' delimiter or ']'"), this.i);
    }
  }

  object(depth: i32): bool {
    const id = this.node(J_OBJ, this.i);
    this.i++;
    this.ws();
    if (this.peek() == 125) {
      this.i++;
      return true;
    }
    let count = 0;
    let anyKeyEsc = false;
    while (true) {
      this.ws();
      if (this.peek() != 34) {
        return this.fail(this.peek() == 125 ? txt("Trailing comma before '}'") : txt("Expecting property name enclosed in double quotes"), this.i);
      }
      const ks = this.i;
      const r = this.str();
      if (r < 0) return false;
      const ke = this.i;
      this.ws();
      if (this.peek() != 58) return this.fail(txt("Expecting ':' delimiter"), this.i);
      this.i++;
      const member = this.count;
      if (!this.value(depth)) return false;
      const o = member * NODE_I32S;
      unchecked((scratch[o + N_KSTART] = ks));
      unchecked((scratch[o + N_KEND] = ke));
      if ((r & 2) != 0) unchecked((scratch[o + N_KIND] = scratch[o + N_KIND] | F_KNA));
      if ((r & 1) != 0) {
        unchecked((scratch[o + N_KIND] = scratch[o + N_KIND] | F_KESC));
        anyKeyEsc = true;
      }
      count++;
      this.ws();
      const c = this.peek();
      if (c == 44) {
        this.i++;
        continue;
      }
      if (c == 125) {
        this.i++;
        const p = id * NODE_I32S;
        unchecked((scratch[p + N_COUNT] = count));
        unchecked((scratch[p + N_NEXT] = this.count));
        unchecked((scratch[p + N_END] = this.i));
        if (count > 1 && this.hasDupKeys(id, count, anyKeyEsc)) unchecked((scratch[p + N_KIND] = J_OBJ | F_DUP));
        return true;
      }
      return this.fail(txt("Expecting ',' delimiter or '}'"), this.i);
    }
  }

  /** Whether object `id` (count members) repeats a key. */
  hasDupKeys(id: i32, count: i32, anyKeyEsc: bool): bool {
    const t = scratch;
    if (anyKeyEsc) {
      // rare: compare decoded keys
      const seen = new Set<string>();
      let c = id + 1;
      for (let i = 0; i < count; i++) {
        const o = c * NODE_I32S;
        const k = unchecked(t[o + N_KIND]);
        const s = (k & F_KESC) != 0 ? decodeEscaped(this.base, unchecked(t[o + N_KSTART]) + 1, unchecked(t[o + N_KEND]) - 1)
          : String.UTF8.decodeUnsafe(this.base + <usize>(unchecked(t[o + N_KSTART]) + 1), <usize>(unchecked(t[o + N_KEND]) - unchecked(t[o + N_KSTART]) - 2), false);
        if (seen.has(s)) return true;
        seen.add(s);
        c = unchecked(t[o + N_NEXT]);
      }
      return false;
    }
    if (count <= 8) {
      // few members: compare each pair (lengths first), no hashing
          const sp = hashScratch;
      let c = id + 1;
      for (let i = 0; i < count; i++) {
        const o = c * NODE_I32S;
        const a = unchecked(t[o + N_KSTART]) + 1;
        const b = unchecked(t[o + N_KEND]) - 1;
        for (let j = 0; j < i; j++) {
          const oa = unchecked(sp[j * 2]);
          const ob = unchecked(sp[j * 2 + 1]);
          if (ob - oa == b - a && memory.compare(this.base + <usize>oa, this.base + <usize>a, <usize>(b - a)) == 0) return true;
        }
        unchecked((sp[i * 2] = a));
        unchecked((sp[i * 2 + 1] = b));
        c = unchecked(t[o + N_NEXT]);
      }
      return false;
    }
    // open addressing over key hashes (member node indices), exact byte compare on equal hashes
    let size = 16;
    while (size < count * 2) size <<= 1;
    if (hashScratch.length < size * 2) hashScratch = new StaticArray<i32>(size * 2);
    const h = hashScratch;
    for (let i = 0; i < size; i++) unchecked((h[i * 2] = -1));
    let c = id + 1;
    for (let i = 0; i < count; i++) {
      const o = c * NODE_I32S;
      const a = unchecked(t[o + N_KSTART]) + 1;
      const b = unchecked(t[o + N_KEND]) - 1;
      const hv = fnv1a(this.base + <usize>a, b - a);
      let slot = <i32>(hv & <u32>(size - 1));
      while (true) {
        const other = unchecked(h[slot * 2]);
        if (other < 0) {
          unchecked((h[slot * 2] = c));
          unchecked((h[slot * 2 + 1] = <i32>hv));
          break;
        }
        if (unchecked(h[slot * 2 + 1]) == <i32>hv) {
          const oa = unchecked(t[other * NODE_I32S + N_KSTART]) + 1;
          const ob = unchecked(t[other * NODE_I32S + N_KEND]) - 1;
          if (ob - oa == b - a && memory.compare(this.base + <usize>oa, this.base + <usize>a, <usize>(b - a)) == 0) return true;
        }
        slot = (slot + 1) & (size - 1);
      }
      c = unchecked(t[o + N_NEXT]);
    }
    return false;
  }
}

/** Value of a JSON number literal (plain decimal arithmetic; exact for integers up to 2^53). */
export function numberValue(s: string): f64 {
  let i = 0;
  let neg = false;
  if (s.startsWith("-")) { neg = true; i = 1; }
  let v: f64 = 0;
  let scale = 0;
  let frac = false;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == 46) { frac = true; continue; }
    if (c < 48 || c > 57) break;
    v = v * 10 + <f64>(c - 48);
    if (frac) scale--;
  }
  if (i < s.length) {
    // exponent
    i++;
    let eneg = false;
    if (i < s.length && (s.charCodeAt(i) == 45 || s.charCodeAt(i) == 43)) { eneg = s.charCodeAt(i) == 45; i++; }
    let e = 0;
    for (; i < s.length && e < 100000; i++) e = e * 10 + (s.charCodeAt(i) - 48);
    scale += eneg ? -e : e;
  }
  while (scale > 0 && v < 1e308) { v *= 10; scale--; }
  while (scale < 0 && v != 0) { v /= 10; scale++; }
  if (scale > 0) v = Infinity;
  return neg ? -v : v;
}

/**
 * Parse JSON from UTF-8 bytes at `base` (`len` bytes; one value, surrounding white space allowed).
 * The bytes must stay where they are while the result is used. Positions count UTF-16 code units.
 */
export function parseJsonBytes(base: usize, len: i32): JsonResult {
  const p = new Parser(base, len);
  const r = new JsonResult();
  let ok = p.value(0);
  if (ok) {
    p.ws();
    if (p.i < len) ok = p.fail(txt("Extra data after the JSON value"), p.i);
  }
  if (p.err.length > 0) {
    r.error = p.err;
    r.errorPos = p.errPos;
    return r;
  }
  const d = new JDoc();
  d.base = base;
  d.len = len;
  d.count = p.count;
  d.nodes = copyI32s(scratch, p.count * NODE_I32S);
  d.lineStarts = copyI32s(lineScratch, p.nlines);
  r.doc = d;
  r.value = d.view(0);
  return r;
}

/** The first `n` entries of `from` in a table of their own (copied once: no zero fill before the copy). */
function copyI32s(from: StaticArray<i32>, n: i32): StaticArray<i32> {
  const bytes = <usize>n << 2;
  const out = changetype<StaticArray<i32>>(__new(bytes, idof<StaticArray<i32>>()));
  memory.copy(changetype<usize>(out), changetype<usize>(from), bytes);
  return out;
}

/** Parse a whole JSON text (one value, surrounding white space allowed). */
export function parseJson(t: string): JsonResult {
  const buf = String.UTF8.encode(t);
  const r = parseJsonBytes(changetype<usize>(buf), buf.byteLength);
  if (r.doc !== null) r.doc!.buf = buf;
  return r;
}

/** Name of a value's JSON type (for messages). */
export function jsonTypeName(v: JValue): string {
  const k = v.kind;
  if (k == J_NULL) return "null";
  if (k == J_BOOL) return "boolean";
  if (k == J_NUM) return "number";
  if (k == J_STR) return "string";
  if (k == J_ARR) return "array";
  return "object";
}

/** Short rendering of a value for messages (strings quoted, containers abbreviated). */
export function jsonShort(v: JValue): string {
  const k = v.kind;
  if (k == J_NULL) return "null";
  if (k == J_BOOL) return v.b ? "true" : "false";
  if (k == J_NUM) return v.s;
  if (k == J_STR) {
    const s = v.s.length > 60 ? v.s.substring(0, 57) + "..." : v.s;
    return "'" + s + "'";
  }
  if (k == J_ARR) return v.items.length == 0 ? "[]" : "[...]";
  return v.items.length == 0 ? "{}" : "{...}";
}
