// Rule tester tables of the consistency rules (CO-001..CO-010, specs/consistency.md). The host lists
// the planning and roadmap folders: PLANNING_DOC documents with flags 0 (.agents/planning file),
// 1 (.agents/roadmap file), 2 (the planning folder itself, where feature-level findings land).
// Facts: feature (else every discovered feature), checkpoint, fx, linkState (the host's answers for
// link targets: an encoded list of query, state pairs; e exists, m missing, o outside the base path).
// Case names carry the spec's catalog ids (C-xxx-nn) where a case corresponds to one.
const P = ".agents/planning/";
const R = ".agents/roadmap/";
const plan = (name, text = "") => ({ name: P + name, kind: "PLANNING_DOC", flags: 0, text });
const road = (name, text = "") => ({ name: R + name, kind: "PLANNING_DOC", flags: 1, text });
const ANCHOR = { name: ".agents/planning", kind: "PLANNING_DOC", flags: 2, text: "" };
const F = { feature: "auth" };
const EPIC = road("EPIC-001-auth.md", "# Epic\n\n### Success Criteria\n- [ ] login\n- [ ] logout\n");
const PRD = plan("prd-auth.md", "# PRD\n\n**Epic**: EPIC-001-auth.md\n\n## Requirements\n- [ ] login\n- [ ] logout\n\n## Other\n");
const TASKS = plan("tasks-auth.md", "# Tasks\n\n## P0\n- [x] build login\n- [x] build logout\n");
const full = (...more) => [ANCHOR, EPIC, PRD, TASKS, ...more];
/** A PRD whose line 3 links to `target`. */
const linking = (target) => plan("prd-auth.md", `# PRD\n\nSee [the doc](${target}) and EPIC-001.\n`);

