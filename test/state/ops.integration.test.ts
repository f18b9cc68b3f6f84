// Store operations on real files (catalog §10.2–§10.5): modes, CAS, persistence, agents, compaction.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, writeFileSync, readdirSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "node:os";
import { spawnSync } from "node:child_process";
import {
  SessionStore, StateError, backoffMs, recentModeHistory, totalInvocations, permalinkOf, resolveNotesRoot, newState,
  stateIssues,
} from "../../dist/index.js";
import { tmpDir, makeRepo, writeTree } from "../helpers.js";
import { minimalState, pointerText, stateNoteText, writeNote, T0 } from "./fixtures.js";

type Store = InstanceType<typeof SessionStore>;

/** A store on a fresh temp notes root with a controllable clock (1 s per tick). */
function fresh(opts: Record<string, unknown> = {}): { store: Store; root: string; tick: () => void } {
  const root = tmpDir("agentcheck-notes-");
  let t = Date.parse("2026-02-11T10:00:00.000Z");
  const store = new SessionStore({ root, requireTaskForCoding: false, agentNotes: false, now: () => new Date((t += 1000)), ...opts });
  return { store, root, tick: () => void (t += 1000) };
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "resolved";
  } catch (e) {
    if (e instanceof StateError) return e.code;
    throw e;
  }
}

const stateFile = (root: string, id: string) => join(root, "sessions", `session-${id}.md`);
const DEAD_PID = (() => {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(r.stdout);
})();

describe("modes and patches (§10.2)", () => {
  it("MODE-01 setMode(planning) appends history, bumps version, leaves the input unmutated", async () => {
    const { store } = fresh();
    const s0 = await store.create("s1");
    const snapshot = structuredClone(s0);
    const s1 = await store.setMode("s1", "planning");
    expect(s0).toEqual(snapshot);
    expect(s1.modeHistory.length).toBe(2);
    expect(s1.modeHistory[1].mode).toBe("planning");
    expect(s1.version).toBe(2);
    expect(Date.parse(s1.updatedAt)).toBeGreaterThan(Date.parse(s0.updatedAt));
  });
  it("MODE-02 setMode to the current mode writes nothing", async () => {
    const { store, root } = fresh();
    await store.create("s1");
    const before = readFileSync(stateFile(root, "s1"), "utf8");
    const s = await store.setMode("s1", "analysis");
    expect(s.version).toBe(1);
    expect(s.modeHistory.length).toBe(1);
    expect(readFileSync(stateFile(root, "s1"), "utf8")).toBe(before);
  });
  it("MODE-03 a feature change clears the task", async () => {
    const { store } = fresh();
    await store.create("s1");
    await store.update("s1", { task: "T" });
    const s = await store.update("s1", { feature: "F" });
    expect(s.activeFeature).toBe("F");
    expect(s.activeTask).toBeUndefined();
  });
  it("MODE-04 setting a task keeps the feature", async () => {
    const { store } = fresh();
    await store.create("s1");
    await store.update("s1", { feature: "F" });
    const s = await store.update("s1", { task: "T2" });
    expect(s).toMatchObject({ activeFeature: "F", activeTask: "T2" });
  });
  it("MODE-05 feature and task in one patch both stick", async () => {
    const { store } = fresh();
    await store.create("s1");
    const s = await store.update("s1", { feature: "F", task: "T" });
    expect(s).toMatchObject({ activeFeature: "F", activeTask: "T" });
  });
  it("MODE-06 task \"\" clears it", async () => {
    const { store } = fresh();
    await store.create("s1");
    await store.update("s1", { task: "T" });
    const s = await store.update("s1", { task: "" });
    expect("activeTask" in s).toBe(false);
  });
  it("MODE-07 recent-history helper", () => {
    const s = newState("x", T0);
    s.modeHistory = Array.from({ length: 10 }, (_, i) => ({ mode: i % 2 ? "coding" : "analysis", timestamp: T0 })) as typeof s.modeHistory;
    expect(recentModeHistory(s, 5)).toEqual(s.modeHistory.slice(5));
    s.modeHistory = s.modeHistory.slice(0, 3);
    expect(recentModeHistory(s, 5)).toEqual(s.modeHistory);
  });
  it("MODE-08 policy: coding without a task is POLICY_VIOLATION and nothing is written", async () => {
    const { store, root } = fresh({ requireTaskForCoding: true });
    await store.create("s1");
    const before = readFileSync(stateFile(root, "s1"), "utf8");
    expect(await code(store.setMode("s1", "coding"))).toBe("POLICY_VIOLATION");
    expect(readFileSync(stateFile(root, "s1"), "utf8")).toBe(before);
    const s = await store.update("s1", { mode: "coding", task: "T-1" });
    expect(s.currentMode).toBe("coding");
  });
  it("mode history is capped at 200 entries (oldest dropped) and still ends with the current mode", async () => {
    const { store } = fresh();
    await store.create("s1");
    let s;
    for (let i = 0; i < 205; i++) s = await store.setMode("s1", i % 2 ? "analysis" : "planning");
    expect(s!.modeHistory.length).toBe(200);
    expect(s!.modeHistory[199].mode).toBe(s!.currentMode);
  });
  it("patch: evidence merges and null deletes; flags; workflowPhase creates the workflow", async () => {
    const { store } = fresh();
    await store.create("s1");
    await store.update("s1", { protocolStartEvidence: { a: "1", b: "2" } });
    const s = await store.update("s1", { protocolStartEvidence: { a: null, c: "3" }, protocolStartComplete: true, workflowPhase: "validation" });
    expect(s.protocolStartEvidence).toEqual({ b: "2", c: "3" });
    expect(s.protocolStartComplete).toBe(true);
    expect(s.orchestratorWorkflow?.workflowPhase).toBe("validation");
  });
  it("patch: unknown keys, empty patch and bad values are INVALID_INPUT", async () => {
    const { store } = fresh();
    await store.create("s1");
    expect(await code(store.update("s1", { bogus: 1 } as never))).toBe("INVALID_INPUT");
    expect(await code(store.update("s1", {}))).toBe("INVALID_INPUT");
    expect(await code(store.update("s1", { mode: "x" } as never))).toBe("INVALID_INPUT");
    expect(await code(store.update("s1", { protocolStartEvidence: { n: 3 } } as never))).toBe("INVALID_INPUT");
    expect((await store.get("s1")).version).toBe(1);
  });
});

