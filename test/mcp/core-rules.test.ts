// Issue 15: the gate verdicts PH-001..PH-009 in the WebAssembly core, from facts (no server).
import { describe, expect, it } from "vitest";
import { executeValidator } from "../../dist/engine.js";
import { KIND } from "../../dist/wasm/abi.js";

function verdict(gate: string, facts: Record<string, unknown>) {
  const out = executeValidator("session-protocol", [{ file: gate, kind: KIND.PHASE_GATE, bytes: new TextEncoder().encode(gate) }], facts as never);
  const r = out.results[0];
  return { status: r.data?.status, requirement: r.data?.requirement, message: r.data?.message ?? "", rules: r.findings.map((f: { ruleId: string }) => f.ruleId) };
}
const H = "a".repeat(64);

describe("issue 15: session-protocol rules in the core", () => {
  it("PH-001 SERENA_INIT: readable memories pass, else FAIL 'memory store not available'", () => {
    expect(verdict("SERENA_INIT", { memoriesDir: "m", memoriesReadable: true, memoryCount: 2 })).toMatchObject({ status: "PASS", requirement: "MUST", rules: [] });
    expect(verdict("SERENA_INIT", { memoriesDir: "m", memoriesReadable: false })).toMatchObject({ status: "FAIL", rules: ["PH-001"] });
    expect(verdict("SERENA_INIT", {}).message).toContain("memory store not available");
  });
  it("PH-002 SKILL_VALIDATION names the missing half", () => {
    expect(verdict("SKILL_VALIDATION", { skillsDir: "s", skillsDirExists: true, memoryRead: "read", memoryName: "m" }).status).toBe("PASS");
    const a = verdict("SKILL_VALIDATION", { skillsDir: "s", skillsDirExists: false, memoryRead: "read", memoryName: "m" });
    expect(a.message).toContain("skills folder s does not exist");
    expect(a.message).not.toContain("no evidence");
    const b = verdict("SKILL_VALIDATION", { skillsDir: "s", skillsDirExists: true, memoryName: "m" });
    expect(b).toMatchObject({ status: "FAIL", rules: ["PH-002"] });
    expect(b.message).toContain("no evidence that the mandatory memory m was read");
  });
  it("PH-003 CONTEXT_RETRIEVAL: matching hash passes, stale or missing fails, notes stand in without a hand-off", () => {
    expect(verdict("CONTEXT_RETRIEVAL", { handoffPath: "h", handoffExists: true, recordedHash: H.toUpperCase(), currentHash: H }).status).toBe("PASS");
    expect(verdict("CONTEXT_RETRIEVAL", { handoffPath: "h", handoffExists: true, recordedHash: H, currentHash: "b".repeat(64) }).message).toContain("stale hand-off hash");
    expect(verdict("CONTEXT_RETRIEVAL", { handoffPath: "h", handoffExists: true, currentHash: H }).message).toContain("no content hash of h recorded");
    expect(verdict("CONTEXT_RETRIEVAL", { handoffPath: "h", handoffExists: true, recordedHash: "xyz", currentHash: H }).message).toContain("not a SHA-256");
    expect(verdict("CONTEXT_RETRIEVAL", { handoffPath: "h", handoffExists: false, notesEvidence: "n" }).status).toBe("PASS");
    expect(verdict("CONTEXT_RETRIEVAL", { handoffPath: "h", handoffExists: false }).status).toBe("FAIL");
  });
  it("PH-004 SESSION_LOG: never a pass when the validator did not run", () => {
    expect(verdict("SESSION_LOG", { logPath: "l", logExists: true, logFindings: [] }).status).toBe("PASS");
    expect(verdict("SESSION_LOG", { logPath: "l", logExists: true }).message).toContain("did not run");
    expect(verdict("SESSION_LOG", { logPath: "l", logExists: true, logFindings: ["SP-001 x"] }).message).toContain("does not validate (creation mode, 1 error): SP-001 x");
    expect(verdict("SESSION_LOG", { logPath: "l", logExists: false }).rules).toEqual(["PH-004"]);
  });
  it("PH-005 GIT_STATE and PH-006 DOCS_UPDATE are SHOULD (warnings)", () => {
    const g = verdict("GIT_STATE", { branch: "b", startingCommit: "" });
    expect(g).toMatchObject({ status: "FAIL", requirement: "SHOULD", rules: ["PH-005"] });
    expect(g.message).toBe("not recorded: starting commit, working tree state");
    expect(verdict("DOCS_UPDATE", { logPath: "l", logExists: true, workEntries: 0 })).toMatchObject({ status: "FAIL", requirement: "SHOULD" });
    expect(verdict("DOCS_UPDATE", { logPath: "l", logExists: true, workEntries: 2 }).status).toBe("PASS");
  });
  it("PH-007 QUALITY_CHECKS: findings or a lint error fail", () => {
    expect(verdict("QUALITY_CHECKS", { changedMarkdown: ["a.md"], lintFindings: [] }).status).toBe("PASS");
    expect(verdict("QUALITY_CHECKS", { changedMarkdown: ["a.md"], lintFindings: ["a.md:1 MD001 x"] }).rules).toEqual(["PH-007"]);
    expect(verdict("QUALITY_CHECKS", { lintError: "boom" }).message).toBe("markdown lint could not run: boom");
    expect(verdict("QUALITY_CHECKS", {}).status).toBe("FAIL");
  });
  it("PH-007 QUALITY_CHECKS: findings the configuration marks as warnings do not block (as PP-003's WARN row); the pass lists them", () => {
    const v = verdict("QUALITY_CHECKS", { changedMarkdown: ["a.md"], lintFindings: [], lintWarnings: ["a.md:3 MD013/line-length Line length"] });
    expect(v.status).toBe("PASS");
    expect(v.message).toBe("markdown lint clean on 1 changed file, with 1 warning: a.md:3 MD013/line-length Line length");
    expect(verdict("QUALITY_CHECKS", { changedMarkdown: ["a.md"], lintFindings: ["a.md:1 MD001 x"], lintWarnings: ["a.md:3 MD013 y"] }).status).toBe("FAIL");
  });
  it("PH-008 QA_VALIDATION: report, docs-only SKIPPED, skip_qa refused for code, unknown changes fail", () => {
    expect(verdict("QA_VALIDATION", { sessionId: "s", qaReports: [".agents/qa/s.md"], changesKnown: true, changedFiles: ["a.ts"] }).status).toBe("PASS");
    expect(verdict("QA_VALIDATION", { sessionId: "s", changesKnown: true, changedFiles: ["a.md", ".agents/sessions/s.json"] })).toMatchObject({ status: "SKIPPED", message: "docs-only: all 2 changed files are documentation" });
    expect(verdict("QA_VALIDATION", { sessionId: "s", changesKnown: true, changedFiles: ["a.ts"], skipQa: true, qaReports: ["r"] }).message).toContain("skip_qa is allowed only for docs-only changes");
    expect(verdict("QA_VALIDATION", { sessionId: "s", changesKnown: false }).rules).toEqual(["PH-008"]);
    // the sessions folder is the sessions.dir fact (config paths.sessions), not a fixed .agents/sessions
    expect(verdict("QA_VALIDATION", { sessionId: "s", changesKnown: true, changedFiles: ["logs/s.json"], "sessions.dir": "logs" }).status).toBe("SKIPPED");
    expect(verdict("QA_VALIDATION", { sessionId: "s", changesKnown: true, changedFiles: ["logs/s.json"] }).status).toBe("FAIL");
    expect(verdict("QA_VALIDATION", { sessionId: "s", changesKnown: true, changedFiles: ["a.ts"] }).message).toContain("no QA report for session s");
  });
  it("PH-009 GIT_COMMIT: commits since start and a clean tree", () => {
    expect(verdict("GIT_COMMIT", { headCommit: "abc", commitsSince: 2, dirtyFiles: [] }).status).toBe("PASS");
    expect(verdict("GIT_COMMIT", { headCommit: "abc", commitsSince: 0, startingCommit: "abc", dirtyFiles: ["x"] }).message).toBe("no commit since the starting commit abc; uncommitted changes (1): x");
    expect(verdict("GIT_COMMIT", {}).message).toBe("no commit in the repository");
  });
});
