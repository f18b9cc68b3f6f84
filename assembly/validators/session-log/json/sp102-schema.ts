// The schema layer's state for SP-102 (SP-102.ts) and SP-103 (SP-103.ts): the run's schema, loaded once.
import { Input } from "../../../io";
import { JValue, J_NULL, parseJson, LineIndex } from "../../../lib/json";
import { Schema } from "./schema";
import { txt } from "../../../lib/texts";

export class SchemaState {
  schema: Schema | null = null;
  name: string = "";
  problem: string = "";
}

let cachedFor: i32 = 0; // Input.serial of the call the state was looked up for
let state: SchemaState = new SchemaState();
/**
 * The three facts the state was made from: a later call with the same three (a run's session-log
 * calls all pass the same schema) keeps the compiled schema instead of parsing and compiling it again.
 * The state depends on them alone (Schema.run resets what one validation leaves; its regex memos
 * are keyed by the bytes matched).
 */
let madeFrom: StaticArray<string | null> | null = null;

function sameFacts(a: StaticArray<string | null>, b: StaticArray<string | null>): bool {
  for (let i = 0; i < a.length; i++) {
    const x = unchecked(a[i]);
    const y = unchecked(b[i]);
    if (x === null || y === null ? x !== y : x != y) return false;
  }
  return true;
}

/** The schema for this run: the repository's (fact session.schema) or the built-in one. */
export function loadSchema(input: Input): SchemaState {
  if (cachedFor == input.serial) return state;
  cachedFor = input.serial;
  const named = input.fact("session.schema.path");
  const loadErr = input.fact("session.schema.error");
  const text = input.fact("session.schema");
  const facts: StaticArray<string | null> = [named, loadErr, text];
  const prev = madeFrom;
  if (prev !== null && sameFacts(prev, facts)) return state;
  madeFrom = facts;
  state = new SchemaState();
  const name = named !== null ? named! : txt("the session-log schema");
  state.name = name;
  if (loadErr !== null) {
    state.problem = txt("Schema: cannot load ") + name + txt(", schema layer skipped: ") + loadErr;
    return state;
  }
  if (text === null) {
    state.problem = txt("Schema: no schema was supplied (fact session.schema), schema layer skipped");
    return state;
  }
  const r = parseJson(text!);
  if (r.error.length > 0) {
    const li = new LineIndex(text!);
    state.problem = txt("Schema: cannot load ") + name + txt(", schema layer skipped: invalid JSON (") + r.error + txt(" at line ") +
      li.line(r.errorPos).toString() + txt(", column ") + li.col(r.errorPos).toString() + ")";
    return state;
  }
  const s = new Schema(r.value!);
  if (!s.check()) {
    state.problem = txt("Schema: ") + name + txt(" is not a valid schema, schema layer skipped: ") + s.invalid;
    return state;
  }
  state.schema = s;
  return state;
}

export function present(o: JValue, key: string): bool {
  const v = o.get(key);
  return v !== null && v.kind != J_NULL;
}
