// Inline disable directives in markdown artifacts (issue 14), applied to findings other validators made:
//   <!-- agentcheck-disable-next-line SP-013 -->       the next line
//   <!-- agentcheck-disable SP-016 --> ... <!-- agentcheck-enable [SP-016] -->   a range (to the end without enable)
//   | row | ... | <!-- agentcheck-disable-line SP-013 -->   its own line (table-safe: the end of a row)
// A directive on a line of its own between two table rows or two list items ends the table or list in
// markdown: the rows after it are no longer read as rows, their findings vanish. That is AC-011 (an
// error, always reported), never a silent pass.
// Rule ids are separated by commas or spaces; none = every rule. A finding on the whole file (line 0) is
// suppressed only by a range that starts before the first content line and is never closed.
// Input: KIND_PREPR_FILE documents (the markdown files), fact "findings" (a list of docOrdinal, line,
// ruleId triples, docOrdinal counting the KIND_PREPR_FILE documents), fact "reportUnused".
// Output: per document, data "suppressed" = the suppressed finding numbers (0-based triples of the fact,
// a list); with reportUnused, an AC-010 finding for each directive (and rule id) that
// suppressed nothing.
import { defineRule, msg, RuleCtx, RuleDoc, loc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { decodeList, encodeList } from "../../lib/list";
import { Doc, Input, Results } from "../../io";

export const AC010 = defineRule("AC-010", SEV_WARNING);
export const AC011 = defineRule("AC-011", SEV_ERROR);
function AC011_doc(): RuleDoc {
  return {
    id: "AC-011",
    validator: "common",
    title: "Directive breaks a table or list",
    description:
      "An <!-- agentcheck-... --> comment on a line of its own between two table rows or two list items ends the table or the list, so the rows or items after it are no longer read as such and their findings disappear. Put `<!-- agentcheck-disable-line ID -->` at the end of the row instead, or a disable/enable pair around the whole table.",
    messages: {
      breaksTable: "{{name}} between two table rows ends the table (the rows after it are not checked): use agentcheck-disable-line at the end of the row, or agentcheck-disable/enable around the table",
      breaksList: "{{name}} between two list items ends the list (the items after it are not checked): use agentcheck-disable-line at the end of the item, or agentcheck-disable/enable around the list",
    },
  };
}
function AC010_doc(): RuleDoc {
  return {
    id: "AC-010",
    validator: "common",
    title: "Unused disable directive",
    description: "An <!-- agentcheck-disable... --> comment suppresses no finding (reported with --report-unused-disable).",
    messages: {
      suppressesNoFinding: "{{name}} suppresses no finding",
      suppressesNoFinding2: "{{name}} {{ids}} suppresses no finding",
    },
  };
}

class Directive {
  constructor(
    public kind: i32, // 0 next-line, 1 disable, 2 enable, 3 this line
    public line: i32, // 1-based line of the comment
    public ids: string[], // empty = every rule
    public used: bool[],
    public breaks: i32 = 0, // 1: alone between two table rows, 2: between two list items (AC-011)
  ) {}
}

function parseIds(s: string): string[] {
  // (each id is a substring: a unit concatenated per character was quadratic in the comment's length)
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 44;
    if (c == 44 || c == 32 || c == 9) {
      if (i > from) out.push(s.substring(from, i));
      from = i + 1;
    }
  }
  return out;
}

/**
 * Whether `pos` of a line is inside a code span (a run of n backticks up to the next run of exactly n;
 * the string twin of pre-pr/paths.ts inCode, which PATH-01 uses on bytes).
 */
function inCodeSpan(l: string, pos: i32): bool {
  let j = 0;
  while (j < l.length && j < pos) {
    if (l.charCodeAt(j) != 96) {
      j++;
      continue;
    }
    let n = 0;
    while (j + n < l.length && l.charCodeAt(j + n) == 96) n++;
    let close = -1;
    for (let k = j + n; k + n <= l.length; k++) {
      let m = 0;
      while (m < n && l.charCodeAt(k + m) == 96) m++;
      if (m == n) {
        close = k;
        break;
      }
    }
    if (close < 0) return false;
    if (pos >= j && pos < close + n) return true;
    j = close + n;
  }
  return false;
}

/** Columns of leading white space (a tab advances to the next multiple of 4) and the offset after it. */
function indentOf(l: string): i64 {
  let col = 0;
  let i = 0;
  while (i < l.length) {
    const c = l.charCodeAt(i);
    if (c == 32) col++;
    else if (c == 9) col += 4 - (col % 4);
    else break;
    i++;
  }
  return (<i64>col << 32) | <i64>i;
}

