// Rule tester tables of the session manifest rules (state.json v2, specs/session-formats.md §1).
// One MANIFEST document per session folder (flags: 1 spec.md, 2 plan.json, 4 plan.md exist) and its
// MANIFEST_SPEC document (spec.md); the host supplies the JSON Schema generated from the zod schema
// (fact manifest.schema). Manifests are written with JSON.stringify(m, null, 2): line 3 is session_id,
// 8 updated_at, 10 status, 12..19 phase_history, 22 checkpoints_total, 24/25 the completed checkpoints.
import { manifestJsonSchemaText } from "../../../dist/manifest/schema.js";

const ID = "2026-02-14_feature-dark-mode_a1b2c3";
const SPEC = "# Topic\n\n## Goals\n\n- [ ] g\n\n## Open Questions\n\n- [x] q\n\n## Key Decisions\n\n### d\n";

/** A valid manifest in phase build (checkpoints 1 and 2 of 3 done, one commit), with `patch` applied. */
export function manifest(patch = {}) {
  const m = {
    $schema: "https://example.com/state.schema.json",
    session_id: ID, topic: "Dark mode", description: "Add a dark theme", session_type: "full",
    created_at: "2026-02-14T10:00:00Z", updated_at: "2026-02-14T13:00:00+01:00",
    current_phase: "build", status: "active",
    phase_history: {
      spec_started_at: "2026-02-14T10:00:00Z", spec_completed_at: "2026-02-14T10:30:00Z",
      plan_started_at: "2026-02-14T10:30:00Z", plan_completed_at: "2026-02-14T11:00:00.500Z",
      build_started_at: "2026-02-14T11:00:01Z", build_completed_at: null,
      docs_started_at: null, docs_completed_at: null,
    },
    build_progress: { checkpoints_total: 3, checkpoints_completed: [1, 2], current_checkpoint: 3 },
    git: { branch: "feat/dark-mode", worktree: null, base_branch: "main" },
    commits: [{ sha: "a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0", message: "feat: tokens", checkpoint: 1, created_at: "2026-02-14T11:30:00Z" }],
    artifacts: { spec: "spec.md", plan: "plan.json", plan_readable: "plan.md" },
  };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete m[k];
    else if (v && typeof v === "object" && !Array.isArray(v) && m[k] && typeof m[k] === "object") m[k] = { ...m[k], ...v };
    else m[k] = v;
  }
  return m;
}
const state = (m, { folder = ID, flags = 7, text } = {}) => ({ name: `agents/sessions/${folder}/state.json`, kind: "MANIFEST", flags, text: text ?? JSON.stringify(m, null, 2) });
const spec = (text = SPEC, folder = ID) => ({ name: `agents/sessions/${folder}/spec.md`, kind: "MANIFEST_SPEC", text });
export const session = (m = manifest(), opts = {}) => [state(m, opts), spec(opts.spec, opts.folder)];
const facts = { "manifest.schema": manifestJsonSchemaText() };
const ok = (name) => ({ name, docs: session(), facts });
/** The zod schema with a catastrophic pattern on topic (a long "aaa…" topic runs out of regex budget). */
export function budgetSchema() {
  const s = JSON.parse(manifestJsonSchemaText());
  s.properties.topic.pattern = "^(a*)*b$";
  return JSON.stringify(s);
}

