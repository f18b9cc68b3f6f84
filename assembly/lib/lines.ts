// One line table per document, built once over its UTF-8 bytes in linear memory: line spans as
// (start, end) byte offsets, not substrings, plus what the markdown rules ask of every line (heading
// level, inside a fenced block, non-ASCII bytes). Rules scan spans with the byte helpers below and
// decode a line into a String only when they need its text (a checklist row, a matched label).
//
// Byte scans give the same answers as the String helpers they replace on the decoded text: the
// needles are ASCII, and in UTF-8 an ASCII byte never occurs inside a multi-byte sequence. Where
// the String semantics reach beyond ASCII (String#trim's Unicode white space) the helpers fall back
// to the decoded line, so results do not move.

import { asciiLower } from "./text";

// Line breaks are LF, CRLF and lone CR (as io.ts splitLines); a leading BOM is dropped (as Doc.text()).

const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/**
 * Two or three needles searched in one pass over a text (LineTable.searchAny): ASCII, at least two
 * characters each (`c` "" for none); with `fold`, lower case and matched ignoring ASCII case. Each
 * needle is screened by its pair of adjacent characters least likely in prose (anchor). Built once
 * (a module constant), not per search.
 */
export class Needles {
  oa: i32;
  ob: i32;
  oc: i32;
  a0: u64;
  a1: u64;
  b0: u64;
  b1: u64;
  c0: u64 = 0;
  c1: u64 = 0;
  pa0: u64;
  pa1: u64;
  pb0: u64;
  pb1: u64;
  pc0: u64 = 0;
  pc1: u64 = 0;
  span: i32;

  constructor(public a: string, public b: string, public c: string, public fold: bool) {
    const pa = changetype<usize>(a);
    const pb = changetype<usize>(b);
    const pc = changetype<usize>(c);
    const oa = anchor(a);
    const ob = anchor(b);
    const oc = c.length >= 2 ? anchor(c) : 0;
    this.oa = oa;
    this.ob = ob;
    this.oc = oc;
    this.a0 = pairMask(pa, fold, oa);
    this.a1 = pairMask(pa, fold, oa + 1);
    this.b0 = pairMask(pb, fold, ob);
    this.b1 = pairMask(pb, fold, ob + 1);
    this.pa0 = <u64>load<u16>(pa + (<usize>oa << 1)) * ONES;
    this.pa1 = <u64>load<u16>(pa + (<usize>oa << 1), 2) * ONES;
    this.pb0 = <u64>load<u16>(pb + (<usize>ob << 1)) * ONES;
    this.pb1 = <u64>load<u16>(pb + (<usize>ob << 1), 2) * ONES;
    if (c.length >= 2) {
      this.c0 = pairMask(pc, fold, oc);
      this.c1 = pairMask(pc, fold, oc + 1);
      this.pc0 = <u64>load<u16>(pc + (<usize>oc << 1)) * ONES;
      this.pc1 = <u64>load<u16>(pc + (<usize>oc << 1), 2) * ONES;
    }
    this.span = max(max(oa, ob), oc) + 9;
  }
}

/** How often a character is expected in prose (a rough rank: 0 rare, 3 common); see anchor. */
function commonness(c: i32): i32 {
  if (c >= 65 && c <= 90) c += 32;
  if (c == 32 || c == 101 || c == 116 || c == 97 || c == 111 || c == 105 || c == 110 || c == 115 || c == 114 ||
    c == 104 || c == 108 || c == 100 || c == 99 || c == 117) return 3;
  if (c >= 97 && c <= 122) return 1;
  return 0;
}

/** The most frequent letter pairs of English prose (lower case), which make poor anchors. */
const FREQUENT_PAIRS = "th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me de hi ri ro ic ne ea ra ce";

/** Offset of the needle's pair of adjacent characters least likely in prose (the first of equals). */
function anchor(needle: string): i32 {
  let best = 0;
  let score = 99;
  for (let i = 0; i + 1 < needle.length; i++) {
    let s = commonness(needle.charCodeAt(i)) + commonness(needle.charCodeAt(i + 1));
    if (FREQUENT_PAIRS.indexOf(asciiLower(needle.substring(i, i + 2))) >= 0) s += 3;
    if (s < score) {
      score = s;
      best = i;
    }
  }
  return best;
}

