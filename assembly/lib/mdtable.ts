// Markdown checklist tables (| Req | Step | Status | Evidence |): heading lookup, code-span-aware
// row splitting, row parsing and step normalisation. Shared by the markdown session-log rules.
import { asciiLower, asciiUpper, collapseSpace, isSpace } from "./text";

export class ChecklistRow {
  constructor(
    public line: i32, // 1-based line number
    public req: string, // upper-cased, '*' removed, spaces collapsed
    public step: string, // normalised step text
    public checked: bool,
    public status: string, // status cell as written
    public evidence: string,
  ) {}
  /** True when the status cell holds a checkbox ([ ], [x], [X]). */
  isBox(): bool {
    const s = this.status;
    const a = s.indexOf("[");
    return a >= 0 && s.indexOf("]", a) > a;
  }
}

/** Split a table row (outer pipes already removed) on pipes outside `code spans`. */
export function splitRow(row: string): string[] {
  const out: string[] = [];
  let inCode = false;
  let start = 0;
  for (let i = 0; i < row.length; i++) {
    const c = row.charCodeAt(i);
    if (c == 96) inCode = !inCode;
    else if (c == 124 && !inCode) {
      out.push(row.substring(start, i));
      start = i + 1;
    }
  }
  out.push(row.substring(start));
  return out;
}

/** Cells of a table line: trimmed, one leading and one trailing pipe removed, split, each trimmed. */
export function rowCells(line: string): string[] {
  let t = line.trim();
  if (t.startsWith("|")) t = t.substring(1);
  if (t.endsWith("|")) t = t.substring(0, t.length - 1);
  const cells = splitRow(t);
  for (let i = 0; i < cells.length; i++) cells[i] = cells[i].trim();
  return cells;
}

/** Step normalisation: '*' removed, white space collapsed, trimmed. */
export function normalizeStep(s: string): string {
  return collapseSpace(s.replaceAll("*", ""));
}

/** A separator row: only pipes, dashes, colons and spaces, with at least one dash. */
export function isSeparator(line: string): bool {
  let dash = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c == 45) dash = true;
    else if (c != 124 && c != 58 && !isSpace(c)) return false;
  }
  return dash;
}

function isHeaderRow(line: string): bool {
  // cheap pre-check: the first cell starts with R/r ("| Req |")
  let k = line.indexOf("|") + 1;
  while (k > 0 && k < line.length && line.charCodeAt(k) == 32) k++;
  if (k <= 0 || (line.charCodeAt(k) | 32) != 114) return false;
  const t = line.trim();
  if (!t.startsWith("|") || !t.endsWith("|")) return false;
  const c = rowCells(t);
  return c.length == 4 && asciiLower(c[0]) == "req" && asciiLower(c[1]) == "step" && asciiLower(c[2]) == "status" &&
    asciiLower(c[3]) == "evidence";
}

/** Level of a markdown heading line (number of leading '#' followed by a space), or 0. */
export function headingLevel(line: string): i32 {
  let n = 0;
  while (n < line.length && line.charCodeAt(n) == 35) n++;
  if (n == 0 || n >= line.length || !isSpace(line.charCodeAt(n))) return 0;
  return n;
}

/** Index of the first level-2+ heading (from `from`) whose text contains `needle` (lower case), or -1. */
export function findHeading(lines: string[], needle: string, from: i32): i32 {
  for (let i = from; i < lines.length; i++) {
    if (headingLevel(lines[i]) >= 2 && asciiLower(lines[i]).indexOf(needle) >= 0) return i;
  }
  return -1;
}

/**
 * Header-row index of the checklist table under heading `h`: searched within 80 non-blank lines,
 * stopping at a heading of the same or a higher level. -1 when there is none.
 */
export function tableUnder(lines: string[], h: i32): i32 {
  const lvl = headingLevel(lines[h]);
  let seen = 0;
  for (let i = h + 1; i < lines.length && seen < 80; i++) {
    const l = lines[i];
    if (l.trim().length == 0) continue;
    seen++;
    const hl = headingLevel(l);
    if (hl > 0 && hl <= lvl) return -1;
    if (isHeaderRow(l)) return i;
  }
  return -1;
}

/** The first heading containing `needle` that has a checklist table: [headingIndex, headerIndex]. */
export function findChecklist(lines: string[], needle: string): i32[] {
  let h = findHeading(lines, needle, 0);
  const first = h;
  while (h >= 0) {
    const t = tableUnder(lines, h);
    if (t >= 0) return [h, t];
    h = findHeading(lines, needle, h + 1);
  }
  return [first, -1];
}

/** Parse the rows of the table whose header row is at index `header` (ends at the first non-| line). */
export function parseRows(lines: string[], header: i32): ChecklistRow[] {
  const rows: ChecklistRow[] = [];
  if (header < 0) return rows;
  for (let i = header + 1; i < lines.length; i++) {
    const t = lines[i].trim();
    if (!t.startsWith("|")) break;
    if (isSeparator(t) || isHeaderRow(t)) continue;
    const c = rowCells(t);
    if (c.length < 4) continue;
    const req = asciiUpper(collapseSpace(c[0].replaceAll("*", "")));
    rows.push(new ChecklistRow(i + 1, req, normalizeStep(c[1]), isChecked(c[2]), c[2], c[3]));
  }
  return rows;
}

/** '[' + optional spaces + x/X + optional spaces + ']' anywhere in the cell. */
export function isChecked(cell: string): bool {
  for (let i = 0; i < cell.length; i++) {
    if (cell.charCodeAt(i) != 91) continue;
    let j = i + 1;
    while (j < cell.length && cell.charCodeAt(j) == 32) j++;
    if (j >= cell.length) return false;
    const c = cell.charCodeAt(j);
    if (c != 120 && c != 88) continue;
    j++;
    while (j < cell.length && cell.charCodeAt(j) == 32) j++;
    if (j < cell.length && cell.charCodeAt(j) == 93) return true;
  }
  return false;
}

