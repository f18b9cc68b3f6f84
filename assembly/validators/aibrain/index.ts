// .aibrain task checkpoints (specs/session-formats.md §2): `---`, a JSON object, `---`, markdown.
// One document per checkpoint file; flag DOC_FLAG_ARCHIVED marks files under .aibrain/sessions/archive/.
// The front matter ends at the delimiter line after the JSON object (found by a string-aware scan), so a
// `---` inside a JSON string or a horizontal rule in the body never breaks parsing.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, KIND_AIBRAIN } from "../../abi";
import { Doc, Input, Results } from "../../io";
import { checkContent } from "../common";
import { parseJson, LineIndex, JValue, J_OBJ, J_STR, J_NUM } from "../../lib/json";
import { Rule } from "../../rules";


export const DOC_FLAG_ARCHIVED: i32 = 1;

const V = "aibrain";
export const AB001 = defineRule("AB-001", SEV_ERROR);
function AB001_doc(): RuleDoc {
  return {
    id: "AB-001",
    validator: "aibrain",
    title: "Checkpoint front matter",
    description: "The file starts with a '---' line, a JSON object and a closing '---' line.",
    messages: {
      frontMatterTheFile: "Front matter: the file must start with a '---' line",
      frontMatterExpectedA: "Front matter: expected a JSON object after the opening '---' (not YAML)",
      frontMatter: "Front matter: {{error}}",
      frontMatterNoClosing: "Front matter: no closing '---' line after the JSON object",
    },
  };
}
export const AB002 = defineRule("AB-002", SEV_ERROR);
function AB002_doc(): RuleDoc {
  return {
    id: "AB-002",
    validator: "aibrain",
    title: "Checkpoint keys",
    description: "Required keys with their types: id, task_id, project, phase (strings), created_at, updated_at (ISO 8601), iteration_count, checkpoint_number (whole numbers >= 0).",
    messages: {
      missingKey: "Missing key '{{k}}'",
      mustBeANon: "'{{k}}' must be a non-empty string",
      mustBeAWhole: "'{{k}}' must be a whole number >= 0",
      createdAtIsNot: "'created_at' is not an ISO 8601 date-time: {{created}}",
      updatedAtIsNot: "'updated_at' is not an ISO 8601 date-time: {{updated}}",
      maxIterationsMustBe: "'max_iterations' must be a whole number >= 0",
    },
  };
}
export const AB003 = defineRule("AB-003", SEV_ERROR);
function AB003_doc(): RuleDoc {
  return {
    id: "AB-003",
    validator: "aibrain",
    title: "Checkpoint status",
    description: "status is in_progress, blocked or completed.",
    messages: {
      missingKeyStatusIn: "Missing key 'status' (in_progress, blocked or completed)",
      statusMustBeIn: "status must be in_progress, blocked or completed",
    },
  };
}
export const AB004 = defineRule("AB-004", SEV_ERROR);
function AB004_doc(): RuleDoc {
  return {
    id: "AB-004",
    validator: "aibrain",
    title: "Checkpoint timestamps ordered",
    description: "updated_at is not before created_at.",
    messages: {
      updatedAtIsBefore: "updated_at ({{updated}}) is before created_at ({{created}})",
    },
  };
}
export const AB005 = defineRule("AB-005", SEV_ERROR);
function AB005_doc(): RuleDoc {
  return {
    id: "AB-005",
    validator: "aibrain",
    title: "Iteration limit",
    description: "iteration_count does not exceed max_iterations when present.",
    messages: {
      iterationCountExceedsMax: "iteration_count {{it}} exceeds max_iterations {{mx}}",
    },
  };
}
export const AB006 = defineRule("AB-006", SEV_ERROR);
function AB006_doc(): RuleDoc {
  return {
    id: "AB-006",
    validator: "aibrain",
    title: "Archive holds completed tasks",
    description: "Only completed tasks are in .aibrain/sessions/archive/.",
    messages: {
      archivedTaskHasStatus: "Archived task has status {{status}} (only completed tasks are archived)",
    },
  };
}
export const AB007 = defineRule("AB-007", SEV_ERROR);
function AB007_doc(): RuleDoc {
  return {
    id: "AB-007",
    validator: "aibrain",
    title: "Checkpoint file name",
    description: "The file is named session-<task_id>.md after its task_id.",
    messages: {
      fileNameDoesNot: "File name {{baseName}} does not match task_id '{{tid}}' (expected session-{{tid2}}.md)",
    },
  };
}

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
    results.report(AB001, doc, 1, 1, msg("frontMatterTheFile"));
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
    results.report(AB001, doc, idx.line(p), idx.col(p), msg("frontMatterExpectedA"));
    return;
  }
  const r = parseJson(t.substring(p, stop));
  if (r.error.length > 0) {
    const at = p + r.errorPos;
    results.report(AB001, doc, idx.line(at), idx.col(at), msg("frontMatter").s("error", r.error));
    return;
  }
  if (!closed) {
    results.report(AB001, doc, idx.line(stop), idx.col(stop), msg("frontMatterNoClosing"));
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
      results.report(AB002, doc, idx.line(p), 1, msg("missingKey").s("k", k));
      ok = false;
    } else if (x.kind != J_STR || x.s.length == 0) {
      results.report(AB002, doc, lnOf(idx, p, x), colOf(idx, p, x), msg("mustBeANon").s("k", k));
      ok = false;
    }
  }
  const intKeys = ["iteration_count", "checkpoint_number"];
  for (let i = 0; i < intKeys.length; i++) {
    const k = intKeys[i];
    const x = v.get(k);
    if (x === null) results.report(AB002, doc, idx.line(p), 1, msg("missingKey").s("k", k));
    else if (!isWholeNonNeg(x)) results.report(AB002, doc, lnOf(idx, p, x), colOf(idx, p, x), msg("mustBeAWhole").s("k", k));
  }
  const created = v.get("created_at");
  const updated = v.get("updated_at");
  let cMs: f64 = NaN;
  let uMs: f64 = NaN;
  if (created !== null && created.kind == J_STR) {
    cMs = isoMs(created.s);
    if (isNaN(cMs)) results.report(AB002, doc, lnOf(idx, p, created), colOf(idx, p, created), msg("createdAtIsNot").s("created", created.s));
  }
  if (updated !== null && updated.kind == J_STR) {
    uMs = isoMs(updated.s);
    if (isNaN(uMs)) results.report(AB002, doc, lnOf(idx, p, updated), colOf(idx, p, updated), msg("updatedAtIsNot").s("updated", updated.s));
  }
  // AB-003 status
  const st = v.get("status");
  let status = "";
  if (st === null) results.report(AB003, doc, idx.line(p), 1, msg("missingKeyStatusIn"));
  else if (st.kind != J_STR || (st.s != "in_progress" && st.s != "blocked" && st.s != "completed")) {
    results.report(AB003, doc, lnOf(idx, p, st), colOf(idx, p, st), msg("statusMustBeIn"));
  } else status = st.s;
  // AB-004 ordering
  if (!isNaN(cMs) && !isNaN(uMs) && uMs < cMs) {
    results.report(AB004, doc, lnOf(idx, p, updated), colOf(idx, p, updated), msg("updatedAtIsBefore").s("updated", updated!.s).s("created", created!.s));
  }
  // AB-005 iteration limit
  const it = v.get("iteration_count");
  const mx = v.get("max_iterations");
  if (mx !== null && mx.kind != 0) {
    if (!isWholeNonNeg(mx)) results.report(AB002, doc, lnOf(idx, p, mx), colOf(idx, p, mx), msg("maxIterationsMustBe"));
    else if (isWholeNonNeg(it) && it!.n > mx.n) {
      results.report(AB005, doc, lnOf(idx, p, it), colOf(idx, p, it), msg("iterationCountExceedsMax").s("it", it!.s).s("mx", mx.s));
    }
  }
  // AB-006 archive
  if ((doc.flags & DOC_FLAG_ARCHIVED) != 0 && status.length > 0 && status != "completed") {
    results.report(AB006, doc, lnOf(idx, p, st), colOf(idx, p, st), msg("archivedTaskHasStatus").s("status", status));
  }
  // AB-007 file name
  const tid = v.get("task_id");
  if (ok && tid !== null && doc.baseName() != "session-" + tid.s + ".md") {
    results.report(AB007, doc, lnOf(idx, p, tid), colOf(idx, p, tid), msg("fileNameDoesNot").s("baseName", doc.baseName()).s("tid", tid.s).s("tid2", tid.s));
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

/** The aibrain rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: Rule[] = [
  AB001, AB002, AB003, AB004, AB005, AB006, AB007,
];
