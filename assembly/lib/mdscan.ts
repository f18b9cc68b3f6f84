// Character-level markdown scanners shared by the consistency and traceability validators:
// sections, checklists, numbered items, task headings, links, front matter and id tokens.
// Semantics follow the reference (Python regexes) described in specs/consistency.md §3.3/§3.4,
// written as hand scanners that run in linear time. Input text is LF-normalised by the host.
import { isPyWs, pyStrip } from "./mdrow";
import { isDigit, isAlnum, find, findUnit } from "./text";

/** Python `\w`: ASCII letters, digits, `_`; non-ASCII letters approximated (see README). */
export function isWord(c: i32): bool {
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95;
  if (c < 0xaa || c == 0xd7 || c == 0xf7 || isPyWs(c)) return false;
  if (c >= 0x2000 && c <= 0x2bff) return false; // punctuation, symbols, arrows
  if (c >= 0x3000 && c <= 0x303f) return false;
  return !(c >= 0xd800 && c <= 0xdfff); // astral (emoji...) treated as non-word
}

/** True when `s` occurs in `t` at offset p. */
export function at(t: string, s: string, p: i32): bool {
  if (p < 0 || p + s.length > t.length) return false;
  for (let i = 0; i < s.length; i++) if (t.charCodeAt(p + i) != s.charCodeAt(i)) return false;
  return true;
}

export function cc(t: string, i: i32): i32 {
  return i < t.length ? <i32>t.charCodeAt(i) : -1;
}

/** `^` under MULTILINE. */
export function atLineStart(t: string, p: i32): bool {
  return p == 0 || t.charCodeAt(p - 1) == 10;
}

/** First index >= p that is not white space. */
export function skipWs(t: string, p: i32): i32 {
  while (p < t.length && isPyWs(t.charCodeAt(p))) p++;
  return p;
}

/** True when `t` at p holds the 5-char criteria checkbox `- [ ]` / `- [x]`. */
export function isCriteriaBox(t: string, p: i32): bool {
  if (p + 5 > t.length) return false;
  const m = t.charCodeAt(p + 3);
  return t.charCodeAt(p) == 45 && t.charCodeAt(p + 1) == 32 && t.charCodeAt(p + 2) == 91 && (m == 32 || m == 120) &&
    t.charCodeAt(p + 4) == 93;
}

/** Count criteria checkboxes in [from, to), non-overlapping. */
export function countCriteria(t: string, from: i32, to: i32): i32 {
  let n = 0;
  let p = from;
  while (p + 5 <= to) {
    if (isCriteriaBox(t, p)) { n++; p += 5; } else p++;
  }
  return n;
}

/**
 * The section after the first literal `marker`, as Python's `marker(.+?)(?=stop|$)` with DOTALL: at
 * least one character, ending at the first `stop` after that character or at the end of the text (a
 * single trailing newline excluded). Returns [start, end] or [-1, -1] (nothing after the marker).
 */
export function sectionAfter(t: string, marker: string, stop: string): i32[] {
  const idx = find(t, marker);
  if (idx < 0) return [-1, -1];
  const start = idx + marker.length;
  if (start >= t.length) return [-1, -1];
  let eot = t.length;
  if (eot > 0 && t.charCodeAt(eot - 1) == 10) eot--;
  // `.+?` takes one character before the look-ahead is tried: `## Requirements##` is not empty
  let end = find(t, stop, start + 1);
  if (end < 0 || end > eot) end = eot;
  if (end < start + 1) end = start + 1;
  return [start, end];
}

/**
 * Requirement items of a PRD section (CO-004): criteria checkboxes anywhere, line-start `N.` and
 * line-start `-` + white space, matched left to right without overlap. Line starts are relative
 * to the section (its first char counts as a line start).
 */
