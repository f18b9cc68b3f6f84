// The skill model of the pre-pr family "skb" (SKB-01): a skill's `description` as upstream's
// scripts/skill_description_budget.py reads it. Upstream reads the file with universal newlines,
// takes the lines (str.splitlines) between a leading `---` and the next line that is `---` once
// stripped, joins them with LF and parses them with PyYAML's safe_load; the description counts when
// it is a non-empty string, by its code points. This reader follows PyYAML for the one top-level key:
// plain scalars (folded over indented continuation lines), single- and double-quoted scalars (escapes,
// folding) and block scalars (`|` / `>` with chomping and indentation indicators). A front matter
// YAML refuses as a whole is approximated: a plain top-level value with `: ` inside (PyYAML: "mapping
// values are not allowed here") or a tab before a key makes the skill count as without description.
// Lengths are counted, never built (a value of any size is one pass and no allocation per piece).
import { asciiLower } from "../../lib/text";
import { codePoints, lineBreak, pyStrip, universal } from "./mem";

/** str.splitlines of a text without CR (universal newlines removed them). */
function pyLines(s: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (lineBreak(c)) {
      out.push(s.substring(from, i));
      from = i + 1;
    }
  }
  if (from < s.length) out.push(s.substring(from));
  return out;
}

function spaces(s: string): i32 {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) == 32) i++;
  return i;
}

/** A line of spaces and tabs only (a line break of a quoted scalar). */
function onlyBlanks(s: string): bool {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c != 32 && c != 9) return false;
  }
  return true;
}

function blankOrSpaces(s: string, upTo: i32): bool {
  // a line that is only spaces (at most upTo of them) is a line break of a block scalar
  return spaces(s) == s.length && s.length <= upTo;
}

/** The key of a top-level `key: value` line (col 0), or "" when the line is none. */
function topKey(line: string): string {
  if (line.length == 0) return "";
  const c0 = line.charCodeAt(0);
  if (c0 == 32 || c0 == 9 || c0 == 35 || c0 == 45) return "";
  for (let i = 0; i < line.length; i++) {
    if (line.charCodeAt(i) == 58 && (i + 1 == line.length || line.charCodeAt(i + 1) == 32 || line.charCodeAt(i + 1) == 9)) {
      let e = i;
      while (e > 0 && (line.charCodeAt(e - 1) == 32 || line.charCodeAt(e - 1) == 9)) e--;
      let k = line.substring(0, e);
      if (k.length >= 2 && (k.charCodeAt(0) == 34 || k.charCodeAt(0) == 39) && k.charCodeAt(k.length - 1) == k.charCodeAt(0)) k = k.substring(1, k.length - 1);
      return k;
    }
  }
  return "";
}

/** A plain scalar's text on one line: up to ` #` or `: ` (the caller decides what `: ` means). */
function plainPart(s: string): string {
  let end = s.length;
  const h = s.indexOf(" #");
  if (h >= 0) end = h;
  const t = s.indexOf("\t#");
  if (t >= 0 && t < end) end = t;
  while (end > 0 && (s.charCodeAt(end - 1) == 32 || s.charCodeAt(end - 1) == 9)) end--;
  return s.substring(0, end);
}

function hasMappingColon(s: string): bool {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) == 58 && (i + 1 == s.length || s.charCodeAt(i + 1) == 32)) return true;
  return false;
}

/** YAML 1.1 resolves the plain scalar to something other than a string (null, bool, int, float). */
function notString(v: string): bool {
  const l = asciiLower(v);
  if (l == "~" || l == "null" || l == "yes" || l == "no" || l == "true" || l == "false" || l == "on" || l == "off") return v == l || v == l.toUpperCase() || v == l.charAt(0).toUpperCase() + l.substring(1);
  let digits = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (!(c == 43 || c == 45 || c == 46 || c == 95 || c == 58 || c == 101 || c == 69)) return false;
  }
  return digits > 0;
}

/** Folding of flow (quoted and plain) scalars: one break is a space, n + 1 breaks are n LFs; the length in code points. */
function foldedLength(parts: string[], breaksBefore: i32[]): i32 {
  let n = 0;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) n += breaksBefore[i] == 0 ? 1 : breaksBefore[i];
    n += codePoints(parts[i]);
  }
  return n;
}

