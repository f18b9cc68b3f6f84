// Session-state validation through the core: SS-002 (assembly/validators/session-state/SS-002.ts)
// checks a state against the JSON Schema generated from the zod schema at build time
// (src/wasm/generated/state-schema.ts) and the state's invariants. Every read and write of the note
// store and the hook gate go through here; test/state/schema.test.ts checks that zod and the core
// accept and reject the same documents. No zod here: the gate imports this module.
import { KIND } from "../wasm/contract.js";
import { runRaw } from "../wasm/instance.js";
import { renderCoded } from "../wasm/rule-meta.js";
import { STATE_SCHEMA } from "../wasm/generated/state-schema.js";
import type { Issue } from "./errors.js";

const enc = new TextEncoder();
let schemaBytes: Uint8Array | undefined;

/**
 * All schema and invariant issues of a parsed JSON value; empty = valid SessionState. `sessionId`:
 * the id the note is named for (its sessionId must match). `_sizeBound` is accepted for callers that
 * know an upper bound of the size; the core measures the compact JSON itself.
 */
export function stateIssues(value: unknown, _sizeBound?: number, sessionId?: string): Issue[] {
  const text = JSON.stringify(value);
  if (text === undefined) return [{ path: "$", message: "expected object" }];
  schemaBytes ??= enc.encode(STATE_SCHEMA);
  const docs = [
    { name: "state.schema", kind: KIND.FACT, bytes: schemaBytes },
    ...(sessionId !== undefined ? [{ name: "state.id", kind: KIND.FACT, bytes: enc.encode(sessionId) }] : []),
    { name: "state", kind: KIND.SESSION_STATE, bytes: enc.encode(text) },
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
