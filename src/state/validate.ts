// Lean validator of SessionState with exactly the rules of the zod schema (schema.ts), for the hook
// gate, which cannot afford to load zod on every tool call. test/state/schema.test.ts checks that
// both accept and reject the same documents (catalog fixtures plus random mutations).
import {
  AGENT_TYPES, DECISION_TYPES, INVOCATION_STATUSES, MAX_STATE_BYTES, UUID_RE, VERDICT_DECISIONS,
  WORKFLOW_MODES, WORKFLOW_PHASES, isDateTime, SESSION_ID_RE,
} from "./constants.js";
import type { Issue } from "./errors.js";

/** Path of the value being checked, as a stack of keys (joined only when an issue is reported). */
type Path = (string | number)[];
type Check = (v: unknown, path: Path, out: Issue[]) => void;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const bad = (out: Issue[], path: Path | string, message: string): void => {
  const p = typeof path === "string" ? path : path.join(".");
  out.push({ path: p || "$", message });
};

const str: Check = (v, p, o) => {
  if (typeof v !== "string") bad(o, p, "expected string");
};
const bool: Check = (v, p, o) => {
  if (typeof v !== "boolean") bad(o, p, "expected boolean");
};
const dt: Check = (v, p, o) => {
  if (typeof v !== "string") bad(o, p, "expected string");
  else if (!isDateTime(v)) bad(o, p, "invalid date-time");
};
const re = (r: RegExp, what: string): Check => (v, p, o) => {
  if (typeof v !== "string") bad(o, p, "expected string");
  else if (!r.test(v)) bad(o, p, `invalid ${what}`);
};
const oneOf = (values: readonly string[]): Check => {
  const set = new Set<unknown>(values);
  return (v, p, o) => {
    if (!set.has(v)) bad(o, p, `expected one of ${values.join(", ")}`);
  };
};
const nullable = (c: Check): Check => (v, p, o) => {
  if (v !== null) c(v, p, o);
};
const arr = (c: Check): Check => (v, p, o) => {
  if (!Array.isArray(v)) return bad(o, p, "expected array");
  for (let i = 0; i < v.length; i++) {
    p.push(i);
    c(v[i], p, o);
    p.pop();
  }
};
const rec = (c: Check | null): Check => (v, p, o) => {
  if (!isObj(v)) return bad(o, p, "expected object");
  if (c) {
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      p.push(k);
      c(v[k], p, o);
      p.pop();
    }
  }
};
const intMin = (min: number): Check => (v, p, o) => {
  if (typeof v !== "number" || !Number.isSafeInteger(v)) bad(o, p, "expected integer");
  else if (v < min) bad(o, p, `must be >= ${min}`);
};
const range01: Check = (v, p, o) => {
  if (typeof v !== "number" || !Number.isFinite(v)) bad(o, p, "expected number");
  else if (v < 0 || v > 1) bad(o, p, "must be between 0 and 1");
};
const nonEmptyStr: Check = (v, p, o) => {
  if (typeof v !== "string") bad(o, p, "expected string");
  else if (v.length === 0) bad(o, p, "must not be empty");
};

/** Closed object: required fields (name) and optional fields (name?) */
function obj(fields: Record<string, Check>): Check {
  const spec = Object.entries(fields).map(([k, c]) => ({ key: k.replace(/\?$/, ""), optional: k.endsWith("?"), c }));
  const known = new Set(spec.map((s) => s.key));
  const has = Object.prototype.hasOwnProperty;
  return (v, p, o) => {
    if (!isObj(v)) return bad(o, p, "expected object");
    for (const s of spec) {
      p.push(s.key);
      if (!has.call(v, s.key) || v[s.key] === undefined) {
        if (!s.optional) bad(o, p, "required");
      } else s.c(v[s.key], p, o);
      p.pop();
    }
    for (const k in v) {
      if (has.call(v, k) && !known.has(k)) {
        p.push(k);
        bad(o, p, "unknown key");
        p.pop();
      }
    }
  };
}

const agent = oneOf(AGENT_TYPES);
const strs = arr(str);

const invocation = obj({
  agent,
  startedAt: dt,
  completedAt: nullable(dt),
  status: oneOf(INVOCATION_STATUSES),
  input: obj({ prompt: str, context: rec(null), artifacts: strs }),
  output: nullable(obj({ artifacts: strs, summary: str, recommendations: strs, blockers: strs })),
  handoffFrom: nullable(agent),
  handoffTo: nullable(agent),
  handoffReason: str,
});

const workflow = obj({
  activeAgent: nullable(agent),
  workflowPhase: oneOf(WORKFLOW_PHASES),
  agentHistory: arr(invocation),
  decisions: arr(obj({
    id: re(UUID_RE, "UUID"),
    type: oneOf(DECISION_TYPES),
    description: str,
    rationale: str,
    decidedBy: agent,
    approvedBy: arr(agent),
    rejectedBy: arr(agent),
    timestamp: dt,
  })),
  verdicts: arr(obj({
    agent,
    decision: oneOf(VERDICT_DECISIONS),
    confidence: range01,
    reasoning: str,
    "conditions?": strs,
    "blockers?": strs,
    timestamp: dt,
  })),
  pendingHandoffs: arr(obj({
    fromAgent: agent,
    toAgent: agent,
    reason: str,
    context: str,
    artifacts: strs,
    "preservedContext?": rec(null),
    createdAt: dt,
  })),
  compactionHistory: arr(obj({ notePath: nonEmptyStr, compactedAt: dt, count: intMin(1) })),
  startedAt: dt,
  lastAgentChange: dt,
});

const shape = obj({
  sessionId: re(SESSION_ID_RE, "session id"),
  currentMode: oneOf(WORKFLOW_MODES),
  modeHistory: arr(obj({ mode: oneOf(WORKFLOW_MODES), timestamp: dt })),
  protocolStartComplete: bool,
  protocolEndComplete: bool,
  protocolStartEvidence: rec(str),
  protocolEndEvidence: rec(str),
  orchestratorWorkflow: nullable(workflow),
  "activeFeature?": str,
  "activeTask?": str,
  version: intMin(0),
  createdAt: dt,
  updatedAt: dt,
});

/**
 * All schema and invariant issues of a parsed JSON value; empty = valid SessionState.
 * `sizeBound`: an upper bound of the compact JSON size when the caller knows one (the byte length of
 * the note it was parsed from, or of the rendering about to be written); it spares a stringify.
 */
export function stateIssues(value: unknown, sizeBound?: number): Issue[] {
  const out: Issue[] = [];
  shape(value, [], out);
  if (out.length > 0) return out;
  const s = value as { modeHistory: { mode: string }[]; currentMode: string; createdAt: string; updatedAt: string };
  if (s.modeHistory.length === 0) bad(out, "modeHistory", "modeHistory must not be empty");
  else if (s.modeHistory[s.modeHistory.length - 1].mode !== s.currentMode) bad(out, "modeHistory", "the last modeHistory entry must equal currentMode");
  if (Date.parse(s.updatedAt) < Date.parse(s.createdAt)) bad(out, "updatedAt", "updatedAt is earlier than createdAt");
  if ((sizeBound === undefined || sizeBound > MAX_STATE_BYTES) && Buffer.byteLength(JSON.stringify(value)) > MAX_STATE_BYTES) bad(out, "$", `state is larger than ${MAX_STATE_BYTES} bytes`);
  return out;
}
