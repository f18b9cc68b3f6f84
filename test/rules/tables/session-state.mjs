// Rule tester tables of the session-state rules. The host reads the state note and hands the state
// to the core as compact JSON, with the JSON Schema generated from the zod schema at build time
// (fact state.schema) and the session id of the note's name (fact state.id); a note that is not a
// readable JSON note arrives as "state.status" = corrupt with its detail.
import { readFileSync } from "node:fs";

const generated = readFileSync(new URL("../../../src/wasm/generated/state-schema.ts", import.meta.url), "utf8");
const schema = JSON.parse(/STATE_SCHEMA = (".*");/.exec(generated)[1]);
const T0 = "2026-02-11T09:00:00.000Z";
const T1 = "2026-02-11T10:00:00.000Z";

/** A valid state (spec session-state §2.1) with `patch` applied (undefined removes a key). */
function state(patch = {}) {
  const s = {
    sessionId: "s1", currentMode: "analysis", modeHistory: [{ mode: "analysis", timestamp: T0 }],
    protocolStartComplete: true, protocolEndComplete: false,
    protocolStartEvidence: { handoffRead: "yes" }, protocolEndEvidence: {},
    orchestratorWorkflow: null, version: 1, createdAt: T0, updatedAt: T1,
  };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete s[k];
    else s[k] = v;
  }
  return s;
}
const doc = (s) => [{ name: ".agent-notes/sessions/session-s1.md", kind: "SESSION_STATE", text: JSON.stringify(s) }];
const facts = (more = {}) => ({ "state.schema": schema, "state.id": "s1", ...more });
const bad = (path, extra = {}) => ({ messageId: "invalid", data: { path, ...extra } });
/** A workflow holding one decision with id `id` (issue 33: the core's `$` is the end of input, as zod's). */
const withDecision = (id) => state({ orchestratorWorkflow: { activeAgent: "qa", workflowPhase: "planning", agentHistory: [], verdicts: [], pendingHandoffs: [], compactionHistory: [], startedAt: T0, lastAgentChange: T0,
  decisions: [{ id, type: "technical", description: "d", rationale: "r", decidedBy: "qa", approvedBy: [], rejectedBy: [], timestamp: T0 }] } });
const UUID = "0f8fad5b-d9cb-469f-a165-70867728950e";

export default {
  "SS-001": {
    valid: [
      { name: "protocol start complete with evidence", docs: doc(state()), facts: facts() },
      { name: "an invalid state is SS-002's, not SS-001's", docs: doc(state({ protocolStartComplete: false, version: -1 })), facts: facts(), errors: [] },
    ],
    invalid: [
      { name: "protocol start not recorded", docs: doc(state({ protocolStartComplete: false, protocolStartEvidence: {} })), facts: facts(), errors: [{ messageId: "protocolStartNotRecorded", data: { n: "0" } }] },
      { name: "complete but only blank evidence (the evidence filter: values blank once trimmed do not count)", docs: doc(state({ protocolStartEvidence: { handoffRead: "  " } })), facts: facts(), errors: [{ messageId: "protocolStartNoEvidence", data: { n: "0" } }] },
    ],
  },
  "SS-002": {
    valid: [
      { name: "a valid state", docs: doc(state()), facts: facts() },
      { name: "timestamps with offsets, a workflow and optional fields (SCH-02, SCH-12)", docs: doc(state({ activeFeature: "f", activeTask: "t", updatedAt: "2026-02-11T12:00:00+02:00", orchestratorWorkflow: { activeAgent: "qa", workflowPhase: "planning", agentHistory: [], decisions: [], verdicts: [], pendingHandoffs: [], compactionHistory: [], startedAt: T0, lastAgentChange: T0 } })), facts: facts() },
      { name: "SS-002 (issue 33 item 3): escaped strings decode to the values they stand for (\\u0061, \\n, non-ASCII next to escapes)", docs: [{ ...doc(state())[0], text: JSON.stringify(state({ protocolStartEvidence: { handoffRead: "r\u00e9ad\nit \u{1F600}" } })).replaceAll('"analysis"', '"an\\u0061lys\\u0069s"') }], facts: facts() },
      { name: "SS-002 (issue 33 item 8): a decision id that is a UUID", docs: doc(withDecision(UUID)), facts: facts() },
    ],
    invalid: [
      { name: "a corrupt note", docs: doc(""), facts: { "state.status": "corrupt", "state.detail": "CORRUPT: not JSON" }, errors: [{ messageId: "sessionState", data: { status: "corrupt", detail: "CORRUPT: not JSON" } }] },
      { name: "one finding per schema issue: unknown mode, extra key (SCH-07, SCH-11)", docs: doc(state({ currentMode: "weird", foo: 1 })), facts: facts(), errors: [bad("(root)"), bad("currentMode")] },
      { name: "required key missing (SCH-06)", docs: doc(state({ version: undefined })), facts: facts(), errors: [bad("(root)", { message: "'version' is a required property" })] },
      { name: "negative version, bad timestamp (SCH-08, SCH-09)", docs: doc(state({ version: -1, createdAt: "2026-13-01T00:00:00Z" })), facts: facts(), errors: [bad("createdAt"), bad("version")] },
      { name: "a leap second is not a date-time here (isDateTime)", docs: doc(state({ updatedAt: "2026-02-11T10:00:60Z" })), facts: facts(), errors: [bad("updatedAt")] },
      { name: "invariants: history must end with the current mode", docs: doc(state({ currentMode: "coding" })), facts: facts(), errors: [bad("modeHistory", { message: "the last modeHistory entry must equal currentMode" })] },
      { name: "invariants: empty history; updatedAt before createdAt", docs: doc(state({ modeHistory: [], updatedAt: "2026-02-11T08:00:00.000Z" })), facts: facts(), errors: [bad("modeHistory", { message: "modeHistory must not be empty" }), bad("updatedAt", { message: "updatedAt is earlier than createdAt" })] },
      { name: "the session id must match the note name", docs: doc(state({ sessionId: "other" })), facts: facts(), errors: [bad("sessionId")] },
      { name: "no schema supplied: never a pass", docs: doc(state()), facts: { "state.id": "s1" }, errors: [{ messageId: "sessionState", data: { status: "ok" } }] },
      { name: "SS-002 (issue 33 item 8): a decision id with a trailing newline is no UUID ($ is the end of input, as zod has it)", docs: doc(withDecision(`${UUID}\n`)), facts: facts(), errors: [bad("orchestratorWorkflow")] },
    ],
  },
};
