// SP-120: the validation mode of a session log is decided in the core (assembly/validators/
// session-log/mode.ts) from facts the host encodes (src/scope.ts sessionLogFlags). Every row runs
// the real core; data.mode is the mode the core validated the log in.
import { describe, expect, it } from "vitest";
import { runValidator } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { sessionLogFlags, MODE_FLAGS, type SessionLogFacts } from "../../dist/scope.js";
import { validLog, item, END_KEYS } from "./util.js";

const enc = new TextEncoder();

function modeOf(kind: "md" | "json", text: string, flags: number): string | undefined {
  const name = `.agents/sessions/2026-01-05-session-42.${kind}`;
  const docs = [
    { name: "now", kind: KIND.FACT, bytes: enc.encode("2026-01-06T12:00:00Z") },
    { name, kind: kind === "md" ? KIND.SESSION_MD : KIND.SESSION_JSON, flags, bytes: enc.encode(text) },
  ] as any[];
  const r = runValidator("session-log", docs);
  return r.data.find((d) => d.docIndex === 1 && d.key === "mode")?.value;
}

const complete = JSON.stringify(validLog());
const inProgress = (() => {
  const l = validLog();
  delete l.endingCommit;
  for (const k of END_KEYS) l.protocolCompliance.sessionEnd[k] = item(false, "");
  return JSON.stringify(l);
})();
const sessionEndOnly = (() => {
  const l = JSON.parse(inProgress);
  l.protocolCompliance.sessionEnd.checklistComplete = { Complete: null, complete: true, evidence: "x" };
  return JSON.stringify(l);
})();
const md = "# Session 42\n\n## Session Info\n\n- **Date**: 2026-01-05\n";

const f = (x: SessionLogFacts) => sessionLogFlags(x);

describe("SP-120 the core decides a session log's mode from the host's facts", () => {
  const rows: [string, "md" | "json", string, number, string | undefined][] = [
    ["markdown added while committing => creation", "md", md, f({ status: "A", precommit: true }), "creation"],
    ["markdown added on a branch => full", "md", md, f({ status: "A" }), "full"],
    ["markdown edited => record", "md", md, f({ status: "M" }), "record"],
    ["markdown edited with --strict => full", "md", md, f({ status: "M", strict: true }), "full"],
    ["markdown tracked and unchanged => full (as a whole-tree check judges it: one answer per file)", "md", md, f({ status: "tracked" }), "full"],
    ["markdown untracked => creation", "md", md, f({ status: "untracked" }), "creation"],
    ["markdown renamed (a replacement) => full", "md", md, f({ status: "R" }), "full"],
    ["markdown copied => full", "md", md, f({ status: "C", precommit: true }), "full"],
    ["markdown during a merge => record", "md", md, f({ status: "A", precommit: true, merge: true }), "record"],
    ["markdown with a named mode and no status: the named mode (--mode record)", "md", md, MODE_FLAGS.record, "record"],
    ["JSON in progress, staged => creation", "json", inProgress, f({ status: "A", precommit: true }), "creation"],
    ["JSON in progress, untracked => creation", "json", inProgress, f({ status: "untracked" }), "creation"],
    ["JSON in progress, committed (changed on a branch) => full", "json", inProgress, f({ status: "A" }), "full"],
    ["JSON in progress, tracked => full", "json", inProgress, f({ status: "tracked" }), "full"],
    ["JSON claiming completion (endingCommit), staged => full", "json", complete, f({ status: "A", precommit: true }), "full"],
    ["JSON with a sessionEnd item complete (Complete null falls back to complete) => full", "json", sessionEndOnly, f({ status: "untracked" }), "full"],
    ["JSON that does not parse, staged => full", "json", "{ not json", f({ status: "A", precommit: true }), "full"],
    ["JSON root not an object, untracked => full", "json", "[1]", f({ status: "untracked" }), "full"],
    ["JSON during a merge => record", "json", inProgress, f({ status: "M", precommit: true, merge: true }), "record"],
    ["JSON with a named mode (--mode creation) wins", "json", complete, f({ status: "A", override: "creation" }), "creation"],
    ["JSON with both mode bits => record", "json", complete, 3, "record"],
  ];
  for (const [name, kind, text, flags, want] of rows) {
    it(name, () => expect(modeOf(kind, text, flags)).toBe(want));
  }

  it("the host only encodes facts: sessionLogFlags never names a mode unless the user did", () => {
    expect(f({ status: "A", precommit: true }) & 3).toBe(0);
    expect(f({ status: "M", override: "record" })).toBe(MODE_FLAGS.record);
  });
});
