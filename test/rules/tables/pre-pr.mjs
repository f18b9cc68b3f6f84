// Rule tester tables of the pre-pr rules (see test/rules/rule-tester.ts). Documents are PREPR_FILE
// with their role in `flags` (PREPR_ROLE, declared in contract/interface.json flags.prePr); fact `family` picks the rule family of the call. Catalog
// ids of ../shared/specs/pre-pr.md are in the case names. The PP-0xx rules decide the report rows
// (family "row", no documents): valid cases are rows that pass (or, for PP-000's plan, checks that
// run), invalid cases WARN, FAIL and SKIP rows with their status.
import { encodeList } from "../../../dist/wasm/list.js";
import { PREPR_ROLE as ROLE } from "../../../dist/wasm/abi.js";

const doc = (name, flags, text) => ({ name, kind: "PREPR_FILE", flags, text });
const SHA = "b4ffde65f46336ab88eb53be808477a3936bae11";
const WF = ".github/workflows/ci.yml";
const steps = (n) => Array.from({ length: n }, (_, i) => `      - run: echo ${i}`).join("\n");
const workflow = (n) => doc(WF, ROLE.workflow, `name: ci\non: push\npermissions: {}\njobs:\n  a:\n    steps:\n${steps(n)}\n`);
const wfText = (body) => `name: ci\non: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n${body}`;
const wfs = (text, extra = {}) => ({ docs: [doc(WF, ROLE.workflow, text)], facts: { family: "wfs", ...extra } });
const pin = (uses) => ({ docs: [doc(WF, ROLE.workflow, `name: ci\non: push\npermissions: {}\njobs:\n  build:\n    steps:\n      - uses: ${uses}\n`)], facts: { family: "pin" } });
const SKILL = ".claude/skills/x/SKILL.md";
const sfm = (text, options) => ({ docs: [doc(SKILL, ROLE.skill, text)], facts: { family: "sfm" }, ...(options ? { options } : {}) });
const fm = (lines) => `---\n${lines}\n---\n\n# Body\n`;
const OK = "name: test-skill\ndescription: A test skill";
const prd = (body, changed, extra = {}) => ({ docs: [doc("(PR description)", ROLE.prBody, body)], facts: { family: "prd", changed, ...extra } });
const size = (facts, options) => ({ docs: [doc(".", ROLE.size, "")], facts: { family: "size", ...facts }, ...(options ? { options } : {}) });
const path = (text) => ({ docs: [doc("docs/guide.md", ROLE.pathScan, text)], facts: { family: "path" } });
const skv = (text, name = "docs/guide.md") => ({ docs: [doc(name, ROLE.skillScan, text)], facts: { family: "skv" } });
const DIR = ".claude/skills/github/scripts";
const MEM = ".serena/memories";
const mem = (text, name = `${MEM}/git-001-rebase.md`, role = ROLE.memory) => ({ docs: [doc(name, role, text)], facts: { family: "mem" } });
const skillHeads = (n) => Array.from({ length: n }, (_, i) => `## Skill-Git-${i + 1}: rule ${i + 1}\n\nBody.\n`).join("\n");
const CMDF = ".claude/commands/review.md";
const cmd = (text, options) => ({ docs: [doc(CMDF, ROLE.command, text)], facts: { family: "cmd" }, ...(options ? { options } : {}) });
const skillDesc = (name, desc) => doc(`.claude/skills/${name}/SKILL.md`, ROLE.skill, `---\nname: ${name}\ndescription: ${desc}\n---\n\n# ${name}\n`);
const skb = (docs, options) => ({ docs, facts: { family: "skb" }, ...(options ? { options } : {}) });
const pctx = (name, text, options) => ({ docs: [doc(name, ROLE.passiveContext, text)], facts: { family: "pctx" }, ...(options ? { options } : {}) });
const tok = (text, options) => ({ docs: [doc(".agents/HANDOFF.md", ROLE.handoff, text)], facts: { family: "tok" }, ...(options ? { options } : {}) });
const agent = (sections) => Object.entries(sections).map(([h, b]) => `## ${h}\n\n${b}\n`).join("\n");
const drift = (l, r, options) => ({
  docs: [doc("src/claude/analyst.md", ROLE.driftLeft, agent(l)), doc("src/vs-code-agents/analyst.agent.md", ROLE.driftRight, agent(r))],
  facts: { family: "drift" }, ...(options ? { options } : {}),
});
const plan = (files, options) => ({
  docs: Object.entries(files).map(([n, t]) => doc(`.agents/planning/${n}`, ROLE.planning, t)), facts: { family: "plan" }, ...(options ? { options } : {}),
});

const row = (id, facts = {}, phase = "result") => ({ docs: [], facts: { family: "row", row: id, phase, ...facts } });
const BRANCH = { scope: "branch", base: "origin/main" };
const ALL = { scope: "all" };
const E = ["error"];
const W = ["warning"];
/** The three rows of a check with nothing in scope or nothing found (valid) and one with findings (invalid). */
const checkedRows = (id, none, files) => ({
  valid: [
    { name: "nothing in the repository", ...row(id, { ...ALL, ...none }), row: { messageId: "nothing" } },
    { name: "nothing changed on the branch", ...row(id, { ...BRANCH, ...none }), row: { messageId: "nothingChanged", data: { base: "origin/main" } } },
    { name: "files checked, no findings", ...row(id, { ...BRANCH, ...files }), row: { messageId: "clean", data: { files: "2" } } },
  ],
  invalid: [
    { name: "an error finding fails the row", ...row(id, { ...BRANCH, ...files, severities: ["error", "warning"] }), errors: [{ messageId: "checked", status: "FAIL", data: { files: "2", errors: "1", warnings: "1" } }] },
    { name: "warnings only warn", ...row(id, { ...BRANCH, ...files, severities: W }), errors: [{ messageId: "checked", status: "WARN", data: { errors: "0", warnings: "1" } }] },
  ],
});
const delegationRows = (id, none, some, validator) => ({
  valid: [
    ...none,
    { name: "the validator found nothing to validate", ...row(id, { ...BRANCH, ...some, validator, "validator.applies": false, "validator.reason": "no files" }), row: { messageId: "nothingToValidate", data: { reason: "no files" } } },
    { name: "the validator applies to nothing, without a reason", ...row(id, { ...BRANCH, ...some, validator, "validator.applies": false }), row: { messageId: "notApplicable" } },
    { name: "every file passes", ...row(id, { ...BRANCH, ...some, validator, files: 3 }), row: { messageId: "clean", data: { validator, files: "3" } } },
    { name: "every file passes, some skipped", ...row(id, { ...BRANCH, ...some, validator, files: 3, skipped: 1 }), row: { messageId: "cleanSkipped", data: { skipped: "1" } } },
  ],
  invalid: [
    { name: "a file fails", ...row(id, { ...BRANCH, ...some, validator, files: 3, severities: E }), errors: [{ messageId: "checked", status: "FAIL", data: { validator, files: "3", errors: "1", warnings: "0" } }] },
    { name: "warnings, some files skipped", ...row(id, { ...BRANCH, ...some, validator, files: 3, skipped: 2, severities: W }), errors: [{ messageId: "checkedSkipped", status: "WARN", data: { skipped: "2" } }] },
    { name: "the validator is disabled in the configuration", ...row(id, { ...BRANCH, ...some, validator, "validator.disabled": true }), errors: [{ messageId: "disabled", status: "SKIP", data: { validator } }] },
    { name: "the validator is not in this build", ...row(id, { ...BRANCH, ...some, validator, "validator.unavailable": true }), errors: [{ messageId: "unavailable", status: "SKIP", data: { validator } }] },
  ],
});
/** The rows of a check that runs an external tool over `files` files. */
const toolRows = (id, tool, passed, failedData) => ({
  valid: [
    { name: "no files in the repository", ...row(id, { ...ALL, files: 0 }), row: { messageId: "nothing" } },
    { name: "no files changed on the branch", ...row(id, { ...BRANCH, files: 0 }), row: { messageId: "nothingChanged" } },
    { name: "the tool passes", ...row(id, { ...BRANCH, files: 2, "tool.exit": 0 }), row: { messageId: passed, data: { files: "2" } } },
  ],
  invalid: [
    { name: `${tool} not on the PATH: a visible SKIP, never a PASS`, ...row(id, { ...BRANCH, files: 2, "tool.found": false }), errors: [{ messageId: "toolMissing", status: "SKIP" }] },
    { name: `${tool} not on the PATH under --ci`, ...row(id, { ...BRANCH, files: 2, "tool.found": false, ci: true, requireTools: true }), errors: [{ messageId: "toolRequired", status: "FAIL", data: { flag: "--ci" } }] },
    { name: `${tool} not on the PATH under --require-tools`, ...row(id, { ...BRANCH, files: 2, "tool.found": false, requireTools: true }), errors: [{ messageId: "toolRequired", status: "FAIL", data: { flag: "--require-tools" } }] },
    { name: "the tool timed out", ...row(id, { ...BRANCH, files: 2, "tool.timedOut": true, timeout: 300 }), errors: [{ messageId: "timeout", status: "FAIL", data: { seconds: "300" } }] },
    { name: "the tool could not start", ...row(id, { ...BRANCH, files: 2, "tool.error": "spawn EACCES" }), errors: [{ messageId: "couldNotRun", status: "FAIL", data: { error: "spawn EACCES" } }] },
    { name: "the tool exited 1 with output", ...row(id, { ...BRANCH, files: 2, "tool.exit": 1, output: 3 }), errors: [{ messageId: "failed", status: "FAIL", data: { code: "1", ...failedData } }] },
    { name: "the tool exited 249 without output", ...row(id, { ...BRANCH, files: 2, "tool.exit": 249, output: 0 }), errors: [{ messageId: "failedNoOutput", status: "FAIL", data: { code: "249" } }] },
  ],
});

