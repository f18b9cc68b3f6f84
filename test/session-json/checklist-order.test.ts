// SP-107..SP-114 are one file per rule (assembly/validators/session-log/json/SP-1xx.ts) but their
// findings keep the order of one pass over the checklist: per section (sessionStart, then
// sessionEnd) the missing required items, then row by row in document order. Reference outputs
// (test/corpus) depend on this order; here it is pinned on one log that trips every checklist rule.
import { describe, expect, it } from "vitest";
import { run, validLog, item } from "./util.js";

const CHECKLIST = new Set(["SP-107", "SP-108", "SP-109", "SP-110", "SP-111", "SP-112", "SP-113", "SP-114"]);

function mixed() {
  const l = validLog();
  const s = l.protocolCompliance.sessionStart;
  const e = l.protocolCompliance.sessionEnd;
  delete s.usageMandatoryRead; // SP-107 (start)
  delete s.constraintsRead; // SP-107 (start)
  s.serenaActivated = item(true, "skipped for now"); // SP-111 (row 1)
  s.serenaInstructions = true; // SP-112 (row 2)
  s.handoffRead = item(false); // SP-108 (row 3)
  s.sessionLogCreated = { complete: true, evidence: "x" }; // SP-113 (row 4)
  s.skillScriptsListed = item(true, " "); // SP-109 (row 5)
  s.memoriesLoaded = item(false, "", "SHOULD"); // SP-114
  delete e.handoffPreserved;
  e.handoffNotUpdated = { level: "MUST NOT", complete: true, evidence: "edited" }; // SP-110 (last row of end)
  delete e.markdownLintRun; // SP-107 (end)
  e.checklistComplete = item(false, "", "SHOULD"); // SP-114 (end, row 1)
  e.qaValidation = item(true, "TODO run QA"); // SP-111 error (end)
  return l;
}

describe("SP-107..SP-114 findings in checklist order", () => {
  it("SP-107 block first per section, then one finding per row in document order", () => {
    const got = run(mixed()).findings.filter((f) => CHECKLIST.has(f.id)).map((f) => `${f.id} ${f.message.slice(0, 60)}`);
    expect(got.map((g) => g.split(" ")[0])).toEqual([
      "SP-107", "SP-107", // sessionStart: constraintsRead, usageMandatoryRead (sorted)
      "SP-111", "SP-112", "SP-108", "SP-113", "SP-109", "SP-114",
      "SP-107", // sessionEnd: markdownLintRun
      "SP-114", "SP-111", "SP-110",
    ]);
    expect(got[0]).toContain("sessionStart.constraintsRead");
    expect(got[1]).toContain("sessionStart.usageMandatoryRead");
  });

  it("SP-107..SP-114: a rule turned off leaves the others in the same order", () => {
    const all = run(mixed()).findings.filter((f) => CHECKLIST.has(f.id)).map((f) => f.id);
    const off = run(mixed(), { facts: { "severity.SP-112": "off", "severity.SP-107": "off" } }).findings.filter((f) => CHECKLIST.has(f.id)).map((f) => f.id);
    expect(off).toEqual(all.filter((id) => id !== "SP-112" && id !== "SP-107"));
  });
});
