// Opt-in traceability checks: TR-008 duplicate ids, TR-009 front matter against the spec schema.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";
import { FrontMatter, at } from "../../lib/mdscan";
import { Category, num } from "./model";
import { isAlnum } from "../../lib/text";

export const TR008 = defineRule("TR-008", SEV_ERROR);
function TR008_doc(): RuleDoc {
  return {
    id: "TR-008",
    validator: "traceability",
    title: "Duplicate spec id",
    description: "Opt-in: spec files of one category share an id (only the last in name order counts).",
    messages: {
      duplicateIdIn: "Duplicate id '{{id}}' in {{files}}",
    },
  };
}
export const TR009 = defineRule("TR-009", SEV_ERROR);
function TR009_doc(): RuleDoc {
  return {
    id: "TR-009",
    validator: "traceability",
    title: "Front matter schema",
    description: "Opt-in: type, id, status present and valid; id agrees with type; related ids well-formed and unique.",
    messages: {
      missing: "Front matter: {{field}} missing ({{want}})",
      invalid: "Front matter: {{field}} '{{value}}' invalid ({{want}})",
    },
  };
}

const TYPES = ["requirement", "design", "task"];
const PREFIX = ["REQ-", "DESIGN-", "TASK-"];
const STATUSES = "|draft|review|approved|pending|in-progress|complete|done|implemented|rejected|deferred|";

/** `(REQ|DESIGN|TASK)-[A-Z0-9]+`: index of the prefix, or -1. */
function idKind(id: string): i32 {
  for (let k = 0; k < 3; k++) {
    const p = PREFIX[k];
    if (!at(id, p, 0) || id.length == p.length) continue;
    for (let i = p.length; i < id.length; i++) {
      const c = id.charCodeAt(i);
      if (!isAlnum(c) || c >= 97) return -1;
    }
    return k;
  }
  return -1;
}

function bad(doc: Doc, results: Results, field: string, v: string | null, want: string): void {
  results.report(TR009, doc, 1, 0, v === null
    ? msg("missing").s("field", field).s("want", want)
    : msg("invalid").s("field", field).s("value", v).s("want", want));
}

export function checkSchema(doc: Doc, cat: i32, fm: FrontMatter | null, results: Results): void {
  if (fm === null) {
    bad(doc, results, "---", null, "type, id, status");
    return;
  }
  const t = fm.type;
  const id = fm.id;
  const st = fm.status;
  const tk = t === null ? -1 : TYPES.indexOf(t);
  if (tk != cat) bad(doc, results, "type", t, TYPES[cat]);
  const ik = id === null ? -1 : idKind(id);
  if (ik != cat) bad(doc, results, "id", id, PREFIX[cat] + "NNN");
  if (st === null || STATUSES.indexOf("|" + st + "|") < 0) bad(doc, results, "status", st, STATUSES);
  const raw = fm.rawRelated;
  const seen = new Map<string, string>();
  for (let i = 0; i < raw.length; i++) {
    if (idKind(raw[i]) < 0 || seen.has(raw[i])) bad(doc, results, "related id", raw[i], "REQ-/DESIGN-/TASK- id, once");
    seen.set(raw[i], "");
  }
}

export function checkDuplicates(c: Category, input: Input, results: Results): void {
  const ids = c.ids;
  for (let i = 0; i < ids.length; i++) {
    const docs = c.all.get(ids[i]);
    if (docs.length < 2) continue;
    let names = "";
    for (let k = 0; k < docs.length; k++) names += (k > 0 ? ", " : "") + docs[k].baseName();
    for (let k = 0; k < docs.length; k++) results.report(TR008, docs[k], 1, 0, msg("duplicateIdIn").s("id", ids[i]).s("files", names));
  }
}