export default {
  "CMD-01": {
    valid: [
      { name: "command-size: 150 lines is at the warning threshold, not over", ...cmd("x\n".repeat(150)) },
      { name: "command-size: a size-exception on a command within the limits changes nothing", ...cmd("---\nsize-exception: true\n---\n" + "x\n".repeat(10)) },
    ],
    invalid: [
      { name: "command-size: 201 lines is an error", ...cmd("x\n".repeat(201)), errors: [{ messageId: "lines", line: 0, severity: "error", data: { count: "201", max: "200" } }] },
      { name: "command-size: 151 lines is a warning", ...cmd("x\n".repeat(151)), errors: [{ messageId: "linesNear", severity: "warning", data: { count: "151", max: "150" } }] },
      { name: "command-size: Python's splitlines after universal newlines (CR, CR LF, U+2028, a last line without its end)", ...cmd("a\rb\r\nc\u2028d\ne"), options: { maxLines: 4, warnLines: 1 }, errors: [{ messageId: "lines", data: { count: "5", max: "4" } }] },
      { name: "command-size: size-exception (yes) without a rationale comment is an error", ...cmd("---\ndescription: x\nsize-exception: Yes\n---\n" + "x\n".repeat(10)), options: { maxLines: 5, warnLines: 5 },
        errors: [{ messageId: "noRationale", severity: "error", data: { count: "14", max: "5", lines: "30", chars: "40" } }] },
      { name: "command-size: size-exception with a rationale comment: a warning", ...cmd("---\nsize-exception: 1\n---\n<!-- Rationale: this command drives a long repo-specific checklist. -->\n" + "x\n".repeat(10)), options: { maxLines: 5, warnLines: 5 },
        errors: [{ messageId: "linesExcepted", severity: "warning", data: { count: "14", max: "5" } }] },
      { name: "command-size: a rationale comment still open at the end of the window counts, its text cut there", ...cmd("---\nsize-exception: true\n---\n<!--\nrationale: the long body is a repo-specific reference table\n" + "x\n".repeat(10) + "-->\n"), options: { maxLines: 5, warnLines: 5, rationaleLines: 5 },
        errors: [{ messageId: "linesExcepted", data: { count: "16" } }] },
      { name: "command-size: rationale inside a longer word (rationales) or a short comment is none", ...cmd("---\nsize-exception: true\n---\n<!-- rationales for the long body of this command are elsewhere -->\n<!-- rationale: short -->\n" + "x\n".repeat(10)), options: { maxLines: 5, warnLines: 5 },
        errors: [{ messageId: "noRationale", data: { count: "15" } }] },
      { name: "command-size: size-exception: true # comment is not true (upstream compares the whole value)", ...cmd("---\nsize-exception: true # big\n---\n<!-- rationale: this command drives a long repo-specific checklist -->\n" + "x\n".repeat(10)), options: { maxLines: 5, warnLines: 5 },
        errors: [{ messageId: "lines", data: { count: "14" } }] },
      { name: "command-size: a front matter without the line break after its closing --- is none", ...cmd("---\nsize-exception: true\n---"), options: { maxLines: 2, warnLines: 2 },
        errors: [{ messageId: "lines", data: { count: "3" } }] },
    ],
  },
  "DRIFT-04": {
    valid: [
      { name: "TC-DRIFT: identical shared sections", ...drift({ "Core Identity": "You analyse code and report risks." }, { "Core Identity": "You analyse code and report risks." }) },
      { name: "a left agent without a counterpart is not compared", docs: [doc("src/claude/solo.md", ROLE.driftLeft, agent({ "Core Identity": "x" }))], facts: { family: "drift" } },
    ],
    invalid: [
      {
        name: "TC-DRIFT: a shared section rewritten below the 80% threshold",
        ...drift({ "Core Identity": "alpha beta gamma delta" }, { "Core Identity": "one two three four" }),
        errors: [{ messageId: "message", line: 0, severity: "error", doc: "src/claude/analyst.md", data: { name: "src/vs-code-agents/analyst.agent.md", pct: "0.0", pct2: "80.0", join: "core identity 0.0%" } }],
      },
      {
        name: "a raised threshold reports a pair that mostly agrees",
        ...drift({ "Core Identity": "alpha beta gamma delta epsilon" }, { "Core Identity": "alpha beta gamma delta omega" }, { threshold: 90 }),
        errors: [{ messageId: "message", data: { pct: "66.7", pct2: "90.0" } }],
      },
    ],
  },
  "MEM-01": {
    valid: [
      { name: "memory-size: a small atomic memory", ...mem("# Git rebase\n\n## Rule\n\nRebase before merge.\n") },
      { name: "memory-size: 10,000 characters exactly, a CR LF counting one (as Python reads the file)", ...mem(`${"x".repeat(9_998)}\r\ny`) },
      { name: "memory-size: 16 '## ' lines inside a fenced block are not skills", ...mem("# T\n\n````md\n" + "## x\n".repeat(16) + "```\n````\n") },
      { name: "memory-size: Overview/TOC H1s are not categories", ...mem("# Overview\n# TOC\n# A\n# B\n# C\n# D\n# E\n") },
    ],
    invalid: [
      { name: "memory-size: a new memory over maxChars blocks", ...mem("é".repeat(10_001), `${MEM}/git-002.md`, ROLE.memoryNew),
        errors: [{ messageId: "chars", line: 0, severity: "error", data: { count: "10001", max: "10000", files: "2" } }] },
      { name: "memory-size: a modified memory over the limits warns; an astral character counts one", ...mem("😀".repeat(30), undefined, ROLE.memory), options: { maxChars: 20 },
        errors: [{ messageId: "chars", severity: "warning", data: { count: "30", max: "20", files: "2" } }] },
      { name: "memory-size: 16 skills (## headings)", ...mem(Array.from({ length: 16 }, (_, i) => `## S${i}\nx\n`).join("")),
        errors: [{ messageId: "skills", data: { count: "16", max: "15", files: "2" } }] },
      { name: "memory-size: 6 categories (H1s)", ...mem("# A\n# B\n# C\n# D\n# E\n# F\n"), errors: [{ messageId: "categories", data: { count: "6", max: "5" } }] },
      { name: "memory-size: without H1s, distinct H2 prefixes are the categories", ...mem("## A: x\n## B - y\n## C:z\n"), options: { maxCategories: 2 },
        errors: [{ messageId: "categories", data: { count: "3", max: "2" } }] },
    ],
  },
  "MEM-02": {
    valid: [
      { name: "memory-skill-format: one skill heading", ...mem(skillHeads(1)) },
      { name: "memory-skill-format: a domain index is not a skill file", ...mem(skillHeads(3), `${MEM}/skills-git-index.md`) },
      { name: "memory-skill-format: not a skill heading (no number, no colon, indented)", ...mem("## Skill-Git: a\n## Skill-Git-1 b\n ## Skill-Git-2: c\n## Skill-Git-3: d\n") },
    ],
    invalid: [
      { name: "memory-skill-format: three bundled skills, a lone CR ending a line", ...mem(skillHeads(2) + "\r## Skill-Git-9: x\n"), errors: [{ messageId: "bundled", line: 0, severity: "error", data: { count: "3" } }] },
    ],
  },
  "MEM-03": {
    valid: [
      { name: "memory-skill-format: <domain>-<description> names and observations files", ...mem("x", `${MEM}/git-001.md`) },
      { name: "memory-skill-format: skill-*-observations.md is exempt", ...mem("x", `${MEM}/skill-git-observations.md`) },
    ],
    invalid: [
      { name: "memory-skill-format: skill- prefix, in a subfolder too", ...mem("x", `${MEM}/git/skill-rebase.md`), errors: [{ messageId: "skillPrefix", line: 0, severity: "error" }] },
    ],
  },
  "PATH-01": {
    valid: [
      { name: "TC-PN: relative paths, code spans, fenced blocks and URLs pass", ...path("See `C:\\tools` and docs/a.md.\n\n```\n/home/me/x\n```\n\nhttps://example.com/home/x\n") },
    ],
    invalid: [
      { name: "TC-PN: a Windows drive path", ...path("Run C:\\tools\\x.exe first.\n"), errors: [{ messageId: "absolutePath", line: 1, column: 5, data: { fromCharCode: "C" } }] },
      { name: "TC-PN: a macOS home path", ...path("# T\n\nSee /Users/me/repo.\n"), errors: [{ messageId: "absolutePathUsers", line: 3, column: 5 }] },
      { name: "TC-PN: a Linux home path", ...path("See /home/me/repo.\n"), errors: [{ messageId: "absolutePathHome", line: 1, column: 5 }] },
    ],
  },
  "PIN-01": {
    valid: [
      { name: "TC-PIN-07: a 40-hex SHA with a version comment", ...pin(`actions/checkout@${SHA} # v4`) },
      { name: "TC-PIN-08: a local action", ...pin("./.github/actions/my-action") },
    ],
    invalid: [
      { name: "TC-PIN-06: a version tag", ...pin("actions/checkout@v4"), errors: [{ messageId: "usesNotSha", line: 7, column: 9, severity: "error", data: { v: "actions/checkout@v4" } }] },
      { name: "KB-18: no @ref at all", ...pin("actions/checkout"), errors: [{ messageId: "usesNoRef", line: 7 }] },
    ],
  },
  "PLAN-01": {
    valid: [
      { name: "TC-PLAN: tasks within 20% of the epic", ...plan({ "epic-x.md": "Estimate: 10 hours\n", "tasks-x.md": "Total: 11 hours\n" }) },
    ],
    invalid: [
      { name: "TC-PLAN: tasks 50% over the epic", ...plan({ "epic-x.md": "Estimate: 10 hours\n", "tasks-x.md": "Total: 15 hours\n" }), errors: [{ messageId: "estimateDiffersFrom", line: 0, severity: "warning", doc: ".agents/planning/tasks-x.md", data: { value: "50", value2: "0", name: ".agents/planning/epic-x.md" } }] },
      { name: "a lowered threshold reports 10%", ...plan({ "epic-x.md": "Estimate: 10 hours\n", "tasks-x.md": "Total: 11 hours\n" }, { threshold: 5 }), errors: [{ messageId: "estimateDiffersFrom", data: { value: "10" } }] },
    ],
  },
  "PLAN-02": {
    valid: [
      { name: "TC-PLAN: a role condition that a table row carries", ...plan({ "plan-x.md": "| Role | Condition |\n| --- | --- |\n| qa | tests pass |\n\n- QA: tests pass\n" }) },
    ],
    invalid: [
      { name: "TC-PLAN: a role condition in no table", ...plan({ "plan-x.md": "# Plan\n\n- QA: tests pass\n" }), errors: [{ messageId: "conditionNotInAny", line: 3, column: 1, severity: "error", data: { trim: "tests pass" } }] },
    ],
  },
  "PLAN-03": {
    valid: [
      { name: "a range estimate with its reconciliation section", ...plan({ "plan-x.md": "Estimate: 3-5 hours\n\n## Estimate Reconciliation\n\nx\n" }) },
    ],
    invalid: [
      { name: "a range estimate without a reconciliation section", ...plan({ "plan-x.md": "Estimate: 3-5 hours\n" }), errors: [{ messageId: "considerAEstimateReconciliation", line: 0, severity: "info" }] },
    ],
  },
  "PP-000": {
    valid: [
      { name: "a selected, enabled check runs", ...row("PP-004", { selected: true, enabled: true, tags: ["external-tool"] }, "plan") },
      { name: "--quick runs a check that is not slow", ...row("PP-009", { quick: true, enabled: true, tags: [] }, "plan") },
      { name: "no override: each finding keeps its severity", ...row("PP-003", { "finding.rules": ["MD013", "MD041"], severities: ["error", "warning"] }, "overrides"), severities: ["error", "warning"] },
      { name: "prePr.checks.<id>.severity: a rule set to warning, another off", ...row("PP-003", { "finding.rules": ["MD013", "MD041", "MD013"], severities: ["error", "error", "error"], overrides: ["MD013", "warning", "MD041", "off"] }, "overrides"), severities: ["warning", "off", "warning"] },
    ],
    invalid: [
      { name: "TC-R-12: not selected by --only", ...row("PP-004", { selected: false }, "plan"), label: "skipped", errors: [{ messageId: "notSelected", status: "SKIP" }] },
      { name: "TC-RN-15: skipped by the user with a reason", ...row("PP-004", { "skip.reason": "flaky runner" }, "plan"), errors: [{ messageId: "skippedByUser", status: "SKIP", data: { reason: "flaky runner" } }] },
      { name: "a check off by default", ...row("PP-013", { enabled: false, enabledByDefault: false }, "plan"), errors: [{ messageId: "offByDefault", status: "SKIP", data: { row: "PP-013" } }] },
      { name: "a check on by default, switched off", ...row("PP-009", { enabled: false, enabledByDefault: true }, "plan"), errors: [{ messageId: "switchedOff", status: "SKIP", data: { row: "PP-009" } }] },
      { name: "TC-RN-11: a slow check under --quick", ...row("PP-006", { quick: true, tags: ["slow"] }, "plan"), errors: [{ messageId: "quickMode", status: "SKIP" }] },
      { name: "a test check under --skip-tests", ...row("PP-002", { skipTests: true, tags: ["tests", "repo-specific"] }, "plan"), errors: [{ messageId: "skipTests", status: "SKIP" }] },
      { name: "TC-R-10: a check that threw", ...row("PP-009", { ...BRANCH, error: "boom" }), errors: [{ messageId: "crashed", status: "FAIL", data: { error: "boom" } }] },
    ],
  },
  "PP-001": delegationRows("PP-001", [
    { name: "no session log changed on the branch", ...row("PP-001", { ...BRANCH, logs: 0 }), row: { messageId: "nothingChanged", data: { base: "origin/main" } } },
  ], { logs: 2 }, "session-log"),
  "PP-002": {
    valid: [{ name: "the test command exits 0", ...row("PP-002", { command: "npm test", "tool.exit": 0 }), row: { messageId: "passed", data: { command: "npm test" } } }],
    invalid: [
      { name: "refused by the execution policy (untrusted changes)", ...row("PP-002", { command: "npm test", refused: "AGENTCHECK_NO_EXEC" }), errors: [{ messageId: "refused", status: "FAIL", data: { policy: "AGENTCHECK_NO_EXEC", command: "npm test" } }] },
      { name: "timed out", ...row("PP-002", { command: "npm test", "tool.timedOut": true, timeout: 600 }), errors: [{ messageId: "timeout", status: "FAIL", data: { seconds: "600", command: "npm test" } }] },
      { name: "exit code 1 with output", ...row("PP-002", { command: "npm test", "tool.exit": 1, output: 4 }), errors: [{ messageId: "failed", status: "FAIL", data: { code: "1" } }] },
      { name: "killed: no exit code, no output", ...row("PP-002", { command: "npm test" }), errors: [{ messageId: "failedNoOutput", status: "FAIL", data: { code: "null" } }] },
    ],
  },
  "PP-003": {
    valid: [
      { name: "no markdown files in the repository", ...row("PP-003", { ...ALL, targets: 0 }), row: { messageId: "nothing" } },
      { name: "no markdown files changed", ...row("PP-003", { ...BRANCH, targets: 0 }), row: { messageId: "nothingChanged" } },
      { name: "every markdown file excluded by the configuration", ...row("PP-003", { ...BRANCH, targets: 2, selected: 0, config: [".markdownlint-cli2.yaml"] }), row: { messageId: "excluded", data: { targets: "2", config: ".markdownlint-cli2.yaml" } } },
      { name: "every markdown file excluded, no configuration file", ...row("PP-003", { ...BRANCH, targets: 2, selected: 0 }), row: { messageId: "excludedDefaults" } },
      { name: "linted with the repository's configuration", ...row("PP-003", { ...BRANCH, targets: 3, selected: 2, config: ["a.yaml", "b.jsonc"] }), row: { messageId: "linted", data: { linted: "2", targets: "3", config: "a.yaml, b.jsonc", findings: "0" } } },
      { name: "files not linted (refused read, stopped lint) are not counted as linted", ...row("PP-003", { ...BRANCH, targets: 3, selected: 3, unlinted: 1 }), row: { messageId: "lintedDefaults", data: { linted: "2", targets: "3" } } },
      { name: "linted with the defaults", ...row("PP-003", { ...BRANCH, targets: 3, selected: 3 }), row: { messageId: "lintedDefaults" } },
      { name: "issue 36: the files the configuration excludes are named (linted 1 of 2 says which)", ...row("PP-003", { ...BRANCH, targets: 2, selected: 1, config: ["a.yaml"], excluded: ["docs/skip.md"] }), row: { messageId: "lintedExcluded", data: { linted: "1", targets: "2", count: "1", excluded: "docs/skip.md" } } },
      { name: "issue 36: more than five excluded files: the first five named, then …", ...row("PP-003", { ...BRANCH, targets: 8, selected: 1, config: ["a.yaml"], excluded: ["a.md", "b.md", "c.md", "d.md", "e.md", "f.md", "g.md"] }), row: { messageId: "lintedExcluded", data: { count: "7", excluded: "a.md, b.md, c.md, d.md, e.md, …" } } },
      { name: "issue 36: --fix with excluded files", ...row("PP-003", { ...BRANCH, targets: 2, selected: 1, config: ["a.yaml"], excluded: ["x.md"], fixed: 1 }), row: { messageId: "lintedExcludedFixed", data: { fixed: "1", excluded: "x.md" } } },
      { name: "--fix rewrote files", ...row("PP-003", { ...BRANCH, targets: 3, selected: 3, config: ["a.yaml"], fixed: 2 }), row: { messageId: "lintedFixed", data: { fixed: "2" } } },
      { name: "--fix rewrote files, defaults", ...row("PP-003", { ...BRANCH, targets: 3, selected: 3, fixed: 1 }), row: { messageId: "lintedDefaultsFixed", data: { fixed: "1" } } },
    ],
    invalid: [
      { name: "a lint error fails the row", ...row("PP-003", { ...BRANCH, targets: 3, selected: 3, severities: ["error", "error"] }), errors: [{ messageId: "lintedDefaults", status: "FAIL", data: { findings: "2" } }] },
      {
        name: "an executable configuration refused by --no-exec: every file is an error, never a pass",
        docs: [doc("a.md", 0, ""), doc("b.md", 0, "")], facts: { family: "row", row: "PP-003", phase: "findings", "config.refused": [".markdownlint-cli2.cjs"], policy: "--no-exec" },
        errors: [
          { messageId: "configRefused", severity: "error", doc: "a.md", data: { config: ".markdownlint-cli2.cjs", policy: "--no-exec" } },
          { messageId: "configRefused", severity: "error", doc: "b.md" },
        ],
      },
      { name: "a file whose lint ran past its time bound", docs: [doc("deep.md", 0, "")], facts: { family: "row", row: "PP-003", phase: "findings", stopped: true, timeoutMs: 5000 }, errors: [{ messageId: "stopped", severity: "error", doc: "deep.md", data: { ms: "5000" } }] },
    ],
  },
  "PP-004": toolRows("PP-004", "actionlint", "passed", { files: "2" }),
  "PP-005": (() => {
    const t = toolRows("PP-005", "yamllint", "advisory", {});
    t.valid[2] = { name: "yamllint passes", ...row("PP-005", { ...BRANCH, files: 2, "tool.exit": 0, parsed: 0 }), row: { messageId: "advisory", data: { files: "2", findings: "0" } } };
    t.invalid.push({ name: "style findings are advisory: the row warns", ...row("PP-005", { ...BRANCH, files: 2, "tool.exit": 1, parsed: 2, severities: ["warning", "warning"] }), errors: [{ messageId: "advisory", status: "WARN", data: { findings: "2" } }] });
    return t;
  })(),
  "PP-006": checkedRows("PP-006", { files: 0, exts: [".md", ".txt"] }, { files: 2 }),
  "PP-007": checkedRows("PP-007", { inScope: 0 }, { inScope: 1, files: 2 }),
  "PP-008": {
    valid: [
      { name: "no agent definitions in the repository", ...row("PP-008", { ...ALL, touched: 0, left: "src/claude", right: "src/vs-code-agents" }), row: { messageId: "nothing", data: { left: "src/claude" } } },
      { name: "no agent definitions changed", ...row("PP-008", { ...BRANCH, touched: 0, left: "src/claude", right: "src/vs-code-agents" }), row: { messageId: "nothingChanged", data: { right: "src/vs-code-agents" } } },
      { name: "agents compared, no drift", ...row("PP-008", { ...BRANCH, touched: 1, left: "a", right: "b", agents: 4, threshold: "80" }), row: { messageId: "compared", data: { agents: "4", threshold: "80" } } },
    ],
    invalid: [{ name: "a drifted pair fails the row", ...row("PP-008", { ...BRANCH, touched: 1, left: "a", right: "b", agents: 4, threshold: "80", severities: E }), errors: [{ messageId: "compared", status: "FAIL" }] }],
  },
  "PP-009": checkedRows("PP-009", { files: 0 }, { files: 2 }),
  "PP-010": checkedRows("PP-010", { files: 0 }, { files: 2 }),
  "PP-011": checkedRows("PP-011", { files: 0 }, { files: 2 }),
  "PP-012": {
    valid: [{ name: "the description matches the diff", ...row("PP-012", { ...BRANCH, prBody: true, changed: 4 }), row: { messageId: "checked", data: { changed: "4", errors: "0", warnings: "0" } } }],
    invalid: [
      { name: "no --pr-body: a SKIP", ...row("PP-012", { ...BRANCH, prBody: false }), errors: [{ messageId: "noBody", status: "SKIP" }] },
      { name: "--all has no branch diff: a SKIP", ...row("PP-012", { ...ALL, prBody: true }), errors: [{ messageId: "needsDiff", status: "SKIP" }] },
      { name: "an unmentioned significant file fails", ...row("PP-012", { ...BRANCH, prBody: true, changed: 4, severities: ["error", "warning"] }), errors: [{ messageId: "checked", status: "FAIL", data: { errors: "1", warnings: "1" } }] },
      { name: "info findings (severity override) are not counted as warnings", ...row("PP-012", { ...BRANCH, prBody: true, changed: 4, severities: ["warning", "info", "info"] }), errors: [{ messageId: "checked", status: "WARN", data: { errors: "0", warnings: "1" } }] },
    ],
  },
  "PP-013": {
    valid: [
      { name: "no handoff file in the repository", ...row("PP-013", { ...ALL, file: ".agents/HANDOFF.md", present: false }), row: { messageId: "notFound", data: { file: ".agents/HANDOFF.md" } } },
      { name: "the handoff file did not change", ...row("PP-013", { ...BRANCH, file: ".agents/HANDOFF.md", present: false }), row: { messageId: "notChanged" } },
      { name: "under the budget", ...row("PP-013", { ...BRANCH, file: ".agents/HANDOFF.md", present: true, max: "5000" }), row: { messageId: "budget", data: { max: "5000" } } },
    ],
    invalid: [{ name: "over the budget", ...row("PP-013", { ...BRANCH, file: ".agents/HANDOFF.md", present: true, max: "5000", severities: E }), errors: [{ messageId: "budget", status: "FAIL" }] }],
  },
  "PP-014": delegationRows("PP-014", [
    { name: "no spec files in the repository", ...row("PP-014", { ...ALL, specs: 0 }), row: { messageId: "nothing" } },
    { name: "no spec files changed", ...row("PP-014", { ...BRANCH, specs: 0 }), row: { messageId: "nothingChanged" } },
  ], { specs: 2 }, "traceability"),
  "PP-015": {
    valid: [{ name: "a small branch", ...row("PP-015", { ...BRANCH, mergeBase: true, commits: 2, files: 3, additions: 40 }), row: { messageId: "sized", data: { commits: "2", files: "3", additions: "40", base: "origin/main" } } }],
    invalid: [
      { name: "--all: no base branch", ...row("PP-015", { ...ALL, mergeBase: false }), errors: [{ messageId: "needsBase", status: "SKIP" }] },
      { name: "no merge base with the base branch", ...row("PP-015", { ...BRANCH, mergeBase: false }), errors: [{ messageId: "needsBase", status: "SKIP" }] },
      { name: "over a warn level", ...row("PP-015", { ...BRANCH, mergeBase: true, commits: 30, files: 3, additions: 40, severities: W }), errors: [{ messageId: "sized", status: "WARN" }] },
    ],
  },
  "PP-016": (() => {
    const rows = checkedRows("PP-016", { ghSkillsFound: true, files: 0, exts: [".md", ".py"] }, { ghSkillsFound: true, files: 2 });
    rows.invalid.push({ name: "SKV: no GitHub skills folder, nothing to prefer over raw gh", ...row("PP-016", { ...BRANCH, ghSkillsFound: false, ghSkillsDir: DIR, files: 3 }), errors: [{ messageId: "noSkills", status: "SKIP", data: { dir: DIR } }] });
    return rows;
  })(),
  "PP-017": (() => {
    const rows = checkedRows("PP-017", { files: 0, memDir: MEM }, { files: 2, memDir: MEM });
    rows.valid[0].row.data = { dir: MEM };
    return rows;
  })(),
  "PP-018": {
    valid: [
      { name: "skill_description_budget: no skills", ...row("PP-018", { ...ALL, files: 0, skillsDir: ".claude/skills" }), row: { messageId: "nothing", data: { dir: ".claude/skills" } } },
      { name: "skill_description_budget: no SKILL.md changed", ...row("PP-018", { ...BRANCH, files: 0, skillsDir: ".claude/skills" }), row: { messageId: "nothingChanged", data: { base: "origin/main" } } },
      { name: "skill_description_budget: summed within the budget", ...row("PP-018", { ...BRANCH, files: 12, skillsDir: ".claude/skills" }), row: { messageId: "summed", data: { files: "12" } } },
    ],
    invalid: [{ name: "skill_description_budget: over the budget fails", ...row("PP-018", { ...BRANCH, files: 12, skillsDir: ".claude/skills", severities: E }), errors: [{ messageId: "summed", status: "FAIL" }] }],
  },
  "PP-019": (() => {
    const rows = checkedRows("PP-019", { files: 0, commandsDir: ".claude/commands" }, { files: 2, commandsDir: ".claude/commands" });
    rows.valid[0].row.data = { dir: ".claude/commands" };
    return rows;
  })(),
  "PP-020": checkedRows("PP-020", { files: 0 }, { files: 2 }),
  "PRD-02": {
    valid: [
      { name: "TC-PRD: every claimed file is in the diff", ...prd("## Changes\n\n- `src/a.ts`: fix\n", ["src/a.ts"]) },
      { name: "TC-PRD: files in a Test Plan section are context", ...prd("## Test Plan\n\n- `test/b.ts`\n", ["src/a.ts"], { "option.PRD-03.significantPaths": [] }) },
    ],
    invalid: [
      { name: "TC-PRD: a claimed file not in the diff", ...prd("## Changes\n\n- `src/b.ts`: fix\n", ["README.txt"]), errors: [{ messageId: "namedAsChangedNot", line: 0, severity: "error", data: { mentions: "src/b.ts" } }] },
      { name: "mentionExtensions decides what a mention is", ...prd("## Changes\n\n- `src/b.foo`\n", []), options: { mentionExtensions: ["foo"] }, errors: [{ messageId: "namedAsChangedNot", data: { mentions: "src/b.foo" } }] },
    ],
  },
  "PRD-03": {
    valid: [
      { name: "TC-PRD: a significant change that the description names", ...prd("## Changes\n\n- `src/a.ts`\n", ["src/a.ts"]) },
      { name: "an insignificant change (docs) need not be named", ...prd("Docs only.\n", ["docs/a.md"]) },
    ],
    invalid: [
      { name: "TC-PRD: a significant changed file not named", ...prd("Small fix.\n", ["src/a.ts"]), errors: [{ messageId: "changedNotMentioned", line: 0, severity: "warning", data: { c: "src/a.ts" } }] },
      { name: "significantExtensions without a dot still match", ...prd("Small fix.\n", ["lib/a.rb"]), options: { significantExtensions: ["rb"], significantPaths: ["lib"] }, errors: [{ messageId: "changedNotMentioned", data: { c: "lib/a.rb" } }] },
    ],
  },
  "PRD-05": {
    valid: [
      { name: "required sections present, checklist off by default", ...prd("## Summary\n\nx\n\n- [ ] later\n", []), options: { requiredSections: ["Summary"] } },
      { name: "a heading with a leading emoji is the section (as PRD-02 reads it)", ...prd("## 🧪 Test plan\n\nx\n", []), options: { requiredSections: ["Test Plan"] } },
      { name: "checklist items inside a fenced block are an example, not open items", ...prd("- [x] done\n\n```markdown\n- [ ] template item\n```\n", []), options: { checklist: true } },
    ],
    invalid: [
      { name: "a required section missing", ...prd("## Summary\n\nx\n", []), options: { requiredSections: ["Summary", "Test Plan"] }, errors: [{ messageId: "missingSection", line: 0, data: { req: "Test Plan" } }] },
      { name: "a section heading inside a fenced block does not count", ...prd("## Summary\n\n```markdown\n## Test Plan\n```\n", []), options: { requiredSections: ["Summary", "Test Plan"] }, errors: [{ messageId: "missingSection", line: 0, data: { req: "Test Plan" } }] },
      { name: "unchecked checklist items with checklist on", ...prd("- [x] done\n- [ ] docs\n", []), options: { checklist: true }, errors: [{ messageId: "ofItemsUnchecked", data: { openCount: "1", total: "2", join: "docs" } }] },
    ],
  },
  "RDY-01": {
    valid: [
      { name: "TC-RDY: under every level", ...size({ "size.commits": 3, "size.files": 4, "size.additions": 100 }) },
    ],
    invalid: [
      { name: "TC-RDY: commits over the warn level", ...size({ "size.commits": 16 }), errors: [{ messageId: "message2", line: 0, severity: "warning", data: { n: "16", what: "commits", warn: "15" } }] },
      { name: "TC-RDY: files over the fail level", ...size({ "size.files": 51 }), errors: [{ messageId: "message", severity: "error", data: { n: "51", what: "files", fail: "50" } }] },
      { name: "a configured additions fail level", ...size({ "size.additions": 300 }, { additionsFail: 200 }), errors: [{ messageId: "message", severity: "error", data: { what: "additions", fail: "200" } }] },
    ],
  },
  "SFM-02": {
    valid: [{ name: "TC-SF-01: a valid front matter block", ...sfm(fm(OK)) }],
    invalid: [
      { name: "TC-SF-50: an empty file", ...sfm(""), errors: [{ messageId: "emptyFile", line: 0 }] },
      { name: "TC-SF-02: no --- on line 1", ...sfm(`${OK}\n---\n`), errors: [{ messageId: "noOnLine", line: 1, column: 1 }] },
      { name: "TC-SF-03: no closing ---", ...sfm(`---\n${OK}\n`), errors: [{ messageId: "noClosing", line: 1 }] },
      { name: "TC-SF-04: a tab in the front matter", ...sfm("---\nname:\ttest\ndescription: d\n---\n"), errors: [{ messageId: "tabInFrontMatter", line: 2, column: 6 }] },
    ],
  },
  "SFM-05": {
    valid: [{ name: "TC-SF-09: digits and hyphens", ...sfm(fm("name: my-test-skill-123\ndescription: d")) }],
    invalid: [
      { name: "TC-SF-13: no name", ...sfm(fm("description: d")), errors: [{ messageId: "noName", line: 0 }] },
      { name: "TC-SF-14: upper case and invalid characters", ...sfm(fm("name: My_Skill\ndescription: d")), errors: [{ messageId: "badName", line: 2, column: 1, data: { n: "My_Skill", join: "uppercase, invalid characters" } }] },
    ],
  },
  "SFM-07": {
    valid: [{ name: "TC-SF-05: a folded block description", ...sfm(fm("name: a\ndescription: >\n  A multiline\n  description")) }],
    invalid: [
      { name: "TC-SF-20: no description", ...sfm(fm("name: a")), errors: [{ messageId: "noDescription", line: 0 }] },
      { name: "TC-SF-22: a description over 1024 characters", ...sfm(fm(`name: a\ndescription: ${"x".repeat(1025)}`)), errors: [{ messageId: "descriptionOverChars", line: 3, data: { vCount: "1025" } }] },
      { name: "TC-SF-24: XML tags in the description", ...sfm(fm("name: a\ndescription: Use <b>this</b>")), errors: [{ messageId: "xmlTagsInDescription", line: 3 }] },
    ],
  },
  "SFM-10": {
    valid: [
      { name: "TC-SF-38: known tools and a dated model", ...sfm(fm(`${OK}\nmodel: claude-sonnet-4-5-20250929\nallowed-tools: Read, Bash(git:*), mcp__github__get_issue`)) },
      { name: "a model added to the models option", ...sfm(fm(`${OK}\nmodel: my-model`), { models: ["my-model"] }) },
      { name: "Claude Code's AskUserQuestion is a known tool (upstream's list has it; two ai-agents skills use it)", ...sfm(fm(`${OK}\nallowed-tools: Read, AskUserQuestion`)) },
    ],
    invalid: [
      { name: "TC-SF-30: an unknown model", ...sfm(fm(`${OK}\nmodel: gpt-4`)), errors: [{ messageId: "unknownModel", line: 4, column: 1, data: { m: "gpt-4" } }] },
      { name: "TC-SF-40: unknown tools are named", ...sfm(fm(`${OK}\nallowed-tools: bash,invalid-tool-name`)), errors: [{ messageId: "unknownTools", line: 4, data: { join: "invalid-tool-name" } }] },
    ],
  },
  "SFM-11": {
    valid: [
      { name: "skill-size: 300 lines and 12,288 bytes are at the warning thresholds, not over", ...sfm(fm(OK) + "x\n".repeat(300 - 6)) },
      { name: "skill-size: a size-exception on a skill within the limits changes nothing", ...sfm(fm(`${OK}\nsize-exception: true`)) },
    ],
    invalid: [
      { name: "skill-size: 501 lines is an error (no warning besides)", ...sfm(fm(OK) + "x\n".repeat(501 - 6)), errors: [{ messageId: "lines", line: 0, severity: "error", data: { count: "501", max: "500" } }] },
      { name: "skill-size: 301 lines is a warning", ...sfm(fm(OK) + "x\n".repeat(301 - 6)), errors: [{ messageId: "linesNear", severity: "warning", data: { count: "301", max: "300" } }] },
      { name: "skill-size: bytes over the ceiling in few lines (a table-heavy body); the warning between", ...sfm(fm(OK) + "y".repeat(24_577 - 60) + "\n"), errors: [{ messageId: "bytes", severity: "error", data: { count: "24577", max: "24576" } }] },
      { name: "skill-size: bytes over the warning threshold", ...sfm(fm(OK) + "y".repeat(12_289 - 60) + "\n"), errors: [{ messageId: "bytesNear", severity: "warning", data: { count: "12289", max: "12288" } }] },
      { name: "skill-size: Python's splitlines (CR, CR LF, U+2028, form feed; a last line without its end counts)", ...sfm("a\rb\r\nc\u2028d\fe"), options: { maxLines: 4 }, errors: [{ messageId: "lines", data: { count: "5", max: "4" } }] },
      { name: "skill-size: a size-exception without a rationale is an error; the overage a warning", ...sfm(fm(`${OK}\nSize-Exception:  TRUE  # big`) + "x\n".repeat(30)), options: { maxLines: 20 },
        errors: [{ messageId: "noRationale", severity: "error", data: { lines: "40", chars: "200" } }, { messageId: "linesExcepted", severity: "warning", data: { count: "37", max: "20" } }] },
      { name: "skill-size: a size-exception with its rationale comment: a warning only", ...sfm(fm(`${OK}\nsize-exception: true`) + `<!-- size-exception: ${"r".repeat(190)} -->\n` + "x\n".repeat(30)), options: { maxLines: 20 },
        errors: [{ messageId: "linesExcepted", severity: "warning", data: { count: "38", max: "20" } }] },
      { name: "skill-size: bytes over the limit with a size-exception and its rationale: a warning", ...sfm(fm(`${OK}\nsize-exception: true`) + `<!-- size-exception: ${"r".repeat(190)} -->\n`), options: { maxBytes: 100 },
        errors: [{ messageId: "bytesExcepted", severity: "warning", data: { count: "296", max: "100" } }] },
      { name: "skill-size: a rationale comment that opens after rationaleLines lines does not count", ...sfm(fm(`${OK}\nsize-exception: true`) + "x\n".repeat(3) + `<!-- size-exception: too short -->\n<!-- size-exception: ${"r".repeat(190)} -->\n`), options: { maxLines: 5, rationaleLines: 10 },
        errors: [{ messageId: "noRationale", data: { lines: "10" } }, { messageId: "linesExcepted", data: { count: "12", max: "5" } }] },
      { name: "skill-size: size-exception outside the front matter is none", ...sfm(fm(OK) + "size-exception: true\n" + "x\n".repeat(20)), options: { maxLines: 20 }, errors: [{ messageId: "lines", data: { count: "27" } }] },
    ],
  },
  "SKB-01": {
    valid: [
      { name: "skill_description_budget: descriptions within the budget", ...skb([skillDesc("a", "Short."), skillDesc("b", "Also short.")]) },
      { name: "skill_description_budget: skills without a (string) description are left out of the sum", ...skb([skillDesc("a", "x".repeat(30)), skillDesc("b", "true"), skillDesc("c", "12345"), doc(".claude/skills/d/SKILL.md", ROLE.skill, "# no front matter\n" + "y".repeat(100)), skillDesc("e", "Use when: the value has a colon")]), options: { maxTotalChars: 30 } },
    ],
    invalid: [
      { name: "skill_description_budget: over the character budget, the longest named", ...skb([skillDesc("a", "x".repeat(30)), skillDesc("b", "y".repeat(40)), skillDesc("c", "z".repeat(10))]), options: { maxTotalChars: 79 },
        errors: [{ messageId: "chars", line: 0, severity: "error", data: { skills: "3", total: "80", max: "79", top: "b (40), a (30), c (10)" } }] },
      { name: "skill_description_budget: with the skills folder given (no content), the finding is there", ...skb([doc(".claude/skills", ROLE.skillsDir, ""), skillDesc("a", "x".repeat(30)), skillDesc("b", "y".repeat(40))]), options: { maxTotalChars: 69 },
        errors: [{ messageId: "chars", doc: ".claude/skills", data: { skills: "2", total: "70", top: "b (40), a (30)" } }] },
      { name: "skill_description_budget: the token budget (characters / 4, rounded up)", ...skb([skillDesc("a", "x".repeat(9))]), options: { maxTotalTokens: 2 },
        errors: [{ messageId: "tokens", data: { total: "3", max: "2", top: "a (9)" } }] },
      { name: "skill_description_budget: YAML scalars as PyYAML reads them (folded >- and |, double quotes with escapes, plain over lines)", ...skb([
        doc(".claude/skills/f/SKILL.md", ROLE.skill, "---\nname: f\ndescription: >-\n  one two\n  three\n\n  four\n---\n"),
        doc(".claude/skills/l/SKILL.md", ROLE.skill, "---\ndescription: |\n  ab\n   cd\nname: l\n---\n"),
        doc(".claude/skills/q/SKILL.md", ROLE.skill, "---\ndescription: \"a\\tb \\u00e9\n  c\"\n---\n"),
        doc(".claude/skills/p/SKILL.md", ROLE.skill, "---\ndescription: plain\n  continued # note\n---\n"),
      ]), options: { maxTotalChars: 1 },
        errors: [{ messageId: "chars", data: { skills: "4", total: "47", top: "f (18), p (15), l (7)" } }] },
    ],
  },
  "SKV-01": {
    valid: [
      { name: "Detect-SkillViolation: skill scripts, gh in other words and unlisted verbs pass", ...skv("Run Get-PRContext.ps1.\nThe gh-pages branch; gh pr checkout 12; gh issue edit 3; gh apis; gh repo\ngh\npr create\n") },
      { name: "Detect-SkillViolation: upper case is not the command", ...skv("GH PR CREATE\nGh api /x\n") },
    ],
    invalid: [
      { name: "Detect-SkillViolation: gh pr create in markdown", ...skv("# Steps\n\nThen run `gh pr create --fill`.\n"), errors: [{ messageId: "rawGh", line: 3, column: 11, severity: "warning", data: { command: "pr create", dir: DIR } }] },
      { name: "Detect-SkillViolation: every pattern, once per line, in a script", ...skv("subprocess.run('gh  issue\tview 1')\ngh api repos/x\r\nx = 'gh repo view'; y = 'gh pr list'\rgh pr diffs\n", "scripts/x.py"),
        errors: [
          { messageId: "rawGh", line: 1, column: 17, data: { command: "issue view" } },
          { messageId: "rawGh", line: 2, column: 1, data: { command: "api" } },
          { messageId: "rawGh", line: 3, column: 6, data: { command: "repo" } },
          { messageId: "rawGh", line: 4, column: 1, data: { command: "pr diff" } },
        ] },
      { name: "Detect-SkillViolation: past maxPerFile the remaining lines are one count", ...skv("gh api a\ngh api b\nx\ngh repo c\ngh api d\n"), options: { maxPerFile: 2 },
        errors: [{ messageId: "rawGh", line: 1 }, { messageId: "rawGh", line: 2 }, { messageId: "moreLines", line: 2, column: 1, data: { count: "2" } }] },
      { name: "Detect-SkillViolation: gh inside a word matches, as upstream's pattern has no word boundary", ...skv("sigh\u00a0api call\n"), errors: [{ messageId: "rawGh", line: 1, column: 3, data: { command: "api" } }] },
    ],
  },
  "TOK-03": {
    valid: [{ name: "TC-TOK: a short handoff", ...tok("# Handoff\n\nAll done.\n") }],
    invalid: [
      { name: "TC-TOK: over a lowered budget", ...tok("word ".repeat(100), { maxTokens: 50 }), errors: [{ messageId: "tokens", line: 0, severity: "error", data: { max: "50" } }] },
    ],
  },
  "TOK-04": {
    valid: [
      { name: "passive_context_budget: AGENTS.md within its budget", ...pctx("AGENTS.md", "# Agents\n\nBe brief.\n") },
      { name: "passive_context_budget: a file no budget names is not measured", ...pctx("README.md", "word ".repeat(5000)) },
    ],
    invalid: [
      { name: "passive_context_budget: CLAUDE.md over a configured budget (the later entry wins)", ...pctx("CLAUDE.md", "word ".repeat(100), { budgets: ["CLAUDE.md:2000", "CLAUDE.md:100"] }),
        errors: [{ messageId: "tokens", line: 0, severity: "error", data: { t: "132", max: "100", pct: "132.0" } }] },
      { name: "passive_context_budget: a budget that is not a positive whole number", ...pctx(".claude/CLAUDE.md", "x\n", { budgets: [".claude/CLAUDE.md:0"] }),
        errors: [{ messageId: "badBudget", data: { entry: ".claude/CLAUDE.md:0" } }] },
    ],
  },
  "WFS-01": {
    valid: [{ name: "a workflow the YAML parser accepts", ...wfs(wfText(""), { yamlErrors: [] }) }],
    invalid: [
      { name: "TC-WFS: a host-reported YAML error keeps its line", ...wfs("name: [\n", { yamlErrors: [encodeList([WF, "2", "Missing closing ]"])] }), errors: [{ messageId: "message", line: 2, data: { substring: "Missing closing ]" } }] },
    ],
  },
  "WFS-02": {
    valid: [
      { name: "WFS-04: a quoted on key", ...wfs(`name: x\n"on": push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n`) },
      { name: "a composite action needs no jobs", docs: [doc(".github/actions/a/action.yml", ROLE.action, "name: a\nruns:\n  using: composite\n")], facts: { family: "wfs" } },
    ],
    invalid: [
      { name: "comments only", ...wfs("# nothing\n"), errors: [{ messageId: "onlyCommentsNeedA", line: 0 }] },
      { name: "the top level is a list", ...wfs("- a\n- b\n"), errors: [{ messageId: "topLevelIsNot", line: 1 }] },
      { name: "no name, on or jobs", ...wfs("permissions: {}\nfoo: 1\n"), errors: [{ messageId: "noName" }, { messageId: "noOn" }, { messageId: "noJobs" }] },
      { name: "jobs is a scalar", ...wfs("name: x\non: push\npermissions: {}\njobs: 3\n"), errors: [{ messageId: "jobsIsNotA", line: 4 }] },
      { name: "jobs is empty", ...wfs("name: x\non: push\npermissions: {}\njobs: {}\n"), errors: [{ messageId: "jobsIsEmpty", line: 4 }] },
    ],
  },
  "WFS-06": {
    valid: [
      { name: "a workflow of 100 significant lines", docs: [workflow(94)], facts: { family: "wfs" } },
      { name: "a longer workflow under a raised maxLines", docs: [workflow(150)], facts: { family: "wfs" }, options: { maxLines: 200 } },
    ],
    invalid: [
      { name: "101 significant lines", docs: [workflow(95)], facts: { family: "wfs" }, errors: [{ messageId: "tooLong", line: 0, severity: "warning", data: { lines: "101", max: "100" } }] },
      { name: "over a lowered maxLines", docs: [workflow(10)], facts: { family: "wfs" }, options: { maxLines: 10 }, errors: [{ messageId: "tooLong", data: { lines: "16", max: "10" } }] },
    ],
  },
  "WFS-07": {
    valid: [
      { name: "a concurrency group", ...wfs(wfText("concurrency:\n  group: g\n")) },
      { name: "a concurrency string", ...wfs(wfText("concurrency: ci-${{ github.ref }}\n")) },
    ],
    invalid: [
      { name: "concurrency is a list", ...wfs(wfText("concurrency: [a]\n")), errors: [{ messageId: "concurrencyIsAList", line: 7, severity: "error" }] },
      { name: "concurrency without a group is a warning", ...wfs(wfText("concurrency:\n  cancel-in-progress: true\n")), errors: [{ messageId: "concurrencyNoGroup", line: 7, severity: "warning" }] },
      { name: "concurrency is empty", ...wfs(wfText("concurrency:\n")), errors: [{ messageId: "concurrencyIsEmpty", line: 7, severity: "error" }] },
    ],
  },
  "WFS-08": {
    valid: [{ name: "top-level permissions", ...wfs(wfText("")) }],
    invalid: [
      {
        name: "no top-level permissions: once for the file, once per job without its own",
        ...wfs("name: x\non: push\njobs:\n  a:\n    permissions: read-all\n    runs-on: x\n  b:\n    runs-on: x\n"),
        errors: [{ messageId: "noPermissions", line: 0, severity: "warning" }, { messageId: "noPermissions2", line: 7, column: 3, data: { key: "b" } }],
      },
    ],
  },
  "WFS-11": {
    valid: [
      { name: "off by default: a job without timeout-minutes", ...wfs(wfText("")) },
      { name: "every job within maxMinutes; a reusable-workflow job and an expression are not judged", ...wfs("name: x\non: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    timeout-minutes: 10\n  b:\n    uses: o/r/.github/workflows/w.yml@" + SHA + "\n  c:\n    runs-on: x\n    timeout-minutes: ${{ inputs.t }}\n"), options: { maxMinutes: 30 } },
    ],
    invalid: [
      { name: "a job without timeout-minutes", ...wfs("name: x\non: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    timeout-minutes: 5\n  build:\n    runs-on: x\n    steps:\n      - run: make\n"), options: { maxMinutes: 360 }, errors: [{ messageId: "noTimeout", line: 8, column: 3, severity: "warning", data: { job: "build" } }] },
      { name: "a timeout that is not a number is reported (not passed as unjudged); a long number is still compared", ...wfs("name: x\non: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    timeout-minutes: 30m\n  b:\n    runs-on: x\n    timeout-minutes: 1000000\n  c:\n    runs-on: x\n    timeout-minutes: 12.5\n"), options: { maxMinutes: 30 }, errors: [{ messageId: "notANumber", line: 5, data: { job: "a", value: "30m" } }, { messageId: "overLimit", line: 8, data: { job: "b", minutes: "1000000", max: "30" } }] },
      { name: "a timeout over maxMinutes (a step's own timeout-minutes does not count)", ...wfs("name: x\non: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    timeout-minutes: 90\n    steps:\n      - run: x\n        timeout-minutes: 5\n"), options: { maxMinutes: 30 }, errors: [{ messageId: "overLimit", line: 5, data: { job: "a", minutes: "90", max: "30" } }] },
    ],
  },
};
