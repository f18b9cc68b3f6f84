// Rule tester tables of the pre-pr rules converted to the rule model (see test/rules/rule-tester.ts).
// Documents are PREPR_FILE with their role in `flags` (1 = workflow); fact `family` picks the family.
const steps = (n) => Array.from({ length: n }, (_, i) => `      - run: echo ${i}`).join("\n");
const workflow = (n) => ({ name: ".github/workflows/ci.yml", kind: "PREPR_FILE", flags: 1, text: `name: ci\non: push\npermissions: {}\njobs:\n  a:\n    steps:\n${steps(n)}\n` });

export default {
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
};
