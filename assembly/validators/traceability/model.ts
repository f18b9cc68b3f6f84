// The traceability model: the loaded specs of each category, keyed by id (the last duplicate in
// name order wins and keeps the position of the first, TR-D01), the candidate documents with their
// front matter (TR-009), and which designs and requirements are referenced. The validator (index.ts)
// loads it and runs RULES once; each rule (TR-xxx.ts) decides and reports. The report order is the
// reference's evaluation order (TR-D02), not the rule order: a rule reports with an order key
// (phase, item, position) and index.ts puts the findings back in that order (TrCtx.order).
import { Doc, Input, Results } from "../../io";
import { FrontMatter, lineAt, at } from "../../lib/mdscan";
import { Loc, Rule, Msg, RuleCtx, msg, msgItem } from "../../rules";

export const FX7: i32 = 16; // case-insensitive status
export const TR8: i32 = 32; // duplicate ids
export const TR9: i32 = 64; // front-matter schema

export class Spec {
  cursor: i32[] = [0, 1];
  constructor(public doc: Doc, public fm: FrontMatter, public id: string) {}

  lineOf(off: i32): i32 {
    return lineAt(this.doc.text(), this.cursor, off);
  }
  status(): string {
    const s = this.fm.status;
    return s === null ? "" : s;
  }
}

/** Non-negative decimal prefix of s (stops at the first non-digit). */
export function num(s: string): i32 {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    n = n * 10 + c - 48;
  }
  return n;
}

export class Category {
  specs: Spec[] = [];
  index: Map<string, string> = new Map(); // id -> slot number
  /** Every document per id, in name order, for TR-008. (Documents, not their indexes: the text screen
   * (AC-002) drops unreadable documents from input.docs, so an index is not a position there.) */
  all: Map<string, Doc[]> = new Map();
  ids: string[] = [];

  add(s: Spec, results: Results): void {
    const id = s.id;
    if (this.index.has(id)) {
      const slot = num(this.index.get(id));
      const old = this.specs[slot];
      results.setDocStatus(old.doc, 1);
      results.put(old.doc, "skip", msgItem(msg("skipDuplicateId").s("id", id).s("used", s.doc.baseName())));
      this.specs[slot] = s;
      this.all.get(id).push(s.doc);
    } else {
      this.index.set(id, this.specs.length.toString());
      this.specs.push(s);
      this.ids.push(id);
      this.all.set(id, [s.doc]);
    }
  }

  get(id: string): Spec | null {
    if (!this.index.has(id)) return null;
    return this.specs[num(this.index.get(id))];
  }
}

/** Report-order phases (TR-D02): schema while loading, the task pass (TR-005, TR-002), the design pass
 * (TR-006), requirements (TR-001), designs again (TR-003, TR-004), completed tasks (TR-007), duplicates. */
export const PH_SCHEMA: i32 = 0;
export const PH_TASKS: i32 = 1;
export const PH_DESIGN_REFS: i32 = 2;
export const PH_REQS: i32 = 3;
export const PH_DESIGNS: i32 = 4;
export const PH_STATUS: i32 = 5;
export const PH_DUPLICATES: i32 = 6;

/** Order key: phase, then item number, then position within the item (clamped to 16 bits). */
export function orderKey(phase: i32, item: i32, pos: i32): i64 {
  return (<i64>phase << 48) | (<i64>(item & 0xffffffff) << 16) | <i64>(pos < 0xffff ? pos : 0xffff);
}

let sortKeys: i64[] = [];
function byKey(x: i32, y: i32): i32 {
  const a = sortKeys[x];
  const b = sortKeys[y];
  return a < b ? -1 : a > b ? 1 : x - y;
}

export class TrCtx extends RuleCtx {
  fx: i32;
  cats: Category[] = [new Category(), new Category(), new Category()];
  /** Candidate documents (REQ-/DESIGN-/TASK- files of their folder) in load order, their category and front matter. */
  candDocs: Doc[] = [];
  candCats: i32[] = [];
  candFms: Array<FrontMatter | null> = [];
  /** Designs referenced by a task, requirements referenced by a design (existing ones only). */
  designHasTask: Map<string, string> = new Map();
  reqHasDesign: Map<string, string> = new Map();
  /** Per category: some candidate file of it could not be read (AC-900/AC-901/AC-002), so its ids are
   * not all known and a rule concluding that an id is absent from it (TR-001, TR-004..TR-006) does not run. */
  unread: bool[] = [false, false, false];
  /** The rules' findings: their index in results.findings and their order key. */
  at: i32[] = [];
  keys: i64[] = [];

  constructor(input: Input, results: Results) {
    super(input, results);
    this.fx = input.factInt("fx", 0);
  }

  /** Fill the reference maps (after loading). */
  link(): void {
    const designs = this.cats[1];
    const tasks = this.cats[2];
    for (let i = 0; i < tasks.specs.length; i++) {
      const rel = tasks.specs[i].fm.related;
      for (let k = 0; k < rel.length; k++) if (at(rel[k], "DESIGN-", 0) && designs.get(rel[k]) !== null) this.designHasTask.set(rel[k], "");
    }
    const reqs = this.cats[0];
    for (let i = 0; i < designs.specs.length; i++) {
      const rel = designs.specs[i].fm.related;
      for (let k = 0; k < rel.length; k++) if (at(rel[k], "REQ-", 0) && reqs.get(rel[k]) !== null) this.reqHasDesign.set(rel[k], "");
    }
  }

  /** Complete chains: designs with a REQ reference that some task references. */
  chains(): i32 {
    let n = 0;
    const designs = this.cats[1];
    for (let i = 0; i < designs.specs.length; i++) {
      const d = designs.specs[i];
      if (hasReq(d) && this.designHasTask.has(d.id)) n++;
    }
    return n;
  }

  /** The location of offset `off` of spec `s`, in report order `key`. */
  inSpec(s: Spec, off: i32, key: i64): Loc {
    return new Loc(s.doc, s.lineOf(off), 0, key);
  }

  /** Report and note the finding's report order (`at.key`; see order()). */
  reportAs(rule: Rule, severity: i32, at: Loc, message: Msg): void {
    const fs = this.results.findings;
    const before = fs.length;
    super.reportAs(rule, severity, at, message);
    if (fs.length > before) {
      this.at.push(before);
      this.keys.push(at.key);
    }
  }

  /** Put the rules' findings in report order (stable). */
  order(): void {
    const n = this.at.length;
    if (n < 2) return;
    sortKeys = this.keys;
    const idx = new Array<i32>(n);
    for (let i = 0; i < n; i++) idx[i] = i;
    idx.sort(byKey);
    const fs = this.results.findings;
    const copy = fs.slice(0, 0);
    for (let i = 0; i < n; i++) copy.push(fs[this.at[i]]);
    for (let i = 0; i < n; i++) fs[this.at[i]] = copy[idx[i]];
    sortKeys = [];
  }
}

/** The design references some REQ- id. */
export function hasReq(d: Spec): bool {
  for (let k = 0; k < d.fm.related.length; k++) if (at(d.fm.related[k], "REQ-", 0)) return true;
  return false;
}
