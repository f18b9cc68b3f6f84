// Markdown checklist tables (| Req | Step | Status | Evidence |): heading lookup, code-span-aware
// row splitting, row parsing and step normalisation. Shared by the markdown session-log rules.
import { asciiLower, asciiUpper, collapseSpace, isSpace, asciiAt } from "./text";
import { LineTable } from "./lines";

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

export function isHeaderRow(line: string): bool {
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

/** isHeaderRow of line i, with its cheap pre-check on the bytes (the first cell starts with R/r). */
function isHeaderLine(lt: LineTable, i: i32): bool {
  const s = lt.start(i);
  const e = lt.end(i);
  let k = lt.find(i, "|");
  if (k < 0) return false;
  k += s + 1;
  while (k < e && lt.byte(k) == 32) k++;
  if (k >= e || (lt.byte(k) | 32) != 114) return false;
  return isHeaderRow(lt.text(i));
}

/**
 * Header-row index of the checklist table under heading `h`: searched within 80 non-blank lines,
 * stopping at a heading of the same or a higher level. -1 when there is none.
 */
export function tableUnder(lt: LineTable, h: i32): i32 {
  const lvl = lt.level(h);
  let seen = 0;
  for (let i = h + 1; i < lt.count && seen < 80; i++) {
    if (lt.isBlank(i)) continue;
    seen++;
    const hl = lt.level(i);
    if (hl > 0 && hl <= lvl) return -1;
    if (isHeaderLine(lt, i)) return i;
  }
  return -1;
}

/** The first heading containing `needle` that has a checklist table: [headingIndex, headerIndex]. */
export function findChecklist(lt: LineTable, needle: string): i32[] {
  let h = lt.findHeading(needle, 0);
  const first = h;
  while (h >= 0) {
    const t = tableUnder(lt, h);
    if (t >= 0) return [h, t];
    h = lt.findHeading(needle, h + 1);
  }
  return [first, -1];
}

/** Parse the rows of the table whose header row is at index `header` (ends at the first non-| line). */
export function parseRows(lt: LineTable, header: i32): ChecklistRow[] {
  const rows: ChecklistRow[] = [];
  if (header < 0) return rows;
  for (let i = header + 1; i < lt.count; i++) {
    const f = lt.firstNonSpace(i);
    if (f < 0) break;
    const ts = lt.start(i) + f;
    const b = lt.byte(ts);
    if (b != 124 && b < 0x80) break;
    let te = lt.end(i);
    while (isSpace(lt.byte(te - 1))) te--;
    if (b >= 0x80 || lt.byte(te - 1) >= 0x80) {
      // the trimmed line may start or end with Unicode white space: read the decoded line
      const t = lt.text(i).trim();
      if (!t.startsWith("|")) break;
      const r = rowOfText(t, i + 1);
      if (r !== null) rows.push(r);
      continue;
    }
    const r = rowOfBytes(lt, i, ts, te);
    if (r !== null) rows.push(r);
  }
  return rows;
}

/** The row of a trimmed table line that starts with '|' (null for separator, header or short rows). */
function rowOfText(t: string, line: i32): ChecklistRow | null {
  if (isSeparator(t) || isHeaderRow(t)) return null;
  const c = rowCells(t);
  if (c.length < 4) return null;
  const req = asciiUpper(collapseSpace(c[0].replaceAll("*", "")));
  return new ChecklistRow(line, req, normalizeStep(c[1]), isChecked(c[2]), c[2], c[3]);
}

const cellFrom = new StaticArray<i32>(4);
const cellTo = new StaticArray<i32>(4);

/**
 * rowOfText on the bytes of line i, trimmed to [ts, te) (starts with '|', ASCII at both ends): cells
 * split as spans, only the four cells a row keeps are decoded.
 */
function rowOfBytes(lt: LineTable, i: i32, ts: i32, te: i32): ChecklistRow | null {
  // separator: only pipes, dashes, colons and white space, with a dash
  let dash = false;
  let sep = true;
  for (let k = ts; k < te && sep; k++) {
    const c = lt.byte(k);
    if (c == 45) dash = true;
    else if (c != 124 && c != 58 && !isSpace(c)) sep = false;
  }
  if (sep && dash) return null;
  // header row: its pre-check on the bytes, the check itself on the decoded line
  let k = ts + 1;
  while (k < te && lt.byte(k) == 32) k++;
  if (k < te && (lt.byte(k) | 32) == 114) {
    const t = String.UTF8.decodeUnsafe(lt.base + <usize>ts, <usize>(te - ts), false);
    if (isHeaderRow(t)) return null;
  }
  // outer pipes off, split on pipes outside `code spans`
  const a = ts + 1;
  let b = te;
  if (b > a && lt.byte(b - 1) == 124) b--;
  let n = 0;
  let start = a;
  let inCode = false;
  for (k = a; k < b; k++) {
    const c = lt.byte(k);
    if (c == 96) inCode = !inCode;
    else if (c == 124 && !inCode) {
      if (n < 4) {
        unchecked((cellFrom[n] = start));
        unchecked((cellTo[n] = k));
      }
      n++;
      start = k + 1;
    }
  }
  if (n < 4) {
    unchecked((cellFrom[n] = start));
    unchecked((cellTo[n] = b));
  }
  n++;
  if (n < 4) return null;
  for (let j = 0; j < 4; j++) {
    let x = unchecked(cellFrom[j]);
    let y = unchecked(cellTo[j]);
    while (x < y && isSpace(lt.byte(x))) x++;
    while (y > x && isSpace(lt.byte(y - 1))) y--;
    unchecked((cellFrom[j] = x));
    unchecked((cellTo[j] = y));
    // a cell that may start or end with Unicode white space: the decoded line decides
    if (x < y && (lt.byte(x) >= 0x80 || lt.byte(y - 1) >= 0x80)) {
      return rowOfText(String.UTF8.decodeUnsafe(lt.base + <usize>ts, <usize>(te - ts), false), i + 1);
    }
  }
  const ascii = !lt.nonAscii(i);
  const req = normCell(lt, unchecked(cellFrom[0]), unchecked(cellTo[0]), true, ascii);
  const step = normCell(lt, unchecked(cellFrom[1]), unchecked(cellTo[1]), false, ascii);
  const status = cellText(lt, 2, ascii);
  const evidence = cellText(lt, 3, ascii);
  return new ChecklistRow(i + 1, req, step, isChecked(status), status, evidence);
}

function cellText(lt: LineTable, j: i32, ascii: bool): string {
  const x = unchecked(cellFrom[j]);
  if (ascii) return asciiAt(lt.base + <usize>x, unchecked(cellTo[j]) - x);
  return String.UTF8.decodeUnsafe(lt.base + <usize>x, <usize>(unchecked(cellTo[j]) - x), false);
}

let scratch: usize = 0;
let scratchCap: i32 = 0;

/**
 * A cell's text with '*' removed and ASCII white space collapsed to one space and trimmed (ASCII
 * upper-cased when `upper`): collapseSpace(cell.replaceAll("*", "")) built from the bytes.
 */
function normCell(lt: LineTable, x: i32, y: i32, upper: bool, ascii: bool): string {
  if (y - x > scratchCap) {
    if (scratch != 0) heap.free(scratch);
    scratchCap = max(y - x, 256);
    scratch = heap.alloc(<usize>scratchCap);
  }
  const out = scratch;
  let n = 0;
  let gap = false;
  for (let k = x; k < y; k++) {
    let c = lt.byte(k);
    if (c == 42) continue;
    if (isSpace(c)) {
      gap = n > 0;
      continue;
    }
    if (gap) {
      store<u8>(out + <usize>n, 32);
      n++;
      gap = false;
    }
    if (upper && c >= 97 && c <= 122) c -= 32;
    store<u8>(out + <usize>n, <u8>c);
    n++;
  }
  if (upper) {
    // the usual Req values are shared strings: no allocation per row, and compares succeed on identity
    if (n == 4 && load<u32>(out) == 0x5453554d) return "MUST";
    if (n == 6 && load<u32>(out) == 0x554f4853 && load<u16>(out, 4) == 0x444c) return "SHOULD";
    if (n == 8 && load<u64>(out) == 0x544f4e205453554d) return "MUST NOT";
    if (n == 3 && load<u16>(out) == 0x414d && load<u8>(out, 2) == 0x59) return "MAY";
  }
  return ascii ? asciiAt(out, n) : String.UTF8.decodeUnsafe(out, <usize>n, false);
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

