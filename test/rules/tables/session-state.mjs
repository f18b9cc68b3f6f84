// Rule tester tables of the session-state rules. The host reads and schema-checks the state note and
// supplies the outcome as facts (stateStatus, stateDetail, stateIssues, protocolStart*).
const note = { name: ".agent-notes/sessions/session-s1.md", kind: "SESSION_STATE", text: "" };

export default {
  "SS-001": {
    valid: [
      { name: "protocol start complete with evidence", docs: [note], facts: { stateStatus: "ok", protocolStartComplete: true, protocolStartEvidence: ["handoffRead"] } },
    ],
    invalid: [
      { name: "protocol start not recorded", docs: [note], facts: { stateStatus: "ok", protocolStartComplete: false }, errors: [{ messageId: "protocolStartNotRecorded", data: { detail: "no", n: "0" } }] },
      { name: "complete but without evidence", docs: [note], facts: { stateStatus: "ok", protocolStartComplete: true, protocolStartEvidence: [] }, errors: [{ messageId: "protocolStartNotRecorded", data: { detail: "yes", n: "0" } }] },
    ],
  },
  "SS-002": {
    valid: [
      { name: "a readable state note", docs: [note], facts: { stateStatus: "ok", protocolStartComplete: true, protocolStartEvidence: ["x"] } },
    ],
    invalid: [
      { name: "a corrupt note", docs: [note], facts: { stateStatus: "corrupt", stateDetail: "not JSON" }, errors: [{ messageId: "sessionState", data: { status: "corrupt", detail: "not JSON" } }] },
      { name: "one finding per schema issue", docs: [note], facts: { stateStatus: "invalid", stateIssues: ["version: expected number", "currentMode: invalid"] }, errors: [
        { messageId: "sessionState2", data: { status: "invalid", issues: "version: expected number" } },
        { messageId: "sessionState2", data: { status: "invalid", issues: "currentMode: invalid" } },
      ] },
    ],
  },
};