/** A list item's start: "-", "*", "+" or 1-9 digits and "." or ")", then white space or the line's end. */
function isListMarker(l: string, at: i32): bool {
  const c = at < l.length ? l.charCodeAt(at) : 0;
  let k = at;
  if (c == 45 || c == 42 || c == 43) k++;
  else {
    while (k < l.length && k - at < 9 && l.charCodeAt(k) >= 48 && l.charCodeAt(k) <= 57) k++;
    if (k == at || k >= l.length || (l.charCodeAt(k) != 46 && l.charCodeAt(k) != 41)) return false;
    k++;
  }
  return k == l.length || l.charCodeAt(k) == 32 || l.charCodeAt(k) == 9;
}

/**
 * The directives of a markdown file. A comment shown as code is an example, not a directive: lines of
 * fenced blocks (``` or ~~~, 3 or more, indented up to 3 columns, a backtick fence's info string has no
 * backtick; closed by a line of the same character at least as long with nothing but white space
 * after it: "```js" does not close a fence), lines of indented code blocks (4 or more columns after a
 * blank line, outside a list) and comments inside code spans are skipped.
 */
function directivesOf(doc: Doc): Directive[] {
  const out: Directive[] = [];
  const lines = doc.lines();
  let fenceChar: i32 = 0;
  let fenceLen: i32 = 0;
  let prevBlank = true; // the line before is blank (or the file starts)
  let inList = false; // the last block started at an indentation under 4 was a list item
  let inIndented = false; // inside an indented code block
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const io = indentOf(l);
    const col = <i32>(io >> 32);
    const ind = <i32>(io & 0xffffffff);
    const c0 = ind < l.length ? l.charCodeAt(ind) : 0;
    if (fenceChar == 0 && col < 4 && (c0 == 96 || c0 == 126)) {
      let n = 0;
      while (ind + n < l.length && l.charCodeAt(ind + n) == c0) n++;
      if (n >= 3 && (c0 == 126 || l.indexOf("`", ind + n) < 0)) {
        fenceChar = c0;
        fenceLen = n;
        inIndented = false;
        prevBlank = false;
        continue;
      }
    } else if (fenceChar != 0) {
      if (col < 4 && c0 == fenceChar) {
        let n = 0;
        while (ind + n < l.length && l.charCodeAt(ind + n) == c0) n++;
        if (n >= fenceLen && l.substring(ind + n).trim().length == 0) fenceChar = 0;
      }
      prevBlank = false;
      continue;
    }
    // white space only (a printable ASCII character never is)
    if (ind >= l.length || ((c0 <= 32 || c0 >= 127) && l.substring(ind).trim().length == 0)) {
      prevBlank = true;
      continue;
    }
    if (col >= 4 && (inIndented || (prevBlank && !inList))) {
      inIndented = true;
      prevBlank = false;
      continue;
    }
    inIndented = false;
    if (col < 4) {
      if (isListMarker(l, ind)) inList = true;
      else if (col == 0 && prevBlank) inList = false;
    }
    prevBlank = false;
    let at = l.indexOf("<!--");
    while (at >= 0) {
      const end = l.indexOf("-->", at + 4);
      if (end < 0) break;
      if (inCodeSpan(l, at)) {
        at = l.indexOf("<!--", end + 3);
        continue;
      }
      const body = l.substring(at + 4, end).trim();
      let kind: i32 = -1;
      let rest = "";
      if (body.startsWith("agentcheck-disable-next-line")) {
        kind = 0;
        rest = body.substring(28);
      } else if (body.startsWith("agentcheck-disable-line")) {
        kind = 3;
        rest = body.substring(23);
      } else if (body.startsWith("agentcheck-disable")) {
        kind = 1;
        rest = body.substring(18);
      } else if (body.startsWith("agentcheck-enable")) {
        kind = 2;
        rest = body.substring(17);
      }
      // the keyword must end at a space or the end of the comment (not agentcheck-disabled...)
      if (kind >= 0 && (rest.length == 0 || rest.charCodeAt(0) == 32 || rest.charCodeAt(0) == 9)) {
        const ids = parseIds(rest);
        const used = new Array<bool>(ids.length > 0 ? ids.length : 1);
        for (let k = 0; k < used.length; k++) used[k] = false;
        out.push(new Directive(kind, i + 1, ids, used, breaksBlock(lines, i, at, end)));
      }
      at = l.indexOf("<!--", end + 3);
    }
  }
  return out;
}

/** A table row: its first non-blank character is "|". */
function isRow(l: string): bool {
  const t = l.trim();
  return t.length > 0 && t.charCodeAt(0) == 124;
}

/**
 * Whether the comment at [at, end) of line i stands alone on its line between two table rows (1) or
 * two list items (2): markdown ends the table or the list there. 0 otherwise.
 */