/** The OR mask folding ASCII case for character `at` (byte offset 0 or 2) of a needle: 0x20 per byte for a letter. */
function pairMask(pn: usize, fold: bool, at: i32): u64 {
  const c = <i32>load<u16>(pn + (<usize>at << 1));
  return fold && c >= 97 && c <= 122 ? 0x2020202020202020 : 0;
}

/**
 * 0x80 in each byte of the result whose byte in w is zero, possibly also in bytes above a zero byte
 * (borrow): the positions of candidates that a full comparison confirms; 0 exactly when no byte is zero.
 */
// @ts-ignore: decorator
@inline function zeroish(w: u64): u64 {
  return (w - ONES) & ~w & HIGHS;
}

/** ASCII white space as lib/text.ts isSpace (what String#trim removes, below 0x80). */
// @ts-ignore: decorator
@inline function wsByte(c: i32): bool {
  return c == 32 || (c >= 9 && c <= 13);
}

// @ts-ignore: decorator
@inline function lowerByte(c: i32): i32 {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

export const LINE_NON_ASCII: u8 = 1;
export const LINE_FENCED: u8 = 2;

export class LineTable {
  /** First byte of the text (after a BOM). */
  base: usize;
  /** Byte length of the text. */
  len: i32;
  count: i32 = 0;
  starts: StaticArray<i32>;
  ends: StaticArray<i32>;
  /** LINE_* bits per line. */
  flags: StaticArray<u8>;
  /** Markdown heading level per line (leading '#' run followed by white space), 0 when none. */
  levels: StaticArray<i32>;
  /** Lines with a heading level ≥ 1, in order. */
  headings: StaticArray<i32>;
  /** Keeps a re-encoded copy alive (documents that were not valid UTF-8, see fromDoc). */
  private keep: ArrayBuffer | null = null;

  constructor(ptr: usize, len: i32, keep: ArrayBuffer | null = null) {
    this.keep = keep;
    if (len >= 3 && load<u8>(ptr) == 0xef && load<u8>(ptr + 1) == 0xbb && load<u8>(ptr + 2) == 0xbf) {
      ptr += 3;
      len -= 3;
    }
    this.base = ptr;
    this.len = len;
    const lf16 = i8x16.splat(10);
    const cr16 = i8x16.splat(13);
    // at most one line per LF or CR byte, plus the last: sized once, never grown
    let cap = 1;
    let i = 0;
    for (; i + 16 <= len; i += 16) {
      const v = v128.load(ptr + <usize>i);
      cap += <i32>popcnt(i8x16.bitmask(v128.or(i8x16.eq(v, lf16), i8x16.eq(v, cr16))));
    }
    for (; i < len; i++) {
      const c = load<u8>(ptr + <usize>i);
      if (c == 10 || c == 13) cap++;
    }
    const starts = new StaticArray<i32>(cap);
    const ends = new StaticArray<i32>(cap);
    const flags = new StaticArray<u8>(cap);
    let n = 0;
    let start = 0;
    let na: u8 = 0;
    i = 0;
    while (i < len) {
      // sixteen bytes at a time to the next line break, noting non-ASCII bytes on the way
      if (i + 16 <= len) {
        const v = v128.load(ptr + <usize>i);
        const brk = i8x16.bitmask(v128.or(i8x16.eq(v, lf16), i8x16.eq(v, cr16)));
        const hi = i8x16.bitmask(v);
        if (brk == 0) {
          if (hi != 0) na = LINE_NON_ASCII;
          i += 16;
          continue;
        }
        const j = <i32>ctz(brk); // index of the break byte
        if ((hi & ((1 << j) - 1)) != 0) na = LINE_NON_ASCII;
        i += j;
      }
      const c = <i32>load<u8>(ptr + <usize>i);
      if (c >= 0x80) {
        na = LINE_NON_ASCII;
        i++;
        continue;
      }
      if (c != 10 && c != 13) {
        i++;
        continue;
      }
      unchecked((starts[n] = start));
      unchecked((ends[n] = i));
      unchecked((flags[n] = na));
      n++;
      na = 0;
      if (c == 13 && i + 1 < len && load<u8>(ptr + <usize>(i + 1)) == 10) i++;
      i++;
      start = i;
    }
    if (start < len || len == 0) {
      unchecked((starts[n] = start));
      unchecked((ends[n] = len));
      unchecked((flags[n] = na));
      n++;
    }
    this.count = n;
    this.starts = starts;
    this.ends = ends;
    this.flags = flags;
    // heading levels and fenced blocks: a look at the start of each line
    const levels = new StaticArray<i32>(n);
    let nh = 0;
    let open = false;
    for (let l = 0; l < n; l++) {
      const s = unchecked(starts[l]);
      const e = unchecked(ends[l]);
      let k = s;
      while (k < e && load<u8>(ptr + <usize>k) == 35) k++;
      if (k > s && k < e && wsByte(<i32>load<u8>(ptr + <usize>k))) {
        unchecked((levels[l] = k - s));
        nh++;
      }
      k = s;
      while (k < e && load<u8>(ptr + <usize>k) == 32) k++;
      let fence = false;
      if (k + 2 < e) {
        const c = <i32>load<u8>(ptr + <usize>k);
        fence = (c == 96 || c == 126) && <i32>load<u8>(ptr + <usize>(k + 1)) == c && <i32>load<u8>(ptr + <usize>(k + 2)) == c;
      }
      if (open || fence) unchecked((flags[l] |= LINE_FENCED));
      if (fence) open = !open;
    }
    this.levels = levels;
    const heads = new StaticArray<i32>(nh);
    for (let l = 0, h = 0; h < nh; l++) if (unchecked(levels[l]) > 0) unchecked((heads[h++] = l));
    this.headings = heads;
  }

  // @ts-ignore: decorator
  @inline start(i: i32): i32 {
    return unchecked(this.starts[i]);
  }
  // @ts-ignore: decorator
  @inline end(i: i32): i32 {
    return unchecked(this.ends[i]);
  }
  // @ts-ignore: decorator
  @inline level(i: i32): i32 {
    return unchecked(this.levels[i]);
  }
  // @ts-ignore: decorator
  @inline fenced(i: i32): bool {
    return (unchecked(this.flags[i]) & LINE_FENCED) != 0;
  }
  // @ts-ignore: decorator
  @inline nonAscii(i: i32): bool {
    return (unchecked(this.flags[i]) & LINE_NON_ASCII) != 0;
  }
  /** Byte at offset `at` of the text (no bounds check). */
  // @ts-ignore: decorator
  @inline byte(at: i32): i32 {
    return <i32>load<u8>(this.base + <usize>at);
  }

  /** Line i decoded (without its terminator). */
  text(i: i32): string {
    const s = this.start(i);
    return String.UTF8.decodeUnsafe(this.base + <usize>s, <usize>(this.end(i) - s), false);
  }

  /** Byte offset (from the line start) of the first `needle` (ASCII, case-sensitive) at or after `from`, or -1. */
  find(i: i32, needle: string, from: i32 = 0): i32 {
    return this.scan(i, needle, from, false);
  }

  /** As find, ignoring ASCII case: `needle` is lower case ASCII (matches asciiLower(line).indexOf(needle)). */
  findLower(i: i32, needle: string, from: i32 = 0): i32 {
    return this.scan(i, needle, from, true);
  }

  private scan(i: i32, needle: string, from: i32, fold: bool): i32 {
    const s = this.start(i);
    const e = this.end(i);
    if (needle.length == 0) return from <= e - s ? max(from, 0) : -1;
    const at = this.searchTo(needle, s + max(from, 0), e, fold);
    return at < 0 ? -1 : at - s;
  }


  /**
   * Offset in the whole text of the first `needle` (ASCII; with `fold`, lower case and ASCII case
   * ignored) at or after offset `from`, or -1. Eight bytes at a time to the next candidate first byte.
   */
  search(needle: string, from: i32, fold: bool): i32 {
    if (needle.length == 0) return from <= this.len ? max(from, 0) : -1;
    return this.searchTo(needle, from, this.len, fold, anchor(needle));
  }

  /**
   * As search, for a match that ends by offset `len` (a line end, say), screening with the needle's
   * pair of characters at offset `o`; `needle` is not empty.
   */
  searchTo(needle: string, from: i32, len: i32, fold: bool, o: i32 = 0): i32 {
    const m = needle.length;
    const p = this.base;
    const pn = changetype<usize>(needle);
    const last = len - m;
    let k = max(from, 0);
    if (m >= 2) {
      // candidates: positions where the needle's pair at `o` (see anchor; 0 for a short line) matches, eight per step
      const c0 = <i32>load<u16>(pn + (<usize>o << 1));
      const c1 = <i32>load<u16>(pn + (<usize>o << 1), 2);
      const m0: u64 = fold && c0 >= 97 && c0 <= 122 ? HIGHS >> 2 : 0;
      const m1: u64 = fold && c1 >= 97 && c1 <= 122 ? HIGHS >> 2 : 0;
      const p0 = <u64>c0 * ONES;
      const p1 = <u64>c1 * ONES;
      while (k + o + 9 <= len && k <= last) {
        let cand = zeroish(((load<u64>(p + <usize>(k + o)) | m0) ^ p0) | ((load<u64>(p + <usize>(k + o), 1) | m1) ^ p1));
        while (cand != 0) {
          const at = k + (<i32>ctz(cand) >> 3);
          if (at > last) return -1;
          if (this.matchAt(at, pn, m, fold)) return at;
          cand &= cand - 1;
        }
        k += 8;
      }
    }
    // the rest byte by byte, comparing the whole needle only where its first character is
    const first = <i32>load<u16>(pn);
    for (; k <= last; k++) {
      const c = <i32>load<u8>(p + <usize>k);
      if ((fold ? lowerByte(c) : c) == first && this.matchAt(k, pn, m, fold)) return k;
    }
    return -1;
  }

  /** Offset of the first place at or after `from` where one of the needles of `n` occurs, or -1 (see Needles). */
  searchAny(n: Needles, from: i32): i32 {
    const p = this.base;
    const len = this.len;
    const hasC = n.c.length >= 2;
    const oa = n.oa;
    const ob = n.ob;
    const oc = n.oc;
    const a0 = n.a0;
    const a1 = n.a1;
    const b0 = n.b0;
    const b1 = n.b1;
    const c0 = n.c0;
    const c1 = n.c1;
    const pa0 = n.pa0;
    const pa1 = n.pa1;
    const pb0 = n.pb0;
    const pb1 = n.pb1;
    const pc0 = n.pc0;
    const pc1 = n.pc1;
    // window k: the needles' anchors are compared at k + ox .. k + ox + 16; candidates start at k .. k + 15
    let k = max(from, 0);
    const span = n.span + 8;
    const va0 = i64x2.splat(<i64>a0);
    const va1 = i64x2.splat(<i64>a1);
    const vb0 = i64x2.splat(<i64>b0);
    const vb1 = i64x2.splat(<i64>b1);
    const vc0 = i64x2.splat(<i64>c0);
    const vc1 = i64x2.splat(<i64>c1);
    const qa0 = i64x2.splat(<i64>pa0);
    const qa1 = i64x2.splat(<i64>pa1);
    const qb0 = i64x2.splat(<i64>pb0);
    const qb1 = i64x2.splat(<i64>pb1);
    const qc0 = i64x2.splat(<i64>pc0);
    const qc1 = i64x2.splat(<i64>pc1);
    while (k + span <= len) {
      let cand = v128.and(i8x16.eq(v128.or(v128.load(p + <usize>(k + oa)), va0), qa0), i8x16.eq(v128.or(v128.load(p + <usize>(k + oa), 1), va1), qa1));
      cand = v128.or(cand, v128.and(i8x16.eq(v128.or(v128.load(p + <usize>(k + ob)), vb0), qb0), i8x16.eq(v128.or(v128.load(p + <usize>(k + ob), 1), vb1), qb1)));
      if (hasC) cand = v128.or(cand, v128.and(i8x16.eq(v128.or(v128.load(p + <usize>(k + oc)), vc0), qc0), i8x16.eq(v128.or(v128.load(p + <usize>(k + oc), 1), vc1), qc1)));
      let bits = i8x16.bitmask(cand);
      while (bits != 0) {
        const at = k + ctz(bits);
        if (this.matchAny(n, at)) return at;
        bits &= bits - 1;
      }
      k += 16;
    }
    for (; k < len; k++) {
      if (this.matchAny(n, k)) return k;
    }
    return -1;
  }

  /** One of the needles of `n` starts at offset `at`. */
  private matchAny(n: Needles, at: i32): bool {
    const len = this.len;
    const fold = n.fold;
    const ma = n.a.length;
    const mb = n.b.length;
    const mc = n.c.length;
    return (at + ma <= len && this.matchAt(at, changetype<usize>(n.a), ma, fold)) ||
      (at + mb <= len && this.matchAt(at, changetype<usize>(n.b), mb, fold)) ||
      (mc >= 2 && at + mc <= len && this.matchAt(at, changetype<usize>(n.c), mc, fold));
  }

  private matchAt(at: i32, pn: usize, m: i32, fold: bool): bool {
    const p = this.base + <usize>at;
    let j = 0;
    if (fold) {
      while (j < m && lowerByte(<i32>load<u8>(p + <usize>j)) == <i32>load<u16>(pn + (<usize>j << 1))) j++;
    } else {
      while (j < m && <i32>load<u8>(p + <usize>j) == <i32>load<u16>(pn + (<usize>j << 1))) j++;
    }
    return j == m;
  }

  /** Index of the line holding text offset `at` (a terminator belongs to the line it ends). */
  lineOf(at: i32): i32 {
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (unchecked(this.starts[mid]) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Text offset where line i+1 starts (the text length after the last line). */
  next(i: i32): i32 {
    return i + 1 < this.count ? this.start(i + 1) : this.len;
  }

  /** Line i holds `needle` (lower case ASCII; ASCII case ignored) at byte offset `off`. */
  matchLower(i: i32, off: i32, needle: string): bool {
    const at = this.start(i) + off;
    const m = needle.length;
    if (off < 0 || at + m > this.end(i)) return false;
    const pn = changetype<usize>(needle);
    for (let j = 0; j < m; j++) {
      if (lowerByte(this.byte(at + j)) != <i32>load<u16>(pn + (<usize>j << 1))) return false;
    }
    return true;
  }

  /** The line holds only white space (String#trim semantics: Unicode white space decoded when present). */
  isBlank(i: i32): bool {
    const e = this.end(i);
    for (let k = this.start(i); k < e; k++) {
      const c = this.byte(k);
      if (wsByte(c)) continue;
      if (c < 0x80) return false;
      return this.text(i).trim().length == 0;
    }
    return true;
  }

  /**
   * Byte offset (from the line start) of the first byte that is not ASCII white space, or -1 for
   * a line of ASCII white space. A non-ASCII byte there may be Unicode white space: callers that
   * trim decode the line in that case.
   */
  firstNonSpace(i: i32): i32 {
    const s = this.start(i);
    const e = this.end(i);
    for (let k = s; k < e; k++) if (!wsByte(this.byte(k))) return k - s;
    return -1;
  }

  /** UTF-16 column (0-based) of byte offset `off` of line i (String index of that character). */
  column(i: i32, off: i32): i32 {
    const s = this.start(i);
    let col = 0;
    for (let k = s; k < s + off; k++) {
      const c = this.byte(k);
      if ((c & 0xc0) != 0x80) col += c >= 0xf0 ? 2 : 1;
    }
    return col;
  }

  /** Index of the first level-2+ heading (from line `from`) whose text contains `needle` (lower case), or -1. */
  findHeading(needle: string, from: i32): i32 {
    const h = this.headings;
    for (let k = 0; k < h.length; k++) {
      const l = unchecked(h[k]);
      if (l < from || this.level(l) < 2) continue;
      if (this.findLower(l, needle) >= 0) return l;
    }
    return -1;
  }
}
