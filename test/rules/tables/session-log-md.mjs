// Rule tester tables of the markdown-side session-log rules (SP-001..SP-090). The JSON-side rules
// (SP-100..) are in session-log-json.mjs; index.mjs combines both under "session-log".
// A case log follows the template (mdLog); `OK` holds the facts a clean log needs. Line numbers
// refer to mdLog's layout: Session Start rows at 16-17, Session End rows at 27-29.
const NAME = ".agents/sessions/2026-01-05-session-42.md";
const md = (name, text = "# Session\n") => ({ name: `.agents/sessions/${name}`, kind: "SESSION_MD", text });
const HEADER = "| Req | Step | Status | Evidence |\n|-----|------|--------|----------|";
const START = [
  "| MUST | Read memory-index, load task-relevant memories | [x] | memory-index |",
  "| MUST | Confirm not on main/master | [x] | On feat/x |",
];
const QA_ROW = "| MUST | Route to qa agent (feature implementation) | [x] | QA report: `.agents/qa/042-parser.md` |";
const COMMIT_ROW = "| MUST | Commit all changes (including .serena/memories) | [x] | Commit SHA: `abc1234` |";
const HANDOFF_ROW = "| MUST NOT | Update `.agents/HANDOFF.md` directly | [x] | HANDOFF.md unchanged |";
const END = [QA_ROW, COMMIT_ROW, HANDOFF_ROW];

function mdLog(p = {}) {
  return [
    "# Session 42 - 2026-01-05",
    "",
    p.infoHeading ?? "## Session Info",
    "",
    p.info ?? "- **Date**: 2026-01-05\n- **Branch**: feat/x\n- **Starting Commit**: `a1b2c3d`\n- **Objective**: test",
    "",
    p.compliance === false ? "" : "## Protocol Compliance",
    "",
    p.startHeading ?? "### Session Start (COMPLETE ALL before work)",
    "",
    p.startTable === false ? "No table." : HEADER,
    ...(p.start ?? START),
    "",
    p.workHeading ?? "## Work Log",
    "",
    p.work ?? "Did things.",
    "",
    p.endHeading ?? "## Session End (COMPLETE ALL before closing)",
    "",
    p.endTable === false ? "No table." : HEADER,
    ...(p.end ?? END),
    "",
    p.commits ?? "### Commits This Session\n\n- `abc1234` - feat: things",
    "",
    p.extra ?? "",
  ].join("\n");
}
const log = (p = {}, name = NAME) => ({ name, kind: "SESSION_MD", text: mdLog(p) });
/**
 * Document flags of the mode (contract/interface.json flags.sessionLog, decided in mode.ts): `--mode
 * creation` (the MCP SESSION_LOG gate); a log added in the commit being made (creation unless it
 * claims its session end); none: full.
 */
const CREATION = 1;
const STAGED_NEW = (1 << 8) | 2048;
/** The Session End rows of a log created from the template at session start: nothing done yet. */
const OPEN_QA = "| MUST | Route to qa agent (feature implementation) | [ ] | |";
const OPEN_COMMIT = "| MUST | Commit all changes (including .serena/memories) | [ ] | Commit SHA: _______ |";
const OPEN_HANDOFF = "| MUST NOT | Update `.agents/HANDOFF.md` directly | [ ] | |";
const OPEN_END = [OPEN_QA, OPEN_COMMIT, OPEN_HANDOFF];
/** A fresh log (Session Start done, Session End open, no commits yet) with the mode flags `flags`. */
const fresh = (flags, p = {}) => ({ ...log({ end: OPEN_END, commits: "", ...p }), flags });
/**
 * Record mode (mode.ts): `--mode record`; a log that already existed, edited and staged for the commit
 * being made (status modified); any log while a merge is committed. --strict (bit 13) makes an edited
 * log full again.
 */
const RECORD = 2;
const STAGED_EDIT = (2 << 8) | 2048;
const MERGE = (2 << 8) | 2048 | 4096;
const STRICT_FLAG = 8192;
const UNCHECKED_START = "| MUST | Confirm not on main/master | [ ] | |";
/** An old log with historical gaps (an unticked Session Start MUST row, Session End open, no commits) with the mode flags `flags`. */
const old = (flags, p = {}) => fresh(flags, { start: [START[0], UNCHECKED_START], ...p });
const LOG = [log()];
const endWith = (qa, commit = COMMIT_ROW) => [qa, commit, HANDOFF_ROW];

/** Facts that make the template log pass: memories known, QA report present, git known, HANDOFF unchanged. */
const OK = {
  memories: ["memory-index", "skills-pr-review-index"],
  "path..agents/qa/042-parser.md": "file",
  git: true,
  "handoff.exists": true,
  "handoff.changed": false,
};
/** Strict, post-commit (CI), with the git facts of a finished session. */
const STRICT = {
  ...OK,
  strict: true,
  context: "ci",
  head: "fedcba9876543210fedcba9876543210fedcba98",
  clean: true,
  commits: ["abc1234"],
  "diff.a1b2c3d": [NAME, "src/parser.ts"],
};
const PROTOCOL_TEXT = ["# Session Protocol", "", "## Session Start", "", HEADER, ...START, "", "## Session End", "", HEADER, ...END, ""].join("\n");
const PROTO = { name: ".agents/SESSION-PROTOCOL.md", kind: "PROTOCOL", text: PROTOCOL_TEXT };
const WITH_PROTO = [log(), PROTO];
/** A JSON log whose endingCommit the git rules check (SP-090 also notes JSON git rules it skips). */
const jsonLog = () => ({ name: ".agents/sessions/2026-01-05-session-43.json", kind: "SESSION_JSON", text: JSON.stringify({
  schemaVersion: "1.0",
  session: { number: 43, date: "2026-01-05", branch: "feat/x", startingCommit: "a1b2c3d", objective: "x" },
  protocolCompliance: { sessionStart: {}, sessionEnd: { qaValidation: { complete: true, evidence: ".agents/qa/043.md", level: "MUST" } } },
  workLog: [],
  endingCommit: "d4e5f60",
  nextSteps: [],
}, null, 2) });

