// The root index `memory-index.md` (the model behind MI-011..MI-014, MI-105 and MI-108 on the root
// index): its state, the references it makes (two-cell table rows in the reference layout; in the
// current layout links anywhere outside tables plus the second cell of table rows, code spans,
// code blocks and HTML comments ignored) and the links it rejects. Computed once.
import { Doc } from "../../io";
import { msg, loc } from "../../rules";
import { AC002, firstBadByte } from "../common";
import { MI_TYPE_MASK, MI_TYPE_FILE, MI_TYPE_LINK, MI_UNREAD } from "../../abi";
import { twoCells, pyStrip, isDelimCell, findLink, linkTarget, linkEnd, linkedName, isPyWs, joinAll } from "../../lib/mdrow";
import { pyLower } from "../../lib/pylower";
import { MiCtx, RootModel, RootItem, RootLink, canon, ROOT_OK, ROOT_MISSING, ROOT_LINK, ROOT_UNREAD } from "./ctx";
import { findUnit, find } from "../../lib/text";

function addItem(ctx: MiCtx, m: RootModel, line: i32, name: string): void {
  const c = canon(name);
  if (!ctx.rootRefs.has(c)) ctx.rootRefList.push(c);
  ctx.rootRefs.set(c, 1);
  m.items.push(new RootItem(m.seq++, line, name, ctx.resolve(name)));
}

/** Items of a file cell: comma-separated, each a link target or a bare name. */
function addCell(ctx: MiCtx, m: RootModel, line: i32, cell: string): void {
  const c = pyStrip(cell);
  const l = pyLower(c);
  if (l == "file" || l == "essential memories" || l == "memory" || l == "memory index" || isDelimCell(c)) return;
  for (let from = 0; from <= c.length; ) {
    let to = findUnit(c, 44, from);
    if (to < 0) to = c.length;
    let item = pyStrip(c.substring(from, to));
    from = to + 1;
    if (item.length == 0) continue;
    if (ctx.current && findLink(item, 0) < 0 && item.endsWith(")")) {
      const p = item.lastIndexOf(" (");
      if (p > 0) item = item.substring(0, p); // bare name with a token count
    }
    addItem(ctx, m, line, linkedName(item));
  }
}

function badDest(d: string): bool {
  for (let i = 0; i < d.length; i++) {
    const c = d.charCodeAt(i);
    if (isPyWs(c) || c == 37 || c == 92 || c == 63 || c == 35 || c == 40 || c == 41) return true;
  }
  return d.length == 0;
}

/** Current layout: cells split on unescaped pipes, or null for a non-table line. */
function cellsOf(s: string): string[] | null {
  if (s.length < 2 || s.charCodeAt(0) != 124 || s.charCodeAt(s.length - 1) != 124) return null;
  const out: string[] = [];
  let start = 1;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == 92) { i++; continue; }
    if (c == 124) { out.push(s.substring(start, i)); start = i + 1; }
  }
  return out;
}

function isDelimRow(cells: string[] | null): bool {
  if (cells === null || cells.length == 0) return false;
  for (let i = 0; i < cells.length; i++) if (!isDelimCell(pyStrip(cells[i]))) return false;
  return true;
}

/** Remove code spans and HTML comments; `state[0]` carries an open comment across lines. */
function visible(line: string, state: i32[]): string {
  const parts: string[] = [];
  let i = 0;
  let from = 0;
  while (i < line.length) {
    if (state[0] == 1) {
      const e = find(line, "-->", i);
      if (e < 0) return joinAll(parts, "");
      state[0] = 0;
      i = from = e + 3;
      continue;
    }
    const c = line.charCodeAt(i);
    let skipTo = -1;
    if (c == 60 && line.startsWith("<!--", i)) { state[0] = 1; skipTo = i + 4; }
    else if (c == 96) {
      const e = findUnit(line, 96, i + 1);
      if (e > 0) skipTo = e + 1;
    }
    if (skipTo >= 0) {
      parts.push(line.substring(from, i));
      i = skipTo;
      if (state[0] == 0) from = i;
      continue;
    }
    i++;
  }
  if (state[0] == 0) parts.push(line.substring(from));
  return joinAll(parts, "");
}

function parseCurrent(ctx: MiCtx, m: RootModel, root: Doc): void {
  const lines = root.lines();
  const state: i32[] = [0];
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const t = pyStrip(lines[i]);
    if (state[0] == 0 && (t.startsWith("```") || t.startsWith("~~~"))) { fence = !fence; continue; }
    if (fence) continue;
    const s = pyStrip(visible(lines[i], state));
    const cells = cellsOf(s);
    if (cells !== null) {
      if (isDelimRow(cells)) continue;
      if (i + 1 < lines.length && isDelimRow(cellsOf(pyStrip(lines[i + 1])))) continue; // header row
      if (cells.length >= 2) addCell(ctx, m, i + 1, cells[1]);
      continue;
    }
    let at = findLink(s, 0);
    while (at >= 0) {
      const d = pyStrip(linkTarget(s, at));
      if (at > 0 && s.charCodeAt(at - 1) == 33) m.links.push(new RootLink(m.seq++, i + 1, true, d));
      else if (find(d, "://") < 0 && !d.startsWith("mailto:")) {
        if (badDest(d)) m.links.push(new RootLink(m.seq++, i + 1, false, d));
        else if (d.endsWith(".md")) addItem(ctx, m, i + 1, d.substring(0, d.length - 3));
      }
      at = findLink(s, linkEnd(s, at));
    }
  }
}

/** The root index model (computed once per run). */
export function rootModel(ctx: MiCtx): RootModel {
  const done = ctx.root;
  if (done !== null) return done;
  const root = ctx.entry("memory-index.md");
  let m: RootModel;
  if (root !== null && (root.flags & MI_TYPE_MASK) == MI_TYPE_LINK) m = new RootModel(ROOT_LINK, root);
  else if (root === null || (root.flags & MI_TYPE_MASK) != MI_TYPE_FILE) m = new RootModel(ROOT_MISSING, null);
  else if ((root.flags & MI_UNREAD) != 0) m = new RootModel(ROOT_UNREAD, root); // unread: the host reports why
  else if (firstBadByte(root.ptr, root.len) >= 0) {
    // not UTF-8 text (UTF-16, binary): AC-002 says so, as on a domain index; what it references is
    // unknown, so the rules on its references (MI-012..MI-014, MI-105) treat it as unread
    ctx.report(AC002, loc(root), msg("binary").s("offset", firstBadByte(root.ptr, root.len).toString()));
    m = new RootModel(ROOT_UNREAD, root);
  } else {
    m = new RootModel(ROOT_OK, root);
    if (ctx.current) parseCurrent(ctx, m, root);
    else {
      const lines = root.lines();
      for (let i = 0; i < lines.length; i++) {
        const cells = twoCells(lines[i]);
        if (cells !== null) addCell(ctx, m, i + 1, cells[1]);
      }
    }
  }
  ctx.root = m;
  return m;
}
