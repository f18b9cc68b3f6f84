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

let cachedFor: Input | null = null;
let state: SchemaState = new SchemaState();

/** The schema for this run: the repository's (fact session.schema) or the built-in one. */
export function loadSchema(input: Input): SchemaState {
  if (cachedFor === input) return state;
  cachedFor = input;
  state = new SchemaState();
  const named = input.fact("session.schema.path");
  const name = named !== null ? named! : txt("the session-log schema");
  state.name = name;
  const loadErr = input.fact("session.schema.error");
  if (loadErr !== null) {
    state.problem = txt("Schema: cannot load ") + name + txt(", schema layer skipped: ") + loadErr;
    return state;
  }
  const text = input.fact("session.schema");
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
