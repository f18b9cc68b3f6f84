// The Inngest functions of `agentcheck/inngest`, run with @inngest/test (no Inngest server):
// success paths, a failing validation step, a missing session. Event sending is the only mocked
// step (it would need an Inngest server); every other step runs the real library code.
import { describe, it, expect } from "vitest";
import { Inngest } from "inngest";
import { InngestTestEngine } from "@inngest/test";
import { git, makeRepo, writeTree } from "../helpers.js";
import { completeJsonLog } from "./fixtures.js";
import { createSessionFunctions, EVENTS } from "../../dist/inngest.js";
import { openSessionStore } from "../../dist/state/ops.js";
import { loadConfig } from "../../dist/config.js";

const NOW = "2026-01-05T10:00:00.000Z";
const ID = "2026-01-05-session-01";
const inngest = new Inngest({ id: "agentcheck-test" });
const { sessionProtocolStart, sessionProtocolEnd } = createSessionFunctions(inngest);
const sent = () => [
  { id: "emit-state-update", handler: () => ({ ids: ["state-update"] }) },
  { id: "emit-session-complete", handler: () => ({ ids: ["complete"] }) },
];

function state(dir: string) {
  const s = openSessionStore({ cwd: dir });
  return s.getSync(s.resolveId());
}

function repo() {
  const dir = makeRepo({ "README.md": "# Project\n", ".serena/memories/parser-notes.md": "# Parser notes\n\nNotes.\n", ".gitignore": ".agent-notes/\n" });
  git(dir, "checkout", "-q", "-b", "feat/guide");
  return dir;
}

async function start(dir: string) {
  const t = new InngestTestEngine({ function: sessionProtocolStart, steps: sent() });
  return t.execute({ events: [{ name: EVENTS.protocolStart, data: { cwd: dir, now: NOW } }] });
}

/** Start the session, commit some work, then a complete session log in `sessionsDir`. */
async function startAndWork(dir: string, sessionsDir: string): Promise<void> {
  const startSha = git(dir, "rev-parse", "HEAD");
  await start(dir);
  writeTree(dir, { "docs/guide.md": "# Guide\n\nHow the parser works.\n" });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "docs");
  const work = git(dir, "rev-parse", "HEAD");
  writeTree(dir, { [`${sessionsDir}/${ID}.json`]: completeJsonLog({ n: 1, date: "2026-01-05", branch: "feat/guide", startingCommit: startSha, endingCommit: work, memory: "parser-notes" }) });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "log");
}

