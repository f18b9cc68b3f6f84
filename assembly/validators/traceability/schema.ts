// Opt-in traceability checks: TR-008 duplicate ids, TR-009 front matter against the spec schema.
import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";
import { FrontMatter, at } from "../../lib/mdscan";
import { Category, num } from "./model";
import { isAlnum } from "../../lib/text";

export const TR008 = defineRule("TR-008", "traceability", SEV_ERROR, "Duplicate spec id",
  "Opt-in: spec files of one category share an id (only the last in name order counts).");
export const TR009 = defineRule("TR-009", "traceability", SEV_ERROR, "Front matter schema",
  "Opt-in: type, id, status present and valid; id agrees with type; related ids well-formed and unique.");

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

export function checkSchema(doc: Doc, cat: i32, fm: FrontMatter | null, results: Results): void {
  if (fm === null) {
    results.report(TR009, doc, 1, 0, "Front matter missing or not closed (expected --- ... --- with type, id, status)");
    return;
  }
  const t = fm.type;
  const id = fm.id;
  const st = fm.status;
  if (t === null || !TYPES.includes(t)) results.report(TR009, doc, 1, 0, "Front matter: type must be requirement, design or task" + (t === null ? " (missing)" : ", got '" + t + "'"));
  else if (TYPES[cat] != t) results.report(TR009, doc, 1, 0, "Front matter: type '" + t + "' does not match the folder (" + TYPES[cat] + ")");
  if (id === null || idKind(id) < 0) results.report(TR009, doc, 1, 0, "Front matter: id must look like " + PREFIX[cat] + "NNN" + (id === null ? " (missing)" : ", got '" + id + "'"));
  else if (t !== null && TYPES.includes(t) && idKind(id) != TYPES.indexOf(t)) results.report(TR009, doc, 1, 0, "Front matter: id '" + id + "' does not agree with type '" + t + "'");
  if (st === null || STATUSES.indexOf("|" + st + "|") < 0) results.report(TR009, doc, 1, 0, "Front matter: status must be one of " + STATUSES.substring(1, STATUSES.length - 1).replaceAll("|", ", ") + (st === null ? " (missing)" : ", got '" + st + "'"));
  const raw = fm.rawRelated;
  const seen = new Map<string, string>();
  for (let i = 0; i < raw.length; i++) {
    const dup = seen.has(raw[i]);
    seen.set(raw[i], "");
    if (idKind(raw[i]) < 0) results.report(TR009, doc, 1, 0, "Front matter: related id '" + raw[i] + "' is not REQ-/DESIGN-/TASK- followed by capitals or digits");
    else if (dup) results.report(TR009, doc, 1, 0, "Front matter: related id '" + raw[i] + "' is listed twice");
  }
}

export function checkDuplicates(c: Category, input: Input, results: Results): void {
  const ids = c.ids;
  for (let i = 0; i < ids.length; i++) {
    const list = c.all.get(ids[i]);
    if (list.indexOf(" ") < 0) continue;
    const docs: Doc[] = [];
    let p = 0;
    while (p >= 0) {
      docs.push(input.docs[num(list.substring(p))]);
      p = list.indexOf(" ", p);
      if (p >= 0) p++;
    }
    let names = "";
    for (let k = 0; k < docs.length; k++) names += (k > 0 ? ", " : "") + docs[k].baseName();
    for (let k = 0; k < docs.length; k++) results.report(TR008, docs[k], 1, 0, "Duplicate id '" + ids[i] + "' in " + names);
  }
}
