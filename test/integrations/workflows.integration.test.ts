// The seed-001 workflow functions of `agentcheck/inngest` (docs/workflows.md), run with @inngest/test:
// every step runs the real library code on real git repositories; only event sending and, where a
// test says so, waitForEvent are mocked (they need an Inngest server). A "retry" is the same event
// run again with the earlier steps' memoized results: what a step records is recorded once.
import { describe, it, expect, vi } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { Inngest } from "inngest";
import { InngestTestEngine } from "@inngest/test";
import { git, makeRepo, runCli, tmpDir, writeTree } from "../helpers.js";
import { completeJsonLog } from "./fixtures.js";
import { closedAfterEach, ok } from "../mcp/helpers.js";
import { createWorkflowFunctions, EVENTS, type ApprovalPort, type ApprovalStatus } from "../../dist/inngest.js";
import { openSessionStore } from "../../dist/state/ops.js";
import { validateSessionLogs } from "../../dist/validators/session-log.js";
import { DiskSource } from "../../dist/source.js";

const NOW = "2026-01-05T10:00:00.000Z";
const ID = "2026-01-05-session-01";
const inngest = new Inngest({ id: "agentcheck-test" });
const fns = createWorkflowFunctions(inngest);
const SENT = ["emit-state-update", "emit-session-complete", "emit-mode-changed", "emit-approval-requested"].map((id) => ({ id, handler: () => ({ ids: [id] }) }));

function state(dir: string) {
  const s = openSessionStore({ cwd: dir });
  return s.getSync(s.resolveId());
}
function repo(files: Record<string, string> = {}) {
  const dir = makeRepo({ "README.md": "# Project\n", ".serena/memories/parser-notes.md": "# Parser notes\n\nNotes.\n", ".gitignore": ".agent-notes/\n", ...files });
  git(dir, "checkout", "-q", "-b", "feat/guide");
  return dir;
}
const run = (fn: unknown, name: string, data: Record<string, unknown>, steps: { id: string; handler: () => unknown }[] = []) =>
  new InngestTestEngine({ function: fn as never, steps: [...SENT, ...steps] }).execute({ events: [{ name, data } as never] });
const start = (dir: string, data: Record<string, unknown> = {}, steps: { id: string; handler: () => unknown }[] = []) =>
  run(fns.sessionProtocolStart, EVENTS.protocolStart, { cwd: dir, now: NOW, ...data }, steps);

async function startAndWork(dir: string): Promise<void> {
  const startSha = git(dir, "rev-parse", "HEAD");
  await start(dir, { createLog: false });
  writeTree(dir, { "docs/guide.md": "# Guide\n\nHow the parser works.\n" });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "docs");
  const work = git(dir, "rev-parse", "HEAD");
  writeTree(dir, { [`.agents/sessions/${ID}.json`]: completeJsonLog({ n: 1, date: "2026-01-05", branch: "feat/guide", startingCommit: startSha, endingCommit: work, memory: "parser-notes" }) });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "log");
}

describe("session-protocol-start (seed 001: note store, session, skills, log, constraints, git, evidence)", () => {
  it("WF-START-01 runs every step and records their evidence; the session log skeleton validates in creation mode", async () => {
    const dir = repo({
      ".claude/skills/github/SKILL.md": "# GitHub\n", ".claude/skills/memory/SKILL.md": "# Memory\n", ".claude/skills/notes.txt": "x\n",
      ".agents/governance/PROJECT-CONSTRAINTS.md": "# Constraints\n\nNo force pushes.\n",
    });
    const { result, error, ctx } = await start(dir);
    expect(error).toBeUndefined();
    for (const id of ["read-protocol", "resolve-session", "init-note-store", "create-session-state", "verify-skills", "load-constraints", "gather-start-evidence", "create-session-log", "record-protocol-start"]) {
      expect(ctx.step.run).toHaveBeenCalledWith(id, expect.any(Function));
    }
    const r = result as any;
    expect(r.protocol).toBe("full"); // no protocol.preset: the default
    expect(r.sessionId).toBe(ID);
    expect(r.created).toBe(true);
    expect(r.notesIgnored).toBe(true);
    const ev = state(dir).protocolStartEvidence;
    // issue 40 item 4: the run's facts are evidence, not the start protocol; the skills it listed are
    // observed (verify-skills), the memories are the agent's to read
    expect(r.startProtocol).toEqual({ complete: false, missing: ["memories"] });
    expect(state(dir).protocolStartComplete).toBe(false);
    expect(ev["observed.skills"]).toBe(`${NOW} workflow:verify-skills .claude/skills: 2 skill(s)`);
    expect(ev.skillScriptsCount).toBe("2");
    // the required steps are stored with the session, as SessionStart stores them: the PostToolUse hook
    // waits for the same ones the workflow judged
    expect((JSON.parse(ev.requiredStartSteps) as { key: string }[]).map((x) => x.key)).toEqual(["memories", "skills"]);
    expect(ev.constraintsRead).toMatch(/^\.agents\/governance\/PROJECT-CONSTRAINTS\.md sha256:[0-9a-f]{64}$/);
    expect(ev.noteStoreInitialized).toBe(NOW);
    expect(ev.gitBranch).toBe("feat/guide");
    expect(ev.sessionLogPath).toBe(`.agents/sessions/${ID}.json`);
    expect(r.sessionLog.created).toBe(true);
    const out = await validateSessionLogs({ cwd: dir, root: dir, files: [`.agents/sessions/${ID}.json`], source: new DiskSource(dir), mode: "creation", maxFileBytes: 1 << 20, sessionsDir: ".agents/sessions", memoriesDir: ".serena/memories" } as never);
    const errors = out.results.flatMap((x: any) => x.findings).filter((f: any) => f.severity === "error");
    expect(errors).toEqual([]);
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("emit-state-update", expect.objectContaining({ name: EVENTS.stateUpdate, data: expect.objectContaining({ sessionId: ID, updates: expect.objectContaining({ protocolStartComplete: false }) }) }));
    // the agent reads a memory (the PostToolUse hook, as Claude Code sends it): the start protocol completes
    const post = runCli(["hooks", "post-tool-use"], { cwd: dir, input: JSON.stringify({ hook_event_name: "PostToolUse", session_id: "c-1", cwd: dir, tool_name: "mcp__serena__read_memory", tool_input: { memory_file_name: "parser-notes" }, tool_response: "# Parser notes", tool_use_id: "t" }) });
    expect(post.code, post.stderr).toBe(0);
    expect(state(dir).protocolStartComplete).toBe(true);
    expect(state(dir).protocolStartEvidence.startStepsObserved).toBe("memories,skills");
  });

  it("WF-START-02 an existing session log is never overwritten; createLog: false writes none", async () => {
    const dir = repo({ [`.agents/sessions/${ID}.json`]: "{\"mine\": true}\n" });
    const { result } = await start(dir, { sessionId: ID });
    expect((result as any).sessionLog.created).toBe(false);
    expect(readFileSync(join(dir, `.agents/sessions/${ID}.json`), "utf8")).toBe("{\"mine\": true}\n");
    const other = repo();
    await start(other, { createLog: false });
    expect(existsSync(join(other, `.agents/sessions/${ID}.json`))).toBe(false);
  });

  it("WF-START-03 retried after its steps committed (same event, memoized id): no second session, evidence recorded once", async () => {
    const dir = repo();
    const first = await start(dir);
    const v = state(dir).version;
    // a retry: resolve-session is memoized (the same id), every later step runs again
    const again = await start(dir, {}, [{ id: "resolve-session", handler: () => ({ sessionId: ID, skillsDir: ".claude/skills" }) }]);
    expect(again.error).toBeUndefined();
    expect((first.result as any).created).toBe(true);
    expect((again.result as any).created).toBe(false);
    expect(state(dir).version).toBe(v);
    expect(readdir(join(dir, ".agent-notes/sessions")).filter((n) => /^session-.*\.md$/.test(n))).toEqual([`session-${ID}.md`]);
  });

  it("WF-START-04 a new run (not a retry) numbers the next session past the ones the store holds", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const { result } = await start(dir, { createLog: false });
    expect((result as any).sessionId).toBe("2026-01-05-session-02");
  });
});

