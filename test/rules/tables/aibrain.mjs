// Rule tester tables of the .aibrain checkpoint rules (specs/session-formats.md §2): `---`, a JSON
// object, `---`, markdown. Flag 1 marks a file under .aibrain/sessions/archive/. The front matter is
// written with JSON.stringify(o, null, 2) after the opening line: line 3 is "id", 4 task_id, ...
const BASE = {
  id: "S-1", task_id: "T1", project: "p", created_at: "2026-02-07T10:00:00Z", updated_at: "2026-02-07T11:00:00+01:00",
  iteration_count: 1, checkpoint_number: 0, phase: "build", status: "in_progress",
};
// lines: 3 id, 4 task_id, 5 project, 6 created_at, 7 updated_at, 8 iteration_count, 9 checkpoint_number,
// 10 phase, 11 status, 12 the first extra key
const fm = (o = {}) => `---\n${JSON.stringify({ ...BASE, ...o }, null, 2)}\n---\n\nbody\n\n---\n\nmore\n`;
const without = (k) => { const o = { ...BASE }; delete o[k]; return `---\n${JSON.stringify(o, null, 2)}\n---\n`; };
const cp = (text, name = ".aibrain/sessions/session-T1.md", flags = 0) => [{ name, kind: "AIBRAIN", flags, text }];
const ok = (name, o = {}) => ({ name, docs: cp(fm(o)) });

export default {
  "AB-001": {
    valid: [ok("JSON front matter between '---' lines; '---' in a string and a rule in the body", { note: "a --- b" })],
    invalid: [
      { name: "no opening delimiter", docs: cp("# title\n"), errors: [{ messageId: "frontMatterTheFile", line: 1, column: 1 }] },
      { name: "YAML front matter", docs: cp("---\ntitle: x\n---\n"), errors: [{ messageId: "frontMatterExpectedA", line: 2, column: 1 }] },
      { name: "a JSON syntax error", docs: cp('---\n{\n  "id": "x",\n  "task_id": "T1" "p": 1\n}\n---\n'), errors: [{ messageId: "frontMatter", line: 4 }] },
      { name: "no closing delimiter", docs: cp(`---\n${JSON.stringify(BASE)}\n`), errors: [{ messageId: "frontMatterNoClosing" }] },
    ],
  },
  "AB-002": {
    valid: [ok("every key with its type"), ok("max_iterations a whole number", { max_iterations: 3 })],
    invalid: [
      { name: "a missing key", docs: cp(without("project")), errors: [{ messageId: "missingKey", line: 2, data: { k: "project" } }] },
      { name: "an empty string key", docs: cp(fm({ phase: "" })), errors: [{ messageId: "mustBeANon", line: 10, data: { k: "phase" } }] },
      { name: "a negative count", docs: cp(fm({ iteration_count: -1 })), errors: [{ messageId: "mustBeAWhole", line: 8, data: { k: "iteration_count" } }] },
      { name: "dates that are not ISO 8601", docs: cp(fm({ created_at: "yesterday", updated_at: "2026-13-01T00:00:00Z" })), errors: [
        { messageId: "createdAtIsNot", line: 6, data: { created: "yesterday" } },
        { messageId: "updatedAtIsNot", line: 7, data: { updated: "2026-13-01T00:00:00Z" } },
      ] },
      { name: "max_iterations not a whole number", docs: cp(fm({ max_iterations: 1.5 })), errors: [{ messageId: "maxIterationsMustBe", line: 12 }] },
    ],
  },
  "AB-003": {
    valid: [ok("status blocked", { status: "blocked" })],
    invalid: [
      { name: "no status", docs: cp(without("status")), errors: [{ messageId: "missingKeyStatusIn", line: 2 }] },
      { name: "an unknown status", docs: cp(fm({ status: "done" })), errors: [{ messageId: "statusMustBeIn", line: 11 }] },
    ],
  },
  "AB-004": {
    valid: [ok("updated_at after created_at")],
    invalid: [{ name: "updated_at before created_at", docs: cp(fm({ updated_at: "2026-02-07T09:00:00Z" })), errors: [{ messageId: "updatedAtIsBefore", line: 7, data: { updated: "2026-02-07T09:00:00Z", created: "2026-02-07T10:00:00Z" } }] }],
  },
  "AB-005": {
    valid: [ok("iteration_count within max_iterations", { max_iterations: 1 })],
    invalid: [{ name: "iteration_count over max_iterations", docs: cp(fm({ iteration_count: 4, max_iterations: 3 })), errors: [{ messageId: "iterationCountExceedsMax", line: 8, data: { it: "4", mx: "3" } }] }],
  },
  "AB-006": {
    valid: [{ name: "a completed task in the archive", docs: cp(fm({ status: "completed" }), ".aibrain/sessions/archive/session-T1.md", 1) }],
    invalid: [{ name: "an in-progress task in the archive", docs: cp(fm(), ".aibrain/sessions/archive/session-T1.md", 1), errors: [{ messageId: "archivedTaskHasStatus", line: 11, data: { status: "in_progress" } }] }],
  },
  "AB-007": {
    valid: [ok("session-T1.md holds task T1")],
    invalid: [{ name: "the file is named after another task", docs: cp(fm(), ".aibrain/sessions/session-T2.md"), errors: [{ messageId: "fileNameDoesNot", line: 4, data: { baseName: "session-T2.md", tid: "T1", tid2: "T1" } }] }],
  },
};
