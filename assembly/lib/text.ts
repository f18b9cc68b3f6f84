// Small text helpers (AssemblyScript has no RegExp).

export function isDigit(c: i32): bool {
  return c >= 48 && c <= 57;
}
export function isHex(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}
export function isLowerHex(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102);
}
export function isAlpha(c: i32): bool {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
export function isAlnum(c: i32): bool {
  return isAlpha(c) || isDigit(c);
}
export function isSpace(c: i32): bool {
  return c == 32 || c == 9 || c == 10 || c == 13 || c == 11 || c == 12;
}

/** ASCII lower-casing (non-ASCII left as is; no Unicode case tables, one copy at most). */
export function asciiLower(s: string): string {
  return asciiShift(s, 65, 90, 32);
}

/** ASCII upper-casing (non-ASCII left as is). */
export function asciiUpper(s: string): string {
  return asciiShift(s, 97, 122, -32);
}

function asciiShift(s: string, lo: i32, hi: i32, delta: i32): string {
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c >= lo && c <= hi) break;
    i++;
  }
  if (i == n) return s;
  const out = changetype<string>(__new(<usize>n << 1, idof<string>()));
  const p = changetype<usize>(out);
  memory.copy(p, changetype<usize>(s), <usize>n << 1);
  for (; i < n; i++) {
    const a = p + (<usize>i << 1);
    const c = <i32>load<u16>(a);
    if (c >= lo && c <= hi) store<u16>(a, <u16>(c + delta));
  }
  return out;
}

