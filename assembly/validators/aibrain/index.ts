// .aibrain task checkpoints (specs/session-formats.md §2): `---`, a JSON object, `---`, markdown.
// One document per checkpoint file; flag DOC_FLAG_ARCHIVED marks files under .aibrain/sessions/archive/.
// The front matter ends at the delimiter line after the JSON object (found by a string-aware scan), so a
// `---` inside a JSON string or a horizontal rule in the body never breaks parsing.
import { defineRule } from "../../rules";
import { SEV_ERROR, KIND_AIBRAIN } from "../../abi";
import { Doc, Input, Results } from "../../io";
import { checkContent } from "../common";
import { parseJson, LineIndex, JValue, J_OBJ, J_STR, J_NUM } from "../../lib/json";

export const DOC_FLAG_ARCHIVED: i32 = 1;

const V = "aibrain";
export const AB001 = defineRule("AB-001", V, SEV_ERROR, "Checkpoint front matter",
  "The file starts with a '---' line, a JSON object and a closing '---' line.");
export const AB002 = defineRule("AB-002", V, SEV_ERROR, "Checkpoint keys",
  "Required keys with their types: id, task_id, project, phase (strings), created_at, updated_at (ISO 8601), iteration_count, checkpoint_number (whole numbers >= 0).");
export const AB003 = defineRule("AB-003", V, SEV_ERROR, "Checkpoint status",
  "status is in_progress, blocked or completed.");
export const AB004 = defineRule("AB-004", V, SEV_ERROR, "Checkpoint timestamps ordered",
  "updated_at is not before created_at.");
export const AB005 = defineRule("AB-005", V, SEV_ERROR, "Iteration limit",
  "iteration_count does not exceed max_iterations when present.");
export const AB006 = defineRule("AB-006", V, SEV_ERROR, "Archive holds completed tasks",
  "Only completed tasks are in .aibrain/sessions/archive/.");
export const AB007 = defineRule("AB-007", V, SEV_ERROR, "Checkpoint file name",
  "The file is named session-<task_id>.md after its task_id.");

/** End (exclusive) of the JSON object starting at `from`, honouring strings; -1 when it never closes. */
function jsonEnd(t: string, from: i32): i32 {
  let depth = 0;
  const n = t.length;
  for (let i = from; i < n; i++) {
    const c = t.charCodeAt(i);
    if (c == 34) {
      for (i++; i < n; i++) {
        const d = t.charCodeAt(i);
        if (d == 92) i++;
        else if (d == 34) break;
        else if (d == 10) return -1;
      }
    } else if (c == 123 || c == 91) depth++;
    else if (c == 125 || c == 93) {
      depth--;
      if (depth == 0) return i + 1;
    }
  }
  return -1;
}

function isDelim(line: string): bool {
  return line.trimEnd() == "---";
}

/** Offset of the next line start after `p` (or t.length). */
function lineEnd(t: string, p: i32): i32 {
  const i = t.indexOf("\n", p);
  return i < 0 ? t.length : i;
}

function two(s: string, i: i32): i32 {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9) return -1;
  return a * 10 + b;
}

