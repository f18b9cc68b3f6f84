// The aibrain validator's context: one checkpoint document, its front matter located and parsed once
// (a string-aware scan finds the closing delimiter, so a `---` inside a JSON string or a horizontal rule
// in the body never breaks parsing). Rules (AB-0xx.ts) only decide and report.
import { Doc, Input, Results } from "../../io";
import { Loc, RuleCtx } from "../../rules";
import { parseJson, LineIndex, JValue, J_STR, J_NUM } from "../../lib/json";
import { AB_ARCHIVED } from "../../abi";
import { twoDigits } from "../../lib/text";

/** Document flag: the file is under .aibrain/sessions/archive/. */
export const DOC_FLAG_ARCHIVED: i32 = AB_ARCHIVED;

/** Front matter problems (AB-001). */
export const FM_OK: i32 = 0;
export const FM_NO_OPENING: i32 = 1;
export const FM_NOT_JSON_OBJECT: i32 = 2;
export const FM_JSON_ERROR: i32 = 3;
export const FM_NO_CLOSING: i32 = 4;

export const STR_KEYS: string[] = ["id", "task_id", "project", "phase", "created_at", "updated_at"];
export const INT_KEYS: string[] = ["iteration_count", "checkpoint_number"];

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

/** Milliseconds since 1970 of an RFC 3339 date-time, or NaN. */
export function isoMs(s: string): f64 {
  if (s.length < 20) return NaN;
  const y1 = twoDigits(s, 0);
  const y2 = twoDigits(s, 2);
  const mo = twoDigits(s, 5);
  const d = twoDigits(s, 8);
  const h = twoDigits(s, 11);
  const mi = twoDigits(s, 14);
  const se = twoDigits(s, 17);
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
    const oh = twoDigits(s, i + 1);
    const om = twoDigits(s, i + 4);
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

export function isWholeNonNeg(v: JValue | null): bool {
  return v !== null && v.kind == J_NUM && v.isIntLiteral() && v.n >= 0;
}

function lnOf(idx: LineIndex, p: i32, k: JValue | null): i32 {
  return k === null ? idx.line(p) : idx.line(p + k.pos);
}

function colOf(idx: LineIndex, p: i32, k: JValue | null): i32 {
  return k === null ? 1 : idx.col(p + k.pos);
}

export class AibrainCtx extends RuleCtx {
  /** AB-001 outcome; the other rules run only on FM_OK. */
  problem: i32 = FM_OK;
  /** Line/column of the front matter problem; the JSON error text for FM_JSON_ERROR. */
  problemLine: i32 = 1;
  problemCol: i32 = 1;
  jsonError: string = "";
  /** Offset of the JSON object in the text; positions of its values are relative to it. */
  p: i32 = 0;
  idx: LineIndex = new LineIndex("");
  /** The front matter object (FM_OK only). */
  v: JValue | null = null;

  doc: Doc;

  constructor(input: Input, results: Results, doc: Doc) {
    super(input, results);
    this.doc = doc;
    this.parse(doc.text());
  }

  private parse(t: string): void {
    const first = t.substring(0, lineEnd(t, 0));
    if (!isDelim(first)) {
      this.problem = FM_NO_OPENING;
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
    this.idx = idx;
    this.p = p;
    if (p >= t.length || t.charCodeAt(p) != 123) {
      this.fail(FM_NOT_JSON_OBJECT, p);
      return;
    }
    const r = parseJson(t.substring(p, stop));
    if (r.error.length > 0) {
      this.jsonError = r.error;
      this.fail(FM_JSON_ERROR, p + r.errorPos);
      return;
    }
    if (!closed) {
      this.fail(FM_NO_CLOSING, stop);
      return;
    }
    this.v = r.value;
  }

  private fail(problem: i32, at: i32): void {
    this.problem = problem;
    this.problemLine = this.idx.line(at);
    this.problemCol = this.idx.col(at);
  }

  /** Member `k` of the front matter (null when absent or no front matter). */
  get(k: string): JValue | null {
    return this.v === null ? null : this.v!.get(k);
  }

  /** Every string key is present and a non-empty string (AB-007 needs a trustworthy task_id). */
  stringKeysOk(): bool {
    for (let i = 0; i < STR_KEYS.length; i++) {
      const x = this.get(STR_KEYS[i]);
      if (x === null || x.kind != J_STR || x.s.length == 0) return false;
    }
    return true;
  }

  /** Milliseconds of a date-time member, NaN when absent, not a string or not ISO 8601. */
  ms(k: string): f64 {
    const x = this.get(k);
    return x !== null && x.kind == J_STR ? isoMs(x.s) : NaN;
  }

  /** The status when it is one of the allowed values, else "". */
  status(): string {
    const st = this.get("status");
    if (st === null || st.kind != J_STR) return "";
    return st.s == "in_progress" || st.s == "blocked" || st.s == "completed" ? st.s : "";
  }

  /** The front matter's first line (where a missing key is reported). */
  start(): Loc {
    return new Loc(this.doc, this.idx.line(this.p), 1);
  }

  /** The location of a value of the front matter (its first line when null). */
  at(x: JValue | null): Loc {
    return new Loc(this.doc, lnOf(this.idx, this.p, x), colOf(this.idx, this.p, x));
  }
}
