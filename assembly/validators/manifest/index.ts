// Session manifest validator (state.json v2, specs/session-formats.md §1). One KIND_MANIFEST document
// per session folder (name: <folder>/state.json; flags: which artifact files exist) and, when present,
// its KIND_MANIFEST_SPEC document (<folder>/spec.md). Facts: manifest.schema (the JSON Schema generated
// from the zod schema), manifest.scope = "content" (write-time check: no folder/artifact rules).
import { Input, Results, Doc } from "../../io";
import { KIND_MANIFEST, KIND_MANIFEST_SPEC, DOC_IGNORED, SEV_WARNING } from "../../abi";
import { JValue, J_OBJ, J_ARR, J_NUM, J_STR, parseJson, LineIndex } from "../../lib/json";
import { Schema, sortedErrors, isDateTime } from "../session-log/json/schema";
import {
  SM001, SM002, SM003, SM004, SM005, SM006, SM007, SM008, SM009, SM010, SM011, SM012,
  ARTIFACT_FLAGS, PHASES, STEP_PHASES,
} from "./rules";
import { epochMs } from "./time";
import { Rule, msg, Msg } from "../../rules";
import { asciiLower } from "../../lib/text";
import { trimWs } from "../../lib/mdscan";
import { SM001, SM002, SM003, SM004, SM005, SM006, SM007, SM008, SM009, SM010, SM011, SM012 } from "./rules";

let schemaFor: Input | null = null;
let schema: Schema | null = null;
let schemaProblem: string = "";

function loadSchema(input: Input): void {
  if (schemaFor === input) return;
  schemaFor = input;
  schema = null;
  schemaProblem = "";
  const text = input.fact("manifest.schema");
  if (text === null) {
    schemaProblem = "no manifest schema was supplied (fact manifest.schema); schema layer not checked";
    return;
  }
  const r = parseJson(text);
  if (r.error.length > 0) {
    schemaProblem = "the manifest schema is not JSON (" + r.error + ")";
    return;
  }
  const s = new Schema(r.value!);
  if (!s.check()) {
    schemaProblem = "the manifest schema is not usable: " + s.invalid;
    return;
  }
  schema = s;
}

class Ctx {
  constructor(public results: Results, public doc: Doc, public lines: LineIndex) {}
  at(r: Rule, v: JValue | null, m: Msg): void {
    if (v === null) this.results.report(r, this.doc, 0, 0, m);
    else this.results.report(r, this.doc, this.lines.line(v.pos), this.lines.col(v.pos), m);
  }
}

function folderOf(name: string): string {
  let end = name.lastIndexOf("/");
  if (end < 0) return "";
  const start = name.lastIndexOf("/", end - 1);
  return name.substring(start + 1, end);
}

function str(o: JValue, k: string): string {
  const v = o.get(k);
  return v !== null && v.kind == J_STR ? v.s : "";
}

/** A timestamp member: its instant (ms), or NaN when null/absent/unparseable. */
function ts(o: JValue, k: string): f64 {
  const v = o.get(k);
  if (v === null || v.kind != J_STR || !isDateTime(v.s)) return NaN;
  return epochMs(v.s);
}

