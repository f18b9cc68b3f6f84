// Issue 40 item 1: one session identity. The SessionStart hook (as `hooks claude` writes it, through
// `sh -c`), `session current`, the log path the hook names and the MCP server's session_start (real SDK
// client) give the same `YYYY-MM-DD-session-NN` string, in a repository whose logs are shaped like
// upstream's (numbers of other days far above today's).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { BIN, git, makeRepo, runCli } from "../helpers.js";
import { closedAfterEach, ok } from "../mcp/helpers.js";

const BINCMD = `'${process.execPath}' '${BIN}'`;
const open = closedAfterEach();
const today = () => new Date().toISOString().slice(0, 10);

function sessionStartHook(dir: string): { code: number; stdout: string } {
  const h = JSON.parse(runCli(["hooks", "claude", "--bin", BINCMD], { cwd: dir }).stdout).hooks;
  const command = h.SessionStart[0].hooks[0].command as string;
  const input = { session_id: "9f3c", transcript_path: join(dir, "t.jsonl"), cwd: dir, hook_event_name: "SessionStart", source: "startup" };
  const r = spawnSync("sh", ["-c", command], { cwd: dir, input: JSON.stringify(input), encoding: "utf8", env: { ...process.env, CLAUDE_PROJECT_DIR: dir } });
  return { code: r.status ?? -1, stdout: r.stdout };
}

function upstreamShaped(): string {
  const dir = makeRepo({
    "README.md": "# P\n",
    ".gitignore": ".agent-notes/\n",
    ".agents/sessions/2025-08-01-session-100001.json": "{}\n",
    [`.agents/sessions/${today()}-session-02-fix-gate.json`]: "{}\n",
  });
  git(dir, "checkout", "-q", "-b", "feat/x");
  return dir;
}

describe("issue-40 one session identity", () => {
  it("issue-40 item 1: hook, session current, the log path and MCP session_start name one session (hook first)", async () => {
    const dir = upstreamShaped();
    const id = `${today()}-session-03`;
    const start = sessionStartHook(dir);
    expect(start.code).toBe(0);
    expect(start.stdout).toContain(`session ${id} started`);
    expect(start.stdout).toContain(`.agents/sessions/${id}.json`);
    expect(start.stdout).not.toContain("100002");
    expect(JSON.parse(runCli(["session", "current"], { cwd: dir }).stdout)).toEqual({ sessionId: id });
    const c = await open(dir);
    expect((await ok(c, "session_start", { objective: "fix the gate" })).session_id).toBe(id);
  });

  it("issue-40 item 1: the MCP server first, then the hook adopts the protocol session's id", async () => {
    const dir = upstreamShaped();
    const c = await open(dir);
    const id = (await ok(c, "session_start", { objective: "fix the gate" })).session_id;
    expect(id).toBe(`${today()}-session-03`);
    const start = sessionStartHook(dir);
    expect(start.stdout).toContain(`session ${id} started`);
    expect(JSON.parse(runCli(["session", "current"], { cwd: dir }).stdout)).toEqual({ sessionId: id });
  });

  it("issue-40 item 1: the first session of a day is NN = 01 on every surface", async () => {
    const dir = makeRepo({ "README.md": "# P\n", ".gitignore": ".agent-notes/\n" });
    const start = sessionStartHook(dir);
    const id = `${today()}-session-01`;
    expect(start.stdout).toContain(`session ${id} started`);
    expect(JSON.parse(runCli(["session", "current"], { cwd: dir }).stdout)).toEqual({ sessionId: id });
    const c = await open(dir);
    expect((await ok(c, "session_start", { objective: "o" })).session_id).toBe(id);
  });
});