function breaksBlock(lines: string[], i: i32, at: i32, end: i32): i32 {
  const l = lines[i];
  if (l.substring(0, at).trim().length > 0 || l.substring(end + 3).trim().length > 0) return 0;
  if (i == 0 || i + 1 >= lines.length) return 0;
  const prev = lines[i - 1];
  const next = lines[i + 1];
  if (isRow(prev) && isRow(next)) return 1;
  const ip = <i32>(indentOf(prev) & 0xffffffff);
  const inx = <i32>(indentOf(next) & 0xffffffff);
  if (prev.trim().length > 0 && isListMarker(prev, ip) && isListMarker(next, inx)) return 2;
  return 0;
}

/** Index of `rule` in the directive's ids (0 for a directive naming every rule), or -1. */
function covers(d: Directive, rule: string): i32 {
  if (d.ids.length == 0) return 0;
  for (let k = 0; k < d.ids.length; k++) if (d.ids[k] == rule) return k;
  return -1;
}

function firstContentLine(doc: Doc): i32 {
  const lines = doc.lines();
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t.length > 0 && !(t.startsWith("<!--") && t.endsWith("-->"))) return i + 1;
  }
  return lines.length + 1;
}

/** The directive that suppresses a finding of `rule` at `line`, marking it used; false when none. */
function suppress(ds: Directive[], rule: string, line: i32, firstContent: i32): bool {
  if (line > 0) {
    for (let i = 0; i < ds.length; i++) {
      const d = ds[i];
      if ((d.kind == 0 && d.line + 1 == line) || (d.kind == 3 && d.line == line)) {
        const k = covers(d, rule);
        if (k >= 0) {
          d.used[k] = true;
          return true;
        }
      }
    }
  }
  // ranges: the last disable/enable for this rule before the line decides
  let open: Directive | null = null;
  let openK: i32 = -1;
  for (let i = 0; i < ds.length; i++) {
    const d = ds[i];
    if (d.kind == 0 || d.kind == 3) continue;
    if (line > 0 && d.line >= line) break;
    const k = covers(d, rule);
    if (k < 0) continue;
    if (d.kind == 1) {
      open = d;
      openK = k;
    } else {
      open = null;
      openK = -1;
    }
  }
  if (open === null) return false;
  const o = open as Directive;
  if (line == 0 && o.line >= firstContent) return false;
  o.used[openK] = true;
  return true;
}

function directiveName(kind: i32): string {
  return kind == 0 ? "agentcheck-disable-next-line" : kind == 3 ? "agentcheck-disable-line" : kind == 2 ? "agentcheck-enable" : "agentcheck-disable";
}

export function applyDirectives(input: Input, results: Results, docs: Doc[]): void {
  const ctx = new RuleCtx(input, results);
  const fv = input.fact("findings");
  const lines: string[] | null = fv === null ? null : decodeList(fv); // empty entries kept: triples stay aligned
  const reportUnused = input.factBool("reportUnused", false);
  const perDoc = new Array<Directive[]>(docs.length);
  const first = new Array<i32>(docs.length);
  for (let i = 0; i < docs.length; i++) {
    perDoc[i] = directivesOf(docs[i]);
    first[i] = firstContentLine(docs[i]);
  }
  const suppressed = new Array<string[]>(docs.length);
  for (let i = 0; i < docs.length; i++) suppressed[i] = [];
  if (lines !== null) {
    // a flat list of (docOrdinal, line, ruleId) triples; finding n is entries 3n..3n+2
    for (let n = 0; 3 * n + 2 < lines.length; n++) {
      const di = I32.parseInt(lines[3 * n]);
      const line = I32.parseInt(lines[3 * n + 1]);
      if (di < 0 || di >= docs.length) continue;
      if (perDoc[di].length == 0) continue;
      if (suppress(perDoc[di], lines[3 * n + 2], line, first[di])) {
        suppressed[di].push(n.toString());
      }
    }
  }
  for (let i = 0; i < docs.length; i++) {
    if (suppressed[i].length > 0) results.put(docs[i], "suppressed", encodeList(suppressed[i]));
    const ds = perDoc[i];
    for (let j = 0; j < ds.length; j++) {
      const d = ds[j];
      if (d.breaks != 0) ctx.report(AC011, loc(docs[i], d.line, 1), msg(d.breaks == 1 ? "breaksTable" : "breaksList").s("name", directiveName(d.kind)));
    }
    if (!reportUnused) continue;
    for (let j = 0; j < ds.length; j++) {
      const d = ds[j];
      if (d.kind == 2) continue;
      const name = directiveName(d.kind);
      if (d.ids.length == 0) {
        if (!d.used[0]) ctx.report(AC010, loc(docs[i], d.line, 1), msg("suppressesNoFinding").s("name", name));
      } else {
        for (let k = 0; k < d.ids.length; k++) {
          if (!d.used[k]) ctx.report(AC010, loc(docs[i], d.line, 1), msg("suppressesNoFinding2").s("name", name).s("ids", d.ids[k]));
        }
      }
    }
  }
}
