// Issue #12 item 1: the WebAssembly module carries no English; the host renders it from the rule
// tables generated at build time (src/wasm/generated/rules.ts, src/wasm/rule-meta.ts renderCoded).
// This lists the UTF-16 strings of the built module's data section (scripts/module-strings.mjs) and
// fails on any string that looks like English prose (two or more words of letters separated by
// spaces) unless it is allow-listed below with its reason.
import { describe, it, expect } from "vitest";
import { wasmBytes, renderMessage, renderValue } from "../../dist/wasm/loader.js";
import { executeValidator } from "../../dist/engine.js";
import { KIND } from "../../dist/wasm/abi.js";
// @ts-expect-error: plain ES module without types
import { moduleStrings } from "../../scripts/module-strings.mjs";

/** Two or more words of letters separated by spaces. */
const PROSE = /[A-Za-z]+ +[A-Za-z]+/;

/** Needles the rules compare input against, and texts that are not messages. Each with its reason. */
const NEEDLES: Record<string, string> = {
  // AssemblyScript runtime and standard library: abort texts, reported by the host as an internal error
  "Allocation too large": "AssemblyScript runtime abort",
  "toString() radix argument must be between 2 and 36": "AssemblyScript standard library abort",
  "Invalid length": "AssemblyScript standard library abort",
  "Index out of range": "AssemblyScript standard library abort",
  "Key does not exist": "AssemblyScript standard library abort (Map.get)",
  "Element type must be nullable if array is holey": "AssemblyScript standard library abort",
  "Unpaired surrogate": "AssemblyScript standard library abort (String.UTF8)",
  "Array is empty": "AssemblyScript standard library abort",
  "Unexpected 'null' (not assigned or failed cast)": "AssemblyScript runtime abort",
  "debug_abort called with a non-zero code": "assembly/index.ts debug_abort: the trap test's own abort text",
  // tables of tokens, not prose
  "th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me de hi ri ro ic ne ea ra ce":
    "assembly/lib/lines.ts FREQUENT_PAIRS: letter pairs that make poor search anchors",
  "pin wfs sfm prd path size tok drift plan skv mem skb cmd pctx row": "assembly/validators/pre-pr/index.ts: the pre-pr family names",
  "table of contents": "assembly/validators/pre-pr/mem.ts: a level-1 heading upstream's memory-size check does not count as a category (MEM-01)",
  // session-log markdown: headings, checklist rows and labels the logs contain (md-log.ts, SP-0xx)
  "starting commit:": "session-log markdown: Session Info label matched in logs",
  "ending commit:": "session-log markdown: Session Info label matched in logs",
  "commit sha:": "session-log markdown: label matched in logs",
  "session start": "session-log markdown: checklist heading matched in logs (lower-cased)",
  "session end": "session-log markdown: checklist heading matched in logs (lower-cased)",
  "Session Start": "session-log markdown: heading matched in logs",
  "Session End": "session-log markdown: heading matched in logs",
  "## Session Start": "session-log markdown: heading matched in logs (SP-010)",
  "## Session End": "session-log markdown: heading matched in logs (SP-010)",
  "MUST NOT": "session-log: the requirement column's keyword",
  "complete all": "session-log markdown: checklist row text matched in logs (SP-012)",
  "protocol compliance": "session-log markdown: checklist row text matched in logs (SP-012)",
  "route to qa agent": "session-log markdown: checklist row text matched in logs",
  "commit all changes": "session-log markdown: checklist row text matched in logs",
  "list memories loaded": "session-log markdown: checklist row text matched in logs",
  "commits this session": "session-log markdown: section text matched in logs (SP-021)",
  "session info": "session-log markdown: section heading matched in logs (SP-022)",
  "work log": "session-log markdown: section heading matched in logs (SP-022)",
  "task completed": "session-log markdown: section text matched in logs (SP-022)",
  "tasks completed": "session-log markdown: section text matched in logs (SP-022)",
  // session-protocol: a start step of the repository's SESSION-PROTOCOL.md matched to the evidence that ticks it (step-evidence.ts)
  "session log": "session-protocol step-evidence.ts: a start step that creates the session log (matched in SESSION-PROTOCOL.md)",
  "git status": "session-protocol step-evidence.ts: a start step answered by git facts (matched in SESSION-PROTOCOL.md)",
  "not on main": "session-protocol step-evidence.ts: a start step answered by git facts (matched in SESSION-PROTOCOL.md)",
  // session-log JSON: SP-111's tokens of an unfinished validation in the logs
  "not available": "session-log JSON SP-111: token matched in logs",
  "will validate": "session-log JSON SP-111: token matched in logs",
  "will run": "session-log JSON SP-111: token matched in logs",
  // memory-index, consistency, pre-pr, manifest: headings matched in the documents
  "essential memories": "memory-index: root index heading matched in documents",
  "memory index": "memory-index: root index heading matched in documents",
  "### Success Criteria": "consistency CO-004: heading matched in plans",
  "## Estimate Reconciliation": "pre-pr PLAN-03: heading matched in plans",
  "open questions": "manifest SM-012: section heading matched (lower-cased)",
  "key decisions": "manifest SM-012: section heading matched (lower-cased)",
  "Open Questions": "manifest SM-012: section heading matched",
  "Key Decisions": "manifest SM-012: section heading matched",
};