export function countRequirements(t: string, from: i32, to: i32): i32 {
  let n = 0;
  let p = from;
  while (p < to) {
    if (p + 5 <= to && isCriteriaBox(t, p)) { n++; p += 5; continue; }
    if (p == from || t.charCodeAt(p - 1) == 10) {
      const c = t.charCodeAt(p);
      if (isDigit(c)) {
        let q = p;
        while (q < to && isDigit(t.charCodeAt(q))) q++;
        if (q < to && t.charCodeAt(q) == 46) { n++; p = q + 1; continue; }
      } else if (c == 45 && p + 1 < to && isPyWs(t.charCodeAt(p + 1))) { n++; p += 2; continue; }
    }
    p++;
  }
  return n;
}

// Shapes counted over a whole document: `^\s*[-*]\s+\[[ x]\]`, `^\s*\d+\.\s+`, `^###\s+Task`.
export const SHAPE_LIST_BOX: i32 = 0;
export const SHAPE_NUMBERED: i32 = 1;
export const SHAPE_TASK_HEADING: i32 = 2;

/** End of a match of `shape` starting at x (after leading white space), or -1. */
function matchShape(t: string, x: i32, shape: i32): i32 {
  const n = t.length;
  if (shape == SHAPE_LIST_BOX) {
    const c = cc(t, x);
    if (c != 45 && c != 42) return -1;
    const q = skipWs(t, x + 1);
    if (q == x + 1 || q + 3 > n) return -1;
    const m = t.charCodeAt(q + 1);
    if (t.charCodeAt(q) != 91 || (m != 32 && m != 120) || t.charCodeAt(q + 2) != 93) return -1;
    return q + 3;
  }
  if (shape == SHAPE_NUMBERED) {
    let q = x;
    while (q < n && isDigit(t.charCodeAt(q))) q++;
    if (q == x || cc(t, q) != 46) return -1;
    const r = skipWs(t, q + 1);
    return r == q + 1 ? -1 : r;
  }
  if (!at(t, "###", x)) return -1;
  const q = skipWs(t, x + 3);
  if (q == x + 3 || !at(t, "Task", q)) return -1;
  return q + 4;
}

/** findall-style count of a line-anchored shape over the whole text, in linear time. */
export function countShape(t: string, shape: i32): i32 {
  let n = 0;
  let p = 0;
  const len = t.length;
  while (p <= len) {
    if (!atLineStart(t, p)) {
      const nl = findUnit(t, 10, p);
      if (nl < 0) break;
      p = nl + 1;
      continue;
    }
    // the heading shape allows no leading white space
    const x = shape == SHAPE_TASK_HEADING ? p : skipWs(t, p);
    const e = matchShape(t, x, shape);
    if (e >= 0) {
      n++;
      p = e > p ? e : p + 1;
    } else {
      // every line start between p and x reaches the same x and fails the same way
      p = x + 1;
    }
  }
  return n;
}

/** Markdown links `[text](target)` (reference shape, or with code/parenthesis awareness). */
export class Links {
  targets: string[] = [];
  offsets: i32[] = [];
}

/**
 * Collect links. `balanced` lets a target hold one level of parentheses (FX-2). The text may be
 * masked (code replaced by spaces) by the caller for FX-1.
 */
export function findLinks(t: string, balanced: bool): Links {
  const out = new Links();
  const n = t.length;
  // next `]`, `)`, `)` after that, `(` and newline at or after the scan point (all monotonic)
  let nb = -2;
  let nc = -2;
  let nc2 = -2;
  let no = -2;
  let nn = -2;
  let p = findUnit(t, 91);
  while (p >= 0 && p < n) {
    nb = adv(t, 93, nb, p + 1);
    if (nb < 0) break;
    if (nb > p + 1 && cc(t, nb + 1) == 40) {
      const s = nb + 2;
      nc = adv(t, 41, nc, s);
      if (nc < 0) break; // no `)` left: no further link can close
      let k = nc;
      if (balanced) {
        // FX-2: one level of parentheses, on one line
        no = adv(t, 40, no, s);
        nn = adv(t, 10, nn, s);
        if (no >= 0 && no < nc) {
          nc2 = adv(t, 41, nc2, nc + 1);
          k = nc2;
        }
        if (k >= 0 && nn >= 0 && nn < k) k = -1;
      }
      if (k > s) {
        out.targets.push(t.substring(s, k));
        out.offsets.push(p);
        p = findUnit(t, 91, k + 1);
        continue;
      }
    }
    p = findUnit(t, 91, p + 1);
  }
  return out;
}