function hexValue(s: string): i32 {
  let v = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/** The length in code points of the quoted scalar that opens at `col` of `ls[first]`; -1 when it never closes (a YAML error). Counted, not built: linear in its length. */
function quoted(ls: string[], first: i32, col: i32): i32 {
  const q = ls[first].charCodeAt(col);
  const dq = q == 34;
  let n = 0;
  let pendFrom = -1; // where the whitespace that only counts when the line goes on starts
  let i = first;
  let s = ls[i];
  let p = col + 1;
  while (true) {
    if (p >= s.length) {
      // a line break inside the scalar: trailing whitespace dropped, folded with the next lines
      i++;
      let breaks = 0;
      while (i < ls.length && onlyBlanks(ls[i])) {
        breaks++;
        i++;
      }
      if (i >= ls.length) return -1;
      n += breaks == 0 ? 1 : breaks;
      pendFrom = -1;
      s = ls[i];
      p = 0;
      while (p < s.length && (s.charCodeAt(p) == 32 || s.charCodeAt(p) == 9)) p++;
      continue;
    }
    const c = s.charCodeAt(p);
    if (c == 32 || c == 9) {
      if (pendFrom < 0) pendFrom = p;
      p++;
      continue;
    }
    if (pendFrom >= 0) n += p - pendFrom;
    pendFrom = -1;
    if (!dq && c == 39) {
      if (p + 1 < s.length && s.charCodeAt(p + 1) == 39) {
        n++;
        p += 2;
        continue;
      }
      return n;
    }
    if (dq && c == 34) return n;
    if (dq && c == 92) {
      if (p + 1 >= s.length) {
        // an escaped line break: the break and the next line's leading whitespace vanish
        i++;
        let breaks = 0;
        while (i < ls.length && onlyBlanks(ls[i])) {
          breaks++;
          i++;
        }
        if (i >= ls.length) return -1;
        n += breaks;
        s = ls[i];
        p = 0;
        while (p < s.length && (s.charCodeAt(p) == 32 || s.charCodeAt(p) == 9)) p++;
        continue;
      }
      const e = s.charCodeAt(p + 1);
      p += 2;
      // every one-character escape (0 a b t TAB n v f r e SPACE " / \\ N _ L P) is one code point
      if (e == 48 || e == 97 || e == 98 || e == 116 || e == 9 || e == 110 || e == 118 || e == 102 || e == 114 || e == 101 ||
        e == 32 || e == 34 || e == 92 || e == 47 || e == 78 || e == 95 || e == 76 || e == 80) n++;
      else if (e == 120 || e == 117 || e == 85) {
        const w = e == 120 ? 2 : e == 117 ? 4 : 8;
        if (p + w > s.length) return -1;
        const v = hexValue(s.substring(p, p + w));
        if (v < 0 || v > 0x10ffff) return -1;
        n++;
        p += w;
      } else return -1;
      continue;
    }
    // a surrogate pair is one code point
    if (!(c >= 0xdc00 && c <= 0xdfff && p > 0 && s.charCodeAt(p - 1) >= 0xd800 && s.charCodeAt(p - 1) <= 0xdbff)) n++;
    p++;
  }
}

/**
 * The length in code points of the block scalar whose header (`|` or `>` and its indicators) is `head`, content from `ls[from]`;
 * PyYAML's scan_block_scalar for a key of the top-level mapping (least indentation 1). The last
 * line of the front matter has no line break (the block is joined with LF, none after it).
 */
function block(ls: string[], from: i32, head: string): i32 {
  const folded = head.charCodeAt(0) == 62;
  let chomp = 0; // -1 strip, 0 clip, 1 keep
  let increment = 0;
  for (let k = 1; k < head.length; k++) {
    const c = head.charCodeAt(k);
    if (c == 45) chomp = -1;
    else if (c == 43) chomp = 1;
    else if (c >= 49 && c <= 57) increment = c - 48;
    else if (c == 32 || c == 9) {
      const rest = pyStrip(head.substring(k));
      if (rest.length > 0 && !rest.startsWith("#")) return -1;
      break;
    } else return -1;
  }
  let indent = 1;
  let i = from;
  let lead = 0;
  if (increment > 0) indent = increment;
  else {
    let maxIndent = 0;
    let k = from;
    while (k < ls.length && spaces(ls[k]) == ls[k].length) {
      if (ls[k].length > maxIndent) maxIndent = ls[k].length;
      k++;
    }
    const first = k < ls.length ? spaces(ls[k]) : 0;
    indent = max(1, max(maxIndent, first));
  }
  // leading breaks (lines of at most `indent` spaces before the first content line)
  while (i < ls.length && blankOrSpaces(ls[i], indent)) {
    lead++;
    i++;
  }
  let n = lead; // counted, not built
  let lineBreak = "";
  let trailing = 0;
  while (i < ls.length && spaces(ls[i]) >= indent && !blankOrSpaces(ls[i], indent)) {
    const text = ls[i].substring(indent);
    const leadingNonSpace = text.charCodeAt(0) != 32 && text.charCodeAt(0) != 9;
    n += codePoints(text);
    lineBreak = i + 1 < ls.length ? "\n" : "";
    i++;
    let breaks = 0;
    while (i < ls.length && blankOrSpaces(ls[i], indent)) {
      breaks++;
      i++;
    }
    trailing = breaks;
    if (i < ls.length && spaces(ls[i]) >= indent && !blankOrSpaces(ls[i], indent)) {
      const next = ls[i].charCodeAt(indent);
      if (folded && lineBreak == "\n" && leadingNonSpace && next != 32 && next != 9) {
        if (breaks == 0) n++;
      } else n += lineBreak.length;
      n += breaks;
      trailing = 0;
    }
  }
  if (chomp >= 0) n += lineBreak.length;
  if (chomp > 0) n += trailing;
  return n;
}

/**
 * The length in code points of the skill's description as upstream counts it, or -1 when upstream
 * skips the skill (no front matter, YAML it refuses, no description, not a string, empty).
 */
export function descriptionChars(raw: string): i32 {
  const text = universal(raw);
  if (!text.startsWith("---")) return -1;
  const lines = pyLines(text);
  let end = -1;
  for (let i = 1; i < lines.length; i++) {
    if (pyStrip(lines[i]) == "---") {
      end = i;
      break;
    }
  }
  if (end < 0) return -1;
  const ls = lines.slice(1, end);
  // the last `description` key wins (PyYAML keeps the last of duplicate keys); only its value is read
  let last = -1;
  for (let i = 0; i < ls.length; i++) {
    const line = ls[i];
    if (line.length > 0 && line.charCodeAt(0) == 9) return -1; // a tab where a key belongs: YAML refuses it
    if (topKey(line) == "description") last = i;
  }
  if (last < 0) return -1;
  let value = -1;
  for (let i = 0; i < ls.length; i++) {
    const line = ls[i];
    const key = topKey(line);
    if (key.length == 0) continue;
    let p = line.indexOf(":") + 1;
    // the colon that ends the (possibly quoted) key
    if (line.charCodeAt(0) == 34 || line.charCodeAt(0) == 39) p = line.indexOf(":", line.indexOf(String.fromCharCode(line.charCodeAt(0)), 1)) + 1;
    while (p < line.length && (line.charCodeAt(p) == 32 || line.charCodeAt(p) == 9)) p++;
    const rest = line.substring(p);
    const c = rest.length > 0 ? rest.charCodeAt(0) : 0;
    let v = -1;
    let isStr = true;
    if (c == 34 || c == 39 || c == 124 || c == 62) {
      // quoted and block values of other keys are not read (their lines start no key of their own)
      if (i != last) continue;
      v = c == 34 || c == 39 ? quoted(ls, i, p) : block(ls, i + 1, rest);
    } else if (c == 91 || c == 123 || c == 38 || c == 42 || c == 33) {
      v = -1; // flow collections, anchors, aliases, tags: not a plain string here
      isStr = false;
    } else {
      // a plain scalar, continued by indented lines; `: ` inside is a YAML error for the whole block
      const first = plainPart(rest);
      if (hasMappingColon(first)) return -1;
      const parts: string[] = [];
      const breaks: i32[] = [];
      if (first.length > 0 && !first.startsWith("#")) {
        parts.push(first);
        breaks.push(0);
      }
      let k = i + 1;
      let blank = 0;
      while (k < ls.length) {
        const l = ls[k];
        const t = pyStrip(l);
        if (t.length == 0) {
          blank++;
          k++;
          continue;
        }
        if (l.charCodeAt(0) != 32 && l.charCodeAt(0) != 9) break;
        if (t.startsWith("#")) break;
        const part = plainPart(t);
        if (parts.length == 0 && (t.startsWith("- ") || t == "-")) {
          isStr = false; // a sequence under the key
          break;
        }
        if (hasMappingColon(part)) {
          if (parts.length > 0) return -1;
          isStr = false; // a nested mapping under the key
          break;
        }
        breaks.push(parts.length == 0 ? 0 : blank);
        parts.push(part);
        blank = 0;
        k++;
      }
      v = parts.length == 0 ? -1 : foldedLength(parts, breaks);
      if (parts.length == 1 && notString(parts[0])) isStr = false;
    }
    if (i == last) value = isStr ? v : -1;
  }
  return value > 0 ? value : -1;
}