describe("agentcheck/inngest", () => {
  it("IN-01 session-protocol-start creates the session, records start evidence (the start protocol incomplete until the agent's memory read), emits session/state.update", async () => {
    const dir = repo();
    const { result, error, ctx } = await start(dir);
    expect(error).toBeUndefined();
    expect((result as any).sessionId).toBe(ID);
    expect((result as any).created).toBe(true);
    const s = state(dir);
    // issue 40 item 4: evidence, not completion; the memories are the agent's to read (full preset)
    expect((result as any).startProtocol).toEqual({ complete: false, missing: ["memories"] });
    expect(s.protocolStartComplete).toBe(false);
    expect(s.protocolStartEvidence.gitBranch).toBe("feat/guide");
    expect(s.protocolStartEvidence.startingCommit).toBe(git(dir, "rev-parse", "HEAD"));
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("emit-state-update", expect.objectContaining({ name: "session/state.update", data: expect.objectContaining({ sessionId: ID, updates: expect.objectContaining({ protocolStartComplete: false }) }) }));
    expect(ctx.step.run).toHaveBeenCalledWith("record-protocol-start", expect.any(Function));
  });

  it("IN-02 session-protocol-end success: records end evidence, emits session/state.update and session/complete", async () => {
    const dir = repo();
    await startAndWork(dir, ".agents/sessions");
    const t = new InngestTestEngine({ function: sessionProtocolEnd, steps: sent() });
    const { result, error, ctx } = await t.execute({ events: [{ name: EVENTS.completionRequested, data: { cwd: dir, now: NOW } }] });
    expect(error).toBeUndefined();
    expect((result as any).complete).toBe(true);
    expect(state(dir).protocolEndComplete).toBe(true);
    expect(state(dir).protocolEndEvidence.sessionLogValidated).toBe(`.agents/sessions/${ID}.json`);
    for (const id of ["validate-session-log", "check-commit-evidence", "record-protocol-end"]) {
      expect(ctx.step.run).toHaveBeenCalledWith(id, expect.any(Function));
    }
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("emit-state-update", expect.objectContaining({ name: "session/state.update" }));
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("emit-session-complete", expect.objectContaining({ name: "session/complete", data: expect.objectContaining({ sessionId: ID }) }));
  });

  it("IN-02 the end function reads the repository's configuration (paths.sessions) as `session end` does (review)", async () => {
    const dir = repo();
    writeTree(dir, { "agentcheck.config.json": JSON.stringify({ paths: { sessions: "logs/sessions" } }) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "config");
    await startAndWork(dir, "logs/sessions");
    const t = new InngestTestEngine({ function: sessionProtocolEnd, steps: sent() });
    const { result, error } = await t.execute({ events: [{ name: EVENTS.completionRequested, data: { cwd: dir, now: NOW } }] });
    expect(error).toBeUndefined();
    expect((result as any).missing).toEqual([]);
    expect((result as any).complete).toBe(true);
    expect(state(dir).protocolEndEvidence.sessionLogValidated).toBe(`logs/sessions/${ID}.json`);
  });

  it("IN-06 the commit check judges with its repository's severities although another repository's configuration was loaded last (a step may run in another request)", async () => {
    // repo A turns SP-039 (clean working tree) off; its tree is dirty: `session end` in A completes
    const dir = repo();
    writeTree(dir, { "agentcheck.config.json": JSON.stringify({ validators: { sessionLog: { severity: { "SP-039": "off" } } } }) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "config");
    await startAndWork(dir, ".agents/sessions");
    writeTree(dir, { "scratch.txt": "not committed\n" });
    // this worker last served a repository with other severities; the log step is memoized (an earlier request)
    const other = makeRepo({ "agentcheck.config.json": JSON.stringify({ validators: { sessionLog: { severity: { "SP-010": "warning" } } } }) });
    await loadConfig(other, undefined, other);
    const t = new InngestTestEngine({
      function: sessionProtocolEnd,
      steps: [...sent(), { id: "validate-session-log", handler: () => ({ ok: true, missing: [], evidence: { sessionLogValidated: `.agents/sessions/${ID}.json` } }) }],
    });
    const { result, error } = await t.execute({ events: [{ name: EVENTS.completionRequested, data: { cwd: dir, now: NOW } }] });
    expect(error).toBeUndefined();
    expect((result as any).missing).toEqual([]);
    expect((result as any).complete).toBe(true);
  });

  it("IN-07 two runs for repositories with different configurations at once reach the verdicts they reach one after the other", async () => {
    const a = repo();
    writeTree(a, { "agentcheck.config.json": JSON.stringify({ validators: { sessionLog: { severity: { "SP-039": "off" } } } }) });
    git(a, "add", "-A");
    git(a, "commit", "-q", "-m", "config");
    await startAndWork(a, ".agents/sessions");
    writeTree(a, { "scratch.txt": "not committed\n" });
    const b = repo();
    await startAndWork(b, ".agents/sessions");
    writeTree(b, { "scratch.txt": "not committed\n" });
    const end = (dir: string) => new InngestTestEngine({ function: sessionProtocolEnd, steps: sent() }).execute({ events: [{ name: EVENTS.completionRequested, data: { cwd: dir, now: NOW } }] });
    const [ra, rb] = await Promise.all([end(a), end(b)]);
    expect(ra.error).toBeUndefined();
    expect(rb.error).toBeUndefined();
    // A allows a dirty tree; B does not (SP-039), as `session end` says in each
    expect((ra.result as any).complete).toBe(true);
    expect((rb.result as any).complete).toBe(false);
    expect((rb.result as any).missing.join("\n")).toContain("SP-039");
  });

  it("IN-03 a failing validation step: nothing recorded, no session/complete", async () => {
    const dir = repo();
    await start(dir);
    writeTree(dir, { [`.agents/sessions/${ID}.json`]: "" });
    const before = state(dir).version;
    const t = new InngestTestEngine({ function: sessionProtocolEnd, steps: sent() });
    const { result, error, ctx } = await t.execute({ events: [{ name: EVENTS.completionRequested, data: { cwd: dir, now: NOW } }] });
    expect(error).toBeUndefined();
    expect((result as any).complete).toBe(false);
    expect((result as any).missing.join("\n")).toContain("does not validate");
    expect(ctx.step.run).toHaveBeenCalledWith("validate-session-log", expect.any(Function));
    expect(ctx.step.run).not.toHaveBeenCalledWith("record-protocol-end", expect.any(Function));
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
    expect(state(dir).version).toBe(before);
    expect(state(dir).protocolEndComplete).toBe(false);
  });

  it("IN-04 a missing session: the end function fails without retries and creates nothing", async () => {
    const dir = repo();
    const t = new InngestTestEngine({ function: sessionProtocolEnd, steps: sent() });
    const { error, ctx } = await t.execute({ events: [{ name: EVENTS.completionRequested, data: { cwd: dir } }] });
    expect(String((error as any)?.message ?? error)).toContain("no session to end");
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
    expect(() => state(dir)).toThrow();
  });

  it("IN-05 start with a session id that does not exist yet creates it; with an existing one records on it", async () => {
    const dir = repo();
    const t = new InngestTestEngine({ function: sessionProtocolStart, steps: sent() });
    const first = await t.execute({ events: [{ name: EVENTS.protocolStart, data: { cwd: dir, sessionId: "my-session", now: NOW } }] });
    expect((first.result as any).created).toBe(true);
    const t2 = new InngestTestEngine({ function: sessionProtocolStart, steps: sent() });
    const second = await t2.execute({ events: [{ name: EVENTS.protocolStart, data: { cwd: dir, sessionId: "my-session", now: NOW } }] });
    expect((second.result as any).created).toBe(false);
    expect(state(dir).sessionId).toBe("my-session");
  });
});