export default {
  "SP-001": {
    valid: [
      { name: "YYYY-MM-DD-session-N.md", docs: [md("2026-01-05-session-12.md")] },
      { name: "with a slug, JSON", docs: [{ name: ".agents/sessions/2026-01-05-session-3-fix-parser.json", kind: "SESSION_JSON", text: "{}" }] },
    ],
    invalid: [
      { name: "no session number", docs: [md("2026-01-05-session.md")], errors: [{ messageId: "badName", line: 0, data: { name: "2026-01-05-session.md" } }] },
      { name: "an empty slug", docs: [md("2026-01-05-session-1-.md")], errors: [{ messageId: "badName", data: { name: "2026-01-05-session-1-.md" } }] },
    ],
  },
  "SP-002": {
    valid: [{ name: "an existing log", docs: LOG, facts: OK }],
    invalid: [{ name: "an explicitly named log the host could not find (FLAG_MISSING)", docs: [{ ...log(), flags: 4 }], errors: [{ messageId: "sessionLogFileDoes", data: { name: NAME } }] }],
  },
  "SP-003": {
    valid: [
      { name: "the log resolves inside the sessions directory", docs: LOG, facts: { ...OK, [`real.${NAME}`]: NAME } },
      { name: "REAL_SELF: the log resolves to its own name, inside the sessions directory (no real.<name> fact)", docs: [{ ...log(), flags: 16 }], facts: OK },
    ],
    invalid: [
      { name: "REAL_SELF: a log named outside the sessions directory that resolves to its own name", docs: [{ ...log(), name: "docs/2026-01-05-session-42.md", flags: 16 }], facts: OK, errors: [{ messageId: "sessionLogResolvesOutside", data: { dir: ".agents/sessions", detail: "docs/2026-01-05-session-42.md" } }] },
      { name: "a symlink resolving into docs/", docs: LOG, facts: { ...OK, [`real.${NAME}`]: "docs/2026-01-05-session-42.md" }, errors: [{ messageId: "sessionLogResolvesOutside", data: { dir: ".agents/sessions", detail: "docs/2026-01-05-session-42.md" } }] },
      { name: "a target outside the repository (not read)", docs: [{ ...log(), flags: 8 }], facts: { [`real.${NAME}`]: "/etc/passwd" }, errors: [{ messageId: "sessionLogResolvesOutside", data: { detail: "a target outside the repository (not read)" } }] },
    ],
  },
  "SP-004": {
    valid: [
      { name: "pre-commit: .agents/ changes with a staged log", docs: [{ name: ".agents/sessions", kind: "SESSION_SET", text: "" }], facts: { context: "pre-commit", staged: [".agents/planning/plan.md", NAME] } },
      { name: "issue-40 preset validate-if-present: .agents/ changes need no log (logRequired false)", docs: [{ name: ".agents/sessions", kind: "SESSION_SET", text: "" }], facts: { context: "pre-commit", staged: [".agents/planning/plan.md"], logRequired: false } },
    ],
    invalid: [{ name: "pre-commit: .agents/ changes without a staged log", docs: [{ name: ".agents/sessions", kind: "SESSION_SET", text: "" }], facts: { context: "pre-commit", staged: [".agents/planning/plan.md"] }, errors: [{ messageId: "stagedAgentsChangesBut", data: { dir: ".agents/sessions" } }] }],
  },
  "SP-005": {
    valid: [{ name: "strict, with the canonical protocol", docs: WITH_PROTO, facts: STRICT }],
    invalid: [
      { name: "strict, no protocol document", docs: LOG, facts: STRICT, errors: [{ messageId: "protocolNotFound", data: { path: ".agents/SESSION-PROTOCOL.md" } }] },
      { name: "strict, a protocol without checklists", docs: [log(), { ...PROTO, text: "# Protocol\n" }], facts: STRICT, errors: [{ messageId: "protocolNoChecklists" }] },
    ],
  },
  "SP-010": {
    valid: [{ name: "both checklist sections", docs: LOG, facts: OK }],
    invalid: [{ name: "no Session End heading", docs: [log({ endHeading: "## Closing" })], facts: OK, errors: [{ messageId: "missingRequiredSections", line: 0, data: { missing: "## Session End" } }] }],
  },
  "SP-011": {
    valid: [{ name: "both sections hold a checklist table", docs: LOG, facts: OK }],
    invalid: [{ name: "Session Start without a table", docs: [log({ startTable: false, start: [] })], facts: OK, errors: [{ messageId: "hasNoReqStep", line: 12, data: { name: "Session Start" } }] }],
  },
  "SP-012": {
    valid: [{ name: "Protocol Compliance section and COMPLETE ALL headers", docs: LOG, facts: OK }],
    invalid: [
      { name: "no Protocol Compliance section", docs: [log({ compliance: false })], facts: OK, errors: [{ messageId: "missingProtocolComplianceSection", severity: "error" }] },
      { name: "checklist headers without COMPLETE ALL (warnings)", docs: [log({ startHeading: "### Session Start", endHeading: "## Session End" })], facts: OK, errors: [
        { messageId: "missingSessionStartHeader", severity: "warning", line: 12 },
        { messageId: "missingSessionEndHeader", severity: "warning", line: 23 },
      ] },
    ],
  },
  "SP-013": {
    valid: [
      { name: "every MUST row checked", docs: LOG, facts: OK },
      { name: "creation mode (--mode creation, the SESSION_LOG gate): a fresh log's Session End rows are not demanded yet", docs: [fresh(CREATION)], facts: OK },
      { name: "creation mode from the scope: a fresh log added in the commit being made", docs: [fresh(STAGED_NEW)], facts: OK },
      { name: "a named --mode creation wins over a claimed session end (as for JSON)", docs: [fresh(CREATION, { end: [QA_ROW, OPEN_COMMIT, OPEN_HANDOFF] })], facts: OK },
      { name: "record mode (an old log edited and staged): neither checklist's compliance is re-demanded", docs: [old(STAGED_EDIT)], facts: OK },
      { name: "record mode by --mode record", docs: [old(RECORD)], facts: OK },
      { name: "record mode while a merge is committed", docs: [old(MERGE)], facts: OK },
    ],
    invalid: [
      { name: "an unchecked MUST row", docs: [log({ start: [START[0], "| MUST | Confirm not on main/master | [ ] | |"] })], facts: OK, errors: [{ messageId: "mustStepNotChecked", line: 17, data: { step: "Confirm not on main/master" } }] },
      { name: "SP-023: N/A counts as unchecked", docs: [log({ start: [START[0], "| MUST | Confirm not on main/master | N/A | |"] })], facts: OK, errors: [{ messageId: "mustStepNotCheckedStatus", line: 17, data: { status: "N/A" } }] },
      { name: "an old log edited and staged with --strict: full mode, both checklists demanded", docs: [old(STAGED_EDIT | STRICT_FLAG)], facts: OK, errors: [{ messageId: "mustStepNotChecked", line: 17, data: { step: "Confirm not on main/master" } }, { messageId: "mustStepNotChecked", line: 28 }] },
      { name: "an old log named with no mode (whole-tree check): full mode", docs: [old(0)], facts: OK, errors: [{ messageId: "mustStepNotChecked", line: 17 }, { messageId: "mustStepNotChecked", line: 28 }] },
      { name: "creation mode: an unchecked Session Start MUST row is still demanded", docs: [fresh(CREATION, { start: [START[0], "| MUST | Confirm not on main/master | [ ] | |"] })], facts: OK, errors: [{ messageId: "mustStepNotChecked", line: 17, data: { step: "Confirm not on main/master" } }] },
      { name: "full mode (no mode given): a fresh log's open commit row", docs: [fresh(0)], facts: OK, errors: [{ messageId: "mustStepNotChecked", line: 28, data: { step: "Commit all changes (including .serena/memories)" } }] },
      { name: "a staged new log with a ticked Session End MUST row claims its end: held to full mode", docs: [fresh(STAGED_NEW, { end: [QA_ROW, OPEN_COMMIT, OPEN_HANDOFF] })], facts: OK, errors: [{ messageId: "mustStepNotChecked", line: 28 }] },
      { name: "a staged new log with a Session End MUST row given another status (N/A) claims its end: held to full mode", docs: [fresh(STAGED_NEW, { end: [OPEN_QA, "| MUST | Commit all changes | N/A | |", OPEN_HANDOFF] })], facts: OK, errors: [{ messageId: "mustStepNotCheckedStatus", line: 28, data: { status: "N/A" } }] },
      { name: "a staged new log with an Ending Commit in Session Info claims its end: held to full mode", docs: [fresh(STAGED_NEW, { info: "- **Date**: 2026-01-05\n- **Branch**: feat/x\n- **Starting Commit**: `a1b2c3d`\n- **Ending Commit**: `abc1234`\n- **Objective**: test" })], facts: OK, errors: [{ messageId: "mustStepNotChecked", line: 29 }] },
    ],
  },
  "SP-014": {
    valid: [
      { name: "the MUST NOT row verified", docs: LOG, facts: OK },
      { name: "creation mode: a fresh log's Session End MUST NOT row is not demanded yet", docs: [fresh(CREATION)], facts: OK },
      { name: "record mode: unverified MUST NOT rows of either checklist are not re-demanded", docs: [old(STAGED_EDIT, { start: [...START, "| MUST NOT | Work on main | [ ] | |"] })], facts: OK },
    ],
    invalid: [
      { name: "an old log edited and staged with --strict: full mode", docs: [old(STAGED_EDIT | STRICT_FLAG, { start: [...START, "| MUST NOT | Work on main | [ ] | |"] })], facts: OK, errors: [{ messageId: "mustNotStepNot", line: 18 }, { messageId: "mustNotStepNot", line: 30 }] },
      { name: "full mode (no mode given): a fresh log's open MUST NOT row", docs: [fresh(0)], facts: OK, errors: [{ messageId: "mustNotStepNot", line: 29 }] },
      { name: "creation mode: an unverified Session Start MUST NOT row is still demanded", docs: [fresh(CREATION, { start: [...START, "| MUST NOT | Work on main | [ ] | |"] })], facts: OK, errors: [{ messageId: "mustNotStepNot", line: 18, data: { step: "Work on main" } }] },
      { name: "an unverified MUST NOT row", docs: [log({ end: [QA_ROW, COMMIT_ROW, "| MUST NOT | Update `.agents/HANDOFF.md` directly | [ ] | |"] })], facts: OK, errors: [{ messageId: "mustNotStepNot", line: 29, data: { step: "Update `.agents/HANDOFF.md` directly" } }] },
      { name: "SP-023: a MUST NOT row with status N/A", docs: [log({ end: [QA_ROW, COMMIT_ROW, "| MUST NOT | Update `.agents/HANDOFF.md` directly | N/A | |"] })], facts: OK, errors: [{ messageId: "mustNotStepNotStatus", line: 29, data: { status: "N/A" } }] },
    ],
  },
  "SP-015": {
    valid: [
      { name: "the SHOULD row checked", docs: [log({ start: [...START, "| SHOULD | Check the PR | [x] | done |"] })], facts: OK },
      { name: "creation mode: an open Session End SHOULD row is not counted", docs: [fresh(CREATION, { end: [...OPEN_END, "| SHOULD | Update the changelog | [ ] | |"] })], facts: OK },
      { name: "record mode: open SHOULD rows of either checklist are not counted", docs: [old(STAGED_EDIT, { start: [...START, "| SHOULD | Read the ADRs | [ ] | |"], end: [...OPEN_END, "| SHOULD | Update the changelog | [ ] | |"] })], facts: OK },
    ],
    invalid: [
      { name: "one of two SHOULD rows open", docs: [log({ start: [...START, "| SHOULD | Check the PR | [x] | done |", "| SHOULD | Read the ADRs | [ ] | |"] })], facts: OK, errors: [{ messageId: "incompleteShouldRequirements", severity: "warning", data: { open: "1", should: "2" } }] },
      { name: "full mode: an open Session End SHOULD row", docs: [fresh(0, { end: [...OPEN_END, "| SHOULD | Update the changelog | [ ] | |"] })], facts: OK, errors: [{ messageId: "incompleteShouldRequirements", severity: "warning", data: { open: "1", should: "1" } }] },
      { name: "creation mode: Session Start SHOULD rows only", docs: [fresh(CREATION, { start: [...START, "| SHOULD | Read the ADRs | [ ] | |"], end: [...OPEN_END, "| SHOULD | Update the changelog | [ ] | |"] })], facts: OK, errors: [{ messageId: "incompleteShouldRequirements", severity: "warning", data: { open: "1", should: "1" } }] },
    ],
  },
  "SP-016": {
    valid: [
      { name: "names of existing memories", docs: LOG, facts: OK },
      { name: "record mode: an old log's memory evidence is not re-judged against today's memories", docs: [{ ...log({ start: ["| MUST | Read memory-index, load task-relevant memories | [x] | memory-index, renamed-memory |", START[1]] }), flags: STAGED_EDIT }], facts: OK },
    ],
    invalid: [
      { name: "with --strict an edited old log is full: a memory that no longer exists", docs: [{ ...log({ start: ["| MUST | Read memory-index, load task-relevant memories | [x] | memory-index, renamed-memory |", START[1]] }), flags: STAGED_EDIT | STRICT_FLAG }], facts: OK, errors: [{ messageId: "memoriesThatDonT", line: 16, data: { join: "renamed-memory" } }] },
      { name: "placeholder evidence", docs: [log({ start: ["| MUST | Read memory-index, load task-relevant memories | [x] | [List memories loaded] |", START[1]] })], facts: OK, errors: [{ messageId: "memoryIndexEvidenceIs", line: 16, data: { ev: "[List memories loaded]" } }] },
      { name: "evidence without kebab-case names", docs: [log({ start: ["| MUST | Read memory-index, load task-relevant memories | [x] | read them all |", START[1]] })], facts: OK, errors: [{ messageId: "memoryIndexEvidenceHas", line: 16 }] },
      { name: "the memories list unavailable (warning)", docs: LOG, facts: { ...OK, memories: undefined }, errors: [{ messageId: "memoryNamesNotVerified", severity: "warning", data: { dir: ".serena/memories" } }] },
      { name: "a memory that does not exist", docs: [log({ start: ["| MUST | Read memory-index, load task-relevant memories | [x] | memory-index, no-such-memory |", START[1]] })], facts: OK, errors: [{ messageId: "memoriesThatDonT", line: 16, data: { join: "no-such-memory", dir: ".serena/memories" } }] },
    ],
  },
  "SP-017": {
    valid: [
      { name: "HANDOFF.md unchanged", docs: LOG, facts: OK },
      { name: "record mode: an old log is not held to the HANDOFF.md change of the commit being made (a merge bringing it in)", docs: [{ ...log(), flags: MERGE }], facts: { ...OK, "handoff.changed": true } },
    ],
    invalid: [
      { name: "HANDOFF.md modified", docs: LOG, facts: { ...OK, "handoff.changed": true }, errors: [{ messageId: "handoffMdWasModified" }] },
      { name: "HANDOFF.md modified, a log added in the commit (creation mode): judged", docs: [{ ...log(), flags: (1 << 8) | 2048 }], facts: { ...OK, "handoff.changed": true }, errors: [{ messageId: "handoffMdWasModified" }] },
      { name: "change unknown in CI (error)", docs: LOG, facts: { ...OK, "handoff.changed": undefined, context: "ci", "handoff.why": "base ref not found" }, errors: [{ messageId: "cannotVerifyHandoffMd", severity: "error", data: { factOr: "base ref not found" } }] },
      { name: "repository document: change unknown for every log (warning locally)", docs: [{ name: ".", kind: "SESSION_REPO", text: "" }], facts: { git: true, "handoff.exists": true }, errors: [{ messageId: "cannotVerifyHandoffMd2", severity: "warning", data: { factOr: "git facts unavailable" } }] },
    ],
  },
  "SP-018": {
    valid: [{ name: "an absolute path inside fenced code", docs: [log({ work: "```\n/home/me/x\n```" })], facts: OK }],
    invalid: [
      { name: "a home path in the work log", docs: [log({ work: "Edited /home/me/repo/x.ts" })], facts: OK, errors: [{ messageId: "absolutePathUseA", severity: "warning", line: 21, column: 8 }] },
      { name: "record mode keeps it (the log's content, not a compliance claim)", docs: [{ ...log({ work: "Edited /home/me/repo/x.ts" }), flags: STAGED_EDIT }], facts: OK, errors: [{ messageId: "absolutePathUseA", severity: "warning", line: 21 }] },
    ],
  },
  "SP-020": {
    valid: [{ name: "Commit SHA: 7 hex", docs: LOG, facts: OK }],
    invalid: [
      { name: "an empty Commit SHA", docs: [log({ end: endWith(QA_ROW, "| MUST | Commit all changes | [x] | Commit SHA: |") })], facts: OK, errors: [{ messageId: "empty", line: 28 }] },
      { name: "not hex", docs: [log({ end: endWith(QA_ROW, "| MUST | Commit all changes | [x] | Commit SHA: xyz123 |") })], facts: OK, errors: [{ messageId: "badFormat", line: 28, data: { sha: "xyz123" } }] },
      { name: "record mode keeps it (the evidence's shape): not hex", docs: [{ ...log({ end: endWith(QA_ROW, "| MUST | Commit all changes | [x] | Commit SHA: xyz123 |") }), flags: STAGED_EDIT }], facts: OK, errors: [{ messageId: "badFormat", line: 28 }] },
      { name: "a subject line after the SHA", docs: [log({ end: endWith(QA_ROW, "| MUST | Commit all changes | [x] | Commit SHA: abc1234 fix the parser |") })], facts: OK, errors: [{ messageId: "subjectLine", line: 28 }] },
    ],
  },
  "SP-021": {
    valid: [
      { name: "a SHA under Commits This Session", docs: [log({ end: endWith(QA_ROW, "| MUST | Commit all changes | [x] | committed |") })], facts: OK },
      { name: "creation mode: no commit yet", docs: [fresh(CREATION)], facts: OK },
      { name: "record mode: an old log's missing commit evidence is not re-demanded", docs: [{ ...log({ end: endWith(QA_ROW, "| MUST | Commit all changes | [x] | committed |"), commits: "" }), flags: MERGE }], facts: { ...OK, context: "ci" } },
    ],
    invalid: [
      { name: "no SHA anywhere", docs: [log({ end: endWith(QA_ROW, "| MUST | Commit all changes | [x] | committed |"), commits: "" })], facts: OK, errors: [{ messageId: "noCommitEvidenceFound", severity: "warning" }] },
      { name: "an edited old log named with --mode full", docs: [{ ...log({ end: endWith(QA_ROW, "| MUST | Commit all changes | [x] | committed |"), commits: "" }), flags: 0 }], facts: OK, errors: [{ messageId: "noCommitEvidenceFound", severity: "warning" }] },
      { name: "full mode: a fresh log cites no commit", docs: [fresh(0)], facts: OK, errors: [{ messageId: "noCommitEvidenceFound", severity: "warning" }] },
    ],
  },
  "SP-022": {
    valid: [{ name: "Session Info and Work Log", docs: LOG, facts: OK }],
    invalid: [
      { name: "no Session Info", docs: [log({ infoHeading: "## Info" })], facts: OK, errors: [{ messageId: "missingSectionSessionInfo", severity: "warning" }] },
      { name: "no Work Log", docs: [log({ workHeading: "## Notes" })], facts: OK, errors: [{ messageId: "missingSectionWorkLog", severity: "warning" }] },
    ],
  },
  "SP-024": {
    valid: [{ name: "a repo-relative QA report", docs: LOG, facts: OK }],
    invalid: [
      { name: "a cited path escaping with ..", docs: [log({ end: endWith("| MUST | Route to qa agent | [x] | QA report: `../../etc/qa.md` |") })], facts: OK, errors: [{ messageId: "citedPathEscapesThe", line: 27, data: { raw: "../../etc/qa.md" } }] },
      { name: "record mode keeps it (a cited path must stay inside the repository)", docs: [{ ...log({ end: endWith("| MUST | Route to qa agent | [x] | QA report: `../../etc/qa.md` |") }), flags: STAGED_EDIT }], facts: OK, errors: [{ messageId: "citedPathEscapesThe", line: 27 }] },
      { name: "a cited path that is a symlink leading out", docs: [log({ start: [START[0], "| MUST | Confirm not on main/master | [x] | see `docs/link.md` |"] })], facts: { ...OK, "path.docs/link.md": "outside" }, errors: [{ messageId: "citedPathEscapesThe2", line: 17, data: { raw: "docs/link.md" } }] },
    ],
  },
  "SP-030": {
    valid: [{ name: "strict: Session Start has rows", docs: WITH_PROTO, facts: STRICT }],
    invalid: [{ name: "strict: an empty Session Start table", docs: [log({ start: [] }), PROTO], facts: STRICT, errors: [{ messageId: "sessionStartTableHas", line: 14 }] }],
  },
  "SP-031": {
    valid: [{ name: "strict: Session Start matches the protocol", docs: WITH_PROTO, facts: STRICT }],
    invalid: [
      { name: "strict: a missing Session Start row", docs: [log({ start: [START[0]] }), PROTO], facts: STRICT, errors: [{ messageId: "rowCountMismatch", line: 14, data: { name: "Session Start", protocol: "2", session: "1", path: ".agents/SESSION-PROTOCOL.md" } }] },
      { name: "strict: a changed step", docs: [log({ start: [START[0], "| MUST | Confirm the branch | [x] | feat/x |"] }), PROTO], facts: STRICT, errors: [{ messageId: "rowMismatch", line: 17, data: { row: "2", expected: "MUST|Confirm not on main/master", actual: "MUST|Confirm the branch" } }] },
      { name: "strict: a log older than the protocol change (info)", docs: [log({ start: [START[0]] }), PROTO], facts: { ...STRICT, "protocol.date": "2026-02-01" }, errors: [{ messageId: "driftNotCheckedLog", severity: "info", data: { date: "2026-01-05", since: "2026-02-01" } }] },
    ],
  },
  "SP-032": {
    valid: [{ name: "strict: Session Start has MUST rows", docs: WITH_PROTO, facts: STRICT }],
    invalid: [{ name: "strict: only SHOULD rows", docs: [log({ start: ["| SHOULD | Read memory-index memories | [x] | memory-index |"] }), PROTO], facts: STRICT, errors: [{ messageId: "sessionStartTableHas", line: 14 }] }],
  },
  "SP-034": {
    valid: [{ name: "strict: Session End has 3 rows", docs: WITH_PROTO, facts: STRICT }],
    invalid: [{ name: "strict: two Session End rows", docs: [log({ end: [QA_ROW, COMMIT_ROW] }), PROTO], facts: STRICT, errors: [{ messageId: "sessionEndTableHas", line: 25 }] }],
  },
  "SP-035": {
    valid: [{ name: "strict: Session End matches the protocol", docs: WITH_PROTO, facts: STRICT }],
    invalid: [
      { name: "strict: an extra Session End row", docs: [log({ end: [...END, "| SHOULD | Update the changelog | [x] | done |"] }), PROTO], facts: STRICT, errors: [{ messageId: "rowCountMismatch", line: 25, data: { name: "Session End", protocol: "3", session: "4" } }] },
      { name: "strict: rows in another order", docs: [log({ end: [COMMIT_ROW, QA_ROW, HANDOFF_ROW] }), PROTO], facts: STRICT, errors: [{ messageId: "rowMismatch", line: 27, data: { row: "1" } }] },
    ],
  },
  "SP-036": {
    valid: [{ name: "strict: Session End has MUST rows", docs: WITH_PROTO, facts: STRICT }],
    invalid: [{ name: "strict: no MUST rows in Session End", docs: [log({ end: ["| SHOULD | a | [x] | x |", "| SHOULD | b | [x] | x |", "| SHOULD | c | [x] | x |"] }), PROTO], facts: STRICT, errors: [{ messageId: "sessionEndTableHas", line: 25 }] }],
  },
  "SP-037": {
    valid: [
      { name: "a QA report that exists", docs: LOG, facts: OK },
      { name: "docs-only skip with only markdown changed", docs: [log({ end: endWith("| MUST | Route to qa agent | [x] | SKIPPED: docs-only |") })], facts: { ...OK, "diff.a1b2c3d": ["docs/x.md", NAME] } },
      { name: "creation mode: an unticked QA row is not demanded yet", docs: [fresh(CREATION)], facts: OK },
      { name: "record mode: an old log's unticked QA row is not demanded", docs: [old(STAGED_EDIT)], facts: OK },
      { name: "record mode: an old log's QA report is not bound (it may have moved since)", docs: [{ ...log(), flags: STAGED_EDIT }], facts: { ...OK, "path..agents/qa/042-parser.md": "missing" } },
      { name: "record mode: a skip claim is not judged against the commit being made", docs: [{ ...log({ end: endWith("| MUST | Route to qa agent | [x] | SKIPPED: docs-only |") }), flags: MERGE }], facts: { ...OK, context: "pre-commit", staged: ["src/parser.ts"] } },
    ],
    invalid: [
      { name: "an edited old log with --strict (full mode): the unticked QA row", docs: [old(STAGED_EDIT | STRICT_FLAG)], facts: OK, errors: [{ messageId: "rowUnchecked", line: 27 }] },
      { name: "creation mode: a ticked QA row is judged (citing nothing)", docs: [fresh(CREATION, { end: ["| MUST | Route to qa agent | [x] | done |", OPEN_COMMIT, OPEN_HANDOFF] })], facts: OK, errors: [{ messageId: "qaRowCitesNo", line: 27 }] },
      { name: "a staged new log with its commit row ticked claims its end: the unticked QA row (full mode)", docs: [fresh(STAGED_NEW, { end: [OPEN_QA, COMMIT_ROW, OPEN_HANDOFF] })], facts: OK, errors: [{ messageId: "rowUnchecked", line: 27 }] },
      { name: "an unchecked QA row", docs: [log({ end: endWith("| MUST | Route to qa agent | [ ] | |") })], facts: OK, errors: [{ messageId: "rowUnchecked", line: 27, data: { qaDir: ".agents/qa" } }] },
      { name: "an unchecked QA row claiming docs-only", docs: [log({ end: endWith("| MUST | Route to qa agent | [ ] | SKIPPED: docs-only |") })], facts: OK, errors: [{ messageId: "docsRowUnchecked", line: 27 }] },
      { name: "an unchecked QA row claiming investigation-only", docs: [log({ end: endWith("| MUST | Route to qa agent | [ ] | SKIPPED: investigation-only |") })], facts: OK, errors: [{ messageId: "investigationRowUnchecked", line: 27 }] },
      { name: "a QA report without file facts (warning)", docs: LOG, facts: { ...OK, "path..agents/qa/042-parser.md": undefined }, errors: [{ messageId: "qaReportNotVerified", severity: "warning", data: { p: ".agents/qa/042-parser.md" } }] },
      { name: "a QA report that does not exist", docs: LOG, facts: { ...OK, "path..agents/qa/042-parser.md": "missing" }, errors: [{ messageId: "qaReportReferencedBut", data: { p: ".agents/qa/042-parser.md" } }] },
      { name: "a checked QA row citing nothing", docs: [log({ end: endWith("| MUST | Route to qa agent | [x] | done |") })], facts: OK, errors: [{ messageId: "qaRowCitesNo", data: { factOr: ".agents/qa" } }] },
      { name: "a skip with changed files unknown, in CI", docs: [log({ end: endWith("| MUST | Route to qa agent | [x] | SKIPPED: docs-only |") })], facts: { ...OK, context: "ci" }, errors: [{ messageId: "cannotVerifyTheQa", severity: "error" }] },
      { name: "investigation-only skip with code changed", docs: [log({ end: endWith("| MUST | Route to qa agent | [x] | SKIPPED: investigation-only |") })], facts: { ...OK, "diff.a1b2c3d": ["src/parser.ts", NAME] }, errors: [{ messageId: "investigationOnlyQaSkip", data: { listShort: "src/parser.ts" } }] },
      { name: "docs-only skip with no changed files", docs: [log({ end: endWith("| MUST | Route to qa agent | [x] | SKIPPED: docs-only |") })], facts: { ...OK, "diff.a1b2c3d": [] }, errors: [{ messageId: "docsOnlyQaSkip" }] },
      { name: "docs-only skip with code changed", docs: [log({ end: endWith("| MUST | Route to qa agent | [x] | SKIPPED: docs-only |") })], facts: { ...OK, "diff.a1b2c3d": ["src/parser.ts", NAME] }, errors: [{ messageId: "docsOnlyQaSkip2", data: { listShort: "src/parser.ts" } }] },
    ],
  },
  "SP-038": {
    valid: [
      { name: "strict: changed files known from the Starting Commit", docs: WITH_PROTO, facts: STRICT },
      { name: "strict, record mode (--mode record, or a merge): no agreement with git is checked", docs: [{ ...log(), flags: RECORD }, PROTO], facts: { ...STRICT, "diff.a1b2c3d": undefined } },
    ],
    invalid: [
      { name: "strict: Starting Commit not in history", docs: WITH_PROTO, facts: { ...STRICT, "diff.a1b2c3d": undefined }, errors: [{ messageId: "startingCommitNotInHistory", data: { startSha: "a1b2c3d" } }] },
      { name: "strict: no Starting Commit", docs: [log({ info: "- **Date**: 2026-01-05" }), PROTO], facts: STRICT, errors: [{ messageId: "noStartingCommit" }] },
    ],
  },
  "SP-039": {
    valid: [{ name: "strict: clean working tree", docs: WITH_PROTO, facts: STRICT }, { name: "strict, creation mode: the session's end state is not checked", docs: [{ ...log(), flags: CREATION }, PROTO], facts: { ...STRICT, clean: false } }, { name: "strict, record mode (a merge): an old session's end state is not re-checked", docs: [{ ...log(), flags: MERGE }, PROTO], facts: { ...STRICT, clean: false } }],
    invalid: [
      { name: "strict: uncommitted changes", docs: WITH_PROTO, facts: { ...STRICT, clean: false }, errors: [{ messageId: "gitStatusIsNot" }] },
      { name: "strict: git status failed (no clean fact): the tree is not checked, never a pass", docs: WITH_PROTO, facts: { ...STRICT, clean: undefined }, errors: [{ messageId: "gitStatusUnknown" }] },
    ],
  },
  "SP-040": {
    valid: [{ name: "strict: HEAD past the Starting Commit", docs: WITH_PROTO, facts: STRICT }, { name: "strict, creation mode: the session's end state is not checked", docs: [{ ...log(), flags: CREATION }, PROTO], facts: { ...STRICT, head: "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678" } }, { name: "strict, record mode: an old session's end state is not re-checked", docs: [{ ...log(), flags: RECORD }, PROTO], facts: { ...STRICT, head: "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678" } }],
    invalid: [{ name: "strict: HEAD is the Starting Commit", docs: WITH_PROTO, facts: { ...STRICT, head: "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678" }, errors: [{ messageId: "noCommitsSinceStarting", data: { startSha: "a1b2c3d" } }] }],
  },
  "SP-041": {
    valid: [{ name: "strict: the commit row cites a known commit", docs: WITH_PROTO, facts: STRICT }, { name: "SP-041 landed: strict, the cited commit is off HEAD's history but its changes landed by content (squash merge; issue 35 item 4)", docs: WITH_PROTO, facts: { ...STRICT, "git.commit.abc1234": ["landed", "abc1234aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"] } }, { name: "strict, creation mode: the session's end state is not checked", docs: [{ ...log(), flags: CREATION }, PROTO], facts: { ...STRICT, commits: [] } }, { name: "strict, record mode: an old log's commit SHA is not re-bound to history (rebased or squashed away)", docs: [{ ...log(), flags: RECORD }, PROTO], facts: { ...STRICT, commits: [] } }, { name: "SP-041 merged markdown log (issue 35 item 3): the cited commit is missing but the log arrived through a merge (git.mergedLogs): no SP-041 error (SP-090 notes it)", docs: WITH_PROTO, facts: { ...STRICT, commits: [], "git.commit.abc1234": ["missing"], "git.mergedLogs": [NAME] } }],
    invalid: [
      { name: "strict: no commit row", docs: [log({ end: [QA_ROW, HANDOFF_ROW, "| SHOULD | x | [x] | y |"] }), PROTO], facts: STRICT, errors: [{ messageId: "noCommitAllChanges" }] },
      { name: "strict: commit row without a SHA", docs: [log({ end: endWith(QA_ROW, "| MUST | Commit all changes | [x] | committed |") }), PROTO], facts: STRICT, errors: [{ messageId: "commitRowLacksCommit", line: 28 }] },
      { name: "strict: a SHA git does not know", docs: WITH_PROTO, facts: { ...STRICT, commits: [] }, errors: [{ messageId: "commitShaNotFound", line: 28, data: { sha: "abc1234" } }] },
      { name: "SP-041 commitShaNotLanded: strict, the cited commit exists but is off HEAD's history and its changes did not land (issue 35 item 4)", docs: WITH_PROTO, facts: { ...STRICT, "git.commit.abc1234": ["off-history", "abc1234aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "#1", "-src/a.ts"] }, errors: [{ messageId: "commitShaNotLanded", line: 28, data: { sha: "abc1234" } }] },
      { name: "SP-041 commitShaNotFound: strict, the classification says the commit is missing", docs: WITH_PROTO, facts: { ...STRICT, "git.commit.abc1234": ["missing"] }, errors: [{ messageId: "commitShaNotFound", line: 28, data: { sha: "abc1234" } }] },
      { name: "SP-041 commitShaNotFound: strict, the commit is missing and another log (not this one) arrived through a merge", docs: WITH_PROTO, facts: { ...STRICT, commits: [], "git.commit.abc1234": ["missing"], "git.mergedLogs": [".agents/sessions/2026-01-05-session-41.md"] }, errors: [{ messageId: "commitShaNotFound", line: 28, data: { sha: "abc1234" } }] },
    ],
  },
  "SP-042": {
    valid: [{ name: "strict: the log changed since the Starting Commit", docs: WITH_PROTO, facts: STRICT }, { name: "strict, creation mode: the session's end state is not checked", docs: [{ ...log(), flags: CREATION }, PROTO], facts: { ...STRICT, "diff.a1b2c3d": ["src/parser.ts"] } }, { name: "strict, record mode: an old session's end state is not re-checked", docs: [{ ...log(), flags: RECORD }, PROTO], facts: { ...STRICT, "diff.a1b2c3d": ["src/parser.ts"] } }],
    invalid: [{ name: "strict: the log unchanged since the Starting Commit", docs: WITH_PROTO, facts: { ...STRICT, "diff.a1b2c3d": ["src/parser.ts"] }, errors: [{ messageId: "logNotUpdatedSince", data: { startSha: "a1b2c3d" } }] }],
  },
  "SP-090": {
    valid: [
      { name: "git facts available", docs: WITH_PROTO, facts: STRICT },
      { name: "strict, record mode, without git facts: no git rule applies, nothing to note", docs: [{ ...log(), flags: RECORD }, PROTO], facts: { ...STRICT, git: false } },
    ],
    invalid: [
      { name: "strict without git facts: the git rules are noted, not passed", docs: WITH_PROTO, facts: { ...STRICT, git: false }, errors: [{ messageId: "noGitFactsNot", severity: "info", data: { skipped: "SP-038..SP-042" } }] },
      { name: "SP-090 mergedLogNotVerifiable (markdown, issue 35 item 3): strict, the cited commit is missing and the log arrived through a merge", docs: WITH_PROTO, facts: { ...STRICT, commits: [], "git.commit.abc1234": ["missing"], "git.mergedLogs": [NAME] }, errors: [{ messageId: "mergedLogNotVerifiable", severity: "info", line: 28, data: { what: "SP-041 (Commit SHA evidence)", detail: "commit abc1234 is not in this repository" } }] },
      { name: "strict, creation mode, without git facts: only SP-038 applies and is noted", docs: [{ ...log(), flags: CREATION }, PROTO], facts: { ...STRICT, git: false }, errors: [{ messageId: "noGitFactsNot", severity: "info", data: { skipped: "SP-038" } }] },
      { name: "JSON log outside a git repository", docs: [jsonLog()], facts: { "git.unavailable": "not a git repository" }, errors: [{ messageId: "notCheckedGitFacts", severity: "info", data: { what: "SP-130 (endingCommit reachable)", detail: "not a git repository" } },
        { messageId: "notCheckedGitFacts", severity: "info", data: { what: "SP-131 (QA report .agents/qa/043.md)" } }] },
      { name: "SP-090 mergedLogNotVerifiable: a JSON log that arrived through a merge (issue 35 item 5), its ending commit not in this repository", docs: [jsonLog()], facts: { "git.available": true, "git.commit.d4e5f60": ["missing"], "git.mergedLogs": [".agents/sessions/2026-01-05-session-43.json"] },
        errors: [{ messageId: "mergedLogNotVerifiable", severity: "info", data: { what: "SP-130 (endingCommit reachable)", detail: "commit d4e5f60 is not in this repository" } }] },
      { name: "JSON log in a shallow clone", docs: [jsonLog()], facts: { "git.available": true, "git.shallow": true }, errors: [{ messageId: "spEndingcommitReachableNot", severity: "info" }] },
      { name: "JSON log: no fact about the ending commit", docs: [jsonLog()], facts: { "git.available": true }, errors: [{ messageId: "spEndingcommitReachableNot2", severity: "info", data: { v: "d4e5f60" } }] },
    ],
  },
};
