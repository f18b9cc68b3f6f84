// SP-131: which QA report a JSON log names is decided in the core only. The host asks in a first
// pass (fact phase=extract) and reads the path the core returns as data need.qa
// (src/validators/session-json-facts.ts); it has no copy of the path rule.
import { describe, expect, it } from "vitest";
import { runValidator } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { validLog, item, type Json } from "./util.js";

const enc = new TextEncoder();

function extract(l: Json, flags = 0): { needQa?: string; findings: number } {
  const docs = [
    { name: "phase", kind: KIND.FACT, bytes: enc.encode("extract") },
    { name: ".agents/sessions/2026-01-05-session-42.json", kind: KIND.SESSION_JSON, flags, bytes: enc.encode(JSON.stringify(l)) },
  ] as any[];
  const r = runValidator("session-log", docs);
  return { needQa: r.data.find((d) => d.docIndex === 1 && d.key === "need.qa")?.value, findings: r.findings.filter((f) => f.docIndex === 1 && f.ruleId !== "SP-001").length };
}

const withQa = (ev: string, complete = true) => {
  const l = validLog();
  l.protocolCompliance.sessionEnd.qaValidation = item(complete, ev);
  return l;
};

describe("SP-131 QA report path: the core picks it (phase extract, data need.qa)", () => {
  const rows: [string, string, string | undefined][] = [
    ["a path in prose, trailing period dropped", "See .agents/qa/2026-01-05-qa.md.", ".agents/qa/2026-01-05-qa.md"],
    ["a path in backticks", "report `.agents/qa/x/report.md`: PASS", ".agents/qa/x/report.md"],
    ["the first of two paths", ".agents/qa/a.md and .agents/qa/b.md", ".agents/qa/a.md"],
    ["no path under the QA folder", "QA done", undefined],
    ["a skip label needs no report", "SKIPPED: docs-only", undefined],
  ];
  for (const [name, ev, want] of rows) {
    it(`SP-131: ${name}`, () => {
      const r = extract(withQa(ev));
      expect(r.needQa).toBe(want);
      expect(r.findings).toBe(0); // the first pass runs no rule
    });
  }
  it("SP-131: an incomplete qaValidation still names its report to read (completion does not gate the binding)", () => {
    expect(extract(withQa("See .agents/qa/a.md", false)).needQa).toBe(".agents/qa/a.md");
  });
  it("SP-131 / SP-120: a log validated in record mode names no report to read", () => {
    expect(extract(withQa("See .agents/qa/a.md"), 2).needQa).toBeUndefined();
  });
});
