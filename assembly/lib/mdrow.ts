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

/** isPyWs with the usual character (printable ASCII) answered in place, without a call. */
// @ts-ignore: decorator
@inline function isPyWsAt(s: string, i: i32): bool {
  const c = <i32>s.charCodeAt(i);
  return c > 32 && c < 0x85 ? false : isPyWs(c);
}

/** Python str.strip(). */
export function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPyWsAt(s, a)) a++;
  while (b > a && isPyWsAt(s, b - 1)) b--;
  return a == 0 && b == s.length ? s : s.substring(a, b);
}

/** Python str.split() without arguments. */
export function pySplit(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const ws = i == s.length || isPyWsAt(s, i);
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