describe("compare-and-swap (§10.3)", () => {
  it("CAS-01 backoff: 50, 100, 200 … capped at 500, plus 0–20 % jitter", () => {
    for (const [n, base] of [[0, 50], [1, 100], [2, 200], [3, 400], [10, 500]] as const) {
      expect(backoffMs(n, () => 0)).toBe(base);
      expect(backoffMs(n, () => 0.999999)).toBeCloseTo(base * 1.2, 3);
      for (let i = 0; i < 20; i++) {
        const b = backoffMs(n);
        expect(b).toBeGreaterThanOrEqual(base);
        expect(b).toBeLessThanOrEqual(base * 1.2);
      }
    }
    expect(backoffMs(1000)).toBeLessThanOrEqual(600);
  });
  it("CAS-02 one update: version 2, updatedAt advanced, other fields preserved", async () => {
    const { store } = fresh();
    await store.create("s1");
    await store.addDecision("s1", { type: "process", description: "d", rationale: "r", decidedBy: "planner" });
    const before = await store.get("s1");
    const after = await store.update("s1", { task: "T" });
    expect(after.version).toBe(before.version + 1);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(after.orchestratorWorkflow).toEqual(before.orchestratorWorkflow);
    expect(after.createdAt).toBe(before.createdAt);
  });
  it("CAS-03 update on a missing note: NOT_FOUND, no file created", async () => {
    const { store, root } = fresh();
    expect(await code(store.update("nope", { task: "T" }))).toBe("NOT_FOUND");
    expect(existsSync(stateFile(root, "nope"))).toBe(false);
    expect(existsSync(`${stateFile(root, "nope")}.lock`)).toBe(false);
    expect(existsSync(join(root, "sessions"))).toBe(false);
  });
  it("CAS-04 a throwing mutation: error propagated, file byte-identical, lock released", async () => {
    const { store, root } = fresh();
    await store.create("s1");
    const before = readFileSync(stateFile(root, "s1"));
    await expect(store.update("s1", () => { throw new Error("boom"); })).rejects.toThrow("boom");
    expect(readFileSync(stateFile(root, "s1")).equals(before)).toBe(true);
    expect(existsSync(`${stateFile(root, "s1")}.lock`)).toBe(false);
    expect((await store.update("s1", { task: "x" })).version).toBe(2);
  });
  it("CAS-05 five sequential updates: version 6, last value wins", async () => {
    const { store } = fresh();
    await store.create("s1");
    for (let i = 1; i <= 5; i++) await store.update("s1", { task: `T${i}` });
    const s = await store.get("s1");
    expect(s.version).toBe(6);
    expect(s.activeTask).toBe("T5");
  });
  it("CAS-06 expectedVersion mismatch: CONFLICT with both versions, no write", async () => {
    const { store, root } = fresh();
    await store.create("s1");
    for (let i = 0; i < 3; i++) await store.update("s1", { task: `T${i}` });
    const before = readFileSync(stateFile(root, "s1"), "utf8");
    try {
      await store.update("s1", { task: "late" }, { expectedVersion: 3 });
      expect.unreachable();
    } catch (e) {
      expect((e as InstanceType<typeof StateError>).code).toBe("CONFLICT");
      expect((e as InstanceType<typeof StateError>).details).toEqual({ expected: 3, actual: 4 });
      expect((e as InstanceType<typeof StateError>).exitCode).toBe(7);
    }
    expect(readFileSync(stateFile(root, "s1"), "utf8")).toBe(before);
    expect((await store.update("s1", { task: "ok" }, { expectedVersion: 4 })).version).toBe(5);
  });
  it("CAS-08 a lock held by a live process beyond the timeout: LOCK_TIMEOUT, state unchanged", async () => {
    const { store, root } = fresh({ lockTimeoutMs: 300 });
    await store.create("s1");
    const before = readFileSync(stateFile(root, "s1"), "utf8");
    writeFileSync(`${stateFile(root, "s1")}.lock`, JSON.stringify({ pid: process.pid, hostname: hostname(), acquiredAt: new Date().toISOString(), token: "other" }));
    const e = await store.update("s1", { task: "T" }).catch((x) => x);
    expect(e.code).toBe("LOCK_TIMEOUT");
    expect(e.exitCode).toBe(8);
    expect(readFileSync(stateFile(root, "s1"), "utf8")).toBe(before);
    expect(existsSync(`${stateFile(root, "s1")}.lock`)).toBe(true); // not ours to remove
  });
  it("CAS-09 a lock from a dead pid on this host is broken", async () => {
    const { store, root } = fresh({ lockTimeoutMs: 300 });
    await store.create("s1");
    writeFileSync(`${stateFile(root, "s1")}.lock`, JSON.stringify({ pid: DEAD_PID, hostname: hostname(), acquiredAt: new Date().toISOString(), token: "dead" }));
    expect((await store.update("s1", { task: "T" })).version).toBe(2);
    expect(existsSync(`${stateFile(root, "s1")}.lock`)).toBe(false);
  });
  it("CAS-10 a lock from another host older than staleLockMs is broken; a fresh one is not", async () => {
    const { store, root } = fresh({ lockTimeoutMs: 300, staleLockMs: 1000 });
    await store.create("s1");
    const lock = `${stateFile(root, "s1")}.lock`;
    writeFileSync(lock, JSON.stringify({ pid: 1, hostname: "elsewhere", acquiredAt: new Date().toISOString(), token: "x" }));
    expect(await code(store.update("s1", { task: "T" }))).toBe("LOCK_TIMEOUT");
    writeFileSync(lock, JSON.stringify({ pid: 1, hostname: "elsewhere", acquiredAt: new Date(Date.now() - 60_000).toISOString(), token: "x" }));
    expect((await store.update("s1", { task: "T" })).version).toBe(2);
  });
  it("CAS-12 a stray temp file (crash before rename) is ignored by readers and removed by gc", async () => {
    const { store, root } = fresh();
    await store.create("s1");
    const stray = join(root, "sessions", `.session-s1.md.${DEAD_PID}.deadbeef.tmp`);
    writeFileSync(stray, "{ half a sta");
    expect((await store.get("s1")).version).toBe(1);
    expect((await store.update("s1", { task: "T" })).version).toBe(2);
    const r = await store.gc();
    expect(r.removed).toContain(`sessions/.session-s1.md.${DEAD_PID}.deadbeef.tmp`);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(stateFile(root, "s1"))).toBe(true);
  });
  it("CAS-13 rename failing with EBUSY twice then succeeding commits", async () => {
    let fails = 0;
    const { renameSync } = await import("node:fs");
    const { store } = fresh({
      fs: {
        rename(a: string, b: string) {
          if (b.endsWith("session-s1.md") && fails < 2 && existsSync(b)) {
            fails++;
            throw Object.assign(new Error("busy"), { code: "EBUSY" });
          }
          renameSync(a, b);
        },
      },
    });
    await store.create("s1");
    const s = await store.update("s1", { task: "T" });
    expect(fails).toBe(2);
    expect(s.version).toBe(2);
    expect((await store.get("s1")).activeTask).toBe("T");
  });
  it("rename failing permanently: IO_ERROR, temp file removed, lock released, state unchanged", async () => {
    const { renameSync } = await import("node:fs");
    let broken = true;
    const { store, root } = fresh({
      fs: { rename(a: string, b: string) { if (broken && existsSync(b) && b.endsWith(".md") && !b.includes("current")) throw Object.assign(new Error("denied"), { code: "EACCES" }); renameSync(a, b); } },
    });
    await store.create("s1");
    const e = await store.update("s1", { task: "T" }).catch((x) => x);
    expect(e.code).toBe("IO_ERROR");
    expect(readdirSync(join(root, "sessions")).filter((n) => n.endsWith(".tmp") || n.endsWith(".lock"))).toEqual([]);
    broken = false;
    expect((await store.update("s1", { task: "T" })).version).toBe(2);
  });
});