describe("session-protocol-start and issue 40 (one identity, live state off the work tree)", () => {
  const open = closedAfterEach();

  it("WF-START-05 init-note-store ignores the live state once, as the SessionStart hook does (the repository's exclude file): git status stays clean without any .gitignore entry", async () => {
    const dir = makeRepo({ "README.md": "# P\n" });
    const { error } = await start(dir, { createLog: false });
    expect(error).toBeUndefined();
    const exclude = readFileSync(join(dir, ".git", "info", "exclude"), "utf8");
    expect(exclude).toContain("/.agent-notes/");
    expect(exclude).toContain("/.serena/memories/session-current-state.md");
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("WF-START-06 a protocol session the MCP server started is this session (one identity, as the SessionStart hook adopts it)", async () => {
    const dir = repo();
    const c = await open(dir);
    const id = (await ok(c, "session_start", { objective: "fix the gate" })).session_id as string;
    expect(id).toMatch(/^\d{4}-\d{2}-\d{2}-session-01$/);
    const { result, error } = await start(dir, { createLog: false });
    expect(error).toBeUndefined();
    expect((result as any).sessionId).toBe(id);
    expect(state(dir).sessionId).toBe(id);
  });
});

describe("protocol.preset (issue 40 item 3: the workflows obey the repository's protocol, as the hooks and `session end` do)", () => {
  const preset = (p: string) => ({ "agentcheck.config.json": JSON.stringify({ protocol: { preset: p } }) + "\n" });
  const end = (dir: string) => run(fns.sessionProtocolEnd, EVENTS.completionRequested, { cwd: dir, now: NOW });

  it("WF-PRESET-01 full (configured): start creates the session log; end demands the log and the commits (check-commit-evidence runs)", async () => {
    const dir = repo(preset("full"));
    const s = await start(dir);
    expect(s.error).toBeUndefined();
    expect((s.result as any)).toMatchObject({ protocol: "full", started: true, sessionId: ID, sessionLog: { created: true, skipped: false } });
    expect(existsSync(join(dir, `.agents/sessions/${ID}.json`))).toBe(true);
    // the skeleton is left open: the end finds the log incomplete and records nothing
    const e = await end(dir);
    expect(e.error).toBeUndefined();
    expect((e.result as any)).toMatchObject({ protocol: "full", complete: false });
    expect(e.ctx.step.run).toHaveBeenCalledWith("check-commit-evidence", expect.any(Function));
    expect(state(dir).protocolEndComplete).toBe(false);
  });

  it("WF-PRESET-02 validate-if-present: start makes the session but no log (optional); end without a log or commits records the end, as `session end` does", async () => {
    const dir = repo(preset("validate-if-present"));
    const s = await start(dir);
    expect(s.error).toBeUndefined();
    const r = s.result as any;
    expect(r).toMatchObject({ protocol: "validate-if-present", started: true, sessionId: ID, sessionLog: { created: false, skipped: true } });
    expect(r.sessionLog.reason).toContain("optional under protocol.preset validate-if-present");
    expect(existsSync(join(dir, ".agents/sessions"))).toBe(false);
    expect(state(dir).sessionId).toBe(ID);
    // no start demands under this preset: the start protocol is complete with the run
    expect(r.startProtocol).toEqual({ complete: true, missing: [] });
    expect(state(dir).protocolStartComplete).toBe(true);
    // uncommitted work and no log: neither is a demand under this preset
    writeTree(dir, { "notes.txt": "draft\n" });
    const e = await end(dir);
    expect(e.error).toBeUndefined();
    expect((e.result as any)).toMatchObject({ protocol: "validate-if-present", complete: true, missing: [] });
    expect(e.ctx.step.run).not.toHaveBeenCalledWith("check-commit-evidence", expect.any(Function));
    expect(state(dir).protocolEndComplete).toBe(true);
    expect(state(dir).protocolEndEvidence.sessionLog).toBe("none (optional under protocol.preset)");
    // a log that is present is validated: a broken one keeps the session open
    const other = repo(preset("validate-if-present"));
    await start(other);
    writeTree(other, { [`.agents/sessions/${ID}.json`]: "{\"schemaVersion\": \"1.0\"}\n" });
    const bad = await end(other);
    expect((bad.result as any).complete).toBe(false);
    expect((bad.result as any).missing.length).toBeGreaterThan(0);
    expect(state(other).protocolEndComplete).toBe(false);
  });

  it("WF-PRESET-03 off: start creates nothing (no session state, no log, no event) and says the protocol is off; end checks and records nothing", async () => {
    const dir = repo(preset("off"));
    const s = await start(dir);
    expect(s.error).toBeUndefined();
    expect(s.result).toEqual({ protocol: "off", started: false, sessionId: null, reason: expect.stringContaining("protocol.preset is off") });
    expect(s.ctx.step.run).toHaveBeenCalledWith("read-protocol", expect.any(Function));
    expect(s.ctx.step.run).not.toHaveBeenCalledWith("resolve-session", expect.any(Function));
    expect(s.ctx.step.sendEvent).not.toHaveBeenCalled();
    expect(existsSync(join(dir, ".agent-notes"))).toBe(false);
    expect(existsSync(join(dir, ".agents/sessions"))).toBe(false);
    const e = await end(dir);
    expect(e.error).toBeUndefined();
    expect(e.result).toMatchObject({ protocol: "off", complete: false, checked: false, sessionId: null });
    expect(e.ctx.step.sendEvent).not.toHaveBeenCalled();
    // a session made by hand is not ended either: nothing checked, nothing recorded
    await openSessionStore({ cwd: dir }).create(ID);
    const e2 = await end(dir);
    expect(e2.result).toMatchObject({ protocol: "off", checked: false, sessionId: ID });
    expect(e2.ctx.step.run).not.toHaveBeenCalledWith("validate-session-log", expect.any(Function));
    expect(state(dir).protocolEndComplete).toBe(false);
  });

  it("WF-PRESET-04 the protocol is the repository's: an event asking for another preset fails without retries and writes nothing", async () => {
    const dir = repo(preset("validate-if-present"));
    const { error } = await start(dir, { preset: "full" });
    expect((error as any)?.name).toBe("NonRetriableError");
    expect(String((error as any)?.message)).toContain("protocol.preset is validate-if-present, the event asks for full");
    expect(existsSync(join(dir, ".agent-notes"))).toBe(false);
  });
});

function readdir(p: string): string[] {
  return readdirSync(p).sort();
}

describe("session-protocol-end (seed 001: validate, markdown lint/fix, end-commit check, summary note, record)", () => {
  it("WF-END-01 success: summary note written, end evidence recorded once, session/complete emitted", async () => {
    const dir = repo();
    await startAndWork(dir);
    const { result, error, ctx } = await run(fns.sessionProtocolEnd, EVENTS.completionRequested, { cwd: dir, now: NOW });
    expect(error).toBeUndefined();
    const r = result as any;
    expect(r.complete).toBe(true);
    for (const id of ["load-session", "validate-session-log", "lint-markdown", "check-commit-evidence", "write-summary-note", "record-protocol-end"]) {
      expect(ctx.step.run).toHaveBeenCalledWith(id, expect.any(Function));
    }
    const s = state(dir);
    expect(s.protocolEndComplete).toBe(true);
    expect(s.protocolEndEvidence.markdownLintPassed).toBe("yes");
    expect(s.protocolEndEvidence.summaryNote).toBe(`summaries/session-${ID}`);
    const note = readFileSync(join(dir, ".agent-notes", `summaries/session-${ID}.md`), "utf8");
    expect(note).toContain("type: session-summary");
    expect(note).toMatch(/"sessionLogSha256": "[0-9a-f]{64}"/);
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("emit-session-complete", expect.objectContaining({ name: EVENTS.complete }));
    // the agentcheck state stays out of git status (the notes folder is ignored)
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("WF-END-02 retried after record-protocol-end committed (the steps before it memoized): the end is recorded once", async () => {
    const dir = repo();
    await startAndWork(dir);
    const loaded = { preset: "full", sessionId: ID, protocolEndComplete: false, startingCommit: state(dir).protocolStartEvidence.startingCommit };
    const first = await run(fns.sessionProtocolEnd, EVENTS.completionRequested, { cwd: dir, now: NOW });
    expect((first.result as any).complete).toBe(true);
    const v = state(dir).version;
    const evidence = { ...state(dir).protocolEndEvidence };
    // the retry: load-session memoized from before the write; every later step runs again
    const again = await run(fns.sessionProtocolEnd, EVENTS.completionRequested, { cwd: dir, now: NOW }, [{ id: "load-session", handler: () => loaded }]);
    expect(again.error).toBeUndefined();
    expect(again.ctx.step.run).toHaveBeenCalledWith("record-protocol-end", expect.any(Function));
    expect((again.result as any).complete).toBe(true);
    expect(state(dir).version).toBe(v);
    expect(state(dir).protocolEndEvidence).toEqual(evidence);
  });

  it("WF-END-03 fixMarkdown: fixes the session's markdown; the fixed file is uncommitted, so nothing is recorded (SP-039), as `session end` says", async () => {
    const dir = repo();
    await startAndWork(dir);
    writeTree(dir, { "docs/guide.md": "# Guide\n\nHow the parser works.   \n" });
    git(dir, "commit", "-q", "-am", "trailing spaces");
    const { result, error, ctx } = await run(fns.sessionProtocolEnd, EVENTS.completionRequested, { cwd: dir, now: NOW, fixMarkdown: true });
    expect(error).toBeUndefined();
    const r = result as any;
    expect(ctx.step.run).toHaveBeenCalledWith("fix-markdown", expect.any(Function));
    expect(r.markdown.fixed).toEqual(["docs/guide.md"]);
    expect(readFileSync(join(dir, "docs/guide.md"), "utf8")).toBe("# Guide\n\nHow the parser works.\n");
    expect(r.complete).toBe(false);
    expect(r.missing.join("\n")).toContain("SP-039");
    expect(state(dir).protocolEndComplete).toBe(false);
  });

  it("WF-END-04 lint findings are reported as evidence (markdownLintPassed: no), never a second verdict on the session", async () => {
    const dir = repo();
    await startAndWork(dir);
    writeTree(dir, { "docs/guide.md": "# Guide\n\nHow the parser works.   \n" });
    git(dir, "commit", "-q", "-am", "trailing spaces");
    const { result } = await run(fns.sessionProtocolEnd, EVENTS.completionRequested, { cwd: dir, now: NOW });
    expect((result as any).complete).toBe(true);
    expect((result as any).markdown.errors).toBeGreaterThan(0);
    expect(state(dir).protocolEndEvidence.markdownLintPassed).toBe("no");
  });
});

/** An approval store standing in for the live protocol's (h40's src/state/approvals.ts). */
function approvalsFake(initial: ApprovalStatus = "pending") {
  const m = new Map<string, ApprovalStatus>();
  const calls: string[] = [];
  const port: ApprovalPort = {
    request: (r) => {
      calls.push(`request ${r.from}->${r.to}`);
      const id = `a-${r.key}`;
      if (!m.has(id)) m.set(id, initial);
      return { approvalId: id };
    },
    status: (r) => m.get(r.approvalId) ?? "expired",
    grant: (r) => {
      calls.push(`grant ${r.by}`);
      if (m.get(r.approvalId) === "pending") m.set(r.approvalId, "granted");
    },
    deny: (r) => {
      calls.push(`deny ${r.by}`);
      if (m.get(r.approvalId) === "pending") m.set(r.approvalId, "denied");
    },
    expire: (r) => {
      calls.push("expire");
      m.set(r.approvalId, "expired");
    },
  };
  return { port, calls, m };
}

describe("session-state-update (seed 001: apply, session/mode.changed, approval)", () => {
  const update = (fn: unknown, dir: string, data: Record<string, unknown>, steps: { id: string; handler: () => unknown }[] = []) =>
    run(fn, EVENTS.stateUpdate, { cwd: dir, now: NOW, ...data }, steps);
  /**
   * waitForEvent answered (an event) or timed out (null). @inngest/test 1.0 cannot mock a waitForEvent
   * step under inngest 4 (the engine validates the mock's promise as an event), so the tool itself is
   * replaced; WF-APPROVAL-05 runs the real one up to the wait.
   */
  const answered = (fn: unknown, dir: string, data: Record<string, unknown>, answer: unknown, steps: { id: string; handler: () => unknown }[] = []) =>
    new InngestTestEngine({
      function: fn as never,
      steps: [...SENT, ...steps],
      // the step tools with spies of our own, waitForEvent answering at once
      transformCtx: (ctx: any) => ({ ...ctx, step: { ...ctx.step, run: vi.fn(ctx.step.run), sendEvent: vi.fn(ctx.step.sendEvent), waitForEvent: vi.fn(async () => answer) } }),
    }).execute({ events: [{ name: EVENTS.stateUpdate, data: { cwd: dir, now: NOW, ...data } } as never] });

  it("WF-STATE-01 a mode change through the store, announced as session/mode.changed; repeating it changes nothing", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const { result, error, ctx } = await update(fns.sessionStateUpdate, dir, { patch: { mode: "planning", task: "T-1" } });
    expect(error).toBeUndefined();
    expect((result as any).mode).toBe("planning");
    expect(state(dir).activeTask).toBe("T-1");
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("emit-mode-changed", expect.objectContaining({ name: EVENTS.modeChanged, data: expect.objectContaining({ previousMode: "analysis", newMode: "planning" }) }));
    const v = state(dir).version;
    const again = await update(fns.sessionStateUpdate, dir, { updateType: "mode", mode: "planning" });
    expect(again.ctx.step.sendEvent).not.toHaveBeenCalledWith("emit-mode-changed", expect.anything());
    expect(state(dir).version).toBe(v);
  });

  it("WF-STATE-02 the notices the functions send (updates, no patch) apply nothing: no loop", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const v = state(dir).version;
    const { result, ctx } = await update(fns.sessionStateUpdate, dir, { sessionId: ID, updates: { protocolStartComplete: true } });
    expect((result as any).applied).toBe(false);
    expect(ctx.step.run).not.toHaveBeenCalled();
    expect(state(dir).version).toBe(v);
  });

  it("WF-STATE-03 compare-and-swap: a retry that meets its own committed write succeeds; a stale version fails without retries", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const v = state(dir).version;
    const first = await update(fns.sessionStateUpdate, dir, { patch: { task: "T-2" }, expectedVersion: v });
    expect(first.error).toBeUndefined();
    // the retry (the write committed, the step's answer was lost): get-current-state is memoized
    const retry = await update(fns.sessionStateUpdate, dir, { patch: { task: "T-2" }, expectedVersion: v }, [{ id: "get-current-state", handler: () => ({ sessionId: ID, mode: "analysis", version: v }) }]);
    expect(retry.error).toBeUndefined();
    expect(state(dir).version).toBe(v + 1);
    const stale = await update(fns.sessionStateUpdate, dir, { patch: { task: "T-3" }, expectedVersion: v });
    expect(String((stale.error as any)?.message)).toContain("CONFLICT");
    expect((stale.error as any)?.name).toBe("NonRetriableError");
    expect(state(dir).activeTask).toBe("T-2");
  });

  it("WF-RETRY-01 a lock held by another writer (LOCK_TIMEOUT) stays retriable: the step fails as a plain error, writing nothing; the retry (earlier steps memoized) writes the update once", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const v = state(dir).version;
    const read = { sessionId: ID, mode: "analysis", version: v };
    const lock = await openSessionStore({ cwd: dir }).notes.lock(`sessions/session-${ID}`);
    let first: Awaited<ReturnType<typeof update>>;
    try {
      first = await update(fns.sessionStateUpdate, dir, { patch: { task: "T-7" } });
    } finally {
      lock.release();
    }
    expect((first.error as any)?.name).not.toBe("NonRetriableError");
    expect(String((first.error as any)?.message)).toContain("could not lock");
    expect(state(dir).version).toBe(v);
    const retry = await update(fns.sessionStateUpdate, dir, { patch: { task: "T-7" } }, [{ id: "get-current-state", handler: () => read }]);
    expect(retry.error).toBeUndefined();
    expect(state(dir)).toMatchObject({ version: v + 1, activeTask: "T-7" });
  });

  it("WF-STATE-04 invalid input fails without retries (NonRetriableError) and writes nothing", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const v = state(dir).version;
    const { error } = await update(fns.sessionStateUpdate, dir, { patch: { mode: "flying" } });
    expect((error as any)?.name).toBe("NonRetriableError");
    expect(state(dir).version).toBe(v);
  });

  it("WF-APPROVAL-01 entering an approval mode waits for approval/resolved; a grant is recorded on the live approval, then the mode changes", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const a = approvalsFake();
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-approvals" }), { approvalModes: ["coding"], approvals: a.port }).sessionStateUpdate;
    const { result, error, ctx } = await answered(f, dir, { patch: { mode: "coding", task: "T-9" }, requestedBy: "agent" }, { name: EVENTS.approvalResolved, data: { approvalId: "x", status: "granted", resolvedBy: "lead" } });
    expect(error).toBeUndefined();
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("emit-approval-requested", expect.objectContaining({ name: EVENTS.approvalRequested, data: expect.objectContaining({ approvalType: "mode-change", context: expect.objectContaining({ from: "analysis", to: "coding" }) }) }));
    expect(ctx.step.waitForEvent).toHaveBeenCalledWith("wait-for-approval", expect.objectContaining({ event: EVENTS.approvalResolved, timeout: "1h", if: expect.stringMatching(/^async\.data\.approvalId == "a-[^"]+" && \(async\.data\.status == "granted" \|\| async\.data\.status == "denied"\)$/) }));
    expect(a.calls).toEqual(["request analysis->coding", "grant lead"]);
    expect((result as any).approval.status).toBe("granted");
    expect(state(dir).currentMode).toBe("coding");
  });

  it("WF-APPROVAL-02 the wait times out but the approval was granted on the other side (session approve): the mode changes", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const a = approvalsFake("granted");
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-approvals" }), { approvalModes: ["coding"], approvals: a.port }).sessionStateUpdate;
    const { result } = await answered(f, dir, { patch: { mode: "coding", task: "T-9" } }, null);
    expect((result as any).applied).toBe(true);
    expect(state(dir).currentMode).toBe("coding");
  });

  it("WF-APPROVAL-03 no answer before the time-out: the approval expires and the mode stays", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const a = approvalsFake();
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-approvals" }), { approvalModes: ["coding"], approvals: a.port, approvalTimeout: "10m" }).sessionStateUpdate;
    const { result, ctx } = await answered(f, dir, { patch: { mode: "coding", task: "T-9" } }, null);
    expect((result as any).applied).toBe(false);
    expect((result as any).approval.status).toBe("expired");
    expect(a.calls).toContain("expire");
    expect(ctx.step.waitForEvent).toHaveBeenCalledWith("wait-for-approval", expect.objectContaining({ timeout: "10m" }));
    expect(state(dir).currentMode).toBe("analysis");
  });

  it("WF-APPROVAL-05 the real run stops at the wait: approval requested and announced, nothing applied yet", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const a = approvalsFake();
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-approvals" }), { approvalModes: ["disabled"], approvals: a.port }).sessionStateUpdate;
    const { ctx } = await new InngestTestEngine({ function: f as never, steps: [...SENT] }).executeStep("wait-for-approval", { events: [{ name: EVENTS.stateUpdate, data: { cwd: dir, now: NOW, patch: { mode: "disabled" } } } as never] });
    expect(ctx.step.waitForEvent).toHaveBeenCalledWith("wait-for-approval", expect.objectContaining({ event: EVENTS.approvalResolved }));
    expect(a.calls).toEqual(["request analysis->disabled"]);
    expect(state(dir).currentMode).toBe("analysis");
  });

  it("WF-APPROVAL-06 the live protocol's approval (state/approvals.ts, the default): the workflow's request is the pending approval `session approve` grants; an event grant is recorded on it", async () => {
    const { getApproval, grantApproval, listApprovals } = await import("../../dist/state/approvals.js");
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-live" }), { approvalModes: ["coding"] }).sessionStateUpdate;
    // granted locally while the workflow waits: the wait times out, check-approval finds it granted
    const dir = repo();
    await start(dir, { createLog: false });
    const notes = openSessionStore({ cwd: dir }).notes;
    const waiting = await new InngestTestEngine({ function: f as never, steps: [...SENT] }).executeStep("wait-for-approval", { events: [{ name: EVENTS.stateUpdate, data: { cwd: dir, now: NOW, patch: { mode: "coding", task: "T-1" } } } as never] });
    expect(waiting.error).toBeUndefined();
    const [pending] = listApprovals(notes, { sessionId: ID, status: "pending" });
    expect(pending.action).toEqual({ kind: "mode", mode: "coding" });
    await grantApproval(notes, pending.id, { by: "lead" });
    // the run resumes after the wait (the request memoized) and finds the local grant
    const local = await answered(f, dir, { patch: { mode: "coding", task: "T-1" } }, null, [{ id: "request-approval", handler: () => ({ approvalId: pending.id }) }]);
    expect((local.result as any).approval).toMatchObject({ approvalId: pending.id, status: "granted" });
    expect(state(dir).currentMode).toBe("coding");
    // granted by the event: recorded on the live approval
    const other = repo();
    await start(other, { createLog: false });
    const byEvent = await answered(f, other, { patch: { mode: "coding", task: "T-2" } }, { name: EVENTS.approvalResolved, data: { approvalId: "ignored-by-the-mock", status: "granted", resolvedBy: "reviewer" } });
    const id = (byEvent.result as any).approval.approvalId;
    expect(getApproval(openSessionStore({ cwd: other }).notes, id)).toMatchObject({ status: "granted", resolvedBy: "reviewer" });
    expect(state(other).currentMode).toBe("coding");
    // no answer: the approval is denied as timed out and the mode stays
    const third = repo();
    await start(third, { createLog: false });
    const none = await answered(f, third, { patch: { mode: "coding", task: "T-3" } }, null);
    expect((none.result as any).applied).toBe(false);
    expect(getApproval(openSessionStore({ cwd: third }).notes, (none.result as any).approval.approvalId)).toMatchObject({ status: "denied", resolvedBy: "workflow time-out" });
    expect(state(third).currentMode).toBe("analysis");
  });

  it("WF-APPROVAL-07 a denial (approval/resolved, status denied) ends the wait at once: recorded on the approval, the mode stays, nothing expires", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const a = approvalsFake();
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-approvals" }), { approvalModes: ["coding"], approvals: a.port }).sessionStateUpdate;
    const v = state(dir).version;
    const { result, error, ctx } = await answered(f, dir, { patch: { mode: "coding", task: "T-9" } }, { name: EVENTS.approvalResolved, data: { approvalId: "x", status: "denied", resolvedBy: "lead", note: "not yet" } });
    expect(error).toBeUndefined();
    expect(a.calls).toEqual(["request analysis->coding", "deny lead"]);
    expect((result as any)).toMatchObject({ applied: false, approval: { status: "denied", by: "lead" } });
    expect(ctx.step.run).toHaveBeenCalledWith("record-approval", expect.any(Function));
    expect(ctx.step.run).not.toHaveBeenCalledWith("check-approval", expect.any(Function));
    expect(ctx.step.run).not.toHaveBeenCalledWith("apply-update", expect.any(Function));
    expect(state(dir)).toMatchObject({ currentMode: "analysis", version: v });
  });

  it("WF-APPROVAL-08 the live approval (state/approvals.ts): grant, denial and time-out through the workflow, and the same approval answered from the CLI side first", async () => {
    const { getApproval, denyApproval, listApprovals } = await import("../../dist/state/approvals.js");
    const { APPROVAL_EVENTS } = await import("../../dist/state/approvals.js");
    expect(EVENTS.approvalResolved).toBe(APPROVAL_EVENTS.resolved);
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-live" }), { approvalModes: ["coding"] }).sessionStateUpdate;
    const notesOf = (d: string) => openSessionStore({ cwd: d }).notes;
    // denied by the event: recorded as denied by its author, the mode stays
    const denied = repo();
    await start(denied, { createLog: false });
    const d = await answered(f, denied, { patch: { mode: "coding", task: "T-1" } }, { name: EVENTS.approvalResolved, data: { approvalId: "x", status: "denied", resolvedBy: "reviewer", note: "too early" } });
    expect((d.result as any)).toMatchObject({ applied: false, approval: { status: "denied" } });
    expect(getApproval(notesOf(denied), (d.result as any).approval.approvalId)).toMatchObject({ status: "denied", resolvedBy: "reviewer", note: "too early" });
    expect(state(denied).currentMode).toBe("analysis");
    // denied locally (`session deny`) while the workflow waits, then a grant arrives as an event: the denial stands
    const both = repo();
    await start(both, { createLog: false });
    await new InngestTestEngine({ function: f as never, steps: [...SENT] }).executeStep("wait-for-approval", { events: [{ name: EVENTS.stateUpdate, data: { cwd: both, now: NOW, patch: { mode: "coding", task: "T-2" } } } as never] });
    const [pending] = listApprovals(notesOf(both), { sessionId: ID, status: "pending" });
    await denyApproval(notesOf(both), pending.id, { by: "lead" });
    const late = await answered(f, both, { patch: { mode: "coding", task: "T-2" } }, { name: EVENTS.approvalResolved, data: { approvalId: pending.id, status: "granted", resolvedBy: "someone" } }, [{ id: "request-approval", handler: () => ({ approvalId: pending.id }) }]);
    expect((late.result as any)).toMatchObject({ applied: false, approval: { approvalId: pending.id, status: "denied" } });
    expect(getApproval(notesOf(both), pending.id)).toMatchObject({ status: "denied", resolvedBy: "lead" });
    expect(state(both).currentMode).toBe("analysis");
    // denied locally, no event before the time-out: check-approval finds the denial (not an expiry)
    const local = repo();
    await start(local, { createLog: false });
    await new InngestTestEngine({ function: f as never, steps: [...SENT] }).executeStep("wait-for-approval", { events: [{ name: EVENTS.stateUpdate, data: { cwd: local, now: NOW, patch: { mode: "coding", task: "T-3" } } } as never] });
    const [p3] = listApprovals(notesOf(local), { sessionId: ID, status: "pending" });
    await denyApproval(notesOf(local), p3.id, { by: "lead" });
    const t = await answered(f, local, { patch: { mode: "coding", task: "T-3" } }, null, [{ id: "request-approval", handler: () => ({ approvalId: p3.id }) }]);
    expect((t.result as any).approval).toEqual({ approvalId: p3.id, status: "denied" });
    expect(getApproval(notesOf(local), p3.id)).toMatchObject({ status: "denied", resolvedBy: "lead" });
  });

  it("WF-APPROVAL-09 approval/granted (earlier releases) is relayed as approval/resolved with status granted; one without an approvalId is not", async () => {
    const { result, error, ctx } = await run(fns.approvalGrantedRelay, EVENTS.approvalGranted, { approvalId: "20260105-100000-abcdef", approvedBy: "lead", comment: "ok" }, [{ id: "emit-approval-resolved", handler: () => ({ ids: ["r"] }) }]);
    expect(error).toBeUndefined();
    expect(result).toEqual({ relayed: true, approvalId: "20260105-100000-abcdef" });
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("emit-approval-resolved", { name: EVENTS.approvalResolved, data: { approvalId: "20260105-100000-abcdef", status: "granted", resolvedBy: "lead", note: "ok" } });
    const none = await run(fns.approvalGrantedRelay, EVENTS.approvalGranted, { approvedBy: "lead" });
    expect(none.result).toMatchObject({ relayed: false });
    expect(none.ctx.step.sendEvent).not.toHaveBeenCalled();
  });

  /** The CLI as a person runs it (not inside Claude Code), asynchronously: the test's own server answers meanwhile. */
  const cliAsync = (dir: string, args: string[], env: Record<string, string | undefined>) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const e: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", CLAUDECODE: undefined, INNGEST_DEV: undefined, INNGEST_EVENT_KEY: undefined, INNGEST_BASE_URL: undefined, INNGEST_EVENT_API_BASE_URL: undefined, ...env };
      for (const k of Object.keys(e)) if (e[k] === undefined) delete e[k];
      const p = spawn(process.execPath, [join(__dirname, "..", "..", "bin", "agentcheck.js"), ...args], { cwd: dir, env: e as NodeJS.ProcessEnv });
      let stdout = "";
      let stderr = "";
      p.stdout.on("data", (b) => (stdout += String(b)));
      p.stderr.on("data", (b) => (stderr += String(b)));
      p.on("close", (code) => resolve({ code, stdout, stderr }));
    });
  /** An Inngest event endpoint standing in for the dev server: records what is posted to /e/<key>. */
  async function eventEndpoint() {
    const posted: { url: string; body: any }[] = [];
    const server = createServer((req, res) => {
      let b = "";
      req.on("data", (c) => (b += c));
      req.on("end", () => {
        posted.push({ url: req.url ?? "", body: JSON.parse(b) });
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ids: [`evt-${posted.length}`], status: 200 }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const a = server.address();
    return { posted, url: `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`, close: () => server.close() };
  }
  /** A run of session-state-update that stops at its wait, leaving the live pending approval; its id. */
  async function waitingApproval(f: unknown, dir: string, task: string): Promise<string> {
    const { listApprovals } = await import("../../dist/state/approvals.js");
    const w = await new InngestTestEngine({ function: f as never, steps: [...SENT] }).executeStep("wait-for-approval", { events: [{ name: EVENTS.stateUpdate, data: { cwd: dir, now: NOW, patch: { mode: "coding", task } } } as never] });
    expect(w.error).toBeUndefined();
    const [pending] = listApprovals(openSessionStore({ cwd: dir }).notes, { sessionId: ID, status: "pending" });
    return pending.id;
  }

  it("WF-APPROVAL-10 `session deny` from the CLI ends the wait at once: it sends approval/resolved (denied) to the Inngest endpoint the shell names; the run, given that event, records the denial and the mode stays (no check-approval, no time-out)", async () => {
    const { getApproval } = await import("../../dist/state/approvals.js");
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-live" }), { approvalModes: ["coding"] }).sessionStateUpdate;
    const dir = repo();
    await start(dir, { createLog: false });
    const id = await waitingApproval(f, dir, "T-1");
    const ep = await eventEndpoint();
    try {
      const r = await cliAsync(dir, ["session", "deny", id, "--by", "person:lead", "--note", "not yet"], { INNGEST_DEV: ep.url });
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.approval).toMatchObject({ id, status: "denied", resolvedBy: "person:lead" });
      expect(out.event).toEqual({ name: EVENTS.approvalResolved, sent: true, ids: ["evt-1"] });
      expect(ep.posted).toHaveLength(1);
      expect(ep.posted[0].url).toMatch(/^\/e\//);
      const [sent] = ep.posted[0].body;
      expect(sent).toMatchObject({ name: EVENTS.approvalResolved, data: { approvalId: id, status: "denied", resolvedBy: "person:lead", note: "not yet" } });
      // the run resumes with that event as the wait's answer (request-approval memoized)
      const { result, error, ctx } = await answered(f, dir, { patch: { mode: "coding", task: "T-1" } }, sent, [{ id: "request-approval", handler: () => ({ approvalId: id }) }]);
      expect(error).toBeUndefined();
      const wait = (ctx.step.waitForEvent as any).mock.calls[0][1];
      expect(wait.if).toBe(`async.data.approvalId == ${JSON.stringify(id)} && (async.data.status == "granted" || async.data.status == "denied")`);
      expect(result).toMatchObject({ applied: false, approval: { approvalId: id, status: "denied", by: "person:lead" } });
      expect(ctx.step.run).toHaveBeenCalledWith("record-approval", expect.any(Function));
      expect(ctx.step.run).not.toHaveBeenCalledWith("check-approval", expect.any(Function));
      expect(ctx.step.run).not.toHaveBeenCalledWith("apply-update", expect.any(Function));
      expect(getApproval(openSessionStore({ cwd: dir }).notes, id)).toMatchObject({ status: "denied", resolvedBy: "person:lead" });
      expect(state(dir).currentMode).toBe("analysis");
    } finally {
      ep.close();
    }
  });

  it("WF-APPROVAL-11 `session approve` from the CLI sends approval/resolved (granted): the run applies the update; without an endpoint named nothing is sent; an endpoint that fails is a warning, the answer stays recorded", async () => {
    const { getApproval } = await import("../../dist/state/approvals.js");
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-live" }), { approvalModes: ["coding"] }).sessionStateUpdate;
    const ep = await eventEndpoint();
    try {
      const dir = repo();
      await start(dir, { createLog: false });
      const id = await waitingApproval(f, dir, "T-2");
      // what the waiting run read before its wait (memoized when it resumes): `session approve` applies the mode itself
      const read = { sessionId: ID, mode: "analysis", version: state(dir).version };
      const r = await cliAsync(dir, ["session", "approve", id, "--by", "person:lead"], { INNGEST_DEV: ep.url });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).event).toMatchObject({ sent: true });
      const [sent] = ep.posted[0].body;
      expect(sent).toMatchObject({ name: EVENTS.approvalResolved, data: { approvalId: id, status: "granted", resolvedBy: "person:lead" } });
      const { result } = await answered(f, dir, { patch: { mode: "coding", task: "T-2" } }, sent, [{ id: "get-current-state", handler: () => read }, { id: "request-approval", handler: () => ({ approvalId: id }) }]);
      expect(result).toMatchObject({ applied: true, mode: "coding", approval: { approvalId: id, status: "granted" } });
      expect(state(dir)).toMatchObject({ currentMode: "coding", activeTask: "T-2" });
      // no endpoint named: no event, no `event` in the result
      const quiet = repo();
      await start(quiet, { createLog: false });
      const q = await waitingApproval(f, quiet, "T-3");
      const before = ep.posted.length;
      const d = await cliAsync(quiet, ["session", "deny", q], {});
      expect(d.code, d.stderr).toBe(0);
      expect(JSON.parse(d.stdout).event).toBeUndefined();
      expect(ep.posted.length).toBe(before);
      // an endpoint that does not answer: exit 0, a warning, the denial recorded (the run finds it at its time-out)
      const down = repo();
      await start(down, { createLog: false });
      const x = await waitingApproval(f, down, "T-4");
      const bad = await cliAsync(down, ["session", "deny", x], { INNGEST_DEV: "http://127.0.0.1:1" });
      expect(bad.code, bad.stderr).toBe(0);
      expect(JSON.parse(bad.stdout).event).toMatchObject({ name: EVENTS.approvalResolved, sent: false });
      expect(bad.stderr).toContain(`approval ${x} is denied, but approval/resolved was not sent`);
      expect(getApproval(openSessionStore({ cwd: down }).notes, x).status).toBe("denied");
    } finally {
      ep.close();
    }
  });

  it("WF-APPROVAL-12 approvalPoll: a local `session deny` with no endpoint named is seen at the next look (poll-approval-1), not at the time-out; unanswered, the slices run to the time-out; a bad duration is refused when the functions are made", async () => {
    const { denyApproval, getApproval, listApprovals } = await import("../../dist/state/approvals.js");
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-live" }), { approvalModes: ["coding"], approvalTimeout: "3m", approvalPoll: "1m" }).sessionStateUpdate;
    const dir = repo();
    await start(dir, { createLog: false });
    const notes = openSessionStore({ cwd: dir }).notes;
    // the first slice passes without an event; meanwhile a person denies it locally
    const waits = vi.fn(async () => {
      const [p] = listApprovals(notes, { sessionId: ID, status: "pending" });
      if (p) await denyApproval(notes, p.id, { by: "person:lead" });
      return null;
    });
    const engine = (fn: unknown, w: unknown) => new InngestTestEngine({
      function: fn as never,
      steps: [...SENT],
      transformCtx: (ctx: any) => ({ ...ctx, step: { ...ctx.step, run: vi.fn(ctx.step.run), sendEvent: vi.fn(ctx.step.sendEvent), waitForEvent: w } }),
    });
    const { result, error, ctx } = await engine(f, waits).execute({ events: [{ name: EVENTS.stateUpdate, data: { cwd: dir, now: NOW, patch: { mode: "coding", task: "T-5" } } } as never] });
    expect(error).toBeUndefined();
    expect(waits).toHaveBeenCalledWith("wait-for-approval", expect.objectContaining({ event: EVENTS.approvalResolved, timeout: "60s" }));
    expect(waits).not.toHaveBeenCalledWith("wait-for-approval-2", expect.anything());
    expect(ctx.step.run).toHaveBeenCalledWith("poll-approval-1", expect.any(Function));
    expect(ctx.step.run).not.toHaveBeenCalledWith("check-approval", expect.any(Function));
    expect(result).toMatchObject({ applied: false, approval: { status: "denied" } });
    expect(getApproval(notes, (result as any).approval.approvalId)).toMatchObject({ status: "denied", resolvedBy: "person:lead" });
    expect(state(dir).currentMode).toBe("analysis");
    // never answered: three waits of 60 s, a look after each but the last, then the time-out's check
    const a = approvalsFake();
    const g = createWorkflowFunctions(new Inngest({ id: "agentcheck-approvals" }), { approvalModes: ["coding"], approvals: a.port, approvalTimeout: "3m", approvalPoll: "1m" }).sessionStateUpdate;
    const other = repo();
    await start(other, { createLog: false });
    const none = vi.fn(async () => null);
    const r2 = await engine(g, none).execute({ events: [{ name: EVENTS.stateUpdate, data: { cwd: other, now: NOW, patch: { mode: "coding", task: "T-6" } } } as never] });
    for (const id of ["wait-for-approval", "wait-for-approval-2", "wait-for-approval-3"]) expect(none).toHaveBeenCalledWith(id, expect.objectContaining({ timeout: "60s" }));
    expect(none).not.toHaveBeenCalledWith("wait-for-approval-4", expect.anything());
    for (const id of ["poll-approval-1", "poll-approval-2", "check-approval"]) expect(r2.ctx.step.run).toHaveBeenCalledWith(id, expect.any(Function));
    expect(r2.ctx.step.run).not.toHaveBeenCalledWith("poll-approval-3", expect.any(Function));
    expect(r2.result).toMatchObject({ applied: false, approval: { status: "expired" } });
    expect(state(other).currentMode).toBe("analysis");
    // durations are checked when the functions are made
    const { approvalWaits } = await import("../../dist/workflows/state-update.js");
    expect(approvalWaits("1h30m", "1h")).toEqual(["3600s", "1800s"]);
    expect(approvalWaits("10m", undefined)).toEqual(["10m"]);
    expect(() => createWorkflowFunctions(new Inngest({ id: "x" }), { approvalPoll: "soon" })).toThrow(/approvalPoll: 'soon' is not a duration/);
    expect(() => createWorkflowFunctions(new Inngest({ id: "x" }), { approvalTimeout: "1d", approvalPoll: "1m" })).toThrow(/more than 100/);
  });

  it("WF-APPROVAL-04 modes that need no approval change at once (no wait)", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const f = createWorkflowFunctions(new Inngest({ id: "agentcheck-approvals" }), { approvalModes: ["coding"], approvals: approvalsFake().port }).sessionStateUpdate;
    const { ctx } = await update(f, dir, { patch: { mode: "planning" } });
    expect(ctx.step.waitForEvent).not.toHaveBeenCalled();
    expect(state(dir).currentMode).toBe("planning");
  });
});

