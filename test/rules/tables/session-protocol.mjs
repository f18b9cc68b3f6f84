// Rule tester tables of the session-protocol gate rules (PH-001..PH-009, specs/session-protocol-mcp.md
// §2). One PHASE_GATE document named after the gate; the facts are what the host gathered for it. A
// FAIL is a finding `gateFailed` with the gate name (line 0); PASS and SKIPPED are no finding. `verdict` is
// the messageId of the verdict's text, recorded on the gate (data messageId) and rendered by the host.
const gate = (name) => [{ name, kind: "PHASE_GATE", text: name }];
const H = "a".repeat(64);
const fails = (g) => [{ messageId: "gateFailed", line: 0, data: { gate: g }, doc: g }];
const failsWarn = (g) => [{ messageId: "gateFailed", line: 0, data: { gate: g }, doc: g, severity: "warning" }];

export default {
  "PH-001": {
    valid: [{ name: "SERENA_INIT memory store answers", verdict: "ok", docs: gate("SERENA_INIT"), facts: { memoriesDir: "m", memoriesReadable: true, memoryCount: 2 } }],
    invalid: [
      { name: "SERENA_INIT memory store not readable", verdict: "unavailable", docs: gate("SERENA_INIT"), facts: { memoriesDir: "m", memoriesReadable: false, memoriesDetail: "ENOENT" }, errors: fails("SERENA_INIT") },
      { name: "SERENA_INIT without any facts never passes", verdict: "noFolder", docs: gate("SERENA_INIT"), errors: fails("SERENA_INIT") },
    ],
  },
  "PH-002": {
    valid: [{ name: "SKILL_VALIDATION skills folder and memory read", verdict: "ok", docs: gate("SKILL_VALIDATION"), facts: { skillsDir: "s", skillsDirExists: true, skillScripts: 3, memoryRead: "read", memoryName: "m" } }],
    invalid: [
      { name: "SKILL_VALIDATION skills folder missing", verdict: "noDir", docs: gate("SKILL_VALIDATION"), facts: { skillsDir: "s", skillsDirExists: false, memoryRead: "read", memoryName: "m" }, errors: fails("SKILL_VALIDATION") },
      { name: "SKILL_VALIDATION skills folder missing and no evidence the memory was read", verdict: "noDirNoMemory", docs: gate("SKILL_VALIDATION"), facts: { skillsDir: "s", skillsDirExists: false, memoryName: "m" }, errors: fails("SKILL_VALIDATION") },
      { name: "SKILL_VALIDATION no evidence the memory was read", verdict: "noMemory", docs: gate("SKILL_VALIDATION"), facts: { skillsDir: "s", skillsDirExists: true, memoryName: "m" }, errors: fails("SKILL_VALIDATION") },
    ],
  },
  "PH-003": {
    valid: [
      { name: "CONTEXT_RETRIEVAL recorded hash matches (case-insensitive)", verdict: "ok", docs: gate("CONTEXT_RETRIEVAL"), facts: { handoffPath: "h", handoffExists: true, recordedHash: H.toUpperCase(), currentHash: H } },
      { name: "CONTEXT_RETRIEVAL no hand-off: notes stand in", verdict: "notes", docs: gate("CONTEXT_RETRIEVAL"), facts: { handoffPath: "h", handoffExists: false, notesEvidence: "n" } },
    ],
    invalid: [
      { name: "CONTEXT_RETRIEVAL stale hash", verdict: "stale", docs: gate("CONTEXT_RETRIEVAL"), facts: { handoffPath: "h", handoffExists: true, recordedHash: H, currentHash: "b".repeat(64) }, errors: fails("CONTEXT_RETRIEVAL") },
      { name: "CONTEXT_RETRIEVAL hand-off file there but unreadable: never a pass, even with a matching hash or notes", verdict: "unreadable", docs: gate("CONTEXT_RETRIEVAL"), facts: { handoffPath: "h", handoffExists: true, handoffUnreadable: "too large", recordedHash: H, currentHash: H, notesEvidence: "n" }, errors: fails("CONTEXT_RETRIEVAL") },
      { name: "CONTEXT_RETRIEVAL no hash recorded", verdict: "noHash", docs: gate("CONTEXT_RETRIEVAL"), facts: { handoffPath: "h", handoffExists: true, currentHash: H }, errors: fails("CONTEXT_RETRIEVAL") },
      { name: "CONTEXT_RETRIEVAL recorded hash is no SHA-256", verdict: "badHash", docs: gate("CONTEXT_RETRIEVAL"), facts: { handoffPath: "h", handoffExists: true, recordedHash: "xyz", currentHash: H }, errors: fails("CONTEXT_RETRIEVAL") },
      { name: "CONTEXT_RETRIEVAL neither hand-off nor notes", verdict: "nothing", docs: gate("CONTEXT_RETRIEVAL"), facts: { handoffPath: "h", handoffExists: false }, errors: fails("CONTEXT_RETRIEVAL") },
    ],
  },
  "PH-004": {
    valid: [
      { name: "SESSION_LOG validates in creation mode", verdict: "ok", docs: gate("SESSION_LOG"), facts: { logPath: "l", logExists: true, logFindings: [] } },
      { name: "SESSION_LOG issue-40 preset validate-if-present: no log is SKIPPED", verdict: "optional", docs: gate("SESSION_LOG"), facts: { logPath: "l", logExists: false, logRequired: false } },
    ],
    invalid: [
      { name: "SESSION_LOG no log", verdict: "noLog", docs: gate("SESSION_LOG"), facts: { logPath: "l", logExists: false }, errors: fails("SESSION_LOG") },
      { name: "SESSION_LOG issue-40 preset validate-if-present: a present log is still validated", verdict: "invalid", docs: gate("SESSION_LOG"), facts: { logPath: "l", logExists: true, logRequired: false, logFindings: ["SP-001 x"] }, errors: fails("SESSION_LOG") },
      { name: "SESSION_LOG validator did not run", verdict: "notRun", docs: gate("SESSION_LOG"), facts: { logPath: "l", logExists: true }, errors: fails("SESSION_LOG") },
      { name: "SESSION_LOG log has findings", verdict: "invalid", docs: gate("SESSION_LOG"), facts: { logPath: "l", logExists: true, logFindings: ["SP-001 x"] }, errors: fails("SESSION_LOG") },
      { name: "SESSION_LOG validator could not check", verdict: "internal", docs: gate("SESSION_LOG"), facts: { logPath: "l", logExists: true, logFindings: [], logInternal: ["AC-902 x"] }, errors: fails("SESSION_LOG") },
    ],
  },
  "PH-005": {
    valid: [{ name: "GIT_STATE branch, commit and tree recorded", verdict: "ok", docs: gate("GIT_STATE"), facts: { branch: "b", startingCommit: "abc", treeState: "clean" } }],
    invalid: [{ name: "GIT_STATE missing parts (SHOULD: a warning)", verdict: "missing", docs: gate("GIT_STATE"), facts: { branch: "b", startingCommit: "" }, errors: failsWarn("GIT_STATE") }],
  },
  "PH-006": {
    valid: [{ name: "DOCS_UPDATE work entries recorded", verdict: "ok", docs: gate("DOCS_UPDATE"), facts: { logPath: "l", logExists: true, workEntries: 2 } }],
    invalid: [
      { name: "DOCS_UPDATE empty work sections (SHOULD: a warning)", verdict: "empty", docs: gate("DOCS_UPDATE"), facts: { logPath: "l", logExists: true, workEntries: 0 }, errors: failsWarn("DOCS_UPDATE") },
      { name: "DOCS_UPDATE no log", verdict: "noLog", docs: gate("DOCS_UPDATE"), facts: { logPath: "l", logExists: false }, errors: failsWarn("DOCS_UPDATE") },
    ],
  },
  "PH-007": {
    valid: [
      { name: "QUALITY_CHECKS lint clean on changed markdown", verdict: "ok", docs: gate("QUALITY_CHECKS"), facts: { changedMarkdown: ["a.md"], lintFindings: [] } },
      { name: "QUALITY_CHECKS no markdown changed", verdict: "noMarkdown", docs: gate("QUALITY_CHECKS"), facts: { changedMarkdown: [], lintFindings: [] } },
      { name: "QUALITY_CHECKS warnings only: listed, not blocking (as PP-003's WARN row)", verdict: "okWarnings", docs: gate("QUALITY_CHECKS"), facts: { changedMarkdown: ["a.md"], lintFindings: [], lintWarnings: ["a.md:3 MD013 long"] } },
    ],
    invalid: [
      { name: "QUALITY_CHECKS lint findings", verdict: "problems", docs: gate("QUALITY_CHECKS"), facts: { changedMarkdown: ["a.md"], lintFindings: ["a.md:1 MD001 x"] }, errors: fails("QUALITY_CHECKS") },
      { name: "QUALITY_CHECKS lint could not run", verdict: "lintFailed", docs: gate("QUALITY_CHECKS"), facts: { lintError: "boom" }, errors: fails("QUALITY_CHECKS") },
      { name: "QUALITY_CHECKS lint did not run", verdict: "notRun", docs: gate("QUALITY_CHECKS"), errors: fails("QUALITY_CHECKS") },
    ],
  },
  "PH-008": {
    valid: [
      { name: "QA_VALIDATION QA report present", verdict: "ok", docs: gate("QA_VALIDATION"), facts: { sessionId: "s", qaReports: [".agents/qa/s.md"], changesKnown: true, changedFiles: ["a.ts"] } },
      { name: "QA_VALIDATION docs-only changes are SKIPPED", verdict: "docsOnly", docs: gate("QA_VALIDATION"), facts: { sessionId: "s", changesKnown: true, changedFiles: ["a.md", ".agents/sessions/s.json"] } },
      { name: "QA_VALIDATION no changes are SKIPPED", verdict: "noChanges", docs: gate("QA_VALIDATION"), facts: { sessionId: "s", changesKnown: true, changedFiles: [] } },
    ],
    invalid: [
      { name: "QA_VALIDATION skip_qa refused for code changes", verdict: "skipNotAllowed", docs: gate("QA_VALIDATION"), facts: { sessionId: "s", changesKnown: true, changedFiles: ["a.ts"], skipQa: true, qaReports: ["r"] }, errors: fails("QA_VALIDATION") },
      { name: "QA_VALIDATION changes unknown", verdict: "unknownChanges", docs: gate("QA_VALIDATION"), facts: { sessionId: "s", changesKnown: false }, errors: fails("QA_VALIDATION") },
      { name: "QA_VALIDATION code changed without a QA report", verdict: "noReport", docs: gate("QA_VALIDATION"), facts: { sessionId: "s", changesKnown: true, changedFiles: ["a.ts"] }, errors: fails("QA_VALIDATION") },
    ],
  },
  "PH-009": {
    valid: [{ name: "GIT_COMMIT commits since start, clean tree", verdict: "ok", docs: gate("GIT_COMMIT"), facts: { headCommit: "abc", commitsSince: 2, dirtyFiles: [] } }],
    invalid: [
      { name: "GIT_COMMIT no commit since start and a dirty tree", verdict: "noCommitDirty", docs: gate("GIT_COMMIT"), facts: { headCommit: "abc", commitsSince: 0, startingCommit: "abc", dirtyFiles: ["x"] }, errors: fails("GIT_COMMIT") },
      { name: "GIT_COMMIT starting commit unknown", verdict: "notAncestor", docs: gate("GIT_COMMIT"), facts: { headCommit: "abc", commitsSince: -1, startingCommit: "zzz" }, errors: fails("GIT_COMMIT") },
      { name: "GIT_COMMIT no commit since start, clean tree", verdict: "noCommit", docs: gate("GIT_COMMIT"), facts: { headCommit: "abc", commitsSince: 0, startingCommit: "abc", dirtyFiles: [] }, errors: fails("GIT_COMMIT") },
      { name: "GIT_COMMIT starting commit unknown and a dirty tree", verdict: "notAncestorDirty", docs: gate("GIT_COMMIT"), facts: { headCommit: "abc", commitsSince: -1, startingCommit: "zzz", dirtyFiles: ["x"] }, errors: fails("GIT_COMMIT") },
      { name: "GIT_COMMIT commits since start but a dirty tree", verdict: "dirty", docs: gate("GIT_COMMIT"), facts: { headCommit: "abc", commitsSince: 1, startingCommit: "abc", dirtyFiles: ["x", "y"] }, errors: fails("GIT_COMMIT") },
      { name: "GIT_COMMIT no commit in the repository", verdict: "noHead", docs: gate("GIT_COMMIT"), errors: fails("GIT_COMMIT") },
    ],
  },
};
