// Python's str.lower() for the memory index's keywords and cells (upstream lower-cases them in
// Python): in a file of its own, so that only the modules that lower-case text carry the Unicode
// case tables (the gate's build imports lib/mdrow.ts through the lists, never this file).
import { CASED, CASE_IGNORABLE, inRanges, lowerCodePoint } from "./unicode-classes";

/** The code point at unit `i` of `s` (a surrogate pair read as one; a lone surrogate as itself). */
function cpAt(s: string, i: i32): i32 {
  const c = s.charCodeAt(i);
  if ((c & 0xfc00) == 0xd800 && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1);
    if ((d & 0xfc00) == 0xdc00) return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
  }
  return c;
}

/** The code point that ends just before unit `end` of `s` (a surrogate pair read as one). */
function cpBefore(s: string, end: i32): i32 {
  const d = s.charCodeAt(end - 1);
  if ((d & 0xfc00) == 0xdc00 && end >= 2) {
    const c = s.charCodeAt(end - 2);
    if ((c & 0xfc00) == 0xd800) return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
  }
  return d;
}

/**
 * Whether the capital sigma at unit `i` of `s` is final, as Python decides it: a cased letter before
 * it (case-ignorable characters between skipped) and none after it (the same skipped).
 */
function finalSigma(s: string, i: i32): bool {
  let j = i;
  let c = -1;
  while (j > 0) {
    c = cpBefore(s, j);
    j -= c >= 0x10000 ? 2 : 1;
    if (!inRanges(CASE_IGNORABLE, c)) break;
    c = -1;
  }
  if (c < 0 || !inRanges(CASED, c)) return false;
  for (let k = i + 1; k < s.length; ) {
    const d = cpAt(s, k);
    if (!inRanges(CASE_IGNORABLE, d)) return !inRanges(CASED, d);
    k += d >= 0x10000 ? 2 : 1;
  }
  return true;
}

/**
 * Python's str.lower(): every code point's lower case from the Unicode tables of
 * lib/unicode-classes.ts (scripts/gen-unicode-classes.mjs), U+0130 as "i" and a combining dot above,
 * and a capital sigma in final position as final sigma.
 */
export function pyLower(s: string): string {
  const n = s.length;
  // the usual word (ASCII without a capital letter) is its own lower case: no call per unit
  const a = changetype<usize>(s);
  let k = 0;
  while (k < n) {
    const c = <i32>load<u16>(a + (<usize>k << 1));
    if (c >= 0x80 || (c >= 65 && c <= 90)) break;
    k++;
  }
  if (k == n) return s;
  // ASCII from the first capital on (the usual capitalised keyword): only A-Z change, one unit each
  // (lowerCodePoint's ASCII case), in one pass
  let m = k;
  while (m < n && load<u16>(a + (<usize>m << 1)) < 0x80) m++;
  if (m == n) {
    const low = changetype<string>(__new(<usize>n << 1, idof<string>()));
    const q = changetype<usize>(low);
    memory.copy(q, a, <usize>k << 1);
    for (let i = k; i < n; i++) {
      const c = <i32>load<u16>(a + (<usize>i << 1));
      store<u16>(q + (<usize>i << 1), <u16>(c >= 65 && c <= 90 ? c + 32 : c));
    }
    return low;
  }
  let extra = 0;
  let same = true;
  for (let i = k; i < n; ) {
    const c = cpAt(s, i);
    if (c == 0x130) {
      extra++;
      same = false;
    } else if (same && lowerCodePoint(c) != c) same = false;
    i += c >= 0x10000 ? 2 : 1;
  }
  if (same) return s;
  const out = changetype<string>(__new(<usize>(n + extra) << 1, idof<string>()));
  memory.copy(changetype<usize>(out), a, <usize>k << 1);
  let p = changetype<usize>(out) + (<usize>k << 1);
  for (let i = k; i < n; ) {
    const c = cpAt(s, i);
    if (c >= 0x10000) {
      // an astral letter lowers to an astral letter (the generator checks it): two units
      const l = lowerCodePoint(c) - 0x10000;
      store<u16>(p, <u16>(0xd800 + (l >> 10)));
      store<u16>(p + 2, <u16>(0xdc00 + (l & 0x3ff)));
      p += 4;
      i += 2;
      continue;
    }
    if (c == 0x130) {
      store<u16>(p, 0x69);
      store<u16>(p + 2, 0x307);
      p += 4;
    } else {
      store<u16>(p, <u16>(c == 0x3a3 ? (finalSigma(s, i) ? 0x3c2 : 0x3c3) : lowerCodePoint(c)));
      p += 2;
    }
    i++;
  }
  return out;
}