describe("orchestrator-agent-routing and agent-completion-handler (seed 001 TASK-013)", () => {
  const invoke = (dir: string, data: Record<string, unknown>, now = NOW) => run(fns.orchestratorAgentRouting, EVENTS.agentInvoke, { cwd: dir, now, ...data });
  const complete = (dir: string, data: Record<string, unknown>, now = NOW) => run(fns.agentCompletionHandler, EVENTS.agentComplete, { cwd: dir, now, ...data });

  it("WF-AGENT-01 invoke records an in-progress invocation once (a retried step finds it); complete records the output once", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const a = await invoke(dir, { agent: "analyst", prompt: "Read the parser", context: { ticket: 7 } });
    expect(a.error).toBeUndefined();
    expect(a.ctx.step.run).toHaveBeenCalledWith("start-agent-invocation", expect.any(Function));
    const again = await invoke(dir, { agent: "analyst", prompt: "Read the parser", context: { ticket: 7 } });
    expect((again.result as any).index).toBe(0);
    let wf = state(dir).orchestratorWorkflow!;
    expect(wf.agentHistory).toHaveLength(1);
    expect(wf.activeAgent).toBe("analyst");
    const c = await complete(dir, { agent: "analyst", output: { summary: "done", blockers: [] }, handoffTo: "architect" }, "2026-01-05T10:05:00.000Z");
    expect(c.error).toBeUndefined();
    expect((c.result as any).status).toBe("completed");
    const v = state(dir).version;
    const retry = await complete(dir, { agent: "analyst", output: { summary: "done", blockers: [] }, handoffTo: "architect" }, "2026-01-05T10:05:00.000Z");
    expect(retry.error).toBeUndefined();
    expect(state(dir).version).toBe(v);
    wf = state(dir).orchestratorWorkflow!;
    expect(wf.agentHistory[0].output?.summary).toBe("done");
    expect(wf.activeAgent).toBe("architect");
    expect(c.ctx.step.sendEvent).toHaveBeenCalledWith("emit-state-update", expect.objectContaining({ data: expect.objectContaining({ updates: expect.objectContaining({ agentCompleted: "analyst", compactionTriggered: false }) }) }));
  });

  it("WF-AGENT-02 blockers make the invocation blocked; the eleventh completion compacts the history (archive note, last 3 kept)", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    for (let i = 0; i < 11; i++) {
      const t = `2026-01-05T11:${String(i).padStart(2, "0")}:00.000Z`;
      const t2 = `2026-01-05T11:${String(i).padStart(2, "0")}:30.000Z`;
      await invoke(dir, { agent: "implementer", prompt: `step ${i}` }, t);
      const c = await complete(dir, { agent: "implementer", output: { blockers: i === 10 ? ["needs review"] : [] } }, t2);
      if (i === 10) {
        expect((c.result as any).status).toBe("blocked");
        expect((c.result as any).compacted).toBe(true);
        expect((c.result as any).notePath).toMatch(/^sessions\/session-.*-history-v\d+$/);
      }
    }
    expect(state(dir).orchestratorWorkflow!.agentHistory).toHaveLength(3);
  });

  it("WF-AGENT-03 completing an agent that never started fails without retries (NOT_FOUND), records nothing", async () => {
    const dir = repo();
    await start(dir, { createLog: false });
    const v = state(dir).version;
    const { error } = await complete(dir, { agent: "qa" });
    expect((error as any)?.name).toBe("NonRetriableError");
    expect(String((error as any)?.message)).toContain("NOT_FOUND");
    expect(state(dir).version).toBe(v);
  });
});

