// MI-011..MI-014 (root index `memory-index.md`), and in the current layout MI-105 (link-based
// parsing of every root-index format) with MI-106 (completeness by link, not by substring).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc } from "../../io";
import { twoCells, pyStrip, isDelimCell, findLink, linkTarget, linkEnd, linkedName, isPyWs, joinAll, pyLower } from "../../lib/mdrow";
import { MiCtx, R_MISSING, R_TRAVERSAL, R_SYMLINK } from "./ctx";
import { MI108 } from "./refs";

export const MI011 = defineRule("MI-011", SEV_ERROR);
function MI011_doc(): RuleDoc {
  return {
    id: "MI-011",
    validator: "memory-index",
    title: "Root index memory-index.md missing",
    description: "Root index memory-index.md missing",
    messages: {
      criticalMemoryIndexMd: "CRITICAL: memory-index.md not found - required for tiered architecture",
    },
  };
}
export const MI012 = defineRule("MI-012", SEV_ERROR);
function MI012_doc(): RuleDoc {
  return {
    id: "MI-012",
    validator: "memory-index",
    title: "Domain index not routed by the root index",
    description: "Domain index not routed by the root index",
    messages: {
      p1CompletenessDomainIndex: "P1 COMPLETENESS: Domain index not referenced in memory-index: {{base}}",
    },
  };
}
export const MI013 = defineRule("MI-013", SEV_ERROR);
function MI013_doc(): RuleDoc {
  return {
    id: "MI-013",
    validator: "memory-index",
    title: "Root-index reference has no file",
    description: "Root-index reference has no file",
    messages: {
      p1ValidityMemoryIndex: "P1 VALIDITY: memory-index references non-existent file: {{md}}",
    },
  };
}
export const MI014 = defineRule("MI-014", SEV_ERROR);
function MI014_doc(): RuleDoc {
  return {
    id: "MI-014",
    validator: "memory-index",
    title: "Root-index reference outside the directory",
    description: "Root-index reference outside the directory",
    messages: {
      p1ValidityPathTraversal: "P1 VALIDITY: Path traversal detected in memory-index: {{md}}",
    },
  };
}
export const MI105 = defineRule("MI-105", SEV_ERROR);
function MI105_doc(): RuleDoc {
  return {
    id: "MI-105",
    validator: "memory-index",
    title: "Image or unsafe link in the root index",
    description: "Image or unsafe link in the root index",
    messages: {
      imageInMemoryIndex: "Image in memory-index: {{d}}",
      unsupportedLinkDestinationIn: "Unsupported link destination in memory-index: {{d}}",
    },
  };
}


/** Canonical reference: leading "./" removed. */
export function canon(s: string): string {
  while (s.startsWith("./")) s = s.substring(2);
  return s;
}

function checkItem(ctx: MiCtx, root: Doc, line: i32, name: string): void {
  const c = canon(name);
  if (!ctx.rootRefs.has(c)) ctx.rootRefList.push(c);
  ctx.rootRefs.set(c, 1);
  const r = ctx.resolve(name);
  const md = name + ".md";
  if (r == R_TRAVERSAL) ctx.report(MI014, root, line, msg("p1ValidityPathTraversal").s("md", md));
  else if (r == R_SYMLINK) ctx.report(MI108, root, line, msg("symlinkInReferencePath").s("md", md));
  else if (r == R_MISSING) ctx.report(MI013, root, line, msg("p1ValidityMemoryIndex").s("md", md));
}

