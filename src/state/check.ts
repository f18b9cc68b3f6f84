// Session-state validation through the core: SS-002 (assembly/validators/session-state/SS-002.ts)
// checks a state against the JSON Schema generated from the zod schema at build time
// (src/wasm/generated/state-schema.ts) and the state's invariants. Every read and write of the note
// store and the hook gate go through here; test/state/schema.test.ts checks that zod and the core
// accept and reject the same documents. No zod here: the gate imports this module.
import { KIND } from "../wasm/contract.js";
import { runRaw, utf8Bytes } from "../wasm/instance.js";
import { renderCoded } from "../wasm/rule-meta.js";
import { STATE_SCHEMA } from "../wasm/generated/state-schema.js";
import { StateError, type Issue } from "./errors.js";
import { MAX_STATE_BYTES } from "./constants.js";

/** Made on first use: the gate imports this module on every call and checks a state on few of them. */
let schemaBytes: Uint8Array | undefined;

/**
 * The compact JSON the core checks. A value nested too deeply for JSON.stringify (tens of thousands
 * of levels: a RangeError, not an answer) is handed over as the JSON text it was parsed from, `json`,
 * so the core's own parser decides about it (it refuses nesting past its depth limit); without that
 * text it is CORRUPT here.
 */
export function compactJson(value: unknown, json?: string): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    if (json !== undefined) return json;
    throw new StateError("CORRUPT", "the JSON is nested too deeply to be processed");
  }
}

let prepared = false;
/**
 * Compile and instantiate the core and run SS-002 once on a small state (V8 compiles a module's
 * functions on their first call), so that a writer does not pay that (about 100 ms in a cold process)
 * while holding a state lock: every read and write under the lock runs SS-002. Once per process.
 */
export function prepareStateCheck(): void {
  if (prepared) return;
  prepared = true;
  const t = "2026-01-01T00:00:00.000Z";
  stateIssues({
    sessionId: "x", currentMode: "analysis", modeHistory: [{ mode: "analysis", timestamp: t }], protocolStartComplete: false,
    protocolEndComplete: false, protocolStartEvidence: {}, protocolEndEvidence: {}, orchestratorWorkflow: null, version: 1, createdAt: t, updatedAt: t,
  }, undefined, "x");
}

/**
 * All schema and invariant issues of a parsed JSON value; empty = valid SessionState. `sessionId`:
 * the id the note is named for (its sessionId must match). `_sizeBound` is accepted for callers that
 * know an upper bound of the size; the core measures the compact JSON itself.
 */
export function stateIssues(value: unknown, _sizeBound?: number, sessionId?: string, json?: string): Issue[] {
  const text = compactJson(value, json);
  if (text === undefined) return [{ path: "$", message: "expected object" }];
  // the work is bounded before the core: a state over the size limit is that one issue (the core
  // would report it too, after checking every byte; the hook gate must decide within its deadline).
  // A text of more UTF-16 units than the limit has more UTF-8 bytes too: not encoded at all
  const tooLarge = [{ path: "$", message: `state is larger than ${MAX_STATE_BYTES} bytes` }];
  if (text.length > MAX_STATE_BYTES) return tooLarge;
  const bytes = utf8Bytes(text);
  if (bytes.length > MAX_STATE_BYTES) return tooLarge;
  schemaBytes ??= utf8Bytes(STATE_SCHEMA);
  const docs = [
    { name: "state.schema", kind: KIND.FACT, bytes: schemaBytes },
    ...(sessionId !== undefined ? [{ name: "state.id", kind: KIND.FACT, bytes: utf8Bytes(sessionId) }] : []),
    { name: "state", kind: KIND.SESSION_STATE, bytes },
  ];
  const raw = runRaw("validate_session_state", docs);
  const out: Issue[] = [];
  for (const f of raw.findings) {
    if (f.ruleId !== "SS-002") continue;
    const path = f.data.path ?? "$";
    const message = f.data.message ?? `${f.data.status}: ${f.data.detail}`;
    out.push({ path: path === "(root)" ? "$" : path, message: renderCoded(message, (id) => id) });
  }
  return out;
}