export function validateManifest(input: Input, results: Results): void {
  loadSchema(input);
  const sc = input.fact("manifest.scope");
  const contentOnly = sc !== null && sc == "content";
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind == KIND_MANIFEST_SPEC) results.setDocStatus(doc, DOC_IGNORED); // read through its manifest
    if (doc.kind != KIND_MANIFEST) continue;
    const text = doc.text();
    const ctx = new Ctx(results, doc, new LineIndex(text));
    const pr = parseJson(text);
    if (pr.error.length > 0) {
      ctx.results.report(SM001, doc, ctx.lines.line(pr.errorPos), ctx.lines.col(pr.errorPos), msg("manifestIsNotJson").s("error", pr.error));
      if (!contentOnly) checkFiles(input, ctx, doc);
      continue;
    }
    const root = pr.value!;
    if (root.kind != J_OBJ) {
      ctx.at(SM001, root, msg("manifestMustBeA"));
      continue;
    }
    let schemaOk = false;
    if (schema === null) ctx.at(SM002, null, msg("schema2").s("schemaProblem", schemaProblem));
    else {
      const s = schema!;
      if (s.unsupported.length > 0) {
        results.reportAs(SM002, SEV_WARNING, doc, 0, 0, msg("schemaKeywordSNot").s("join", s.unsupported.join(", ")));
      }
      s.errors = [];
      s.segs = [];
      s.segIdx = [];
      s.depth = 0;
      s.run(root, false);
      const errs = sortedErrors(s);
      for (let j = 0; j < errs.length; j++) {
        const e = errs[j];
        ctx.results.report(SM002, doc, ctx.lines.line(e.pos), ctx.lines.col(e.pos), msg("schema").s("path", e.path).s("message", e.message));
      }
      s.errors = [];
      schemaOk = errs.length == 0;
    }
    if (!contentOnly) {
      const folder = folderOf(doc.name);
      const id = root.get("session_id");
      if (id !== null && id.kind == J_STR && folder.length > 0 && id.s != folder) {
        ctx.at(SM003, id, msg("sessionIdIsNot").s("id", id.s).s("folder", folder));
      }
      checkFiles(input, ctx, doc);
    }
    // invariants need a manifest of the right shape: only after the schema layer passed
    if (schemaOk) checkInvariants(ctx, root);
    const ph = root.get("current_phase");
    if (ph !== null && ph.kind == J_STR) results.put(doc, "phase", ph.s);
    const st = root.get("status");
    if (st !== null && st.kind == J_STR) results.put(doc, "status", st.s);
  }
}

function checkInvariants(ctx: Ctx, root: JValue): void {
  const cur = str(root, "current_phase");
  const ci = PHASES.indexOf(cur);
  const hist = root.get("phase_history")!;
  // SM-004: phases before the current one started and completed, the current one started, later ones untouched
  for (let p = 0; p < STEP_PHASES.length; p++) {
    const name = STEP_PHASES[p];
    const sk = name + "_started_at";
    const ck = name + "_completed_at";
    const started = hist.get(sk)!.kind == J_STR;
    const done = hist.get(ck)!.kind == J_STR;
    if (p < ci) {
      if (!started) ctx.at(SM004, hist.get(sk), msg("phaseHistoryIsNull").s("sk", sk).s("name", name).s("cur", cur));
      if (!done) ctx.at(SM004, hist.get(ck), msg("phaseHistoryIsNull2").s("ck", ck).s("name", name).s("cur", cur));
    } else if (p == ci) {
      if (!started) ctx.at(SM004, hist.get(sk), msg("phaseHistoryIsNull3").s("sk", sk).s("name", name));
    } else {
      if (started) ctx.at(SM004, hist.get(sk), msg("phaseHistoryIsSet").s("sk", sk).s("name", name).s("cur", cur));
      if (done) ctx.at(SM004, hist.get(ck), msg("phaseHistoryIsSet2").s("ck", ck).s("name", name).s("cur", cur));
    }
  }
  // SM-005: timestamps in order: created_at <= spec_started <= spec_completed <= plan_started <= ... <= updated_at
  let prevName = "created_at";
  let prev = ts(root, "created_at");
  for (let p = 0; p < STEP_PHASES.length * 2; p++) {
    const k = STEP_PHASES[p >> 1] + ((p & 1) == 0 ? "_started_at" : "_completed_at");
    const t = ts(hist, k);
    if (isNaN(t)) continue;
    if (!isNaN(prev) && t < prev) ctx.at(SM005, hist.get(k), msg("phaseHistoryIsBefore").s("k", k).s("prevName", prevName));
    prev = t;
    prevName = "phase_history." + k;
  }
  const up = ts(root, "updated_at");
  if (!isNaN(prev) && !isNaN(up) && prevName != "created_at" && up < prev) ctx.at(SM005, root.get("updated_at"), msg("updatedAtIsBefore").s("prevName", prevName));
  // SM-006: updated_at >= created_at
  const cr = ts(root, "created_at");
  if (!isNaN(up) && !isNaN(cr) && up < cr) ctx.at(SM006, root.get("updated_at"), msg("updatedAtIsBefore"));
  // SM-007 / SM-008: checkpoints
  const bp = root.get("build_progress")!;
  const total = <i32>bp.get("checkpoints_total")!.n;
  const done = bp.get("checkpoints_completed")!;
  for (let j = 0; j < done.items.length; j++) {
    const v = done.items[j];
    const n = <i32>v.n;
    if (n < 1 || n > total) ctx.at(SM007, v, msg("checkpointIsOutside").s("n", n.toString()).s("total", total.toString()));
    for (let k = 0; k < j; k++) {
      if (<i32>done.items[k].n == n) {
        ctx.at(SM007, v, msg("checkpointIsListedTwice").s("n", n.toString()));
        break;
      }
    }
  }
  const cc = bp.get("current_checkpoint")!;
  if (cc.kind == J_NUM) {
    const n = <i32>cc.n;
    if (n < 1 || n > total) ctx.at(SM008, cc, msg("currentCheckpointIsOutside").s("n", n.toString()).s("total", total.toString()));
    for (let k = 0; k < done.items.length; k++) {
      if (<i32>done.items[k].n == n) {
        ctx.at(SM008, cc, msg("currentCheckpointIsAlready").s("n", n.toString()));
        break;
      }
    }
  }
  // SM-009: a commit's checkpoint exists
  const commits = root.get("commits")!;
  for (let j = 0; j < commits.items.length; j++) {
    const c = commits.items[j];
    const cp = c.get("checkpoint")!;
    if (cp.kind != J_NUM) continue;
    const n = <i32>cp.n;
    if (n < 1 || n > total) ctx.at(SM009, cp, msg("commitsNamesCheckpointOutside").s("j", j.toString()).s("str", str(c, "sha")).s("n", n.toString()).s("total", total.toString()));
  }
  // SM-010: status complete <=> current_phase complete
  const status = str(root, "status");
  if ((status == "complete") != (cur == "complete")) {
    ctx.at(SM010, root.get("status"), msg("statusDisagreesWithCurrent").s("status", status).s("cur", cur));
  }
}

