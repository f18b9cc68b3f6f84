// The session-state validator's model: one state document (the state as compact JSON, rendered by the
// host from the note it read) parsed once, and the outcome the host reported for the note itself.
// Facts: "state.status" = ok | corrupt (the note is not a readable JSON note: nothing to parse),
// "state.detail" (why it is corrupt), state.schema (the JSON Schema generated from the zod schema at build
// time), state.id (the session id the note is named for, when known).
import { Doc, Input, Results } from "../../io";
import { RuleCtx } from "../../rules";
import { JValue, J_OBJ, J_ARR, J_STR, J_BOOL, JsonResult, parseJsonBytes } from "../../lib/json";
import { Schema, sortedErrors } from "../session-log/json/schema";
import { epochMs } from "../manifest/time";
import { txt } from "../../lib/texts";

/** Largest serialized state accepted (bytes of its compact JSON; spec session-state §2.9). */
export const MAX_STATE_BYTES: i32 = 1024 * 1024;

/**
 * The JSON document of `len` UTF-8 bytes at `ptr` (a document or fact of the input), parsed where it
 * lies, a leading BOM skipped as Doc#text() skips it: the same document as parseJson(doc.text())
 * without decoding the bytes to a string and encoding it back (the input is valid UTF-8: the state
 * passed the text screen, the schema is the host's). The input outlives the run's parse.
 */
export function parseDocJson(ptr: usize, len: i32): JsonResult {
  if (len >= 3 && load<u8>(ptr) == 0xef && load<u8>(ptr + 1) == 0xbb && load<u8>(ptr + 2) == 0xbf) return parseJsonBytes(ptr + 3, len - 3);
  return parseJsonBytes(ptr, len);
}

export class Issue {
  constructor(public path: string, public message: string) {}
}

export class StateCtx extends RuleCtx {
  /** The state, parsed; null when the note is corrupt or the JSON does not parse. */
  root: JValue | null = null;
  /** Why the document could not be checked against the schema (corrupt note, unusable schema). */
  problem: string = "";
  status: string;
  /** Schema errors in instance-path order, then (on a well-formed state) broken invariants. */
  issues: Issue[] = [];

  /**
   * `parsed`: the document already parsed with parseDocJson (the hook gate's build, index.ts);
   * `confirmed`: that parse is a state plainValidState (plain.ts) found valid, so the schema and the
   * invariants are not checked again.
   */
  constructor(input: Input, results: Results, public doc: Doc, parsed: JsonResult | null = null, confirmed: bool = false) {
    super(input, results);
    const st = input.fact("state.status");
    this.status = st === null ? "ok" : st;
    if (confirmed && parsed !== null) this.root = parsed.value;
    else this.load(input, doc, parsed);
  }

  private load(input: Input, doc: Doc, parsed: JsonResult | null): void {
    if (this.status != "ok") {
      const d = input.fact("state.detail");
      this.problem = d === null || d.length == 0 ? txt("the note could not be read") : d;
      return;
    }
    const r = parsed !== null ? parsed : parseDocJson(doc.ptr, doc.len);
    if (r.value === null) {
      this.status = "corrupt";
      this.problem = txt("the state is not JSON (") + r.error + ")";
      return;
    }
    this.root = r.value;
    const schemaDoc = input.factDoc("state.schema");
    if (schemaDoc === null) {
      this.problem = txt("no state schema was supplied (fact state.schema)");
      return;
    }
    const sr = parseDocJson(schemaDoc.ptr, schemaDoc.len);
    if (sr.value === null) {
      this.problem = txt("the state schema is not JSON (") + sr.error + ")";
      return;
    }
    const s = new Schema(sr.value!);
    if (!s.check()) {
      this.problem = txt("the state schema is not usable: ") + s.invalid;
      return;
    }
    s.run(this.root!, false);
    const errors = sortedErrors(s);
    for (let i = 0; i < errors.length; i++) this.issues.push(new Issue(errors[i].path, errors[i].message));
    for (let i = 0; i < s.limits.length; i++) this.issues.push(new Issue(s.limits[i].path, s.limits[i].message));
    if (this.issues.length > 0) return; // the invariants are checked on well-formed states only
    if (this.historyLength() == 0) this.issues.push(new Issue("modeHistory", txt("modeHistory must not be empty")));
    else if (this.lastMode() != this.str("currentMode")) this.issues.push(new Issue("modeHistory", txt("the last modeHistory entry must equal currentMode")));
    if (epochMs(this.str("updatedAt")) < epochMs(this.str("createdAt"))) this.issues.push(new Issue("updatedAt", txt("updatedAt is earlier than createdAt")));
    if (doc.len > MAX_STATE_BYTES) this.issues.push(new Issue("(root)", txt("state is larger than ") + MAX_STATE_BYTES.toString() + txt(" bytes")));
    const id = input.fact("state.id");
    if (id !== null && this.str("sessionId") != id) this.issues.push(new Issue("sessionId", txt("does not match the note name (session-") + id + ")"));
  }

  /** The state was read and is valid (schema and invariants). */
  valid(): bool {
    return this.root !== null && this.problem.length == 0 && this.issues.length == 0;
  }

  str(key: string): string {
    const v = this.root!.get(key);
    return v !== null && v.kind == J_STR ? v.s : "";
  }

  bool(key: string): bool {
    const v = this.root!.get(key);
    return v !== null && v.kind == J_BOOL && v.b;
  }

  /** Keys of an object member whose values are non-empty once trimmed (the recorded evidence). */
  evidence(key: string): string[] {
    const out: string[] = [];
    const v = this.root!.get(key);
    if (v === null || v.kind != J_OBJ) return out;
    for (let i = 0; i < v.keys.length; i++) {
      const e = v.items[i];
      if (e.kind == J_STR && e.s.trim().length > 0) out.push(v.keys[i]);
    }
    return out;
  }

  /** The mode of the last modeHistory entry ("" when the history is empty). */
  lastMode(): string {
    const h = this.root!.get("modeHistory");
    if (h === null || h.kind != J_ARR || h.items.length == 0) return "";
    const m = h.items[h.items.length - 1].get("mode");
    return m !== null && m.kind == J_STR ? m.s : "";
  }

  historyLength(): i32 {
    const h = this.root!.get("modeHistory");
    return h === null || h.kind != J_ARR ? 0 : h.items.length;
  }
}