/** Items of a file cell: comma-separated, each a link target or a bare name. */
function checkCell(ctx: MiCtx, root: Doc, line: i32, cell: string): void {
  const c = pyStrip(cell);
  const l = pyLower(c);
  if (l == "file" || l == "essential memories" || l == "memory" || l == "memory index" || isDelimCell(c)) return;
  for (let from = 0; from <= c.length; ) {
    let to = c.indexOf(",", from);
    if (to < 0) to = c.length;
    let item = pyStrip(c.substring(from, to));
    from = to + 1;
    if (item.length == 0) continue;
    if (ctx.current && findLink(item, 0) < 0 && item.endsWith(")")) {
      const p = item.lastIndexOf(" (");
      if (p > 0) item = item.substring(0, p); // bare name with a token count
    }
    checkItem(ctx, root, line, linkedName(item));
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
      const e = line.indexOf("-->", i);
      if (e < 0) return joinAll(parts, "");
      state[0] = 0;
      i = from = e + 3;
      continue;
    }
    const c = line.charCodeAt(i);
    let skipTo = -1;
    if (c == 60 && line.startsWith("<!--", i)) { state[0] = 1; skipTo = i + 4; }
    else if (c == 96) {
      const e = line.indexOf("`", i + 1);
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

function parseCurrent(ctx: MiCtx, root: Doc): void {
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
      if (cells.length >= 2) checkCell(ctx, root, i + 1, cells[1]);
      continue;
    }
    let at = findLink(s, 0);
    while (at >= 0) {
      const d = pyStrip(linkTarget(s, at));
      if (at > 0 && s.charCodeAt(at - 1) == 33) ctx.report(MI105, root, i + 1, msg("imageInMemoryIndex").s("d", d));
      else if (d.indexOf("://") < 0 && !d.startsWith("mailto:")) {
        if (badDest(d)) ctx.report(MI105, root, i + 1, msg("unsupportedLinkDestinationIn").s("d", d));
        else if (d.endsWith(".md")) checkItem(ctx, root, i + 1, d.substring(0, d.length - 3));
      }
      at = findLink(s, linkEnd(s, at));
    }
  }
}

/**
 * Index names that occur as substrings of the root text (the reference's completeness test), found
 * in one pass: every "skills-" occurrence is tried against the "-index" ends within the longest
 * index name, instead of searching the whole text once per index.
 */
function mentions(ctx: MiCtx, text: string): Map<string, i32> {
  const names = new Map<string, i32>();
  let longest = 0;
  for (let i = 0; i < ctx.indices.length; i++) {
    const n = ctx.indices[i].doc.name;
    names.set(n.substring(0, n.length - 3), 1);
    if (n.length > longest) longest = n.length;
  }
  const ends: i32[] = [];
  for (let e = text.indexOf("-index"); e >= 0; e = text.indexOf("-index", e + 1)) ends.push(e);
  const found = new Map<string, i32>();
  let first = 0;
  for (let s = text.indexOf("skills-"); s >= 0; s = text.indexOf("skills-", s + 1)) {
    while (first < ends.length && ends[first] < s + 6) first++;
    for (let k = first; k < ends.length && ends[k] + 6 - s <= longest; k++) {
      const cand = text.substring(s, ends[k] + 6);
      if (names.has(cand)) found.set(cand, 1);
    }
  }
  return found;
}

export function checkRoot(ctx: MiCtx): void {
  const root = ctx.entry("memory-index.md");
  if (root !== null && (root.flags & 3) == 2) {
    ctx.report(MI108, root, 0, msg("symlinkedIndexFileIs2").s("name", root.name));
    return;
  }
  if (root === null || (root.flags & 3) != 0) {
    ctx.report(MI011, ctx.dir, 0, msg("criticalMemoryIndexMd"));
    return;
  }
  if ((root.flags & 4) != 0) return; // unread: the host reports why
  if (ctx.current) parseCurrent(ctx, root);
  else {
    const lines = root.lines();
    for (let i = 0; i < lines.length; i++) {
      const cells = twoCells(lines[i]);
      if (cells !== null) checkCell(ctx, root, i + 1, cells[1]);
    }
  }
  const mentioned = ctx.current ? ctx.rootRefs : mentions(ctx, root.text());
  for (let i = 0; i < ctx.indices.length; i++) {
    const ix = ctx.indices[i];
    const base = ix.doc.name.substring(0, ix.doc.name.length - 3);
    if (!mentioned.has(base)) ctx.report(MI012, root, 0, msg("p1CompletenessDomainIndex").s("base", base));
  }
}
