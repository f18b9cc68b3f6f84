// Rule tester tables of the traceability rules. Documents are SPEC_DOC with flags 0 = requirements/,
// 1 = design/, 2 = tasks/; fact fx enables TR-008 (32) and TR-009 (64).
const spec = (dir, flags, type, id, status, related) => ({
  name: `${dir}/${id}.md`, kind: "SPEC_DOC", flags,
  text: `---\ntype: ${type}\nid: ${id}\nstatus: ${status}\n${related ? `related:\n${related.map((r) => `  - ${r}`).join("\n")}\n` : ""}---\n# ${id}\n`,
});
const req = (id, related = null, status = "approved") => spec("requirements", 0, "requirement", id, status, related);
const des = (id, related = null, status = "draft") => spec("design", 1, "design", id, status, related);
const task = (id, related = null, status = "pending") => spec("tasks", 2, "task", id, status, related);
const chain = [req("REQ-001", ["DESIGN-001"]), des("DESIGN-001", ["REQ-001"]), task("TASK-001", ["DESIGN-001"])];

export default {
  "TR-001": {
    valid: [
      { name: "a requirement with a design referencing it", docs: chain },
      { name: "a design file that could not be read (fact unread) may reference it", docs: [req("REQ-001"), { ...des("DESIGN-002"), text: "" }], facts: { unread: ["design/DESIGN-002.md"] } },
    ],
    invalid: [{ name: "a requirement no design references", docs: [req("REQ-001")], errors: [{ messageId: "reqHasNoDesign", line: 3, data: { req: "REQ-001" } }] }],
  },
  "TR-002": {
    valid: [{ name: "a task referencing a design", docs: chain }],
    invalid: [{ name: "a task without a design reference", docs: [task("TASK-001")], errors: [{ messageId: "taskHasNoDesign", data: { task: "TASK-001" } }] }],
  },
  "TR-003": {
    valid: [{ name: "a design referencing a requirement", docs: chain }],
    invalid: [{ name: "a design without a requirement", docs: [des("DESIGN-001"), task("TASK-001", ["DESIGN-001"])], errors: [{ messageId: "designHasNoReq", data: { design: "DESIGN-001" } }] }],
  },
  "TR-004": {
    valid: [
      { name: "a design a task references", docs: chain },
      { name: "a task file that could not be read (fact unread) may reference it", docs: [req("REQ-001"), des("DESIGN-001", ["REQ-001"]), { ...task("TASK-002"), text: "" }], facts: { unread: ["tasks/TASK-002.md"] } },
    ],
    invalid: [{ name: "a design no task references", docs: [req("REQ-001"), des("DESIGN-001", ["REQ-001"])], errors: [{ messageId: "designHasNoTask", data: { design: "DESIGN-001" } }] }],
  },
  "TR-005": {
    valid: [
      { name: "a task referencing an existing design", docs: chain },
      { name: "a design that is not UTF-8 (AC-002) may hold the id", docs: [{ ...des("DESIGN-404"), text: undefined, bytes: new Uint8Array([0xff, 0xfe, 0x2d, 0x00]) }, task("TASK-001", ["DESIGN-404"])] },
    ],
    invalid: [{ name: "a task referencing a missing design", docs: [task("TASK-001", ["DESIGN-404"])], errors: [{ messageId: "taskReferencesNonExistent", line: 6, data: { task: "TASK-001", id: "DESIGN-404" } }] }],
  },
  "TR-006": {
    valid: [
      { name: "a design referencing an existing requirement", docs: chain },
      { name: "a requirement file the host could not read (fact unread, AC-900) may hold the id", docs: [{ ...req("REQ-404"), text: "" }, des("DESIGN-001", ["REQ-404"]), task("TASK-001", ["DESIGN-001"])], facts: { unread: ["requirements/REQ-404.md"] } },
    ],
    invalid: [{ name: "a design referencing a missing requirement", docs: [des("DESIGN-001", ["REQ-404"]), task("TASK-001", ["DESIGN-001"])], errors: [{ messageId: "designReferencesNonExistent", data: { design: "DESIGN-001", id: "REQ-404" } }] }],
  },
  "TR-007": {
    valid: [{ name: "a complete task whose design is implemented", docs: [req("REQ-001", ["DESIGN-001"]), des("DESIGN-001", ["REQ-001"], "implemented"), task("TASK-001", ["DESIGN-001"], "complete")] }],
    invalid: [{ name: "a complete task whose design is still a draft", docs: [req("REQ-001", ["DESIGN-001"]), des("DESIGN-001", ["REQ-001"]), task("TASK-001", ["DESIGN-001"], "complete")], errors: [{ messageId: "taskIsCompleteBut", severity: "info", data: { task: "TASK-001", design: "DESIGN-001", status: "draft" } }] }],
  },
  "TR-008": {
    valid: [{ name: "distinct ids", docs: chain, facts: { fx: 32 } }],
    invalid: [{ name: "two requirements with one id", docs: [req("REQ-001", ["DESIGN-001"]), { ...req("REQ-001", ["DESIGN-001"]), name: "requirements/REQ-001-copy.md" }, des("DESIGN-001", ["REQ-001"]), task("TASK-001", ["DESIGN-001"])], facts: { fx: 32 }, errors: [
      { messageId: "duplicateIdIn", doc: "requirements/REQ-001.md", data: { id: "REQ-001" } },
      { messageId: "duplicateIdIn", doc: "requirements/REQ-001-copy.md", data: { id: "REQ-001" } },
    ] }],
  },
  "TR-009": {
    valid: [{ name: "complete front matter", docs: chain, facts: { fx: 64 } }],
    invalid: [
      { name: "a requirement without a status", docs: [{ name: "requirements/REQ-001.md", kind: "SPEC_DOC", flags: 0, text: "---\ntype: requirement\nid: REQ-001\n---\n" }], facts: { fx: 64 }, errors: [{ messageId: "missing", line: 1, data: { field: "status" } }] },
      { name: "a task with an unknown status", docs: [task("TASK-001", null, "todo")], facts: { fx: 64 }, errors: [{ messageId: "invalid", line: 1, data: { field: "status", value: "todo" } }] },
    ],
  },
};
