// Shared by the checklist rules SP-107..SP-114 (full mode): the rows of both checklist sections,
// built once per log, and the order of their findings. Each rule is its own file; the findings keep
// the order of one pass over the checklist (per section: the missing items, then row by row), so
// every rule reports with the row's sequence key and runChecklist reorders the findings stably.
import { Rule, Msg, runRules, RuleOf } from "../../../rules";
import { JValue, J_OBJ, J_NULL, J_STR } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { ChecklistItem, REQUIRED_START, REQUIRED_END } from "./model";

export const SECTIONS: string[] = ["sessionStart", "sessionEnd"];

/** The required item names of a section (legacy handoffNotUpdated stands for handoffPreserved). */
export function requiredKeys(sec: JValue, name: string): string[] {
  if (name == "sessionStart") return REQUIRED_START;
  const out = REQUIRED_END.slice(0);
  if (sec.has("handoffNotUpdated") && !sec.has("handoffPreserved")) out[1] = "handoffNotUpdated";
  return out;
}

/** Sequence key of a section's missing-item block (SP-107): before the section's rows. */
export function missingSeq(ctx: JsonCtx, section: i32): i32 {
  checklistRows(ctx);
  return ctx.blockSeq[section];
}

/** The fields of a row read by the checklist rules, found in one pass over the row (getFields). */
const ROW_FIELDS: StaticArray<string> = ["level", "complete", "evidence"];
const rowFields = new StaticArray<JValue | null>(3);
/** Member nodes of the section's required items that are present (reused). */
let reqNodes: StaticArray<i32> = new StaticArray<i32>(32);

/**
 * The rows of both sections (a section that is absent or not an object has none: the schema layer
 * reports it), and each section's missing required items (SP-107).
 */
export function checklistRows(ctx: JsonCtx): ChecklistItem[] {
  if (ctx.rows !== null) return ctx.rows!;
  const out: ChecklistItem[] = [];
  const log = ctx.log!;
  let seq = 0;
  for (let s = 0; s < SECTIONS.length; s++) {
    const name = SECTIONS[s];
    ctx.blockSeq[s] = seq++; // the section's missing-item block
    const sec = log.section(name);
    if (sec === null) continue;
    const req = requiredKeys(sec, name);
    // the required items present: their member nodes (presence: the first occurrence of a repeated
    // key answers as well as the last); the missing ones in required order
    const doc = sec.doc;
    if (reqNodes.length < req.length) reqNodes = new StaticArray<i32>(req.length);
    const nodes = reqNodes;
    let missing: string[] | null = null;
    for (let j = 0; j < req.length; j++) {
      const m = doc.memberOf(sec.id, unchecked(req[j]));
      unchecked((nodes[j] = m));
      if (m < 0) {
        if (missing === null) missing = [];
        missing!.push(unchecked(req[j]));
      }
    }
    if (missing !== null) ctx.missing[s] = missing!;
    // without repeated keys each item is its member node; with them, items are matched by name
    const byNode = !doc.isDup(sec.id);
    const keys = sec.keys;
    const items = sec.items;
    for (let i = 0; i < keys.length; i++) {
      const r = new ChecklistItem(unchecked(items[i]));
      r.section = name;
      r.key = unchecked(keys[i]);
      if (byNode) {
        const id = r.item.id;
        for (let j = 0; j < req.length; j++) {
          if (unchecked(nodes[j]) == id) {
            r.required = true;
            break;
          }
        }
      } else r.required = req.includes(r.key);
      r.seq = seq++;
      if (r.item.kind == J_OBJ) {
        r.item.getFields(ROW_FIELDS, rowFields);
        const lv = unchecked(rowFields[0]);
        const cv = unchecked(rowFields[1]);
        const ev = unchecked(rowFields[2]);
        r.levelValue = lv;
        r.hasLevel = lv !== null && lv.kind != J_NULL && !(lv.kind == J_STR && lv.s.trim().length == 0);
        r.level = lv !== null && lv.kind == J_STR ? lv.s : "";
        r.must = r.level == "MUST";
        r.mustNot = r.level == "MUST NOT";
        r.complete = cv !== null && cv.truthy();
        r.evidence = ev !== null && ev.kind == J_STR ? ev.s : "";
      }
      out.push(r);
    }
  }
  ctx.rows = out;
  return out;
}

/** A checklist row that is an object declaring a level (the rows SP-108..SP-111 and SP-114 judge). */
export function leveled(r: ChecklistItem): bool {
  return r.hasLevel; // set for object rows only (checklistRows)
}

/** Report a finding of a checklist rule at `at`, ordered by `seq`. */
export function reportRow(ctx: JsonCtx, rule: Rule, seq: i32, at: JValue | null, message: Msg): void {
  reportRowAs(ctx, rule, rule.severity, seq, at, message);
}

export function reportRowAs(ctx: JsonCtx, rule: Rule, severity: i32, seq: i32, at: JValue | null, message: Msg): void {
  const f = ctx.results.findings;
  const n = f.length;
  ctx.reportAs(rule, severity, ctx.log!.at(at), message);
  for (let i = n; i < f.length; i++) ctx.seq.push(seq); // none when the rule is off
}

/** Run the checklist rules, then put their findings in checklist order (stable: equal keys keep report order). */
export function runChecklist(rules: RuleOf<JsonCtx>[], ctx: JsonCtx): void {
  const f = ctx.results.findings;
  const from = f.length;
  ctx.seq = [];
  runRules(rules, ctx);
  const n = f.length - from;
  if (n < 2 || n != ctx.seq.length) return;
  const keys = new Array<i64>(n);
  for (let i = 0; i < n; i++) keys[i] = (i64(ctx.seq[i]) << 32) | i64(i);
  keys.sort();
  const copy = f.slice(from);
  for (let i = 0; i < n; i++) f[from + i] = copy[i32(keys[i] & 0xffffffff)];
}