/** Next index of ch at or after `from`, reusing `cached` when it is still ahead (-1 = none left). */
function adv(t: string, ch: i32, cached: i32, from: i32): i32 {
  if (cached == -1 || (cached >= from && cached != -2)) return cached;
  return findUnit(t, ch, from);
}

/**
 * Code regions of t as [start, end) pairs in order: fenced blocks (``` or ~~~, up to 3 spaces of
 * indentation, closed by a fence of the same char at least as long; unclosed runs to the end) and
 * inline code spans (a backtick run closed by a run of the same length on the same line).
 */
export function codeRanges(t: string): i32[] {
  const out: i32[] = [];
  const n = t.length;
  let pos = 0;
  let fence = 0;
  let fenceLen = 0;
  let fenceStart = 0;
  let tick = -2;
  while (pos <= n) {
    let e = findUnit(t, 10, pos);
    if (e < 0) e = n;
    let j = pos;
    while (j < pos + 3 && j < e && t.charCodeAt(j) == 32) j++;
    const c = j < e ? <i32>t.charCodeAt(j) : -1;
    let k = j;
    while (k < e && t.charCodeAt(k) == c) k++;
    if (fence != 0) {
      if (c == fence && k - j >= fenceLen && skipWs(t, k) >= e) {
        out.push(fenceStart);
        out.push(e);
        fence = 0;
      }
    } else if ((c == 96 || c == 126) && k - j >= 3) {
      fence = c;
      fenceLen = k - j;
      fenceStart = pos;
    } else {
      tick = adv(t, 96, tick, pos);
      if (tick >= 0 && tick < e) spans(t, tick, e, out);
    }
    pos = e + 1;
  }
  if (fence != 0) {
    out.push(fenceStart);
    out.push(n);
  }
  return out;
}

function spans(t: string, i: i32, to: i32, out: i32[]): void {
  // run lengths known to have no closing run further right on this line (1..64)
  const failed = new Array<bool>(65);
  while (i >= 0 && i < to) {
    let k = i;
    while (k < to && t.charCodeAt(k) == 96) k++;
    const run = k - i;
    let close = -1;
    if (run > 64 || !failed[run]) {
      let j = k;
      while (j < to) {
        if (t.charCodeAt(j) == 96) {
          let e = j;
          while (e < to && t.charCodeAt(e) == 96) e++;
          if (e - j == run) { close = e; break; }
          j = e;
        } else j++;
      }
      if (close < 0 && run <= 64) failed[run] = true;
    }
    if (close >= 0) {
      out.push(i);
      out.push(close);
      k = close;
    }
    i = k < to ? findUnit(t, 96, k) : -1;
  }
}

/** Join without the quadratic copying of Array#join (pairwise merging). */

/** 1-based line of offset `off`, counted from a cursor [pos, line] that only moves forward. */
export function lineAt(t: string, cursor: i32[], off: i32): i32 {
  let p = cursor[0];
  let line = cursor[1];
  if (off < p) { p = 0; line = 1; }
  while (p < off) {
    if (t.charCodeAt(p) == 10) line++;
    p++;
  }
  cursor[0] = p;
  cursor[1] = line;
  return line;
}

// ---- front matter (traceability) ----

export class FrontMatter {
  start: i32 = 0; // offset of the front-matter text in the document
  text: string = "";
  type: string | null = null;
  id: string | null = null;
  status: string | null = null;
  idOff: i32 = 0;
  related: string[] = [];
  relatedOff: i32[] = [];
  /** Every related token in order, duplicates kept (TR-009). */
  rawRelated: string[] = [];
  seen: Map<string, string> = new Map();
}