export default {
  "CO-001": {
    valid: [{ name: "C-003-01 an Epic matches the feature", docs: full(), facts: F }],
    invalid: [
      { name: "C-001-02 no Epic, PRD present: reported on the PRD", docs: [ANCHOR, PRD], facts: F, errors: [{ messageId: "epicFileNotFound", line: 0, severity: "info", doc: P + "prd-auth.md" }] },
      { name: "C-001-01 no artifact at all: reported on the planning folder", docs: [ANCHOR], facts: F, errors: [{ messageId: "epicFileNotFound", line: 0, doc: ".agents/planning" }] },
    ],
  },
  "CO-002": {
    valid: [{ name: "an Epic with its PRD", docs: full(), facts: F }],
    invalid: [{ name: "C-002-01 Epic without PRD", docs: [ANCHOR, EPIC], facts: F, errors: [{ messageId: "prdFileNotFound", line: 0, severity: "error", doc: R + "EPIC-001-auth.md" }] }],
  },
  "CO-003": {
    valid: [
      { name: "C-003-05 the PRD names the Epic file", docs: full(), facts: F },
      { name: "C-003-04 any EPIC-NNN id is a reference", docs: [ANCHOR, EPIC, plan("prd-auth.md", "see EPIC-999\n")], facts: F },
    ],
    invalid: [{ name: "C-003-03 lowercase epic-001 is no reference", docs: [ANCHOR, EPIC, plan("prd-auth.md", "see epic-001\n")], facts: F, errors: [{ messageId: "prdDoesNotReference", line: 0, doc: P + "prd-auth.md" }] }],
  },
  "CO-004": {
    valid: [{ name: "as many requirements as success criteria", docs: full(), facts: F }],
    invalid: [
      {
        name: "two criteria, one requirement",
        docs: [ANCHOR, EPIC, plan("prd-auth.md", "EPIC-001\n\n## Requirements\n- [ ] login\n\n## Other\n"), TASKS],
        facts: F,
        errors: [{ messageId: "prdHasFewerRequirements", line: 0, data: { r: "1", c: "2" }, doc: P + "prd-auth.md" }],
      },
    ],
  },
  "CO-005": {
    valid: [{ name: "a PRD with its Tasks", docs: full(), facts: F }],
    invalid: [{ name: "a PRD without Tasks", docs: [ANCHOR, EPIC, PRD], facts: F, errors: [{ messageId: "tasksFileNotFound", line: 0, doc: P + "prd-auth.md" }] }],
  },
  "CO-006": {
    valid: [
      { name: "as many tasks as requirements", docs: full(), facts: F },
      { name: "a Tasks file the host could not read (fact unread, AC-901) is not counted as empty", docs: [ANCHOR, EPIC, PRD, plan("tasks-auth.md")], facts: { ...F, unread: [P + "tasks-auth.md"] } },
    ],
    invalid: [
      {
        name: "one task for two requirements",
        docs: [ANCHOR, EPIC, PRD, plan("tasks-auth.md", "# Tasks\n- [ ] build login\n")],
        facts: F,
        errors: [{ messageId: "fewerTasksThanRequirements", line: 0, data: { t: "1", r: "2" }, doc: P + "tasks-auth.md" }],
      },
    ],
  },
  "CO-007": {
    valid: [{ name: "EPIC-NNN-slug, prd-, tasks- and plan- names", docs: full(plan("plan-auth.md")), facts: F }],
    invalid: [
      {
        name: "an Epic number without three digits and a plan name without a pattern",
        docs: [ANCHOR, road("EPIC-1-auth.md", "x"), plan("prd-auth.md", "EPIC-001\n"), TASKS, plan("myplan-auth.md")],
        facts: F,
        errors: [
          { messageId: "namingViolation", line: 0, data: { label: "Epic", n: "EPIC-1-auth.md" }, doc: R + "EPIC-1-auth.md" },
          { messageId: "namingViolation", line: 0, data: { label: "Plan", n: "myplan-auth.md" }, doc: P + "myplan-auth.md" },
        ],
      },
    ],
  },
  "CO-008": {
    valid: [
      { name: "a link to an existing file", docs: full(linking("other.md")).filter((d) => d !== PRD), facts: { ...F, linkState: [P + "other.md", "e"] } },
      { name: "web links and anchors are not checked", docs: full(linking("https://example.com/x.md")).filter((d) => d !== PRD), facts: F },
    ],
    invalid: [
      {
        name: "a relative link to a missing file",
        docs: full(linking("missing.md")).filter((d) => d !== PRD),
        facts: { ...F, linkState: [P + "missing.md", "m"] },
        errors: [{ messageId: "brokenReference", line: 3, data: { shown: "missing.md" }, doc: P + "prd-auth.md" }],
      },
    ],
  },
  "CO-009": {
    valid: [{ name: "a link inside the base path", docs: full(linking("../roadmap/EPIC-001-auth.md")).filter((d) => d !== PRD), facts: { ...F, linkState: [P + "../roadmap/EPIC-001-auth.md", "e"] } }],
    invalid: [
      {
        name: "a link leaving the base path",
        docs: full(linking("../../../etc/passwd.md")).filter((d) => d !== PRD),
        facts: { ...F, linkState: [P + "../../../etc/passwd.md", "o"] },
        errors: [{ messageId: "pathTraversalDetected", line: 3, data: { shown: "../../../etc/passwd.md" }, doc: P + "prd-auth.md" }],
      },
    ],
  },
  "CO-010": {
    valid: [
      { name: "checkpoint 2: every P0 task checked", docs: full(), facts: { ...F, checkpoint: 2 } },
      { name: "C-D03-06 checkpoint 1 does not check tasks", docs: [ANCHOR, EPIC, PRD, plan("tasks-auth.md", "## P0\n- [ ] a\n- [ ] b\n")], facts: F },
    ],
    invalid: [
      {
        name: "C-D03-03 checkpoint 2: unchecked P0 tasks (line of the first)",
        docs: [ANCHOR, EPIC, PRD, plan("tasks-auth.md", "# Tasks\n\n## P0\n- [x] done\n- [ ] open one\n- [ ] open two\n\n## P1\n- [ ] later\n")],
        facts: { ...F, checkpoint: 2 },
        errors: [{ messageId: "p0TasksIncomplete", line: 5, data: { p0: "2" }, doc: P + "tasks-auth.md" }],
      },
    ],
  },
};