describe("persistence (§10.4)", () => {
  it("PER-01 file name, front matter and one json fence", async () => {
    const { store, root } = fresh();
    await store.create("x");
    const text = readFileSync(stateFile(root, "x"), "utf8");
    expect(text).toMatch(/^---\ntitle: session-x\ntype: session-state\npermalink: sessions\/session-x\ntags:\n- session\n- session-state\n---\n/);
    expect(text.match(/```json\n/g)?.length).toBe(1);
    expect(text.endsWith("```\n")).toBe(true);
    expect(text).toContain('\n  "sessionId": "x",\n  "currentMode": "analysis",');
  });
  it("PER-02 every optional field round-trips", async () => {
    const { store } = fresh();
    await store.create("x");
    await store.update("x", { feature: "F", task: "T", protocolStartEvidence: { a: "b" }, protocolEndEvidence: { c: "d" }, workflowPhase: "validation" });
    await store.addVerdict("x", { agent: "qa", decision: "reject", confidence: 0.25, reasoning: "r", blockers: ["b"], conditions: ["c"] });
    await store.addHandoff("x", { fromAgent: "qa", toAgent: "implementer", reason: "fix", context: "c", preservedContext: { deep: { a: [1] } } });
    const a = await store.get("x");
    const b = new SessionStore({ root: store.root, requireTaskForCoding: false, agentNotes: false }).getSync("x");
    expect(b).toEqual(a);
    expect(stateIssues(a)).toEqual([]);
  });
  it("PER-03 missing note: NOT_FOUND", async () => {
    const { store } = fresh();
    expect(await code(store.get("none"))).toBe("NOT_FOUND");
  });
  it("PER-04 empty note: CORRUPT", async () => {
    const { store, root } = fresh();
    writeNote(root, "sessions/session-e", "");
    expect(await code(store.get("e"))).toBe("CORRUPT");
  });
  it("PER-05 invalid JSON in the fence: CORRUPT; truncated note: CORRUPT", async () => {
    const { store, root } = fresh();
    writeNote(root, "sessions/session-e", "---\ntitle: x\n---\n\n```json\n{ nope\n```\n");
    expect(await code(store.get("e"))).toBe("CORRUPT");
    const full = stateNoteText(minimalState({ sessionId: "t" }));
    writeNote(root, "sessions/session-t", full.slice(0, full.length / 2));
    expect(await code(store.get("t"))).toBe("CORRUPT");
  });
  it("PER-06 raw JSON body without front matter (Brain style) parses", async () => {
    const { store, root } = fresh();
    writeNote(root, "sessions/session-raw", JSON.stringify(minimalState({ sessionId: "raw" })));
    expect((await store.get("raw")).sessionId).toBe("raw");
  });
  it("PER-07 extra and reordered front-matter keys are ignored; a rewrite keeps the JSON authoritative", async () => {
    const { store, root } = fresh();
    const s = minimalState({ sessionId: "fm" });
    writeNote(root, "sessions/session-fm", `---\npermalink: elsewhere\nextra: 1\ntitle: "something else"\ntype: note\n---\n\nnotes by a human\n\n\`\`\`json\n${JSON.stringify(s)}\n\`\`\`\n\ntrailing text\n`);
    expect(await store.get("fm")).toEqual(s);
    const u = await store.update("fm", { task: "T" });
    expect(u.version).toBe(2);
    const text = readFileSync(stateFile(root, "fm"), "utf8");
    expect(text).toContain("permalink: sessions/session-fm");
    expect(await store.get("fm")).toEqual(u);
  });
  it("PER-08 pointer note body 'x\\n' → getCurrent returns state x; bad pointers", async () => {
    const { store, root } = fresh();
    writeNote(root, "sessions/session-x", stateNoteText(minimalState({ sessionId: "x" })));
    expect(await code(store.getCurrent())).toBe("NO_CURRENT_SESSION");
    writeNote(root, "sessions/current-session", "x\n");
    expect((await store.getCurrent()).sessionId).toBe("x");
    writeNote(root, "sessions/current-session", pointerText("x"));
    expect((await store.getCurrent()).sessionId).toBe("x");
    writeNote(root, "sessions/current-session", "\n\n");
    expect(await code(store.getCurrent())).toBe("NO_CURRENT_SESSION");
    writeNote(root, "sessions/current-session", "../etc/passwd\n");
    expect(await code(store.getCurrent())).toBe("CORRUPT");
    writeNote(root, "sessions/current-session", "y\n");
    expect(await code(store.getCurrent())).toBe("NOT_FOUND");
  });
  it("PER-09 agent context notes (when enabled)", async () => {
    const { store, root } = fresh({ agentNotes: true });
    await store.create("x");
    await store.startInvocation("x", { agent: "analyst", prompt: "p", context: { k: "v" } });
    await store.completeInvocation("x", { agent: "analyst", output: { summary: "s" } });
    expect(existsSync(join(root, "sessions", "session-x-agent-analyst.md"))).toBe(true);
    const inv = await store.getAgentContext("x", "analyst");
    expect(inv).toMatchObject({ agent: "analyst", status: "completed", input: { prompt: "p", context: { k: "v" } } });
    expect(await code(store.getAgentContext("x", "planner"))).toBe("NOT_FOUND");
    const off = fresh();
    await off.store.create("x");
    await off.store.startInvocation("x", { agent: "analyst" });
    await off.store.completeInvocation("x", { agent: "analyst" });
    expect(existsSync(join(off.root, "sessions", "session-x-agent-analyst.md"))).toBe(false);
  });
  it("PER-10 notes root precedence: flag > env > config > default", () => {
    const repo = makeRepo({ "agentcheck.config.json": JSON.stringify({ state: { notesDir: "cfg-notes" } }) });
    const env = { AGENTCHECK_NOTES_DIR: join(repo, "env-notes") };
    expect(resolveNotesRoot({ cwd: repo, notesDir: "flag-notes", env }).notesRoot).toBe(join(repo, "flag-notes"));
    expect(resolveNotesRoot({ cwd: repo, env }).notesRoot).toBe(join(repo, "env-notes"));
    expect(resolveNotesRoot({ cwd: repo, env: {} }).notesRoot).toBe(join(repo, "cfg-notes"));
    const plain = makeRepo();
    mkdirSync(join(plain, "sub"));
    expect(resolveNotesRoot({ cwd: join(plain, "sub"), env: {} })).toMatchObject({ notesRoot: join(plain, ".agent-notes"), from: "default" });
    writeTree(plain, { "package.json": JSON.stringify({ name: "p", agentcheck: { state: { notesDir: "/abs/notes" } } }) });
    expect(resolveNotesRoot({ cwd: plain, env: {} }).notesRoot).toBe("/abs/notes");
  });
  it("PER-11 permalinks of every generated note name follow basic-memory's rule", () => {
    for (const n of ["sessions/current-session", "sessions/session-2026-02-11-session-01", "sessions/session-x-agent-pr-comment-responder", "sessions/session-x-history-v42"]) {
      expect(permalinkOf(n)).toBe(n);
    }
    expect(permalinkOf("Sessions/My Note_Name")).toBe("sessions/my-note-name");
    expect(permalinkOf("notes/camelCaseTitle.md")).toBe("notes/camel-case-title");
    expect(permalinkOf("notes/Café Ünïcode")).toBe("notes/cafe-unicode");
  });
  it("default root gets its own .gitignore; create refuses duplicates; --force keeps the old file", async () => {
    const repo = makeRepo();
    const store = new SessionStore({ cwd: repo, env: {} });
    await store.create("a");
    expect(readFileSync(join(repo, ".agent-notes", ".gitignore"), "utf8")).toContain("*");
    expect(await code(store.create("a"))).toBe("ALREADY_EXISTS");
    writeFileSync(stateFile(store.root, "a"), "garbage");
    const s = await store.create("a", { force: true });
    expect(s.version).toBe(1);
    expect(readdirSync(join(store.root, "sessions")).some((n) => n.startsWith("session-a.md.corrupt-"))).toBe(true);
  });
});

describe("agent workflow and compaction (§10.5)", () => {
  it("AGT-01 start on a state without workflow", async () => {
    const { store } = fresh();
    await store.create("s");
    const r = await store.startInvocation("s", { agent: "analyst", prompt: "go" });
    expect(r.index).toBe(0);
    const wf = r.state.orchestratorWorkflow!;
    const inv = wf.agentHistory[0];
    expect(inv).toMatchObject({ agent: "analyst", status: "in_progress", completedAt: null, output: null, handoffTo: null, handoffReason: "", handoffFrom: null });
    expect(wf.activeAgent).toBe("analyst");
    expect(wf.lastAgentChange).toBe(inv.startedAt);
    expect(r.state.version).toBe(2);
  });
  it("AGT-02/03/04 complete: completed, blocked with blockers, failed with --failed", async () => {
    const { store } = fresh();
    await store.create("s");
    await store.startInvocation("s", { agent: "analyst" });
    let r = await store.completeInvocation("s", { agent: "analyst", output: { summary: "ok", artifacts: ["a"], recommendations: [], blockers: [] } });
    let inv = r.state.orchestratorWorkflow!.agentHistory[0];
    expect(inv.status).toBe("completed");
    expect(inv.completedAt).not.toBeNull();
    expect(inv.output).toEqual({ summary: "ok", artifacts: ["a"], recommendations: [], blockers: [] });
    await store.startInvocation("s", { agent: "analyst" });
    r = await store.completeInvocation("s", { agent: "analyst", output: { blockers: ["x"] } });
    expect(r.state.orchestratorWorkflow!.agentHistory[1].status).toBe("blocked");
    await store.startInvocation("s", { agent: "analyst" });
    r = await store.completeInvocation("s", { agent: "analyst", failed: true });
    inv = r.state.orchestratorWorkflow!.agentHistory[2];
    expect(inv.status).toBe("failed");
  });
  it("AGT-05/06 handoff sets activeAgent; no handoff returns control", async () => {
    const { store } = fresh();
    await store.create("s");
    await store.startInvocation("s", { agent: "analyst" });
    let r = await store.completeInvocation("s", { agent: "analyst", handoffTo: "implementer", handoffReason: "R" });
    expect(r.state.orchestratorWorkflow!.agentHistory[0]).toMatchObject({ handoffTo: "implementer", handoffReason: "R" });
    expect(r.state.orchestratorWorkflow!.activeAgent).toBe("implementer");
    await store.startInvocation("s", { agent: "implementer" });
    r = await store.completeInvocation("s", { agent: "implementer" });
    expect(r.state.orchestratorWorkflow!.activeAgent).toBeNull();
  });
  it("AGT-07 completes the most recent in-progress invocation of that agent only", async () => {
    const { store } = fresh();
    await store.create("s");
    await store.startInvocation("s", { agent: "analyst" });
    await store.completeInvocation("s", { agent: "analyst" });
    await store.startInvocation("s", { agent: "analyst" });
    await store.startInvocation("s", { agent: "planner" });
    const before = (await store.get("s")).orchestratorWorkflow!.agentHistory;
    const after = (await store.completeInvocation("s", { agent: "analyst" })).state.orchestratorWorkflow!.agentHistory;
    expect(after[0]).toEqual(before[0]);
    expect(after[2]).toEqual(before[2]);
    expect(after[1].status).toBe("completed");
    expect(before[1].status).toBe("in_progress");
  });
  it("AGT-08 complete with no in-progress invocation: NOT_FOUND (exit 3), no write", async () => {
    const { store, root } = fresh();
    await store.create("s");
    const before = readFileSync(stateFile(root, "s"), "utf8");
    const e = await store.completeInvocation("s", { agent: "qa" }).catch((x) => x);
    expect(e.code).toBe("NOT_FOUND");
    expect(e.exitCode).toBe(3);
    expect(readFileSync(stateFile(root, "s"), "utf8")).toBe(before);
  });
  it("AGT-09 a pending handoff is consumed by the next start of its target", async () => {
    const { store } = fresh();
    await store.create("s");
    await store.addHandoff("s", { fromAgent: "analyst", toAgent: "planner", reason: "r", context: "c" });
    const r = await store.startInvocation("s", { agent: "planner" });
    expect(r.state.orchestratorWorkflow!.pendingHandoffs).toEqual([]);
    expect(r.state.orchestratorWorkflow!.agentHistory[0].handoffFrom).toBe("analyst");
  });
  async function runN(store: Store, n: number) {
    let last;
    for (let i = 0; i < n; i++) {
      await store.startInvocation("s", { agent: "qa", prompt: `p${i}` });
      last = await store.completeInvocation("s", { agent: "qa", output: { summary: `s${i}` } });
    }
    return last!;
  }
  it("CMP-01 ten invocations: no compaction", async () => {
    const { store } = fresh();
    await store.create("s");
    const r = await runN(store, 10);
    expect(r.compacted).toBe(false);
    expect(r.state.orchestratorWorkflow!.agentHistory.length).toBe(10);
  });
  it("CMP-02 eleven: 8 archived losslessly, 3 kept, one compaction entry", async () => {
    const { store, root } = fresh();
    await store.create("s");
    await runN(store, 10);
    const before = (await store.get("s")).orchestratorWorkflow!.agentHistory;
    await store.startInvocation("s", { agent: "qa", prompt: "p10" });
    const r = await store.completeInvocation("s", { agent: "qa", output: { summary: "s10" } });
    const wf = r.state.orchestratorWorkflow!;
    expect(r.compacted).toBe(true);
    expect(wf.agentHistory.map((i) => i.input.prompt)).toEqual(["p8", "p9", "p10"]);
    expect(wf.compactionHistory).toEqual([{ notePath: `sessions/session-s-history-v${r.state.version}`, compactedAt: r.state.updatedAt, count: 8 }]);
    expect(r.notePath).toBe(wf.compactionHistory[0].notePath);
    const archive = store.notes.readJson(r.notePath!) as { sessionId: string; fromVersion: number; invocations: unknown[] };
    expect(archive.sessionId).toBe("s");
    expect(archive.fromVersion).toBe(r.state.version - 1);
    expect(archive.invocations).toEqual(before.slice(0, 8));
    expect(readFileSync(join(root, `${r.notePath}.md`), "utf8")).toContain("type: session-history");
  });
  it("CMP-03/04/06 two compactions; decisions and verdicts untouched; one version bump per completion", async () => {
    const { store } = fresh();
    await store.create("s");
    for (let i = 0; i < 5; i++) await store.addDecision("s", { type: "technical", description: `d${i}`, rationale: "r", decidedBy: "architect" });
    for (let i = 0; i < 4; i++) await store.addVerdict("s", { agent: "critic", decision: "approve", confidence: 1, reasoning: `v${i}` });
    const dv = (await store.get("s")).orchestratorWorkflow!;
    await runN(store, 10);
    const v0 = (await store.get("s")).version;
    await store.startInvocation("s", { agent: "qa" });
    const r1 = await store.completeInvocation("s", { agent: "qa" });
    expect(r1.state.version).toBe(v0 + 2); // start + completion(with compaction) = 2 commits
    await runN(store, 8);
    const s = await store.get("s");
    const wf = s.orchestratorWorkflow!;
    expect(wf.compactionHistory.length).toBe(2);
    expect(Date.parse(wf.compactionHistory[0].compactedAt)).toBeLessThan(Date.parse(wf.compactionHistory[1].compactedAt));
    expect(totalInvocations(s)).toBe(19);
    expect(wf.decisions).toEqual(dv.decisions);
    expect(wf.verdicts).toEqual(dv.verdicts);
  });
  it("CMP-05 an in-progress invocation among the oldest stays in history", async () => {
    const { store } = fresh();
    await store.create("s");
    await store.startInvocation("s", { agent: "security", prompt: "long" });
    const r = await runN(store, 10);
    const wf = r.state.orchestratorWorkflow!;
    expect(r.compacted).toBe(true);
    expect(wf.agentHistory.length).toBe(4);
    expect(wf.agentHistory[0]).toMatchObject({ agent: "security", status: "in_progress" });
    expect((await store.completeInvocation("s", { agent: "security" })).state.orchestratorWorkflow!.agentHistory[0].status).toBe("completed");
  });
  it("CMP-07 a failed commit after the archive was written, then a retry: no duplicate entries, archive name matches", async () => {
    const { renameSync } = await import("node:fs");
    let failState = false;
    const { store, root } = fresh({
      fs: { rename(a: string, b: string) { if (failState && b.endsWith("session-s.md")) throw Object.assign(new Error("disk"), { code: "EIO" }); renameSync(a, b); } },
    });
    await store.create("s");
    await runN(store, 10);
    await store.startInvocation("s", { agent: "qa" });
    failState = true;
    const e = await store.completeInvocation("s", { agent: "qa" }).catch((x) => x);
    expect(e.code).toBe("IO_ERROR");
    expect(readdirSync(join(root, "sessions")).filter((n) => n.includes("history")).length).toBe(1); // orphan archive
    failState = false;
    const r = await store.completeInvocation("s", { agent: "qa" });
    const wf = r.state.orchestratorWorkflow!;
    expect(wf.compactionHistory.length).toBe(1);
    expect(wf.compactionHistory[0].notePath).toBe(`sessions/session-s-history-v${r.state.version}`);
    expect(readdirSync(join(root, "sessions")).filter((n) => n.includes("history"))).toEqual([`session-s-history-v${r.state.version}.md`]);
  });
  it("forced compaction; gc removes orphan archives only", async () => {
    const { store, root } = fresh();
    await store.create("s");
    await runN(store, 5);
    const r = await store.compact("s");
    expect(r.compacted).toBe(true);
    expect(r.state.orchestratorWorkflow!.agentHistory.length).toBe(3);
    const again = await store.compact("s");
    expect(again.compacted).toBe(false);
    expect(again.state.version).toBe(r.state.version);
    // an orphan archive of s (a failed commit's); a note that is no archive of s is never deleted (names test)
    writeNote(root, "sessions/session-s-history-v999", "```json\n" + JSON.stringify({ sessionId: "s", compactedAt: T0, fromVersion: 998, invocations: [] }) + "\n```\n");
    const g = await store.gc();
    expect(g.removed).toEqual(["sessions/session-s-history-v999.md"]);
    expect(existsSync(join(root, `${r.notePath}.md`))).toBe(true);
  });
  it("DEC-01 decision gets a v4 UUID and a timestamp; workflow created", async () => {
    const { store } = fresh();
    await store.create("s");
    const r = await store.addDecision("s", { type: "architectural", description: "d", rationale: "r", decidedBy: "architect", approvedBy: ["critic"] });
    expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.state.orchestratorWorkflow!.decisions[0]).toMatchObject({ id: r.id, timestamp: r.state.updatedAt, approvedBy: ["critic"], rejectedBy: [] });
  });
  it("DEC-02 verdict with conditions, without blockers", async () => {
    const { store } = fresh();
    await store.create("s");
    const s = await store.addVerdict("s", { agent: "critic", decision: "conditional", confidence: 0.5, reasoning: "r", conditions: ["c1"] });
    const v = s.orchestratorWorkflow!.verdicts[0];
    expect(v.conditions).toEqual(["c1"]);
    expect("blockers" in v).toBe(false);
  });
  it("DEC-03 handoff appended with createdAt", async () => {
    const { store } = fresh();
    await store.create("s");
    const s = await store.addHandoff("s", { fromAgent: "planner", toAgent: "implementer", reason: "r", context: "c", artifacts: ["a"] });
    expect(s.orchestratorWorkflow!.pendingHandoffs[0]).toMatchObject({ fromAgent: "planner", toAgent: "implementer", artifacts: ["a"], createdAt: s.updatedAt });
  });
  it("invalid agent names and inputs are INVALID_INPUT with no write", async () => {
    const { store } = fresh();
    await store.create("s");
    expect(await code(store.startInvocation("s", { agent: "Orchestrator" as never }))).toBe("INVALID_INPUT");
    expect(await code(store.addDecision("s", { type: "bogus", description: "", rationale: "", decidedBy: "qa" } as never))).toBe("INVALID_INPUT");
    expect(await code(store.addVerdict("s", { agent: "qa", decision: "approve", confidence: 200, reasoning: "" }))).toBe("INVALID_INPUT");
    expect(await code(store.addHandoff("s", { fromAgent: "qa", toAgent: "qa", reason: "r", context: "c", extra: 1 } as never))).toBe("INVALID_INPUT");
    expect((await store.get("s")).version).toBe(1);
  });
});