const strings: string[] = (moduleStrings(Buffer.from(wasmBytes())) as { text: string }[]).map((s) => s.text);

describe("the module carries no English (#12 item 1)", () => {
  it("module-strings finds the module's static strings (the inventory works)", () => {
    expect(strings.length).toBeGreaterThan(100);
    // rule ids are put together at start, but the validator export names and fact keys are static strings
    expect(strings).toContain("status");
  });

  it("no string looks like English prose unless allow-listed with a reason", () => {
    const prose = strings.filter((s) => PROSE.test(s));
    const unexplained = prose.filter((s) => NEEDLES[s] === undefined);
    expect(unexplained).toEqual([]);
  });

  it("the converted fragments are gone: listed()'s '(N more)', GIT_STATE's part names, 'unknown gate', excerpt's 'more characters'", () => {
    for (const s of [" more)", " more characters)", "starting commit", "working tree state", "unknown gate ", "no changed markdown", "no changes"]) {
      expect(strings).not.toContain(s);
    }
  });

  it("the guard can fail: an English sentence is caught by the prose pattern", () => {
    expect(PROSE.test("the state is not JSON (")).toBe(true);
    expect(PROSE.test("SP-001")).toBe(false);
    expect(PROSE.test("option.SP-001.max")).toBe(false);
  });
});

function gate(name: string, facts: Record<string, unknown>) {
  const out = executeValidator("session-protocol", [{ file: name, kind: KIND.PHASE_GATE, bytes: new TextEncoder().encode(name) }], facts as never);
  return out.results[0].data ?? {};
}

describe("the host renders the coded parts in the same English", () => {
  it("PH-008 listed(): the first 10 items joined, then '… (N more)' (evidence)", () => {
    const files = Array.from({ length: 12 }, (_, i) => `d${i}.md`);
    const d = gate("QA_VALIDATION", { sessionId: "s", changesKnown: true, changedFiles: files });
    expect(d.status).toBe("SKIPPED");
    expect(d.evidence).toBe(`${files.slice(0, 10).join(", ")}, … (2 more)`);
  });
  it("PH-008 listed() in a message: '… (N more)' after 5 files", () => {
    const files = Array.from({ length: 7 }, (_, i) => `c${i}.ts`);
    const d = gate("QA_VALIDATION", { sessionId: "s", changesKnown: true, changedFiles: files });
    expect(d.message).toBe(`no QA report for session s under .agents/qa/ and 7 non-documentation files changed: ${files.slice(0, 5).join(", ")}, … (2 more)`);
  });
  it("PH-005 GIT_STATE: the missing parts are rule terms", () => {
    expect(gate("GIT_STATE", {}).message).toBe("not recorded: branch, starting commit, working tree state");
    expect(gate("GIT_STATE", { startingCommit: "c", treeState: "clean" }).message).toBe("not recorded: branch");
  });
  it("PH-007 / PH-008 evidence terms: 'no changed markdown', 'no changes'", () => {
    expect(gate("QUALITY_CHECKS", { changedMarkdown: [], lintFindings: [] }).evidence).toBe("no changed markdown");
    expect(gate("QA_VALIDATION", { sessionId: "s", changesKnown: true, changedFiles: [] }).evidence).toBe("no changes");
  });
  it("a gate no rule owns: FAIL, and the host says 'unknown gate <name>'", () => {
    const d = gate("NO_SUCH_GATE", {});
    expect(d.status).toBe("FAIL");
    expect(d.unknownGate).toBe("NO_SUCH_GATE");
  });
});

describe("texts that moved from the core to the rule table are the same English", () => {
  it("SP-130: the remedy is part of the templates, one per class (absent, not landed), never 'record the real SHA'", () => {
    const absent = renderMessage("SP-130", "endingCommitAbsent", { v: "abc" });
    const notLanded = renderMessage("SP-130", "endingCommitNotLanded", { v: "abc" });
    expect(absent).toMatch(/^endingCommit 'abc' names no commit in this repository/);
    expect(notLanded).toMatch(/^endingCommit 'abc' is not on HEAD's history and its changes are not either/);
    for (const m of [absent, notLanded]) expect(m).not.toContain("follow-up commit");
  });
  it("SP-090: the checks skipped without git facts, as a list of terms", () => {
    const v = "SP-038..SP-042\x1e\x1bcheckQaSkipScope";
    expect(renderValue("SP-090", v)).toBe("SP-038..SP-042, SP-037 (QA skip scope)");
    expect(renderValue("SP-090", "\x1bcheckQaReport\x1cpath\x1c.agents/qa/1.md")).toBe("SP-131 (QA report .agents/qa/1.md)");
  });
  it("list tails and cut texts", () => {
    expect(renderValue("", "a\x1eb\x1e\x1f3")).toBe("a, b, … (3 more)");
    expect(renderValue("", "a\x1eb\x1a3")).toBe("a, b and 3 more");
    expect(renderValue("", "abc\x1d12")).toBe("abc… (12 more characters)");
  });
});
