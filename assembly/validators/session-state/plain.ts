// The hook gate's narrow SS-002 check (its build of the core only, assembly/gate.ts; issue 39 item 3).
// The usual state (orchestratorWorkflow null, every field plain) is confirmed here without the
// JSON-schema layer: compiling that layer's functions was most of the gate's time on a state it had
// not seen. This check only ever confirms: true when the parsed state is certainly valid under the
// schema and the invariants (context.ts), false for anything else, which then goes through the whole
// check (StateCtx#load, on the same parse) as before. It holds for one schema text only: the one whose
// size and FNV-1a hash are below (test/wasm/gate-core.test.ts fails when the generated schema changes,
// so this file is reviewed against the new one); any other schema fact is never confirmed here.
import { Doc, Input } from "../../io";
import { JValue, J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ, fnv1a, JsonResult } from "../../lib/json";
import { isDateTime } from "../session-log/json/schema";
import { epochMs } from "../manifest/time";
import { MAX_STATE_BYTES } from "./context";

/** UTF-8 size and FNV-1a hash of the state schema (src/wasm/generated/state-schema.ts) this check was written for. */
const SCHEMA_BYTES: i32 = 7776;
const SCHEMA_FNV1A: u32 = 0xa3483029;

/** The schema's root properties: required (0-10), then optional strings (11-12). */
const ROOT_KEYS: string[] = [
  "sessionId", "currentMode", "modeHistory", "protocolStartComplete", "protocolEndComplete", "protocolStartEvidence",
  "protocolEndEvidence", "orchestratorWorkflow", "version", "createdAt", "updatedAt", "activeFeature", "activeTask",
];
const REQUIRED_KEYS: i32 = 11;
/** The schema's integer maximum of `version` (Number.MAX_SAFE_INTEGER). */
const VERSION_MAX: f64 = 9007199254740991;

function isMode(v: JValue | null): bool {
  if (v === null || v.kind != J_STR) return false;
  const s = v.s;
  return s == "analysis" || s == "planning" || s == "coding" || s == "disabled";
}

/** A string with format date-time and pattern ^.{17}[0-5] (isDateTime makes the first 17 characters plain ASCII). */
function isTimestamp(v: JValue | null): bool {
  if (v === null || v.kind != J_STR) return false;
  const s = v.s;
  if (!isDateTime(s)) return false;
  const c = s.charCodeAt(17);
  return c >= 48 && c <= 53;
}

/** pattern ^[a-z0-9][a-z0-9-]{0,127}$ */
function isSessionId(s: string): bool {
  const n = s.length;
  if (n < 1 || n > 128) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) continue;
    if (c == 45 && i > 0) continue;
    return false;
  }
  return true;
}

/** An object without duplicate keys (with them, the whole check decides which value counts). */
function isObject(v: JValue | null): bool {
  return v !== null && v.kind == J_OBJ && !v.doc.isDup(v.id);
}

/** An object whose every value is a string (additionalProperties: {type: string}). */
function isStringMap(v: JValue | null): bool {
  if (!isObject(v)) return false;
  const items = v!.items;
  for (let i = 0; i < items.length; i++) if (items[i].kind != J_STR) return false;
  return true;
}

/**
 * Whether the state `doc`, parsed as `parsed` (context.ts parseDocJson), is certainly valid: SS-002
 * would report nothing. False is no verdict: the whole check decides then.
 */
export function plainValidState(input: Input, doc: Doc, parsed: JsonResult): bool {
  const st = input.fact("state.status");
  if (st !== null && st != "ok") return false;
  const schema = input.factDoc("state.schema");
  if (schema === null || schema.len != SCHEMA_BYTES || fnv1a(schema.ptr, schema.len) != SCHEMA_FNV1A) return false;
  if (doc.len > MAX_STATE_BYTES) return false; // the document's size, a BOM included, as the whole check measures it
  const root = parsed.value;
  if (root === null || !isObject(root)) return false;
  // additionalProperties: false, and required
  const keys = root.keys;
  let required = 0;
  for (let i = 0; i < keys.length; i++) {
    const k = ROOT_KEYS.indexOf(keys[i]);
    if (k < 0) return false;
    if (k < REQUIRED_KEYS) required++;
  }
  if (required != REQUIRED_KEYS) return false;
  const id = root.get("sessionId");
  if (id === null || id.kind != J_STR || !isSessionId(id.s)) return false;
  const mode = root.get("currentMode");
  if (!isMode(mode)) return false;
  const history = root.get("modeHistory");
  if (history === null || history.kind != J_ARR) return false;
  const entries = history.items;
  if (entries.length == 0) return false;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (!isObject(e) || e.keys.length != 2 || !isMode(e.get("mode")) || !isTimestamp(e.get("timestamp"))) return false;
  }
  const last = entries[entries.length - 1].get("mode");
  if (last === null || last.s != mode!.s) return false;
  const a = root.get("protocolStartComplete");
  const b = root.get("protocolEndComplete");
  if (a === null || a.kind != J_BOOL || b === null || b.kind != J_BOOL) return false;
  if (!isStringMap(root.get("protocolStartEvidence")) || !isStringMap(root.get("protocolEndEvidence"))) return false;
  const wf = root.get("orchestratorWorkflow");
  if (wf === null || wf.kind != J_NULL) return false;
  const version = root.get("version");
  if (version === null || version.kind != J_NUM) return false;
  const n = version.n;
  if (!Number.isFinite(n) || Math.floor(n) != n || n < 0 || n > VERSION_MAX) return false;
  const created = root.get("createdAt");
  const updated = root.get("updatedAt");
  if (!isTimestamp(created) || !isTimestamp(updated) || epochMs(updated!.s) < epochMs(created!.s)) return false;
  for (let k = REQUIRED_KEYS; k < ROOT_KEYS.length; k++) {
    const v = root.get(ROOT_KEYS[k]);
    if (v !== null && v.kind != J_STR) return false;
  }
  const named = input.fact("state.id");
  if (named !== null && id.s != named) return false;
  return true;
}
