// Markdown table-row and link scanning with Python str semantics (strip/split on Unicode white
// space), as the reference validators use them. No RegExp in AssemblyScript: hand-written scans.
import { findUnit } from "./text";

/** White space as Python's str.isspace() sees it. */
export function isPyWs(c: i32): bool {
  if (c <= 32) return c == 32 || (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
  if (c < 0x85) return false;
  return c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 ||
    c == 0x202f || c == 0x205f || c == 0x3000;
}

/** Python str.strip(). */
export function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPyWs(s.charCodeAt(a))) a++;
  while (b > a && isPyWs(s.charCodeAt(b - 1))) b--;
  return a == 0 && b == s.length ? s : s.substring(a, b);
}

/** Python str.split() without arguments. */
export function pySplit(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const ws = i == s.length || isPyWs(s.charCodeAt(i));
    if (ws) {
      if (start >= 0) out.push(s.substring(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  return out;
}

/**
 * The two cells of a line shaped exactly `|cell|cell|` (pipe first and last, each cell one or more
 * non-pipe characters), untrimmed; null for any other line.
 */
export function twoCells(line: string): string[] | null {
  const n = line.length;
  if (n < 5 || line.charCodeAt(0) != 124 || line.charCodeAt(n - 1) != 124) return null;
  const mid = findUnit(line, 124, 1);
  if (mid < 2 || mid >= n - 2) return null;
  if (findUnit(line, 124, mid + 1) != n - 1) return null;
  return [line.substring(1, mid), line.substring(mid + 1, n - 1)];
}

/** A GFM delimiter cell: optional colon, one or more dashes, optional colon (trimmed input). */
export function isDelimCell(s: string): bool {
  let a = 0;
  let b = s.length;
  if (a < b && s.charCodeAt(a) == 58) a++;
  if (b > a && s.charCodeAt(b - 1) == 58) b--;
  if (a >= b) return false;
  for (let i = a; i < b; i++) if (s.charCodeAt(i) != 45) return false;
  return true;
}

/** Start index of the first markdown link `[text](target)` at or after `from`, or -1. */
export function findLink(s: string, from: i32): i32 {
  let i = findUnit(s, 91, from);
  while (i >= 0) {
    const close = findUnit(s, 93, i + 1);
    if (close < 0) return -1;
    if (close + 1 < s.length && s.charCodeAt(close + 1) == 40) {
      const end = findUnit(s, 41, close + 2);
      if (end > close + 2) return i;
      if (end < 0) return -1;
    }
    i = findUnit(s, 91, i + 1);
  }
  return -1;
}

/** Target of the link starting at `at` (as found by findLink). */
export function linkTarget(s: string, at: i32): string {
  const close = findUnit(s, 93, at + 1);
  return s.substring(close + 2, findUnit(s, 41, close + 2));
}

/** End index (exclusive) of the link starting at `at`. */
export function linkEnd(s: string, at: i32): i32 {
  const close = findUnit(s, 93, at + 1);
  return findUnit(s, 41, close + 2) + 1;
}

/** The target of the first link in `s` minus one trailing `.md`, or `s` itself without a link. */
export function linkedName(s: string): string {
  const at = findLink(s, 0);
  if (at < 0) return s;
  const t = linkTarget(s, at);
  return t.endsWith(".md") ? t.substring(0, t.length - 3) : t;
}

/**
 * parts.join(sep) in linear time (Array<string>#join concatenates pairwise in AssemblyScript 0.28,
 * which is quadratic for long lists).
 */
export function joinAll(parts: string[], sep: string): string {
  const n = parts.length;
  if (n == 0) return "";
  let len = sep.length * (n - 1);
  for (let i = 0; i < n; i++) len += parts[i].length;
  const out = changetype<string>(__new(<usize>len << 1, idof<string>()));
  let p = changetype<usize>(out);
  const sl = <usize>sep.length << 1;
  for (let i = 0; i < n; i++) {
    if (i > 0 && sl > 0) {
      memory.copy(p, changetype<usize>(sep), sl);
      p += sl;
    }
    const s = parts[i];
    const b = <usize>s.length << 1;
    memory.copy(p, changetype<usize>(s), b);
    p += b;
  }
  return out;
}

/** Lower case of one UTF-16 unit for the scripts keywords use (no case tables: module budget). */
function lowerUnit(c: i32): i32 {
  if (c < 0x80) return c >= 65 && c <= 90 ? c + 32 : c;
  if (c < 0x100) return c >= 0xc0 && c <= 0xde && c != 0xd7 ? c + 32 : c;
  if (c < 0x180) {
    if (c == 0x178) return 0xff;
    if (c == 0x130 || c == 0x131 || c == 0x138 || c == 0x149 || c == 0x17f) return c;
    const oddUpper = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e);
    return oddUpper ? ((c & 1) == 1 ? c + 1 : c) : c | 1;
  }
  if (c >= 0x386 && c <= 0x3ab) {
    if (c == 0x386) return 0x3ac;
    if (c >= 0x388 && c <= 0x38a) return c + 37;
    if (c == 0x38c) return 0x3cc;
    if (c == 0x38e || c == 0x38f) return c + 63;
    return c >= 0x391 && c != 0x3a2 ? c + 32 : c;
  }
  if (c >= 0x400 && c <= 0x52f) {
    if (c < 0x410) return c + 80;
    if (c < 0x430) return c + 32;
    if (c == 0x4c0) return 0x4cf;
    if (c >= 0x4c1 && c <= 0x4ce) return (c & 1) == 1 ? c + 1 : c;
    if ((c >= 0x460 && c <= 0x481) || (c >= 0x48a && c <= 0x4bf) || c >= 0x4d0) return c | 1;
    return c;
  }
  if (c >= 0x531 && c <= 0x556) return c + 48;
  if (c >= 0x10a0 && c <= 0x10c5) return c + 0x1c60;
  if ((c >= 0x1e00 && c <= 0x1e95) || (c >= 0x1ea0 && c <= 0x1eff)) return c | 1;
  if (c == 0x1e9e) return 0xdf;
  if (c >= 0x2160 && c <= 0x216f) return c + 16;
  if (c >= 0x24b6 && c <= 0x24cf) return c + 26;
  if (c >= 0xff21 && c <= 0xff3a) return c + 32;
  return c;
}

function isCased(c: i32): bool {
  return lowerUnit(c) != c || (c >= 0x61 && c <= 0x7a) || (c >= 0xdf && c <= 0xff && c != 0xf7) ||
    (c >= 0x3ac && c <= 0x3ce) || (c >= 0x430 && c <= 0x45f);
}

/**
 * Python str.lower() for Latin (incl. Latin-1, Extended-A and Additional), Greek (final sigma),
 * Cyrillic, Armenian, Georgian, Roman numerals, circled and fullwidth letters. Other scripts are
 * left unchanged.
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
  let extra = 0;
  let same = true;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c == 0x130) extra++;
    if (same && (lowerUnit(c) != c || c == 0x130)) same = false;
  }
  if (same) return s;
  const out = changetype<string>(__new(<usize>(n + extra) << 1, idof<string>()));
  let p = changetype<usize>(out);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let l = lowerUnit(c);
    if (c == 0x130) {
      store<u16>(p, 0x69);
      p += 2;
      l = 0x307;
    } else if (c == 0x3a3 && i > 0 && isCased(s.charCodeAt(i - 1)) && !(i + 1 < n && isCased(s.charCodeAt(i + 1)))) {
      l = 0x3c2;
    }
    store<u16>(p, <u16>l);
    p += 2;
  }
  return out;
}