/** Reference front matter: `---\n`, then at least one char, up to the next line starting `---`. */
export function readFrontMatter(t: string): FrontMatter | null {
  if (!t.startsWith("---\n")) return null;
  let e = find(t, "\n---", 5);
  if (e < 0) return null;
  const fm = new FrontMatter();
  fm.start = 4;
  fm.text = t.substring(4, e);
  const f = fm.text;
  let off = scalarKey(f, "type:");
  if (off >= 0) fm.type = valueAt(f, off);
  off = scalarKey(f, "id:");
  if (off >= 0) { fm.id = valueAt(f, off); fm.idOff = off + 4; }
  off = scalarKey(f, "status:");
  if (off >= 0) fm.status = valueAt(f, off);
  readRelated(fm);
  return fm;
}

/** `^key:\s*(.+)$`: offset where the value starts, or -1. */
function scalarKey(f: string, key: string): i32 {
  let p = 0;
  const n = f.length;
  while (p < n) {
    if (at(f, key, p)) {
      const s = p + key.length;
      const q = skipWs(f, s);
      if (q < n) return q;
      // the value would be white space only: matches (as empty) when a non-newline char exists
      for (let i = s; i < q; i++) if (f.charCodeAt(i) != 10) return q;
    }
    const nl = findUnit(f, 10, p);
    if (nl < 0) break;
    p = nl + 1;
  }
  return -1;
}

function valueAt(f: string, off: i32): string {
  let e = findUnit(f, 10, off);
  if (e < 0) e = f.length;
  return pyStrip(f.substring(off, e));
}


/** U-2 id token `\b[A-Z]+-[A-Za-z0-9]+\b` in [from, to); pushes tokens (deduplicated) into fm. */
function scanIds(fm: FrontMatter, from: i32, to: i32): void {
  const f = fm.text;
  let p = from;
  while (p < to) {
    const c = f.charCodeAt(p);
    if (c >= 65 && c <= 90 && (p == 0 || !isWord(f.charCodeAt(p - 1)))) {
      let q = p;
      while (q < to && isUpper(f.charCodeAt(q))) q++;
      if (q < to && f.charCodeAt(q) == 45) {
        let r = q + 1;
        while (r < to && isAlnum(f.charCodeAt(r))) r++;
        if (r > q + 1 && (r >= f.length || !isWord(f.charCodeAt(r)))) {
          addRelated(fm, f.substring(p, r), fm.start + p);
          p = r;
          continue;
        }
      }
      // skip the rest of this word: no token can start inside it
      while (p < to && isWord(f.charCodeAt(p))) p++;
      continue;
    }
    p++;
  }
}

function isUpper(c: i32): bool {
  return c >= 65 && c <= 90;
}
function addRelated(fm: FrontMatter, id: string, off: i32): void {
  fm.rawRelated.push(id);
  if (fm.seen.has(id)) return;
  fm.seen.set(id, "");
  fm.related.push(id);
  fm.relatedOff.push(off);
}

/** `related` with the U-1 inline list and the U-2 block scan (specs/consistency.md §3.4). */
function readRelated(fm: FrontMatter): void {
  const f = fm.text;
  const n = f.length;
  // U-1: a line `related: [ ... ]`
  let p = 0;
  while (p < n) {
    if (at(f, "related:", p)) {
      let q = p + 8;
      while (q < n && (f.charCodeAt(q) == 32 || f.charCodeAt(q) == 9)) q++;
      if (cc(f, q) == 91) {
        let e = findUnit(f, 10, q);
        if (e < 0) e = n;
        const close = f.lastIndexOf("]", e - 1);
        if (close > q) { scanIds(fm, q + 1, close); break; }
      }
    }
    const nl = findUnit(f, 10, p);
    if (nl < 0) break;
    p = nl + 1;
  }
  // block: `related:\s*\n\s+-\s+.+` ... to the end of the front matter
  let k = find(f, "related:");
  while (k >= 0) {
    const s = k + 8;
    const q = skipWs(f, s);
    if (cc(f, q) == 45 && q + 2 <= n && isPyWs(f.charCodeAt(q + 1))) {
      const nl = f.lastIndexOf("\n", q - 2);
      if (nl >= s) {
        const r = skipWs(f, q + 1);
        if (r < n || f.substring(q + 2, n).replaceAll("\n", "").length > 0) {
          scanIds(fm, q, n);
          return;
        }
      }
    }
    k = find(f, "related:", k + 1);
  }
}