/** Milliseconds since 1970 of an RFC 3339 date-time, or NaN. */
export function isoMs(s: string): f64 {
  if (s.length < 20) return NaN;
  const y1 = two(s, 0);
  const y2 = two(s, 2);
  const mo = two(s, 5);
  const d = two(s, 8);
  const h = two(s, 11);
  const mi = two(s, 14);
  const se = two(s, 17);
  if (y1 < 0 || y2 < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 60) return NaN;
  if (s.charCodeAt(4) != 45 || s.charCodeAt(7) != 45 || (s.charCodeAt(10) | 32) != 116 || s.charCodeAt(13) != 58 || s.charCodeAt(16) != 58) return NaN;
  let i = 19;
  let frac: f64 = 0;
  if (i < s.length && s.charCodeAt(i) == 46) {
    i++;
    let scale: f64 = 100;
    const st = i;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) {
      frac += <f64>(s.charCodeAt(i) - 48) * scale;
      scale /= 10;
      i++;
    }
    if (i == st) return NaN;
  }
  let off: i32 = 0;
  if (i < s.length && (s.charCodeAt(i) | 32) == 122) i++;
  else if (i + 6 == s.length && (s.charCodeAt(i) == 43 || s.charCodeAt(i) == 45) && s.charCodeAt(i + 3) == 58) {
    const oh = two(s, i + 1);
    const om = two(s, i + 4);
    if (oh < 0 || om < 0) return NaN;
    off = (oh * 60 + om) * (s.charCodeAt(i) == 45 ? -1 : 1);
    i += 6;
  } else return NaN;
  if (i != s.length) return NaN;
  // days from civil (proleptic Gregorian)
  let yy = y1 * 100 + y2;
  const m = mo;
  yy -= m <= 2 ? 1 : 0;
  const era = (yy >= 0 ? yy : yy - 399) / 400;
  const yoe = yy - era * 400;
  const doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const days = <f64>(era * 146097 + doe - 719468);
  return ((days * 24 + <f64>h) * 60 + <f64>mi - <f64>off) * 60000 + <f64>se * 1000 + frac;
}

function isWholeNonNeg(v: JValue | null): bool {
  return v !== null && v.kind == J_NUM && v.isIntLiteral() && v.n >= 0;
}

function lnOf(idx: LineIndex, p: i32, k: JValue | null): i32 {
  return k === null ? idx.line(p) : idx.line(p + k.pos);
}

function colOf(idx: LineIndex, p: i32, k: JValue | null): i32 {
  return k === null ? 1 : idx.col(p + k.pos);
}

