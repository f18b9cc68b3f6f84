// SP-102 (schema conformance) and SP-103 (session fields present when no schema could run).
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../../abi";
import { Input } from "../../../io";
import { JValue, J_OBJ, J_NULL, parseJson, LineIndex } from "../../../lib/json";
import { Schema, sortedErrors } from "./schema";
import { JsonLog } from "./model";
import { MODE_RECORD } from "../context";
import { AC904 } from "../../common";

export const SP102 = defineRule("SP-102", SEV_ERROR);
function SP102_doc(): RuleDoc {
  return {
    id: "SP-102",
    validator: "session-log",
    title: "JSON log matches the schema",
    description: "The log conforms to the schema (the repository's .agents/schemas/session-log.schema.json, else the built-in one); every violation, sorted by path.",
    messages: {
      message: "{{problem}}",
      schemaUsesKeywordS: "Schema: {{name}} uses keyword(s) not checked by agentcheck: {{join}}",
      schema: "Schema: {{path}}: {{message}}",
    },
  };
}
export const SP103 = defineRule("SP-103", SEV_ERROR);
function SP103_doc(): RuleDoc {
  return {
    id: "SP-103",
    validator: "session-log",
    title: "Session fields present",
    description: "Only when the schema layer was skipped: session, protocolCompliance and their required members are present.",
    messages: {
      missingSession: "Missing: session",
      missingSession2: "Missing: session.{{f}}",
      missingProtocolcompliance: "Missing: protocolCompliance",
      missingProtocolcomplianceSessionstart: "Missing: protocolCompliance.sessionStart",
      missingProtocolcomplianceSessionend: "Missing: protocolCompliance.sessionEnd",
    },
  };
}

class SchemaState {
  schema: Schema | null = null;
  name: string = "";
  problem: string = "";
}

let cachedFor: Input | null = null;
let state: SchemaState = new SchemaState();

/** The schema for this run: the repository's (fact session.schema) or the built-in one. */
function loadSchema(input: Input): SchemaState {
  if (cachedFor === input) return state;
  cachedFor = input;
  state = new SchemaState();
  const named = input.fact("session.schema.path");
  const name = named !== null ? named! : "the session-log schema";
  state.name = name;
  const loadErr = input.fact("session.schema.error");
  if (loadErr !== null) {
    state.problem = "Schema: cannot load " + name + ", schema layer skipped: " + loadErr;
    return state;
  }
  const text = input.fact("session.schema");
  if (text === null) {
    state.problem = "Schema: no schema was supplied (fact session.schema), schema layer skipped";
    return state;
  }
  const r = parseJson(text!);
  if (r.error.length > 0) {
    const li = new LineIndex(text!);
    state.problem = "Schema: cannot load " + name + ", schema layer skipped: invalid JSON (" + r.error + " at line " +
      li.line(r.errorPos).toString() + ", column " + li.col(r.errorPos).toString() + ")";
    return state;
  }
  const s = new Schema(r.value!);
  if (!s.check()) {
    state.problem = "Schema: " + name + " is not a valid schema, schema layer skipped: " + s.invalid;
    return state;
  }
  state.schema = s;
  return state;
}

/** Run the schema layer; returns false when it was skipped. */
export function checkSchema(log: JsonLog): bool {
  const st = loadSchema(log.ctx.input);
  if (st.schema === null) {
    log.report(SP102, null, msg("message").s("problem", st.problem));
    return false;
  }
  const s = st.schema!;
  if (s.unsupported.length > 0) {
    log.reportAs(SP102, SEV_WARNING, null, msg("schemaUsesKeywordS").s("name", st.name).s("join", s.unsupported.join(", ")));
  }
  s.errors = [];
  s.limits = [];
  s.segs = [];
  s.segIdx = [];
  s.depth = 0;
  s.run(log.root, (log.ctx.mode & MODE_RECORD) != 0); // record + creation = record
  const errs = sortedErrors(s);
  const li = log.lines;
  for (let i = 0; i < errs.length; i++) {
    const e = errs[i];
    log.ctx.report(SP102, li.line(e.pos), li.col(e.pos), msg("schema").s("path", e.path).s("message", e.message));
  }
  for (let i = 0; i < s.limits.length; i++) {
    const e = s.limits[i];
    log.ctx.report(AC904, li.line(e.pos), li.col(e.pos), msg("schema").s("path", e.path).s("message", e.message));
  }
  s.errors = [];
  s.limits = [];
  return true;
}

function present(o: JValue, key: string): bool {
  const v = o.get(key);
  return v !== null && v.kind != J_NULL;
}

/** SP-103: presence checks used only when the schema layer did not run. */
export function checkPresence(log: JsonLog): void {
  const root = log.root;
  const sess = root.get("session");
  if (sess === null || sess.kind != J_OBJ) log.report(SP103, sess, msg("missingSession"));
  else {
    const f = ["number", "date", "branch", "startingCommit", "objective"];
    for (let i = 0; i < f.length; i++) if (!present(sess, f[i])) log.report(SP103, sess, msg("missingSession2").s("f", f[i]));
  }
  const pc = root.get("protocolCompliance");
  if (pc === null || pc.kind != J_OBJ) log.report(SP103, pc, msg("missingProtocolcompliance"));
  else {
    if (log.section("sessionStart") === null) log.report(SP103, pc, msg("missingProtocolcomplianceSessionstart"));
    if (log.section("sessionEnd") === null) log.report(SP103, pc, msg("missingProtocolcomplianceSessionend"));
  }
}