describe("validate-repositories (fan-out)", () => {
  it("WF-FANOUT-01 one step per repository in waves of the concurrency bound; a broken configuration is an error, never a pass", async () => {
    const ok1 = makeRepo({ "README.md": "# One\n" });
    const ok2 = makeRepo({ "README.md": "# Two\n" });
    const broken = repo({ "agentcheck.config.json": "{ not json" });
    const bad = tmpDir();
    writeTree(bad, { ".agents/sessions/2026-01-05-session-1.json": "{}\n" });
    const { result, error, ctx } = await run(fns.validateRepositories, EVENTS.validateRepositories, { repositories: [ok1, { cwd: ok2, base: "HEAD" }, broken, bad], concurrency: 2 });
    expect(error).toBeUndefined();
    const r = result as any;
    expect(r.concurrency).toBe(2);
    expect(r.repositories).toBe(4);
    for (let i = 0; i < 4; i++) expect(ctx.step.run).toHaveBeenCalledWith(`validate-${i}`, expect.any(Function));
    expect(r.verdicts.map((v: any) => v.status)).toEqual(["pass", "pass", "error", "findings"]);
    expect(r.verdicts[1].base).toBe("HEAD");
    expect(r.ok).toBe(false);
  });

  it("WF-FANOUT-03 the bound holds as the Inngest executor runs the app (over HTTP, a wave's planned steps requested at once): at most `concurrency` checks in flight, each repository checked once", async () => {
    const { startWorkflowServer } = await import("../../dist/inngest.js");
    const { executeOverHttp } = await import("../../scripts/lib/inngest-executor.mjs");
    const d = tmpDir();
    // a stub check: arrives, stays until the other check of its wave has arrived (arrivals even) and 2 s
    // have passed (30 s at most), and records the most checks it saw in flight (arrived - finished):
    // 2 under the bound (the first of each pair sees both), more when the bound leaks (a later check
    // arrives during the stay), "unpaired" when the checks run one at a time
    writeTree(d, {
      "stub.mjs": `import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
const at = (n) => new URL(n, import.meta.url);
const count = (n) => { try { return readFileSync(at(n), "utf8").length; } catch { return 0; } };
appendFileSync(at("arrived"), "x");
const t0 = Date.now();
let paired = false;
let most = 0;
for (;;) {
  most = Math.max(most, count("arrived") - count("finished"));
  if (count("arrived") % 2 === 0) paired = true;
  if ((paired && Date.now() - t0 > 2000) || Date.now() - t0 > 30000) break;
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
}
appendFileSync(at("inflight"), most + (paired ? "" : " unpaired") + "\\n");
appendFileSync(at("finished"), "x");
writeFileSync(1, JSON.stringify({ summary: { files: 1, errors: 0, warnings: 0 } }));
`,
    });
    const repos = [0, 1, 2, 3].map((i) => makeRepo({ "README.md": `# ${i}\n` }));
    const { server, url } = await startWorkflowServer({ port: 0, cwd: d, isDev: true, fanOut: { bin: join(d, "stub.mjs") } });
    try {
      const event = { name: EVENTS.validateRepositories, data: { repositories: repos, concurrency: 2 }, id: "fanout-03", ts: Date.parse(NOW) };
      const { result } = await executeOverHttp(url, "agentcheck-validate-repositories", event);
      expect(result).toMatchObject({ ok: true, repositories: 4, pass: 4, concurrency: 2 });
      expect(readFileSync(join(d, "finished"), "utf8")).toBe("xxxx"); // four checks, each once
      const seen = readFileSync(join(d, "inflight"), "utf8").trim().split("\n");
      expect(seen).toHaveLength(4);
      expect(seen.every((l) => /^[12]$/.test(l))).toBe(true);
      expect(seen.filter((l) => l === "2").length).toBeGreaterThanOrEqual(2);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });

  it("WF-FANOUT-02 an empty or malformed list fails without retries", async () => {
    const { error } = await run(fns.validateRepositories, EVENTS.validateRepositories, { repositories: [] });
    expect((error as any)?.name).toBe("NonRetriableError");
  });
});

describe("the served app over real HTTP on 127.0.0.1 (the Inngest serve protocol, dev mode: no signing)", () => {
  it("WF-SERVE-01 introspection lists the seven functions (five, the approval/granted relay, the fan-out); a step invocation as the executor sends it runs the first step, the next request (its result memoized) the second", async () => {
    const { startWorkflowServer } = await import("../../dist/inngest.js");
    const dir = repo();
    const { server, url } = await startWorkflowServer({ port: 0, cwd: dir, isDev: true });
    try {
      const intro = await fetch(url);
      expect(intro.status).toBe(200);
      const body = (await intro.json()) as any;
      expect(body.function_count).toBe(7);
      expect(body.mode).toBe("dev");
      expect((await fetch(url.replace("/api/inngest", "/elsewhere"))).status).toBe(404);
      const event = { name: EVENTS.protocolStart, data: { cwd: dir, now: NOW, createLog: false }, id: "01JTEST", ts: Date.parse(NOW) };
      const call = (steps: Record<string, unknown>) => fetch(`${url}?fnId=agentcheck-session-protocol-start&stepId=step`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event, events: [event], steps, ctx: { run_id: "run-1", attempt: 0, disable_immediate_execution: false, use_api: false, stack: { stack: Object.keys(steps), current: Object.keys(steps).length } }, version: 1 }),
      });
      const first = await call({});
      expect(first.status).toBe(206);
      const ops = (await first.json()) as any[];
      expect(ops[0]).toMatchObject({ op: "StepRun", name: "read-protocol", data: { preset: "full" } });
      const second = await call({ [ops[0].id]: { type: "data", data: ops[0].data } });
      expect(second.status).toBe(206);
      const ops2 = (await second.json()) as any[];
      expect(ops2[0]).toMatchObject({ op: "StepRun", name: "resolve-session", data: { sessionId: ID } });
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });

  it("WF-SERVE-02 `agentcheck workflows serve --port 0` serves until SIGTERM, then exits 0", async () => {
    const { spawn } = await import("node:child_process");
    const dir = repo();
    const bin = join(__dirname, "..", "..", "bin", "agentcheck.js");
    const p = spawn(process.execPath, [bin, "workflows", "serve", "--port", "0", "--dev"], { cwd: dir, env: { ...process.env } });
    let err = "";
    const url = await new Promise<string>((resolve, reject) => {
      p.stderr.on("data", (b) => {
        err += String(b);
        const m = /served at (http:\/\/\S+)/.exec(err);
        if (m) resolve(m[1]);
      });
      p.on("exit", (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
    const r = await fetch(url);
    expect(r.status).toBe(200);
    expect(((await r.json()) as any).function_count).toBe(7);
    const code = await new Promise<number | null>((resolve) => {
      p.removeAllListeners("exit");
      p.on("exit", (c) => resolve(c));
      p.kill("SIGTERM");
    });
    expect(code).toBe(0);
  });

  it("WF-SERVE-03 a port that is not one is a usage error (exit 2)", async () => {
    const { runCli } = await import("../helpers.js");
    const r = runCli(["workflows", "serve", "--port", "http"], { cwd: repo() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--port");
  });
});