function checkDoc(doc: Doc, results: Results): void {
  if (!checkContent(doc, results)) return;
  const t = doc.text();
  const first = t.substring(0, lineEnd(t, 0));
  if (!isDelim(first)) {
    results.report(AB001, doc, 1, 1, "Front matter: the file must start with a '---' line");
    return;
  }
  let p = lineEnd(t, 0) + 1;
  while (p < t.length) {
    const c = t.charCodeAt(p);
    if (c == 32 || c == 9 || c == 10 || c == 13) p++;
    else break;
  }
  const end = p < t.length && t.charCodeAt(p) == 123 ? jsonEnd(t, p) : -1;
  let closed = false;
  if (end > 0) {
    const le = lineEnd(t, end);
    if (t.substring(end, le).trim().length == 0 && le < t.length) closed = isDelim(t.substring(le + 1, lineEnd(t, le + 1)));
  }
  // the region to parse: up to the closing delimiter, else up to the first '---' line, else everything
  let stop = end;
  if (!closed) {
    stop = t.length;
    let q = p;
    while (q < t.length) {
      const le = lineEnd(t, q);
      if (isDelim(t.substring(q, le))) {
        stop = q;
        break;
      }
      q = le + 1;
    }
  }
  const idx = new LineIndex(t.substring(0, stop < t.length ? stop + 1 : t.length));
  if (p >= t.length || t.charCodeAt(p) != 123) {
    results.report(AB001, doc, idx.line(p), idx.col(p), "Front matter: expected a JSON object after the opening '---' (not YAML)");
    return;
  }
  const r = parseJson(t.substring(p, stop));
  if (r.error.length > 0) {
    const at = p + r.errorPos;
    results.report(AB001, doc, idx.line(at), idx.col(at), "Front matter: " + r.error);
    return;
  }
  if (!closed) {
    results.report(AB001, doc, idx.line(stop), idx.col(stop), "Front matter: no closing '---' line after the JSON object");
    return;
  }
  const v = r.value!;
  // AB-002 keys and types
  const strKeys = ["id", "task_id", "project", "phase", "created_at", "updated_at"];
  let ok = true;
  for (let i = 0; i < strKeys.length; i++) {
    const k = strKeys[i];
    const x = v.get(k);
    if (x === null) {
      results.report(AB002, doc, idx.line(p), 1, "Missing key '" + k + "'");
      ok = false;
    } else if (x.kind != J_STR || x.s.length == 0) {
      results.report(AB002, doc, lnOf(idx, p, x), colOf(idx, p, x), "'" + k + "' must be a non-empty string");
      ok = false;
    }
  }
  const intKeys = ["iteration_count", "checkpoint_number"];
  for (let i = 0; i < intKeys.length; i++) {
    const k = intKeys[i];
    const x = v.get(k);
    if (x === null) results.report(AB002, doc, idx.line(p), 1, "Missing key '" + k + "'");
    else if (!isWholeNonNeg(x)) results.report(AB002, doc, lnOf(idx, p, x), colOf(idx, p, x), "'" + k + "' must be a whole number >= 0");
  }
  const created = v.get("created_at");
  const updated = v.get("updated_at");
  let cMs: f64 = NaN;
  let uMs: f64 = NaN;
  if (created !== null && created.kind == J_STR) {
    cMs = isoMs(created.s);
    if (isNaN(cMs)) results.report(AB002, doc, lnOf(idx, p, created), colOf(idx, p, created), "'created_at' is not an ISO 8601 date-time: " + created.s);
  }
  if (updated !== null && updated.kind == J_STR) {
    uMs = isoMs(updated.s);
    if (isNaN(uMs)) results.report(AB002, doc, lnOf(idx, p, updated), colOf(idx, p, updated), "'updated_at' is not an ISO 8601 date-time: " + updated.s);
  }
  // AB-003 status
  const st = v.get("status");
  let status = "";
  if (st === null) results.report(AB003, doc, idx.line(p), 1, "Missing key 'status' (in_progress, blocked or completed)");
  else if (st.kind != J_STR || (st.s != "in_progress" && st.s != "blocked" && st.s != "completed")) {
    results.report(AB003, doc, lnOf(idx, p, st), colOf(idx, p, st), "status must be in_progress, blocked or completed");
  } else status = st.s;
  // AB-004 ordering
  if (!isNaN(cMs) && !isNaN(uMs) && uMs < cMs) {
    results.report(AB004, doc, lnOf(idx, p, updated), colOf(idx, p, updated), "updated_at (" + updated!.s + ") is before created_at (" + created!.s + ")");
  }
  // AB-005 iteration limit
  const it = v.get("iteration_count");
  const mx = v.get("max_iterations");
  if (mx !== null && mx.kind != 0) {
    if (!isWholeNonNeg(mx)) results.report(AB002, doc, lnOf(idx, p, mx), colOf(idx, p, mx), "'max_iterations' must be a whole number >= 0");
    else if (isWholeNonNeg(it) && it!.n > mx.n) {
      results.report(AB005, doc, lnOf(idx, p, it), colOf(idx, p, it), "iteration_count " + it!.s + " exceeds max_iterations " + mx.s);
    }
  }
  // AB-006 archive
  if ((doc.flags & DOC_FLAG_ARCHIVED) != 0 && status.length > 0 && status != "completed") {
    results.report(AB006, doc, lnOf(idx, p, st), colOf(idx, p, st), "Archived task has status " + status + " (only completed tasks are archived)");
  }
  // AB-007 file name
  const tid = v.get("task_id");
  if (ok && tid !== null && doc.baseName() != "session-" + tid.s + ".md") {
    results.report(AB007, doc, lnOf(idx, p, tid), colOf(idx, p, tid), "File name " + doc.baseName() + " does not match task_id '" + tid.s + "' (expected session-" + tid.s + ".md)");
  }
  if (tid !== null && tid.kind == J_STR) results.put(doc, "task", tid.s);
  if (status.length > 0) results.put(doc, "status", status);
}

export function validateAibrain(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind != KIND_AIBRAIN) continue;
    checkDoc(doc, results);
    doc.release();
  }
}
