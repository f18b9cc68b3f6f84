// Small scanners shared by the pre-pr rule families.
import { isSpace } from "../../lib/text";

/** Number of leading spaces. */
export function indentOf(s: string): i32 {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) == 32) i++;
  return i;
}

export function trim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s.charCodeAt(a))) a++;
  while (b > a && isSpace(s.charCodeAt(b - 1))) b--;
  return s.substring(a, b);
}

/** Remove one pair of matching surrounding quotes. */
export function unquote(s: string): string {
  if (s.length >= 2) {
    const a = s.charCodeAt(0);
    if ((a == 34 || a == 39) && s.charCodeAt(s.length - 1) == a) return s.substring(1, s.length - 1);
  }
  return s;
}

/** Plain YAML scalar without a trailing " #comment" (quoted values keep their #). */
export function stripComment(v: string): string {
  const t = trim(v);
  if (t.length > 0 && (t.charCodeAt(0) == 34 || t.charCodeAt(0) == 39)) {
    const q = t.charCodeAt(0);
    const end = t.indexOf(String.fromCharCode(q), 1);
    if (end > 0) return t.substring(0, end + 1);
    return t;
  }
  if (t.startsWith("#")) return "";
  const i = t.indexOf(" #");
  return i >= 0 ? trim(t.substring(0, i)) : t;
}

/** Position of the key-ending colon of a "key: value" line (content after indentation), or -1. */
export function keyColon(c: string): i32 {
  if (c.length == 0) return -1;
  const f = c.charCodeAt(0);
  if (f == 35 || f == 45 && (c.length == 1 || c.charCodeAt(1) == 32)) return -1;
  let i = 0;
  if (f == 34 || f == 39) {
    const e = c.indexOf(String.fromCharCode(f), 1);
    if (e < 0) return -1;
    i = e + 1;
    return i < c.length && c.charCodeAt(i) == 58 && (i + 1 == c.length || c.charCodeAt(i + 1) == 32) ? i : -1;
  }
  for (; i < c.length; i++) {
    const ch = c.charCodeAt(i);
    if (ch == 58 && (i + 1 == c.length || c.charCodeAt(i + 1) == 32 || c.charCodeAt(i + 1) == 9)) return i;
    if (ch == 32 && i + 1 < c.length && c.charCodeAt(i + 1) == 35) return -1;
  }
  return -1;
}

/** True for a block-scalar indicator value such as |, >-, |+2. */
export function isBlockIndicator(v: string): bool {
  if (v.length == 0) return false;
  const c = v.charCodeAt(0);
  if (c != 124 && c != 62) return false;
  for (let i = 1; i < v.length; i++) {
    const d = v.charCodeAt(i);
    if (d != 45 && d != 43 && !(d >= 48 && d <= 57)) return false;
  }
  return true;
}

export function inList(v: string, list: string[] | null): bool {
  if (list === null) return false;
  for (let i = 0; i < list.length; i++) if (list[i] == v) return true;
  return false;
}

/** Segments of `list` separated by the char code `sep` (a String#split without its code size). */
export function segments(list: string, sep: i32): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= list.length; i++) {
    if (i == list.length || list.charCodeAt(i) == sep) {
      out.push(list.substring(start, i));
      start = i + 1;
    }
  }
  return out;
}
