// State-aware validation in `agentcheck check` (spec §6.3): SS-001 / SS-002 from state facts,
// a visible skip (never a failure) when there is no state.
import { describe, it, expect } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, makeRepo } from "../helpers.js";
import { ruleTable, validateSessionState } from "../../dist/index.js";
import { minimalState, stateNoteText } from "./fixtures.js";

const ENV = { AGENTCHECK_NOTES_DIR: undefined };
const stateResults = (stdout: string) => JSON.parse(stdout).results.filter((r: { validator: string }) => r.validator === "session-state");

describe("session-state checks in `agentcheck check`", () => {
  it("SS rules are declared in the rule core", () => {
    const ids = ruleTable().filter((r) => r.validator === "session-state").map((r) => r.id);
    expect(ids).toEqual(["SS-001", "SS-002"]);
  });
  it("no state (CI): skipped with a reason, exit 0, even with --max-warnings 0", () => {
    const repo = makeRepo({ "README.md": "# x\n" });
    const r = runCli(["check", ".", "--format", "json", "--max-warnings", "0"], { cwd: repo, env: ENV });
    expect(r.code).toBe(0);
    const [res] = stateResults(r.stdout);
    expect(res.verdict).toBe("skip");
    expect(res.reason).toMatch(/no session state .*state-dependent checks skipped/);
    const text = runCli(["check", ".", "--verbose"], { cwd: repo, env: ENV });
    expect(text.stdout).toMatch(/skip\s+no session state/);
  });
  it("a sessions folder without a current session (or a dangling pointer): skipped, never failed", async () => {
    const repo = makeRepo();
    runCli(["session", "create", "--id", "s", "--no-current"], { cwd: repo, env: ENV });
    let out = await validateSessionState({ cwd: repo });
    expect(out.results[0]).toMatchObject({ verdict: "skip", reason: expect.stringMatching(/NO_CURRENT_SESSION.*state-dependent checks skipped/) });
    writeFileSync(join(repo, ".agent-notes", "sessions", "current-session.md"), "gone\n");
    out = await validateSessionState({ cwd: repo });
    expect(out.results[0]).toMatchObject({ verdict: "skip", reason: expect.stringMatching(/NOT_FOUND/) });
    expect(runCli(["check", "."], { cwd: repo, env: ENV }).code).toBe(0);
  });
  it("state without protocol-start evidence: SS-001 error, exit 1", () => {
    const repo = makeRepo();
    runCli(["session", "create", "--id", "s"], { cwd: repo, env: ENV });
    const r = runCli(["check", ".", "--format", "json"], { cwd: repo, env: ENV });
    expect(r.code).toBe(1);
    const [res] = stateResults(r.stdout);
    expect(res.file).toBe(".agent-notes/sessions/session-s.md");
    expect(res.findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["SS-001"]);
    expect(res.findings[0].message).toMatch(/not recorded \(complete: no, evidence: 0\).*protocol-start/);
  });
  it("evidence recorded: pass; flag without evidence and evidence without flag: SS-001", async () => {
    const repo = makeRepo();
    runCli(["session", "create", "--id", "s"], { cwd: repo, env: ENV });
    runCli(["session", "protocol-start"], { cwd: repo, input: '{"gitBranch":"main","sessionLogPath":".agents/sessions/x.md"}', env: ENV });
    const r = runCli(["check", ".", "--format", "json"], { cwd: repo, env: ENV });
    expect(r.code).toBe(0);
    expect(stateResults(r.stdout)[0]).toMatchObject({ verdict: "pass", data: { mode: "analysis" } });
    runCli(["session", "set-state", '{"protocolStartEvidence":{"gitBranch":null,"sessionLogPath":null}}'], { cwd: repo, env: ENV });
    let out = await validateSessionState({ cwd: repo });
    expect(out.results[0].findings[0].message).toMatch(/complete: yes, evidence: 0/);
    runCli(["session", "set-state", '{"protocolStartComplete":false,"protocolStartEvidence":{"a":"b"}}'], { cwd: repo, env: ENV });
    out = await validateSessionState({ cwd: repo });
    expect(out.results[0].findings[0].message).toMatch(/complete: no, evidence: 1/);
  });
  it("corrupt or schema-invalid state fails with SS-002 listing the issues", async () => {
    const repo = makeRepo();
    runCli(["session", "create", "--id", "s"], { cwd: repo, env: ENV });
    const file = join(repo, ".agent-notes", "sessions", "session-s.md");
    writeFileSync(file, stateNoteText(minimalState({ sessionId: "s", currentMode: "weird", foo: 1 })));
    const r = runCli(["check", ".", "--format", "json"], { cwd: repo, env: ENV });
    expect(r.code).toBe(1);
    // SS-002 from the core's JSON Schema interpreter over the schema generated from zod: one finding per issue
    const found = stateResults(r.stdout)[0].findings.map((f: { ruleId: string; messageId: string; data: Record<string, string> }) => ({ ruleId: f.ruleId, messageId: f.messageId, path: f.data.path }));
    expect(found).toEqual(expect.arrayContaining([
      { ruleId: "SS-002", messageId: "invalid", path: "currentMode" },
      { ruleId: "SS-002", messageId: "invalid", path: "(root)" },
    ]));
    expect(stateResults(r.stdout)[0].findings.some((f: { data: Record<string, string> }) => f.data.path === "(root)" && f.data.message.includes("'foo'"))).toBe(true);
    writeFileSync(file, "```json\n{\n```\n");
    const c = await validateSessionState({ cwd: repo });
    expect(c.results[0]).toMatchObject({ verdict: "fail", findings: [{ ruleId: "SS-002", messageId: "sessionState", data: { status: "corrupt" } }] });
  });
});
