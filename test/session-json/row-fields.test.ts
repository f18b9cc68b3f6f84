// How a checklist row's level/complete/evidence are found (assembly/lib/json.ts getFields, one pass
// over the row's members): the exact lower-case name first, else the first name that folds to it in
// key order; rows with escaped, non-ASCII or repeated names take the one-name-at-a-time path, with
// the same answers. And which required items SP-107 finds missing (checklist.ts, by member node).
import { describe, it, expect } from "vitest";
import { run, validLog, of } from "./util.js";

/** The log as text with sessionStart.handoffRead written as `row` (raw JSON of the row). */
function withRow(row: string): string {
  const l = validLog();
  l.protocolCompliance.sessionStart.handoffRead = "@ROW@";
  return JSON.stringify(l, null, 2).replace('"@ROW@"', row);
}

const sp108 = (text: string) => of(run(text).findings, "SP-108").map((f) => f.message);
const INCOMPLETE = ["Incomplete MUST: sessionStart.handoffRead"];

describe("checklist row fields (SP-108, SP-109, SP-107)", () => {
  it("SP-108: the exact 'level' wins over an earlier 'Level'", () => {
    expect(sp108(withRow('{"Level": "SHOULD", "level": "MUST", "complete": false, "evidence": "x"}'))).toEqual(INCOMPLETE);
    expect(sp108(withRow('{"Level": "MUST", "level": "SHOULD", "complete": false, "evidence": "x"}'))).toEqual([]);
  });
  it("SP-108: without the exact name, the first name that folds to it counts", () => {
    expect(sp108(withRow('{"LEVEL": "MUST", "Level": "SHOULD", "Complete": false, "Evidence": "x"}'))).toEqual(INCOMPLETE);
    expect(sp108(withRow('{"LEVEL": "SHOULD", "Level": "MUST", "Complete": false, "Evidence": "x"}'))).toEqual([]);
  });
  it("SP-108: a row with an escaped name answers the same (one name at a time)", () => {
    expect(sp108(withRow('{"LEVEL": "MUST", "Level": "SHOULD", "compl\\u0065te": false, "evidence": "x"}'))).toEqual(INCOMPLETE);
    expect(sp108(withRow('{"lev\\u0065l": "MUST", "complete": false, "evidence": "x"}'))).toEqual(INCOMPLETE);
    expect(sp108(withRow('{"Lev\\u0065l": "SHOULD", "level": "MUST", "complete": false}'))).toEqual(INCOMPLETE);
  });
  it("SP-108: a row with a non-ASCII name answers the same", () => {
    expect(sp108(withRow('{"évidence": "x", "Level": "MUST", "complete": false}'))).toEqual(INCOMPLETE);
  });
  it("SP-108: a repeated name: its last value counts", () => {
    expect(sp108(withRow('{"level": "SHOULD", "level": "MUST", "complete": false, "evidence": "x"}'))).toEqual(INCOMPLETE);
    expect(sp108(withRow('{"level": "MUST", "complete": false, "complete": true, "evidence": "x"}'))).toEqual([]);
  });
  it("SP-109: evidence found by its folded name", () => {
    const f = of(run(withRow('{"level": "MUST", "complete": true, "EVIDENCE": "  "}')).findings, "SP-109");
    expect(f.map((x) => x.message)).toEqual(["Missing evidence: sessionStart.handoffRead"]);
    expect(of(run(withRow('{"level": "MUST", "complete": true, "EVIDENCE": "read"}')).findings, "SP-109")).toEqual([]);
  });
  it("SP-107: missing required items, sorted; an escaped name is present", () => {
    const l = validLog();
    delete l.protocolCompliance.sessionStart.memoriesLoaded;
    delete l.protocolCompliance.sessionStart.branchVerified;
    const text = JSON.stringify(l, null, 2).replace('"handoffRead"', '"h\\u0061ndoffRead"');
    expect(of(run(text).findings, "SP-107").map((f) => f.message)).toEqual([
      "Missing required item: sessionStart.branchVerified",
      "Missing required item: sessionStart.memoriesLoaded",
    ]);
  });
  it("SP-107 / SP-113: a section with a repeated required item: present, and required", () => {
    const l = validLog();
    delete l.protocolCompliance.sessionEnd.qaValidation;
    l.protocolCompliance.sessionStart.handoffRead = "@ROW@";
    const text = JSON.stringify(l, null, 2).replace('"handoffRead": "@ROW@"', '"handoffRead": {"complete": true, "evidence": "x"}, "handoffRead": {"complete": true, "evidence": "y"}');
    const fs = run(text).findings;
    expect(of(fs, "SP-107").map((f) => f.message)).toEqual(["Missing required item: sessionEnd.qaValidation"]);
    expect(of(fs, "SP-113").map((f) => f.message)).toEqual([
      'Missing level: sessionStart.handoffRead declares no level, so no requirement check applies to it; add "level": "MUST"',
    ]);
  });
});