@inline function lowerAt(p: usize, i: i32): i32 {
  const c = <i32>load<u16>(p + (<usize>i << 1));
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** s[at, at + t.length) equals t ignoring ASCII case (no copies; the caller keeps `at` in range). */
export function matchesIgnoreCase(s: string, at: i32, t: string): bool {
  const ps = changetype<usize>(s);
  const pt = changetype<usize>(t);
  const m = t.length;
  for (let k = 0; k < m; k++) if (lowerAt(ps, at + k) != lowerAt(pt, k)) return false;
  return true;
}

export function endsWithIgnoreCase(s: string, suffix: string): bool {
  if (suffix.length > s.length) return false;
  return matchesIgnoreCase(s, s.length - suffix.length, suffix);
}

/** asciiLower(s).indexOf(asciiLower(needle), from) without the two copies (first match at or after `from`). */
export function findIgnoreCase(s: string, needle: string, from: i32 = 0): i32 {
  const n = s.length;
  const m = needle.length;
  if (m == 0) return from <= n ? max(from, 0) : -1;
  const ps = changetype<usize>(s);
  const first = lowerAt(changetype<usize>(needle), 0);
  const last = n - m;
  for (let i = max(from, 0); i <= last; i++) {
    if (lowerAt(ps, i) == first && matchesIgnoreCase(s, i, needle)) return i;
  }
  return -1;
}

/** True when every char of s in [from, to) is a digit and the range is non-empty. */
export function allDigits(s: string, from: i32, to: i32): bool {
  if (to <= from) return false;
  for (let i = from; i < to; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** Collapse runs of white space to one space and trim. */
export function collapseSpace(s: string): string {
  const parts: string[] = [];
  let cur = "";
  let inWord = false;
  let start = 0;
  for (let i = 0; i <= s.length; i++) {
    const sp = i == s.length || isSpace(s.charCodeAt(i));
    if (sp) {
      if (inWord) parts.push(s.substring(start, i));
      inWord = false;
    } else if (!inWord) {
      inWord = true;
      start = i;
    }
  }
  cur = parts.join(" ");
  return cur;
}

/** A string of `n` ASCII bytes at `p` (one allocation, no UTF-8 decoder; the caller knows they are ASCII). */
export function asciiAt(p: usize, n: i32): string {
  if (n <= 0) return "";
  const out = changetype<string>(__new(<usize>n << 1, idof<string>()));
  const o = changetype<usize>(out);
  let i = 0;
  // 16 bytes widened to 16 units at a time
  for (; i + 16 <= n; i += 16) {
    const v = v128.load(p + <usize>i);
    const q = o + (<usize>i << 1);
    v128.store(q, i16x8.extend_low_i8x16_u(v));
    v128.store(q, i16x8.extend_high_i8x16_u(v), 16);
  }
  for (; i < n; i++) store<u16>(o + (<usize>i << 1), load<u8>(p + <usize>i));
  return out;
}

/**
 * String.UTF8.decodeUnsafe(p, n) (AssemblyScript's decoder, the same string for any bytes), with runs
 * of sixteen ASCII bytes widened at once instead of one byte a step.
 */
export function decodeUtf8(p: usize, n: i32): string {
  let bufOff = p;
  const bufEnd = p + <usize>n;
  const str = __new(<usize>n << 1, idof<string>());
  let strOff = str;
  while (bufOff < bufEnd) {
    if (bufOff + 16 <= bufEnd) {
      const v = v128.load(bufOff);
      if (i8x16.bitmask(v) == 0) {
        v128.store(strOff, i16x8.extend_low_i8x16_u(v));
        v128.store(strOff, i16x8.extend_high_i8x16_u(v), 16);
        bufOff += 16;
        strOff += 32;
        continue;
      }
    }
    // one character, exactly as ~lib/string.ts String.UTF8.decodeUnsafe reads it
    let u0 = <u32>load<u8>(bufOff);
    ++bufOff;
    if (!(u0 & 128)) {
      store<u16>(strOff, u0);
    } else {
      if (bufEnd == bufOff) break;
      const u1 = <u32>load<u8>(bufOff) & 63;
      ++bufOff;
      if ((u0 & 224) == 192) {
        store<u16>(strOff, (u0 & 31) << 6 | u1);
      } else {
        if (bufEnd == bufOff) break;
        const u2 = <u32>load<u8>(bufOff) & 63;
        ++bufOff;
        if ((u0 & 240) == 224) {
          u0 = (u0 & 15) << 12 | u1 << 6 | u2;
        } else {
          if (bufEnd == bufOff) break;
          u0 = (u0 & 7) << 18 | u1 << 12 | u2 << 6 | <u32>load<u8>(bufOff) & 63;
          ++bufOff;
        }
        if (u0 < 0x10000) {
          store<u16>(strOff, u0);
        } else {
          u0 -= 0x10000;
          const lo = u0 >> 10 | 0xD800;
          const hi = (u0 & 0x03FF) | 0xDC00;
          store<u32>(strOff, lo | (hi << 16));
          strOff += 2;
        }
      }
    }
    strOff += 2;
  }
  return changetype<string>(__renew(str, strOff - str));
}

/** a + b + c in one allocation (two concatenations would make an intermediate string). */
export function concat3(a: string, b: string, c: string): string {
  const la = <usize>a.length << 1;
  const lb = <usize>b.length << 1;
  const lc = <usize>c.length << 1;
  const n = la + lb + lc;
  if (n == 0) return "";
  const out = changetype<string>(__new(n, idof<string>()));
  const o = changetype<usize>(out);
  memory.copy(o, changetype<usize>(a), la);
  memory.copy(o + la, changetype<usize>(b), lb);
  memory.copy(o + la + lb, changetype<usize>(c), lc);
  return out;
}

/** String#indexOf without a call per position (first-char scan over the UTF-16 data). */
export function find(s: string, needle: string, from: i32 = 0): i32 {
  const n = s.length;
  const m = needle.length;
  if (m == 0) return from <= n ? max(from, 0) : -1;
  const ps = changetype<usize>(s);
  const pn = changetype<usize>(needle);
  const first = load<u16>(pn);
  const last = n - m;
  for (let i = max(from, 0); i <= last; i++) {
    if (load<u16>(ps + (<usize>i << 1)) != first) continue;
    let k = 1;
    while (k < m && load<u16>(ps + (<usize>(i + k) << 1)) == load<u16>(pn + (<usize>k << 1))) k++;
    if (k == m) return i;
  }
  return -1;
}

/**
 * String#indexOf of one UTF-16 unit `c` at or after `from`: the same answer (-1 when absent), eight
 * units compared at a time instead of a compare call per position.
 */
export function findUnit(s: string, c: i32, from: i32 = 0): i32 {
  const n = s.length;
  const p = changetype<usize>(s);
  let i = max(from, 0);
  const v = i16x8.splat(<i16>c);
  for (; i + 8 <= n; i += 8) {
    const m = i16x8.bitmask(i16x8.eq(v128.load(p + (<usize>i << 1)), v));
    if (m != 0) return i + <i32>ctz(m);
  }
  for (; i < n; i++) if (<i32>load<u16>(p + (<usize>i << 1)) == c) return i;
  return -1;
}

/**
 * a < b, a == b, a > b as the string operators compare (UTF-16 code units, then length) in one pass:
 * negative, 0 or positive. Four units a step while they are equal.
 */
export function compareUnits(a: string, b: string): i32 {
  const pa = changetype<usize>(a);
  const pb = changetype<usize>(b);
  const n = min(a.length, b.length);
  let i = 0;
  while (i + 4 <= n && load<u64>(pa + (<usize>i << 1)) == load<u64>(pb + (<usize>i << 1))) i += 4;
  for (; i < n; i++) {
    const d = <i32>load<u16>(pa + (<usize>i << 1)) - <i32>load<u16>(pb + (<usize>i << 1));
    if (d != 0) return d;
  }
  return a.length - b.length;
}

/** String#lastIndexOf of one UTF-16 unit `c` (the last position, -1 when absent), without a string compare per position. */
export function findLastUnit(s: string, c: i32): i32 {
  const p = changetype<usize>(s);
  for (let i = s.length - 1; i >= 0; i--) if (<i32>load<u16>(p + (<usize>i << 1)) == c) return i;
  return -1;
}

/** Index of the first line break (LF or CR) at or after `from`, or the length: eight units at a time. */
export function findBreak(s: string, from: i32): i32 {
  const n = s.length;
  const p = changetype<usize>(s);
  let i = max(from, 0);
  const lf = i16x8.splat(10);
  const cr = i16x8.splat(13);
  for (; i + 8 <= n; i += 8) {
    const v = v128.load(p + (<usize>i << 1));
    const m = i16x8.bitmask(v128.or(i16x8.eq(v, lf), i16x8.eq(v, cr)));
    if (m != 0) return i + <i32>ctz(m);
  }
  for (; i < n; i++) {
    const c = <i32>load<u16>(p + (<usize>i << 1));
    if (c == 10 || c == 13) return i;
  }
  return n;
}

/** The number written by the two ASCII digits at s[i] and s[i + 1] (0..99), or -1. */
export function twoDigits(s: string, i: i32): i32 {
  if (i < 0 || i + 2 > s.length) return -1;
  const a = <i32>s.charCodeAt(i) - 48;
  const b = <i32>s.charCodeAt(i + 1) - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9) return -1;
  return a * 10 + b;
}

/**
 * A string put together piece by piece in one reused buffer, made with one allocation (take), where
 * repeated `+` would make a string per piece. Build every string of input-sized pieces with it (or
 * Array#join): the "minimal" runtime collects nothing during a document, so `s += piece` over n
 * pieces keeps n strings of up to the full length alive and exhausts the core's memory (a trap) at a
 * few ten thousand pieces (docs/architecture.md). One builder must not be used by two callers at once.
 */
export class TextBuf {
  private p: usize = heap.alloc(256);
  private cap: i32 = 128;
  len: i32 = 0;

  reset(): TextBuf {
    this.len = 0;
    return this;
  }
  private room(n: i32): usize {
    const need = this.len + n;
    if (need > this.cap) {
      let c = this.cap * 2;
      if (c < need) c = need;
      this.p = heap.realloc(this.p, <usize>c << 1);
      this.cap = c;
    }
    return this.p + (<usize>this.len << 1);
  }
  add(s: string): TextBuf {
    const n = s.length;
    memory.copy(this.room(n), changetype<usize>(s), <usize>n << 1);
    this.len += n;
    return this;
  }
  /** The code units s[a, b) (no substring made). */
  addSlice(s: string, a: i32, b: i32): TextBuf {
    const n = b - a;
    if (n <= 0) return this;
    memory.copy(this.room(n), changetype<usize>(s) + (<usize>a << 1), <usize>n << 1);
    this.len += n;
    return this;
  }
  /** One UTF-16 unit. */
  addUnit(c: i32): TextBuf {
    store<u16>(this.room(1), <u16>c);
    this.len++;
    return this;
  }
  /** n (>= 0) in decimal, zero-padded on the left to at least w digits (as zeroPad). */
  addPadded(n: i64, w: i32): TextBuf {
    let d = 1;
    for (let v = n; v >= 10; v /= 10) d++;
    const width = d > w ? d : w;
    const q = this.room(width);
    let v = n;
    for (let i = width - 1; i >= 0; i--) {
      store<u16>(q + (<usize>i << 1), <u16>(48 + <i32>(v % 10)));
      v /= 10;
    }
    this.len += width;
    return this;
  }
  take(): string {
    const n = this.len;
    if (n == 0) return "";
    const out = changetype<string>(__new(<usize>n << 1, idof<string>()));
    memory.copy(changetype<usize>(out), this.p, <usize>n << 1);
    return out;
  }
}

/** n in decimal, zero-padded on the left to at least w digits. */
export function zeroPad(n: i64, w: i32): string {
  let s = n.toString();
  while (s.length < w) s = "0" + s;
  return s;
}

/** Longest excerpt of input a message quotes (UTF-16 code units). */
export const EXCERPT_MAX: i32 = 200;
/** Longest message a finding carries (a safety net for messages that quote input). */
export const MESSAGE_MAX: i32 = 2000;

// Coded parts of a data value, rendered in English by the host (src/wasm/rule-meta.ts renderValue), so
// the module carries no English (issue #12 item 1). Control characters never occur in the texts the
// core quotes from names and paths in practice; the host only decodes values that contain them.
/** Separates the items of a list-valued data value; the host joins them with ", ". */
export const LIST_SEP = "\u001e";
/** Starts a list item naming a message of the rule (its number or id); the host renders its template. */
export const ITEM_MSG = "\u001b";
/** Separates an ITEM_MSG item's id and its placeholder keys and values (id, key, value, key, value...). */
export const ITEM_ARG = "\u001c";
/** Starts the last list item of a cut list: the number of items left out ("… (N more)"). */
export const ITEM_MORE = "\u001f";
/** Starts the last list item of a cut list said with "and": the number left out ("a, b and N more"). */
export const ITEM_AND_MORE = "\u001a";
/** Ends a cut text: the number of code units left out ("… (N more characters)"). */
export const CUT_MORE = "\u001d";

/** At most `max` code units of s (never half a surrogate pair), saying how much was left out (CUT_MORE). */
export function excerpt(s: string, max: i32 = EXCERPT_MAX): string {
  if (s.length <= max) return s;
  let cut = max;
  const c = s.charCodeAt(cut - 1);
  if (c >= 0xd800 && c <= 0xdbff) cut--;
  return s.substring(0, cut) + CUT_MORE + (s.length - cut).toString();
}

/** A list-valued data value of the first `max` items, then "and N more" (ITEM_AND_MORE) when cut. */
export function listAndMore(xs: string[], max: i32): string {
  if (xs.length <= max) return listValue(xs);
  return listValue(xs.slice(0, max)) + ITEM_AND_MORE + (xs.length - max).toString();
}

/** A list-valued data value: the first `max` items, then how many were left out (LIST_SEP, ITEM_MORE). */
export function listValue(xs: string[], max: i32 = i32.MAX_VALUE): string {
  // joined once (Array#join sizes the result first): a `+=` per item was quadratic, and the minimal
  // runtime frees nothing during a run, so ~40,000 items exhausted the core's memory (a trap)
  const s = (xs.length > max ? xs.slice(0, max) : xs).join(LIST_SEP);
  return xs.length > max ? s + LIST_SEP + ITEM_MORE + (xs.length - max).toString() : s;
}
