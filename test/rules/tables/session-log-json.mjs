// Rule tester tables of the JSON session-log rules SP-100..SP-132. Documents are SESSION_JSON with
// flags 0 = full mode (1 creation, 2 record). Without a `session.schema` fact the schema layer is
// skipped (SP-102 "message") and SP-103 checks presence; without `now` SP-106 reports an info.
// Git facts: git.available, git.commit.<sha>, git.diff.<a>..<b> (list), qa.report.<path>.
const NAME = ".agents/sessions/2026-01-05-session-42.json";
const START = ["serenaActivated", "serenaInstructions", "handoffRead", "sessionLogCreated", "skillScriptsListed",
  "usageMandatoryRead", "constraintsRead", "memoriesLoaded", "branchVerified", "notOnMain"];
const END = ["checklistComplete", "handoffPreserved", "serenaMemoryUpdated", "markdownLintRun", "qaValidation",
  "changesCommitted", "validationPassed"];
const item = (complete = true, evidence = "Evidence", level = "MUST") => ({ complete, evidence, level });

/** A complete full-mode log (every required item a complete MUST with evidence; QA skipped as investigation-only). */
function base() {
  const sessionStart = {};
  for (const k of START) sessionStart[k] = item();
  const sessionEnd = {};
  for (const k of END) sessionEnd[k] = item();
  sessionEnd.qaValidation = item(true, "SKIPPED: investigation-only");
  return {
    schemaVersion: "1.0",
    session: { number: 42, date: "2026-01-05", branch: "feat/table-parser", startingCommit: "a1b2c3d", objective: "Fix pipes" },
    protocolCompliance: { sessionStart, sessionEnd },
    workLog: [],
    endingCommit: "d4e5f60",
    nextSteps: [],
  };
}
/** base() changed by `edit`. */
const with_ = (edit) => { const l = base(); edit(l); return l; };
const log = (l, o = {}) => ({ name: o.name ?? NAME, kind: "SESSION_JSON", flags: o.flags ?? 0, text: typeof l === "string" ? l : JSON.stringify(l, null, 2) });
const docs = (l, o) => [log(l, o)];
const start = (l) => l.protocolCompliance.sessionStart;
const end = (l) => l.protocolCompliance.sessionEnd;

const SCHEMA = JSON.stringify({ type: "object", required: ["session", "protocolCompliance"] });
const NOW = "2026-01-06T12:00:00Z";
const GIT = { "git.available": true };
const QA = ".agents/qa/2026-01-05-qa.md";
const QA_COMMIT = "0123456789abcdef0123456789abcdef01234567";
const qaLog = () => with_((l) => { end(l).qaValidation = item(true, `See ${QA}`); });
// issue 35 item 2: a log recording the blobs QA covered (src/a.ts: `qa` repeated) and the session's end (`atEnd` repeated)
const qaFingerprint = (qa, atEnd, extra = {}, commit = QA_COMMIT) => with_((l) => {
  end(l).qaValidation = item(true, `See ${QA}`);
  l.qaContentEvidence = { commit, files: { "src/a.ts": qa.repeat(40), ...extra } };
  l.contentEvidence = { files: { "src/a.ts": atEnd.repeat(40), ".agents/sessions/x.json": "d".repeat(40) } };
});
const report = (fm) => `---\n${fm}\n---\n# QA\n`;
const goodReport = report(`qaVerdict: PASS\nqaSessionLog: ${NAME}\nqaCommit: ${QA_COMMIT}`);
const qaFacts = (extra = {}) => ({ ...GIT, [`qa.report.${QA}`]: goodReport, [`git.commit.${QA_COMMIT}`]: ["ancestor", QA_COMMIT], ...extra });
const skipLog = (label, edit = () => {}) => with_((l) => { end(l).qaValidation = item(true, `SKIPPED: ${label}`); edit(l); });
const RANGE = "git.diff.a1b2c3d..d4e5f60";
// SP-131's ranges for qaLog(): after QA up to the endingCommit, and the session's changes up to QA
const QA_WINDOW = `git.diff.${QA_COMMIT}..d4e5f60`;
const QA_COVERED = `git.diff.a1b2c3d..${QA_COMMIT}`;

