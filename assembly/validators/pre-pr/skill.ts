// The skill model of the pre-pr family "sfm" (SFM-*): the front matter between the first two ---
// lines, read as a flat YAML mapping (quoted, plain, multi-line plain, block (| >) and list values).
import { Doc } from "../../io";
import { asciiLower, isDigit } from "../../lib/text";
import { indentOf, trim, unquote, stripComment, keyColon, isBlockIndicator } from "./util";
import { PrePrCtx } from "./ctx";

export class Field {
  constructor(public key: string, public value: string, public line: i32) {}
}

export function field(fs: Field[], key: string): Field | null {
  for (let i = 0; i < fs.length; i++) if (fs[i].key == key) return fs[i];
  return null;
}

/** Parse top-level keys of the front matter lines [from, to). */
function parse(ls: string[], from: i32, to: i32): Field[] {
  const out: Field[] = [];
  let i = from;
  while (i < to) {
    const raw = ls[i];
    const p = indentOf(raw) == 0 ? keyColon(raw) : -1;
    if (p < 0) {
      i++;
      continue;
    }
    const key = unquote(trim(raw.substring(0, p)));
    let v = stripComment(raw.substring(p + 1));
    const line = i + 1;
    i++;
    const block = isBlockIndicator(v);
    const literal = block && v.charCodeAt(0) == 124;
    const parts: string[] = [];
    let list = false;
    if (!block && v.length > 0) parts.push(unquote(v));
    while (i < to && (trim(ls[i]).length == 0 || indentOf(ls[i]) > 0 || ls[i].startsWith("- "))) {
      const t = trim(ls[i]);
      i++;
      if (t.length == 0) continue;
      if (!block && t.startsWith("- ")) {
        list = true;
        parts.push(unquote(stripComment(t.substring(2))));
      } else if (block || parts.length > 0 && !list) {
        parts.push(t);
      }
      // otherwise a nested mapping: not a value of this key
    }
    if (block) v = parts.join(literal ? "\n" : " ");
    else if (list) v = parts.join(",");
    else v = parts.join(" ");
    if (v.startsWith("[") && v.endsWith("]")) v = v.substring(1, v.length - 1);
    out.push(new Field(key, v, line));
  }
  return out;
}

export function modelOk(m: string, models: string[] | null): bool {
  if (models === null) return true;
  for (let i = 0; i < models.length; i++) {
    const b = models[i];
    if (m == b) return true;
    if (m.length == b.length + 9 && m.startsWith(b) && m.charCodeAt(b.length) == 45) {
      let ok = true;
      for (let k = b.length + 1; k < m.length; k++) if (!isDigit(m.charCodeAt(k))) ok = false;
      if (ok) return true;
    }
  }
  return false;
}

export function toolOk(t: string, tools: string[] | null): bool {
  if (tools === null || t.length == 0 || t.indexOf("*") >= 0 || t.startsWith("mcp__")) return true;
  const paren = t.indexOf("(");
  const name = asciiLower(trim(paren > 0 ? t.substring(0, paren) : t));
  for (let i = 0; i < tools.length; i++) if (asciiLower(tools[i]) == name) return true;
  return false;
}

export const FM_OK: i32 = 0;
export const FM_EMPTY: i32 = 1;
export const FM_NO_OPEN: i32 = 2;
export const FM_NO_CLOSE: i32 = 3;
export const FM_TAB: i32 = 4;

export class Skill {
  /** FM_OK, or what is wrong with the front matter block (SFM-02; the field rules skip the file). */
  status: i32 = FM_OK;
  /** FM_TAB: 1-based line and column of the first tab. */
  tabLine: i32 = 0;
  tabColumn: i32 = 0;
  fields: Field[] = [];
  constructor(public doc: Doc) {}
}

function read(doc: Doc): Skill {
  const s = new Skill(doc);
  if (trim(doc.text()).length == 0) {
    s.status = FM_EMPTY;
    return s;
  }
  const ls = doc.lines();
  if (trim(ls[0]) != "---") {
    s.status = FM_NO_OPEN;
    return s;
  }
  let close = -1;
  for (let i = 1; i < ls.length; i++) {
    if (trim(ls[i]) == "---") {
      close = i;
      break;
    }
  }
  if (close < 0) {
    s.status = FM_NO_CLOSE;
    return s;
  }
  for (let i = 1; i < close; i++) {
    const t = ls[i].indexOf("\t");
    if (t >= 0) {
      s.status = FM_TAB;
      s.tabLine = i + 1;
      s.tabColumn = t + 1;
      return s;
    }
  }
  s.fields = parse(ls, 1, close);
  return s;
}

let cachedFor: PrePrCtx | null = null;
let cached: Skill[] = [];

/** The SKILL.md files of this call, front matter read once. */
export function skills(ctx: PrePrCtx): Skill[] {
  if (cachedFor === ctx) return cached;
  const out: Skill[] = [];
  for (let d = 0; d < ctx.docs.length; d++) out.push(read(ctx.docs[d]));
  cachedFor = ctx;
  cached = out;
  return out;
}