export default {
  "SM-001": {
    valid: [ok("a JSON object")],
    invalid: [
      { name: "not JSON", docs: [state(null, { text: '{\n  "session_id": \n}' }), spec()], facts, errors: [{ messageId: "manifestIsNotJson", line: 3 }] },
      { name: "a JSON array", docs: [state(null, { text: "[]" }), spec()], facts, errors: [{ messageId: "manifestMustBeA", line: 1, column: 1 }] },
    ],
  },
  "SM-002": {
    valid: [ok("a manifest matching the zod v2 schema")],
    invalid: [
      { name: "an unknown key and a wrong enum value", docs: session(manifest({ extra: 1, session_type: "huge" })), facts, errors: [
        { messageId: "schema", line: 1, data: { path: "(root)" } },
        { messageId: "schema", line: 6, data: { path: "session_type" } },
      ] },
      { name: "no schema supplied: the schema layer is reported unchecked", docs: session(), facts: {}, errors: [{ messageId: "schema2", line: 0 }] },
      { name: "a schema keyword the interpreter does not check", docs: session(), facts: { "manifest.schema": JSON.stringify({ type: "object", minProperties: 1 }) }, errors: [{ messageId: "schemaKeywordSNot", severity: "warning", data: { join: "minProperties" } }] },
      { name: "SM-002: invalid schema: a $ref to a value that is not a schema", docs: session(), facts: { "manifest.schema": JSON.stringify({ required: ["topic"], properties: { topic: { $ref: "#/required" } } }) }, errors: [{ messageId: "schema2", line: 0 }] },
      { name: "SM-002: a format the interpreter does not check is listed", docs: session(), facts: { "manifest.schema": JSON.stringify({ type: "object", properties: { topic: { format: "uri" } } }) }, errors: [{ messageId: "schemaKeywordSNot", severity: "warning", data: { join: "format: uri" } }] },
    ],
  },
  "SM-003": {
    valid: [ok("session_id is the folder name")],
    invalid: [{ name: "session_id differs from the folder", docs: session(manifest(), { folder: "2026-02-14_other_ffffff" }), facts, errors: [{ messageId: "sessionIdIsNot", line: 3, data: { id: ID, folder: "2026-02-14_other_ffffff" } }] }],
  },
  "SM-004": {
    valid: [ok("phases before build completed, build started, docs untouched")],
    invalid: [
      { name: "earlier phases incomplete, the current one not started", docs: session(manifest({ phase_history: { spec_started_at: null, plan_completed_at: null, build_started_at: null } })), facts, errors: [
        { messageId: "phaseHistoryIsNull", line: 12, data: { sk: "spec_started_at", name: "spec", cur: "build" } },
        { messageId: "phaseHistoryIsNull2", line: 15, data: { ck: "plan_completed_at", name: "plan", cur: "build" } },
        { messageId: "phaseHistoryIsNull3", line: 16, data: { sk: "build_started_at", name: "build" } },
      ] },
      { name: "a later phase already started and completed", docs: session(manifest({ phase_history: { docs_started_at: "2026-02-14T11:10:00Z", docs_completed_at: "2026-02-14T11:20:00Z" } })), facts, errors: [
        { messageId: "phaseHistoryIsSet", line: 18, data: { sk: "docs_started_at", name: "docs", cur: "build" } },
        { messageId: "phaseHistoryIsSet2", line: 19, data: { ck: "docs_completed_at", name: "docs", cur: "build" } },
      ] },
    ],
  },
  "SM-005": {
    valid: [ok("timestamps in phase order")],
    invalid: [
      { name: "plan started before spec completed", docs: session(manifest({ phase_history: { plan_started_at: "2026-02-14T10:20:00Z" } })), facts, errors: [{ messageId: "phaseHistoryIsBefore", line: 14, data: { k: "plan_started_at", prevName: "phase_history.spec_completed_at" } }] },
      { name: "updated_at before the last phase timestamp", docs: session(manifest({ updated_at: "2026-02-14T11:00:00Z" })), facts, errors: [{ messageId: "updatedAtIsBefore", line: 8, data: { prevName: "phase_history.build_started_at" } }] },
    ],
  },
  "SM-006": {
    valid: [ok("updated_at after created_at")],
    invalid: [{ name: "updated_at before created_at", docs: session(manifest({ updated_at: "2026-02-14T09:00:00Z" })), facts, errors: [{ messageId: "updatedAtIsBefore", line: 8 }] }],
  },
  "SM-007": {
    valid: [ok("distinct completed checkpoints within 1..total")],
    invalid: [
      { name: "a checkpoint beyond the total", docs: session(manifest({ build_progress: { checkpoints_completed: [1, 4] } })), facts, errors: [{ messageId: "checkpointIsOutside", line: 25, data: { n: "4", total: "3" } }] },
      { name: "a checkpoint listed twice", docs: session(manifest({ build_progress: { checkpoints_completed: [1, 1] } })), facts, errors: [{ messageId: "checkpointIsListedTwice", line: 25, data: { n: "1" } }] },
    ],
  },
  "SM-008": {
    valid: [ok("current checkpoint open and within the total")],
    invalid: [
      { name: "current checkpoint beyond the total", docs: session(manifest({ build_progress: { current_checkpoint: 5 } })), facts, errors: [{ messageId: "currentCheckpointIsOutside", line: 27, data: { n: "5", total: "3" } }] },
      { name: "current checkpoint already completed", docs: session(manifest({ build_progress: { current_checkpoint: 2 } })), facts, errors: [{ messageId: "currentCheckpointIsAlready", line: 27, data: { n: "2" } }] },
    ],
  },
  "SM-009": {
    valid: [ok("the commit's checkpoint exists")],
    invalid: [{ name: "a commit naming checkpoint 7 of 3", docs: session(manifest({ commits: [{ sha: "a1b2c3d", message: "m", checkpoint: 7, created_at: "2026-02-14T11:30:00Z" }] })), facts, errors: [{ messageId: "commitsNamesCheckpointOutside", data: { j: "0", str: "a1b2c3d", n: "7", total: "3" } }] }],
  },
  "SM-010": {
    valid: [
      ok("status active in phase build"),
      // AC-904 (reported through SM-002): a schema check without a verdict is not a pass, so the invariants do not run
      { name: "SM-002 AC-904: the schema layer ran out of budget: invariants not applied", docs: session(manifest({ status: "complete", topic: "a".repeat(40) })), facts: { "manifest.schema": budgetSchema() } },
    ],
    invalid: [{ name: "status complete in phase build", docs: session(manifest({ status: "complete" })), facts, errors: [{ messageId: "statusDisagreesWithCurrent", line: 10, data: { status: "complete", cur: "build" } }] }],
  },
  "SM-011": {
    valid: [ok("spec.md, plan.json and plan.md present")],
    invalid: [{ name: "plan.md missing", docs: session(manifest(), { flags: 3 }), facts, errors: [{ messageId: "artifactIsMissingFrom", line: 0, data: { ARTIFACTS: "plan.md" } }] }],
  },
  "SM-012": {
    valid: [ok("spec.md with Goals, Open Questions and Key Decisions")],
    invalid: [
      { name: "spec.md without Key Decisions", docs: session(manifest(), { spec: "# T\n\n## Goals\n\n## Open Questions: none\n" }), facts, errors: [{ messageId: "specMdHasNo", data: { title: "Key Decisions" } }] },
      { name: "spec.md flagged present but not supplied", docs: [state(manifest())], facts, errors: [{ messageId: "specMdWasNot", line: 0 }] },
    ],
  },
};
