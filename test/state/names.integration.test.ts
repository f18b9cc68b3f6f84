// Derived note names vs. state notes (spec §3.2, §5.8, §5.9, §8): a session id may end in -history-v<N>
// or -agent-<agent>, so the state note of session `a-history-v10` has the name of session a's compaction
// archive at version 10, and that of `a-agent-analyst` the name of a's agent-context note of analyst.
// Compaction, agent notes, gc and create --force must never overwrite or delete another session's state.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SessionStore, StateError } from "../../dist/index.js";
import { makeRepo, runCli, tmpDir } from "../helpers.js";
import { writeNote } from "./fixtures.js";

type Store = InstanceType<typeof SessionStore>;
const ENV = { AGENTCHECK_NOTES_DIR: undefined, AGENTCHECK_LOCK_TIMEOUT_MS: undefined };

function fresh(opts: Record<string, unknown> = {}): { store: Store; root: string } {
  const root = tmpDir("agentcheck-names-");
  return { store: new SessionStore({ root, requireTaskForCoding: false, agentNotes: false, ...opts }), root };
}
const stateFile = (root: string, id: string) => join(root, "sessions", `session-${id}.md`);

async function runN(store: Store, id: string, n: number) {
  for (let i = 0; i < n; i++) {
    await store.startInvocation(id, { agent: "qa", prompt: `p${i}` });
    await store.completeInvocation(id, { agent: "qa", output: { summary: `s${i}` } });
  }
}

function cli(repo: string, args: string[]) {
  const r = runCli(["session", ...args], { cwd: repo, env: ENV });
  return { ...r, json: JSON.parse(r.stdout) };
}