const ARTIFACTS: string[] = ["spec.md", "plan.json", "plan.md"];

function checkFiles(input: Input, ctx: Ctx, doc: Doc): void {
  // SM-011: artifact files exist (flags from the host)
  for (let a = 0; a < ARTIFACTS.length; a++) {
    if ((doc.flags & ARTIFACT_FLAGS[a]) == 0) ctx.at(SM011, null, msg("artifactIsMissingFrom").s("ARTIFACTS", ARTIFACTS[a]));
  }
  // SM-012: spec.md has Goals / Open Questions / Key Decisions
  if ((doc.flags & ARTIFACT_FLAGS[0]) == 0) return;
  const want = doc.name.substring(0, doc.name.length - "state.json".length) + "spec.md";
  let spec: Doc | null = null;
  for (let i = 0; i < input.docs.length; i++) {
    const d = input.docs[i];
    if (d.kind == KIND_MANIFEST_SPEC && d.name == want) { spec = d; break; }
  }
  if (spec === null) {
    ctx.at(SM012, null, msg("specMdWasNot"));
    return;
  }
  const lines = (<Doc>spec).lines();
  const names: string[] = ["goals", "open questions", "key decisions"];
  const seen: bool[] = [false, false, false];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    let h = 0;
    while (h < l.length && h < 7 && l.charCodeAt(h) == 35) h++;
    if (h == 0 || h > 6 || h >= l.length || l.charCodeAt(h) != 32) continue;
    const t = asciiLower(trimWs(l.substring(h + 1)));
    for (let k = 0; k < 3; k++) if (t == names[k] || t.startsWith(names[k] + " ") || t.startsWith(names[k] + ":")) seen[k] = true;
  }
  const title: string[] = ["Goals", "Open Questions", "Key Decisions"];
  for (let k = 0; k < 3; k++) if (!seen[k]) ctx.at(SM012, null, msg("specMdHasNo").s("title", title[k]));
  (<Doc>spec).release();
}

/** The manifest rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: Rule[] = [
  SM001, SM002, SM003, SM004, SM005, SM006, SM007, SM008, SM009, SM010, SM011, SM012,
];
