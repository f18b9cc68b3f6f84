// PP-011: skill front matter (SFM). The block between the first two --- lines is read as a flat
// YAML mapping: quoted, plain, multi-line plain, block (| >) and list values.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";
import { asciiLower, isDigit } from "../../lib/text";
import { indentOf, trim, unquote, stripComment, keyColon, isBlockIndicator, segments } from "./util";

export const SFM02 = defineRule("SFM-02", SEV_ERROR);
function SFM02_doc(): RuleDoc {
  return {
    id: "SFM-02",
    validator: "pre-pr",
    title: "Front matter",
    description: "--- block.",
    messages: {
      emptyFile: "Empty file",
      noOnLine: "No --- on line 1",
      noClosing: "No closing ---",
      tabInFrontMatter: "Tab in front matter",
    },
  };
}
export const SFM05 = defineRule("SFM-05", SEV_ERROR);
function SFM05_doc(): RuleDoc {
  return {
    id: "SFM-05",
    validator: "pre-pr",
    title: "Skill name",
    description: "a-z 0-9 -, max 64.",
    messages: {
      noName: "No name",
      badName: "Bad name '{{n}}': {{join}}",
    },
  };
}
export const SFM07 = defineRule("SFM-07", SEV_ERROR);
function SFM07_doc(): RuleDoc {
  return {
    id: "SFM-07",
    validator: "pre-pr",
    title: "Skill description",
    description: "Max 1024, no tags.",
    messages: {
      noDescription: "No description",
      descriptionOverChars: "description over 1024 chars ({{vCount}})",
      xmlTagsInDescription: "XML tags in description",
    },
  };
}
export const SFM10 = defineRule("SFM-10", SEV_ERROR);
function SFM10_doc(): RuleDoc {
  return {
    id: "SFM-10",
    validator: "pre-pr",
    title: "Model or tool",
    description: "model and allowed-tools allowlists.",
    messages: {
      unknownModel: "Unknown model '{{m}}'",
      unknownTools: "Unknown tools: {{join}}",
    },
  };
}

export const ROLE_SKILL: i32 = 3;

class Field {
  constructor(public key: string, public value: string, public line: i32) {}
}

function field(fs: Field[], key: string): Field | null {
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

function modelOk(m: string, models: string[] | null): bool {
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

function toolOk(t: string, tools: string[] | null): bool {
  if (tools === null || t.length == 0 || t.indexOf("*") >= 0 || t.startsWith("mcp__")) return true;
  const paren = t.indexOf("(");
  const name = asciiLower(trim(paren > 0 ? t.substring(0, paren) : t));
  for (let i = 0; i < tools.length; i++) if (asciiLower(tools[i]) == name) return true;
  return false;
}

export function checkSkills(input: Input, results: Results, docs: Doc[]): void {
  const models = input.factLines("skill-models");
  const tools = input.factLines("skill-tools");
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d];
    if (trim(doc.text()).length == 0) {
      results.report(SFM02, doc, 0, 0, msg("emptyFile"));
      continue;
    }
    const ls = doc.lines();
    if (trim(ls[0]) != "---") {
      results.report(SFM02, doc, 1, 1, msg("noOnLine"));
      continue;
    }
    let close = -1;
    for (let i = 1; i < ls.length; i++) {
      if (trim(ls[i]) == "---") {
        close = i;
        break;
      }
    }
    if (close < 0) {
      results.report(SFM02, doc, 1, 1, msg("noClosing"));
      continue;
    }
    let tab = -1;
    for (let i = 1; i < close && tab < 0; i++) if (ls[i].indexOf("\t") >= 0) tab = i;
    if (tab >= 0) {
      results.report(SFM02, doc, tab + 1, ls[tab].indexOf("\t") + 1, msg("tabInFrontMatter"));
      continue;
    }
    const fs = parse(ls, 1, close);
    const name = field(fs, "name");
    if (name === null || trim(name.value).length == 0) {
      results.report(SFM05, doc, name === null ? 0 : name.line, 0, msg("noName"));
    } else {
      const n = trim(name.value);
      let upper = false, bad = false;
      for (let i = 0; i < n.length; i++) {
        const c = n.charCodeAt(i);
        if (c >= 65 && c <= 90) upper = true;
        else if (!(c >= 97 && c <= 122) && !isDigit(c) && c != 45) bad = true;
      }
      const why: string[] = [];
      if (upper) why.push("uppercase");
      if (bad) why.push("invalid characters");
      if (n.length > 64) why.push("over 64 chars (" + n.length.toString() + ")");
      if (why.length > 0) results.report(SFM05, doc, name.line, 1, msg("badName").s("n", n).s("join", why.join(", ")));
    }
    const desc = field(fs, "description");
    if (desc === null || trim(desc.value).length == 0) {
      results.report(SFM07, doc, desc === null ? 0 : desc.line, 0, msg("noDescription"));
    } else {
      const v = trim(desc.value);
      if (v.length > 1024) {
        results.report(SFM07, doc, desc.line, 1, msg("descriptionOverChars").s("vCount", v.length.toString()));
      }
      const lt = v.indexOf("<");
      if (lt >= 0 && v.indexOf(">", lt + 2) > lt) {
        const c = v.charCodeAt(lt + 1);
        if (c == 47 || c >= 65 && c <= 90 || c >= 97 && c <= 122) {
          results.report(SFM07, doc, desc.line, 1, msg("xmlTagsInDescription"));
        }
      }
    }
    const model = field(fs, "model");
    if (model !== null) {
      const m = trim(model.value);
      if (m.length > 0 && !modelOk(m, models)) {
        results.report(SFM10, doc, model.line, 1, msg("unknownModel").s("m", m));
      }
    }
    const at = field(fs, "allowed-tools");
    if (at !== null) {
      const parts = segments(at.value, 44);
      const unknown: string[] = [];
      for (let i = 0; i < parts.length; i++) {
        let t = trim(parts[i]);
        if (t.startsWith("-")) t = trim(t.substring(1));
        t = unquote(t);
        if (!toolOk(t, tools)) unknown.push(t);
      }
      if (unknown.length > 0) results.report(SFM10, doc, at.line, 1, msg("unknownTools").s("join", unknown.join(", ")));
    }
  }
}