describe("derived note names never clobber another session's state note", () => {
  it("CMP-07 session gc keeps the state note of session 'a-history-v1' and still removes a real orphan archive of a", () => {
    const repo = makeRepo();
    expect(cli(repo, ["create", "--id", "a"]).code).toBe(0);
    expect(cli(repo, ["create", "--id", "a-history-v1", "--no-current"]).code).toBe(0);
    const root = join(repo, ".agent-notes");
    const other = readFileSync(stateFile(root, "a-history-v1"), "utf8");
    // an orphan of a failed compaction commit of session a (its JSON is an archive of a)
    writeNote(root, "sessions/session-a-history-v7", "```json\n" + JSON.stringify({ sessionId: "a", compactedAt: "2026-02-11T10:00:00.000Z", fromVersion: 6, invocations: [] }) + "\n```\n");
    const g = cli(repo, ["gc"]);
    expect(g.code, g.stderr).toBe(0);
    expect(g.json.removed).toEqual(["sessions/session-a-history-v7.md"]);
    expect(readFileSync(stateFile(root, "a-history-v1"), "utf8")).toBe(other);
    const s = cli(repo, ["get-state", "--session", "a-history-v1"]);
    expect(s.code, s.stderr).toBe(0);
    expect(s.json.sessionId).toBe("a-history-v1");
  });

  it("CMP-02 compaction does not write its archive over the state note of session 'a-history-v<N>': it waits for a later version", async () => {
    const { store, root } = fresh();
    await store.create("a");
    await runN(store, "a", 10);
    await store.startInvocation("a", { agent: "qa", prompt: "p10" });
    // the completion below commits version v+1 and would compact into session-a-history-v<v+1>
    const v = (await store.get("a")).version;
    await store.create(`a-history-v${v + 1}`, { makeCurrent: false });
    const before = readFileSync(stateFile(root, `a-history-v${v + 1}`), "utf8");
    const r = await store.completeInvocation("a", { agent: "qa" });
    expect(r.state.version).toBe(v + 1);
    expect(r.compacted).toBe(false);
    expect(r.state.orchestratorWorkflow!.agentHistory.length).toBe(11);
    expect(readFileSync(stateFile(root, `a-history-v${v + 1}`), "utf8")).toBe(before);
    expect((await store.get(`a-history-v${v + 1}`)).sessionId).toBe(`a-history-v${v + 1}`);
    // the next completion compacts under its own (free) name, losing nothing
    await store.startInvocation("a", { agent: "qa", prompt: "p11" });
    const r2 = await store.completeInvocation("a", { agent: "qa" });
    expect(r2.compacted).toBe(true);
    expect(r2.notePath).toBe(`sessions/session-a-history-v${r2.state.version}`);
    const wf = r2.state.orchestratorWorkflow!;
    expect(wf.agentHistory.length + wf.compactionHistory.reduce((n, c) => n + c.count, 0)).toBe(12);
  });

  it("CMP-02 a forced `session compact` whose archive name is another session's state: exit 6, both notes unchanged", () => {
    const repo = makeRepo();
    cli(repo, ["create", "--id", "a"]);
    for (let i = 0; i < 5; i++) {
      cli(repo, ["agent", "start", "qa", "--prompt", `p${i}`]);
      cli(repo, ["agent", "complete", "qa"]);
    }
    const root = join(repo, ".agent-notes");
    const v = cli(repo, ["get-state"]).json.version as number;
    cli(repo, ["create", "--id", `a-history-v${v + 1}`, "--no-current"]);
    const mine = readFileSync(stateFile(root, "a"), "utf8");
    const other = readFileSync(stateFile(root, `a-history-v${v + 1}`), "utf8");
    const r = cli(repo, ["compact"]);
    expect(r.code, r.stderr).toBe(6);
    expect(r.json.error.code).toBe("ALREADY_EXISTS");
    expect(readFileSync(stateFile(root, "a"), "utf8")).toBe(mine);
    expect(readFileSync(stateFile(root, `a-history-v${v + 1}`), "utf8")).toBe(other);
  });

  it("PER-09 agent-context notes of session a never overwrite the state note of session 'a-agent-analyst'", async () => {
    const { store, root } = fresh({ agentNotes: true });
    await store.create("a");
    await store.create("a-agent-analyst", { makeCurrent: false });
    const before = readFileSync(stateFile(root, "a-agent-analyst"), "utf8");
    await store.startInvocation("a", { agent: "analyst", prompt: "x" });
    const r = await store.completeInvocation("a", { agent: "analyst" });
    expect(r.state.orchestratorWorkflow!.agentHistory[0].status).toBe("completed");
    expect(readFileSync(stateFile(root, "a-agent-analyst"), "utf8")).toBe(before);
    expect((await store.get("a-agent-analyst")).sessionId).toBe("a-agent-analyst");
    // an agent without such a session still gets its note, and a later one replaces it
    await store.startInvocation("a", { agent: "qa", prompt: "q1" });
    await store.completeInvocation("a", { agent: "qa" });
    await store.startInvocation("a", { agent: "qa", prompt: "q2" });
    await store.completeInvocation("a", { agent: "qa" });
    expect((await store.getAgentContext("a", "qa")).input.prompt).toBe("q2");
  });

  it("CLI-08 create --force does not replace another session's agent note or archive that has the new id's name", async () => {
    const { store, root } = fresh({ agentNotes: true });
    await store.create("a");
    await store.startInvocation("a", { agent: "qa" });
    await store.completeInvocation("a", { agent: "qa" });
    const note = readFileSync(stateFile(root, "a-agent-qa"), "utf8");
    const e = await store.create("a-agent-qa", { force: true, makeCurrent: false }).catch((x) => x);
    expect(e).toBeInstanceOf(StateError);
    expect(e.code).toBe("ALREADY_EXISTS");
    expect(readFileSync(stateFile(root, "a-agent-qa"), "utf8")).toBe(note);
    expect(existsSync(join(root, "sessions")) && readFileSync(stateFile(root, "a-agent-qa"), "utf8")).toContain("type: session-agent");
  });
});