export default {
  "SP-100": {
    valid: [{ name: "a strict JSON log", docs: docs(base()) }],
    invalid: [{ name: "a trailing comma", docs: docs('{\n  "session": {\n    "number": 1,\n  }\n}'), errors: [{ messageId: "invalidJsonInSession", line: 4, column: 3, data: { line: "4", col: "3" } }] }],
  },
  "SP-101": {
    valid: [{ name: "an object at the root", docs: docs(base()) }],
    invalid: [{ name: "an array at the root", docs: docs("[1, 2]"), errors: [{ messageId: "schemaRootIsNot", line: 1, data: { jsonShort: "[...]" } }] }],
  },
  "SP-102": {
    valid: [
      { name: "a log the schema accepts", docs: docs(base()), facts: { "session.schema": SCHEMA } },
      {
        name: "SP-102: $ref cycles (a definition referring to itself, a reference to the root) are checked once, no loop",
        docs: docs(base()),
        facts: { "session.schema": JSON.stringify({ definitions: { a: { type: "object", properties: { x: { $ref: "#/definitions/a" } } } }, properties: { session: { $ref: "#/definitions/a" }, outcomes: { $ref: "#" } } }) },
      },
      { name: "SP-102 (issue 33 item 8): schemaVersion \"1.0\" matches ^1\\.0$", docs: docs(base()), facts: { "session.schema": JSON.stringify({ properties: { schemaVersion: { type: "string", pattern: "^1\\.0$" } } }) } },
    ],
    invalid: [
      { name: "no schema supplied: the schema layer is skipped, visibly", docs: docs(base()), errors: [{ messageId: "message", line: 0, data: { problem: "Schema: no schema was supplied (fact session.schema), schema layer skipped" } }] },
      {
        name: "SP-102: one log's violation is not reported again on the next log (run() resets errors)",
        docs: [log(with_((l) => { delete l.session; })), log(base(), { name: NAME.replace("-42", "-43") })],
        facts: { "session.schema": SCHEMA },
        errors: [{ messageId: "schema", line: 1, doc: NAME, data: { path: "(root)", message: "'session' is a required property" } }],
      },
      { name: "TC-353: a required property missing", docs: docs(with_((l) => { delete l.session; })), facts: { "session.schema": SCHEMA }, errors: [{ messageId: "schema", line: 1, data: { path: "(root)", message: "'session' is a required property" } }] },
      { name: "a schema keyword agentcheck does not check", docs: docs(base()), facts: { "session.schema": JSON.stringify({ type: "object", minProperties: 1 }) }, errors: [{ messageId: "schemaUsesKeywordS", severity: "warning", line: 0, data: { join: "minProperties" } }] },
      ...[
        ["a $ref into a non-keyword container: the target's bad type", { myDefs: { a: { type: 5 } }, properties: { session: { $ref: "#/myDefs/a" } } }, "#/myDefs/a.type: invalid or unsupported value 5"],
        ["a $ref into a non-keyword container: the target's bad minimum", { myDefs: { a: { minimum: "3" } }, properties: { session: { $ref: "#/myDefs/a" } } }, "#/myDefs/a.minimum: invalid or unsupported value '3'"],
        ["a $ref into a non-keyword container: the target's bad pattern", { myDefs: { a: { pattern: "(" } }, properties: { session: { $ref: "#/myDefs/a" } } }, "#/myDefs/a.pattern: invalid or unsupported value '('"],
        ["a $ref to a list (not a schema)", { required: ["session"], properties: { session: { $ref: "#/required" } } }, "(root).properties.session.$ref: invalid or unsupported value '#/required'"],
        ["a $ref to a string (not a schema)", { definitions: { a: { type: "string" } }, properties: { session: { $ref: "#/definitions/a/type" } } }, "(root).properties.session.$ref: invalid or unsupported value '#/definitions/a/type'"],
      ].map(([what, schema, why]) => ({
        name: `SP-102: invalid schema: ${what}`,
        docs: docs(base()),
        facts: { "session.schema": JSON.stringify(schema) },
        errors: [{ messageId: "message", line: 0, data: { problem: `Schema: the session-log schema is not a valid schema, schema layer skipped: ${why}` } }],
      })),
      {
        name: "SP-102: a keyword agentcheck does not check, in a $ref target outside the keywords, is listed",
        docs: docs(base()),
        facts: { "session.schema": JSON.stringify({ myDefs: { a: { minProperties: 1 } }, properties: { session: { $ref: "#/myDefs/a" } } }) },
        errors: [{ messageId: "schemaUsesKeywordS", severity: "warning", line: 0, data: { join: "minProperties" } }],
      },
      {
        name: "SP-102: a format agentcheck does not check (only date-time and date are) is listed, not passed silently",
        docs: docs(base()),
        facts: { "session.schema": JSON.stringify({ type: "object", properties: { session: { format: "email" }, workLog: { format: "date" }, nextSteps: { format: "email" } } }) },
        errors: [{ messageId: "schemaUsesKeywordS", severity: "warning", line: 0, data: { join: "format: email" } }],
      },
      { name: "SP-102 (issue 33 item 8): schemaVersion \"1.0\\n\" does not match ^1\\.0$ ($ is the end of input, as in JSON Schema)", docs: docs(with_((l) => { l.schemaVersion = "1.0\n"; })), facts: { "session.schema": JSON.stringify({ properties: { schemaVersion: { type: "string", pattern: "^1\\.0$" } } }) }, errors: [{ messageId: "schema", data: { path: "schemaVersion" } }] },
    ],
  },
  "SP-103": {
    valid: [{ name: "schema skipped, every session field present", docs: docs(base()) }],
    invalid: [
      { name: "no session object", docs: docs(with_((l) => { delete l.session; })), errors: [{ messageId: "missingSession", line: 0 }] },
      { name: "session.number missing", docs: docs(with_((l) => { delete l.session.number; })), errors: [{ messageId: "missingSession2", line: 3, data: { f: "number" } }] },
      { name: "no protocolCompliance", docs: docs(with_((l) => { delete l.protocolCompliance; })), errors: [{ messageId: "missingProtocolcompliance", line: 0 }] },
      { name: "protocolCompliance without sessionStart and sessionEnd", docs: docs(with_((l) => { l.protocolCompliance = {}; })), errors: [
        { messageId: "missingProtocolcomplianceSessionstart", line: 10 },
        { messageId: "missingProtocolcomplianceSessionend", line: 10 },
      ] },
    ],
  },
  "SP-104": {
    valid: [
      { name: "TC-364: 7 hex digits", docs: docs(base()) },
      { name: "TC-365: 40 hex digits", docs: docs(with_((l) => { l.session.startingCommit = "a".repeat(40); })) },
    ],
    invalid: [{ name: "TC-363: xyz1234", docs: docs(with_((l) => { l.session.startingCommit = "xyz1234"; })), errors: [{ messageId: "invalidCommitShaFormat", line: 7, data: { sc: "xyz1234" } }] }],
  },
  "SP-105": {
    valid: [{ name: "feat/ branch", docs: docs(base()) }],
    invalid: [{ name: "TC-366: my-custom-branch", docs: docs(with_((l) => { l.session.branch = "my-custom-branch"; })), errors: [{ messageId: "branchDoesnTFollow", severity: "warning", line: 6, data: { br: "my-custom-branch" } }] }],
  },
  "SP-106": {
    valid: [{ name: "a date before the clock", docs: docs(base()), facts: { now: NOW } }],
    invalid: [
      { name: "a date after the latest date anywhere", docs: docs(with_((l) => { l.session.date = "2026-01-08"; })), facts: { now: NOW }, errors: [{ messageId: "sessionDateIsIn", line: 5, data: { date: "2026-01-08", latest: "2026-01-07", now: NOW } }] },
      { name: "no clock supplied", docs: docs(base()), errors: [{ messageId: "sessionDateNotChecked", severity: "info", line: 5 }] },
    ],
  },
  "SP-107": {
    valid: [{ name: "every required item present", docs: docs(base()) }],
    invalid: [{ name: "sessionStart.handoffRead missing", docs: docs(with_((l) => { delete start(l).handoffRead; })), errors: [{ messageId: "missingRequiredItem", data: { name: "sessionStart", missing: "handoffRead" } }] }],
  },
  "SP-108": {
    valid: [{ name: "every MUST complete", docs: docs(base()) }],
    invalid: [{ name: "TC-359: a start MUST incomplete", docs: docs(with_((l) => { start(l).handoffRead.complete = false; })), errors: [{ messageId: "incompleteMust", data: { id: "sessionStart.handoffRead" } }] }],
  },
  "SP-109": {
    valid: [{ name: "complete MUST items with evidence", docs: docs(base()) }],
    invalid: [{ name: "a complete MUST without evidence", docs: docs(with_((l) => { start(l).handoffRead.evidence = " "; })), errors: [{ messageId: "missingEvidence", severity: "warning", data: { id: "sessionStart.handoffRead" } }] }],
  },
  "SP-110": {
    valid: [{ name: "TC-352: legacy handoffNotUpdated MUST NOT not complete", docs: docs(with_((l) => { delete end(l).handoffPreserved; end(l).handoffNotUpdated = { level: "MUST NOT", Complete: false, Evidence: "unchanged" }; })) }],
    invalid: [{ name: "TC-361: legacy handoffNotUpdated complete", docs: docs(with_((l) => { delete end(l).handoffPreserved; end(l).handoffNotUpdated = { level: "MUST NOT", Complete: true, Evidence: "x" }; })), errors: [{ messageId: "mustNotViolatedIs", data: { id: "sessionEnd.handoffNotUpdated" } }] }],
  },
  "SP-111": {
    valid: [
      { name: "affirmative evidence", docs: docs(base()) },
      { name: "a test tally with skipped tests", docs: docs(with_((l) => { start(l).handoffRead.evidence = "120 passed, 3 skipped"; })) },
    ],
    invalid: [
      { name: "evidence says skipped (warning)", docs: docs(with_((l) => { start(l).handoffRead.evidence = "skipped for now"; })), errors: [{ messageId: "evidenceContradictionIsComplete", severity: "warning", data: { id: "sessionStart.handoffRead", shown: "skipped for now" } }] },
      { name: "qaValidation evidence says TODO (error)", docs: docs(with_((l) => { end(l).qaValidation = item(true, "TODO run QA"); })), errors: [{ messageId: "evidenceContradictionIsComplete", severity: "error", data: { id: "sessionEnd.qaValidation" } }] },
    ],
  },
  "SP-112": {
    valid: [{ name: "items are objects", docs: docs(base()) }],
    invalid: [{ name: "a bare boolean item", docs: docs(with_((l) => { start(l).handoffRead = true; })), errors: [{ messageId: "malformedItemIsNot", data: { id: "sessionStart.handoffRead", jsonShort: "true" } }] }],
  },
  "SP-113": {
    valid: [{ name: "every required item has a level", docs: docs(base()) }],
    invalid: [{ name: "a required item without level", docs: docs(with_((l) => { start(l).handoffRead = { complete: true, evidence: "read" }; })), errors: [{ messageId: "missingLevelDeclaresNo", data: { id: "sessionStart.handoffRead" } }] }],
  },
  "SP-114": {
    valid: [{ name: "a SHOULD item justified in its evidence", docs: docs(with_((l) => { start(l).handoffRead = item(false, "no handoff in this repository", "SHOULD"); })) }],
    invalid: [{ name: "a SHOULD item incomplete without evidence", docs: docs(with_((l) => { start(l).handoffRead = item(false, "", "SHOULD"); })), errors: [{ messageId: "unjustifiedDemotionIsRequired", data: { id: "sessionStart.handoffRead" } }] }],
  },
  "SP-115": {
    valid: [{ name: "number 42 in session-42", docs: docs(base()) }],
    invalid: [{ name: "number 7 in session-42", docs: docs(with_((l) => { l.session.number = 7; })), errors: [{ messageId: "sessionNumberDoesNot", line: 4, data: { num: "7", fromName: "42", base: "2026-01-05-session-42.json" } }] }],
  },
  "SP-116": {
    valid: [{ name: "evidence names this branch and commit", docs: docs(with_((l) => { start(l).branchVerified.evidence = "on feat/table-parser"; start(l).startingCommitNoted = item(true, "a1b2c3d"); })) }],
    invalid: [
      { name: "branch evidence names another branch", docs: docs(with_((l) => { start(l).branchVerified.evidence = "on feat/other"; })), errors: [{ messageId: "evidenceNamesADifferent", data: { BRANCHITEMS: "branchVerified", join: "feat/other", branch: "feat/table-parser" } }] },
      { name: "starting-commit evidence names another commit", docs: docs(with_((l) => { start(l).startingCommitNoted = item(true, "HEAD at 9999999"); })), errors: [{ messageId: "evidenceNamesADifferent2", data: { join: "9999999", start: "a1b2c3d" } }] },
    ],
  },
  "SP-117": {
    valid: [{ name: "commits claimed and endingCommit set", docs: docs(base()) }],
    invalid: [{ name: "commits claimed, endingCommit empty", docs: docs(with_((l) => { l.endingCommit = ""; })), errors: [{ messageId: "changescommittedIsCompleteBut", severity: "warning" }] }],
  },
  "SP-118": {
    valid: [{ name: "nextSteps: []", docs: docs(base()) }],
    invalid: [{ name: "no nextSteps", docs: docs(with_((l) => { delete l.nextSteps; })), errors: [{ messageId: "nextstepsIsMissingList", severity: "warning", line: 0 }] }],
  },
  "SP-119": {
    valid: [{ name: "endingCommit differs from startingCommit", docs: docs(base()) }],
    invalid: [{ name: "endingCommit equals startingCommit", docs: docs(with_((l) => { l.endingCommit = "a1b2c3d"; })), errors: [{ messageId: "startingcommitAndEndingcommitAre", data: { ending: "a1b2c3d" } }] }],
  },
  "SP-130": {
    valid: [
      { name: "endingCommit is an ancestor of HEAD", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["ancestor", "d4e5f60aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"] } },
      { name: "SP-130 merged log (issue 35 item 5): the log arrived through a merge (git.mergedLogs) and its ending commit is not here: noted by SP-090, not an SP-130 error", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["missing"], "git.mergedLogs": [NAME] } },
      { name: "SP-130 landed: endingCommit off HEAD's history, its changes landed by content (squash merge)", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["landed", "d4e5f60aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"] } },
      { name: "SP-130 contentEvidence: the commit is gone (squash, branch deleted, gc), the recorded blobs are on HEAD's history (the log itself there with other content)", docs: docs(with_((l) => { l.contentEvidence = { files: { "src/a.ts": "a".repeat(40), ".agents/sessions/2026-01-05-session-42.json": "b".repeat(40) } }; })), facts: { ...GIT, "git.commit.d4e5f60": ["missing"], "git.blobsOnHistory": [`=${"a".repeat(40)} src/a.ts`, `~${"b".repeat(40)} .agents/sessions/2026-01-05-session-42.json`] } },
      { name: "SP-130 landed: only the session log and a memory differ from HEAD's history (rewritten since), both there", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["off-history", "d4e5f60aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "#3", "~.agents/sessions/2026-01-05-session-42.json", "~.serena/memories/m.md"] } },
    ],
    invalid: [
      { name: "SP-130 endingCommitAbsent: endingCommit names no commit", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["missing"] }, errors: [{ messageId: "endingCommitAbsent", data: { v: "d4e5f60" } }] },
      { name: "SP-130 endingCommitNotLanded on a log that arrived through a merge (git.mergedLogs): a commit that exists but did not land is still judged", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["off-history", "d4e5f60aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"], "git.mergedLogs": [NAME] }, errors: [{ messageId: "endingCommitNotLanded", data: { v: "d4e5f60" } }] },
      { name: "SP-130 endingCommitAbsent: another log arrived through a merge, not this one", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["missing"], "git.mergedLogs": [".agents/sessions/2026-01-05-session-41.json"] }, errors: [{ messageId: "endingCommitAbsent", data: { v: "d4e5f60" } }] },
      { name: "SP-130 endingCommitNotLanded: off HEAD's history, its changes not landed", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["off-history", "d4e5f60aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"] }, errors: [{ messageId: "endingCommitNotLanded", data: { v: "d4e5f60" } }] },
      { name: "SP-130 endingCommitAbsent: recorded contentEvidence whose code blob is not on HEAD's history", docs: docs(with_((l) => { l.contentEvidence = { files: { "src/a.ts": "a".repeat(40) } }; })), facts: { ...GIT, "git.commit.d4e5f60": ["missing"], "git.blobsOnHistory": [`~${"a".repeat(40)} src/a.ts`] }, errors: [{ messageId: "endingCommitAbsent", data: { v: "d4e5f60" } }] },
      { name: "SP-130 endingCommitNotLanded: code on HEAD's history with other content", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["off-history", "d4e5f60aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "#2", "~.agents/sessions/2026-01-05-session-42.json", "~src/a.ts"] }, errors: [{ messageId: "endingCommitNotLanded", data: { v: "d4e5f60" } }] },
      { name: "SP-130 endingCommitNotLanded: a session log HEAD's history never had", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["off-history", "d4e5f60aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "#1", "-.agents/sessions/2026-01-05-session-9.json"] }, errors: [{ messageId: "endingCommitNotLanded", data: { v: "d4e5f60" } }] },
      { name: "SP-130 endingCommitNotLanded: a commit that wrote nothing", docs: docs(base()), facts: { ...GIT, "git.commit.d4e5f60": ["off-history", "d4e5f60aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "#0"] }, errors: [{ messageId: "endingCommitNotLanded", data: { v: "d4e5f60" } }] },
    ],
  },
  "SP-131": {
    valid: [
      { name: "a passing QA report bound to this log, no code changed since", docs: docs(qaLog()), facts: qaFacts({ [QA_WINDOW]: [QA, ".agents/sessions/x.json"], [QA_COVERED]: ["src/a.ts"] }) },
      { name: "SP-131 landed: qaCommit squash merged (landed by content), nothing covered changed", docs: docs(qaLog()), facts: qaFacts({ [`git.commit.${QA_COMMIT}`]: ["landed", QA_COMMIT], [QA_WINDOW]: [], [QA_COVERED]: ["src/a.ts"] }) },
      { name: "SP-131 covered: code QA did not cover changed after it (a catch-up merge, a baseline file)", docs: docs(qaLog()), facts: qaFacts({ [QA_WINDOW]: ["src/b.ts", ".agentcheck-baseline.json"], [QA_COVERED]: ["src/a.ts"] }) },
      { name: "SP-131 qaContentEvidence (issue 35 item 2): qaCommit gone, the covered blob on HEAD's history and the same at the session's end (contentEvidence)", docs: docs(qaFingerprint("b", "b")), facts: qaFacts({ [`git.commit.${QA_COMMIT}`]: ["missing"], "git.blobsOnHistory": [`=${"b".repeat(40)} src/a.ts`] }) },
      { name: "SP-131 qaContentEvidence: qaCommit off-history (not landed as is), the covered blob landed and unchanged at the end; audit artifacts QA covered need only their path", docs: docs(qaFingerprint("b", "b", { ".agents/sessions/x.json": "c".repeat(40) })), facts: qaFacts({ [`git.commit.${QA_COMMIT}`]: ["off-history", QA_COMMIT], "git.blobsOnHistory": [`=${"b".repeat(40)} src/a.ts`, `~${"c".repeat(40)} .agents/sessions/x.json`] }) },
      { name: "SP-131 in progress: no endingCommit, the window ends at HEAD", docs: docs(with_((l) => { end(l).qaValidation = item(true, `See ${QA}`); l.endingCommit = ""; })), facts: qaFacts({ [`git.diff.${QA_COMMIT}..HEAD`]: ["src/b.ts"], [QA_COVERED]: ["src/a.ts"] }) },
    ],
    invalid: [
      { name: "endingCommit disagrees with episodeMetrics.comparison.head", docs: docs(with_((l) => { l.episodeMetrics = { comparison: { head: "1111111" } }; })), errors: [{ messageId: "endingcommitDisagreesWithEpisodemetrics", severity: "warning", data: { ending: "d4e5f60", head: "1111111" } }] },
      { name: "QA evidence names no report", docs: docs(with_((l) => { end(l).qaValidation = item(true, "QA done"); })), errors: [{ messageId: "qaEvidenceMustName", data: { QAROOT: ".agents/qa/" } }] },
      { name: "a demoted, incomplete qaValidation whose justification names no report", docs: docs(with_((l) => { end(l).qaValidation = item(false, "QA agent unavailable in this harness", "SHOULD"); })), errors: [{ messageId: "qaEvidenceMustName", data: { QAROOT: ".agents/qa/" } }] },
      { name: "the report does not exist", docs: docs(qaLog()), facts: { ...GIT }, errors: [{ messageId: "qaReportNotFound", data: { path: QA, detail: "" } }] },
      { name: "a report without front matter", docs: docs(qaLog()), facts: qaFacts({ [`qa.report.${QA}`]: "# QA\n" }), errors: [{ messageId: "qaReportRejected", data: { path: QA, problem: "it has no YAML front matter" } }] },
      { name: "front matter without qaCommit", docs: docs(qaLog()), facts: qaFacts({ [`qa.report.${QA}`]: report(`qaVerdict: PASS\nqaSessionLog: ${NAME}`) }), errors: [{ messageId: "qaReportRejectedIts", data: { path: QA } }] },
      { name: "verdict FAIL", docs: docs(qaLog()), facts: qaFacts({ [`qa.report.${QA}`]: report(`qaVerdict: FAIL\nqaSessionLog: ${NAME}\nqaCommit: ${QA_COMMIT}`) }), errors: [{ messageId: "qaReportRejectedQaverdict", data: { path: QA, verdict: "FAIL" } }] },
      { name: "bound to another session log", docs: docs(qaLog()), facts: qaFacts({ [`qa.report.${QA}`]: report(`qaVerdict: PASS\nqaSessionLog: .agents/sessions/2026-01-04-session-41.json\nqaCommit: ${QA_COMMIT}`) }), errors: [{ messageId: "qaReportRejected2", data: { path: QA, pp: `qaSessionLog names .agents/sessions/2026-01-04-session-41.json, not this session (${NAME})` } }] },
      { name: "a short qaCommit", docs: docs(qaLog()), facts: qaFacts({ [`qa.report.${QA}`]: report(`qaVerdict: PASS\nqaSessionLog: ${NAME}\nqaCommit: abc1234`) }), errors: [{ messageId: "qaReportRejectedQacommit", data: { path: QA, commit: "abc1234" } }] },
      { name: "SP-131 qaCommitAbsent: qaCommit names no commit", docs: docs(qaLog()), facts: qaFacts({ [`git.commit.${QA_COMMIT}`]: ["missing"] }), errors: [{ messageId: "qaCommitAbsent", data: { path: QA, commit: QA_COMMIT } }] },
      { name: "SP-131 qaReportIsStale by content (issue 35 item 2): qaCommit gone, the covered blob landed but the session's end has another", docs: docs(qaFingerprint("b", "e")), facts: qaFacts({ [`git.commit.${QA_COMMIT}`]: ["missing"], "git.blobsOnHistory": [`=${"b".repeat(40)} src/a.ts`] }), errors: [{ messageId: "qaReportIsStale", data: { path: QA, commit: QA_COMMIT } }] },
      { name: "SP-131 qaCommitAbsent: a QA fingerprint whose covered blob is not on HEAD's history (a later version was squashed)", docs: docs(qaFingerprint("b", "e")), facts: qaFacts({ [`git.commit.${QA_COMMIT}`]: ["missing"], "git.blobsOnHistory": [`~${"b".repeat(40)} src/a.ts`] }), errors: [{ messageId: "qaCommitAbsent", data: { path: QA, commit: QA_COMMIT } }] },
      { name: "SP-131 qaCommitAbsent: a QA fingerprint of another commit does not count", docs: docs(qaFingerprint("b", "b", {}, "f".repeat(40))), facts: qaFacts({ [`git.commit.${QA_COMMIT}`]: ["missing"], "git.blobsOnHistory": [`=${"b".repeat(40)} src/a.ts`] }), errors: [{ messageId: "qaCommitAbsent", data: { path: QA, commit: QA_COMMIT } }] },
      { name: "SP-131 qaCommitAbsent: a QA fingerprint without the session's contentEvidence cannot judge staleness", docs: docs(with_((l) => { end(l).qaValidation = item(true, `See ${QA}`); l.qaContentEvidence = { commit: QA_COMMIT, files: { "src/a.ts": "b".repeat(40) } }; })), facts: qaFacts({ [`git.commit.${QA_COMMIT}`]: ["missing"], "git.blobsOnHistory": [`=${"b".repeat(40)} src/a.ts`] }), errors: [{ messageId: "qaCommitAbsent", data: { path: QA, commit: QA_COMMIT } }] },
      { name: "SP-131 qaCommitNotLanded: qaCommit off HEAD's history, its changes not landed", docs: docs(qaLog()), facts: qaFacts({ [`git.commit.${QA_COMMIT}`]: ["off-history", QA_COMMIT] }), errors: [{ messageId: "qaCommitNotLanded", data: { path: QA, commit: QA_COMMIT } }] },
      { name: "no changed-file list after qaCommit", docs: docs(qaLog()), facts: qaFacts(), errors: [{ messageId: "qaReportCannotBe", data: { path: QA, commit: QA_COMMIT } }] },
      { name: "SP-131 qaReportIsStale: covered code changed after qaCommit (no file list in the message)", docs: docs(qaLog()), facts: qaFacts({ [QA_WINDOW]: ["src/a.ts", "src/b.ts", QA], [QA_COVERED]: ["src/a.ts"] }), errors: [{ messageId: "qaReportIsStale", data: { path: QA, commit: QA_COMMIT } }] },
      { name: "SP-131 qaReportIsStale: no starting commit, every code file counts as covered", docs: docs(with_((l) => { end(l).qaValidation = item(true, `See ${QA}`); l.session.startingCommit = ""; })), facts: qaFacts({ [QA_WINDOW]: ["src/b.ts"] }), errors: [{ messageId: "qaReportIsStale", data: { path: QA, commit: QA_COMMIT } }] },
    ],
  },
  "SP-132": {
    valid: [
      { name: "investigation-only with session files changed", docs: docs(base()), facts: { ...GIT, [RANGE]: [".agents/sessions/2026-01-05-session-42.json"] } },
      { name: "docs-only with markdown changed", docs: docs(skipLog("docs-only")), facts: { ...GIT, [RANGE]: ["README.md"] } },
    ],
    invalid: [
      { name: "no endingCommit", docs: docs(skipLog("docs-only", (l) => { l.endingCommit = ""; })), errors: [{ messageId: "qaScopeCannotBe", data: { label: "docs-only" } }] },
      { name: "endingCommit not a SHA", docs: docs(skipLog("docs-only", (l) => { l.endingCommit = "HEAD"; })), errors: [{ messageId: "qaScopeCannotBe2", data: { label: "docs-only" } }] },
      { name: "no changed-file list", docs: docs(base()), facts: { ...GIT }, errors: [{ messageId: "qaScopeCannotBe3", data: { label: "investigation-only", detail: "no changed-file list for a1b2c3d..d4e5f60" } }] },
      { name: "docs-only with code changed", docs: docs(skipLog("docs-only")), facts: { ...GIT, [RANGE]: ["README.md", "src/a.ts"] }, errors: [{ messageId: "qaScopeIncludesDisqualifying", data: { label: "docs-only", listShort: "src/a.ts" } }] },
    ],
  },
};
