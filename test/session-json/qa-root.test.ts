// The host's read guard for QA reports (src/validators/session-json-facts.ts QA_ROOT: a cited report
// outside it is never read) and the core's QA folder (git-rules.ts QA_ROOT: which paths SP-131 names)
// must be the same folder: a drift would make every cited report unreadable or widen what is read.
import { describe, expect, it } from "vitest";
import { QA_ROOT } from "../../dist/validators/session-json-facts.js";
import { run, validLog, item, of } from "./util.js";

describe("SP-131 QA folder: one folder for the core and the host's read guard", () => {
  it("SP-131 names the host's QA_ROOT when the evidence cites no report", () => {
    const l = validLog();
    l.protocolCompliance.sessionEnd.qaValidation = item(true, "QA done");
    const f = of(run(l, { facts: { "git.available": "true" } }).findings, "SP-131");
    expect(f.map((x) => x.message)).toEqual([`QA evidence must name a report under ${QA_ROOT} (or be exactly 'SKIPPED: docs-only' or 'SKIPPED: investigation-only')`]);
  });
});
