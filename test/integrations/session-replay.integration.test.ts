// Issue 40 item 8 (the part that exists today: one protocol, no presets yet): a Claude Code session
// replayed through the hooks exactly as `hooks claude --write` writes them into
// .claude/settings.local.json, each run through `sh -c` with Claude Code's stdin JSON, the MCP server
// driven by the SDK client in the same session, `git status` asserted clean after every step, and
// `check` at the end. SessionStart → PreToolUse (start steps, reads, denied shell/edit) → the agent's
// own mode change (a pending approval) → its self-approval (denied) → a person's approval → Edit →
// Stop → SessionEnd.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, git, makeRepo, runCli } from "../helpers.js";
import { closedAfterEach, ok } from "../mcp/helpers.js";

const BINCMD = `'${process.execPath}' '${BIN}'`;
const open = closedAfterEach();

describe("issue-40 replayed Claude Code session", () => {
  it("issue-40 item 8: hooks as written in the settings file + MCP server; git status clean after each step; one session id", async () => {
    const dir = makeRepo({
      "README.md": "# P\n\nText.\n",
      ".serena/memories/memory-index.md": "# Memory index\n\n| Keywords | File |\n|---|---|\n| git | [git-index](git-index.md) |\n",
      ".serena/memories/git-index.md": "# Git\n\n| Keywords | File |\n|---|---|\n| commit | [git-commit](git-commit.md) |\n",
      ".serena/memories/git-commit.md": "# Commit\n\nText.\n",
    });
    git(dir, "checkout", "-q", "-b", "feat/replay");
    expect(runCli(["hooks", "claude", "--write", "--bin", BINCMD], { cwd: dir }).code).toBe(0);
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "setup: agentcheck hooks");
    const settings = JSON.parse(readFileSync(join(dir, ".claude", "settings.local.json"), "utf8"));
    const cmd = (ev: string) => settings.hooks[ev][0].hooks[0].command as string;
    const base = { session_id: "replay-1", transcript_path: join(dir, "t.jsonl"), cwd: dir, permission_mode: "default" };
    const hook = (ev: string, extra: Record<string, unknown>) => {
      const r = spawnSync("sh", ["-c", cmd(ev)], { cwd: dir, input: JSON.stringify({ ...base, hook_event_name: ev, ...extra }), encoding: "utf8", env: { ...process.env, CLAUDE_PROJECT_DIR: dir } });
      return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    };
    const gate = (tool: string, tool_input: Record<string, unknown>) => {
      const out = hook("PreToolUse", { tool_name: tool, tool_input, tool_use_id: "t" }).stdout.trim();
      return out === "" ? "allow" : JSON.parse(out).hookSpecificOutput.permissionDecision;
    };
    const clean = () => expect(git(dir, "status", "--porcelain", "--untracked-files=all")).toBe("");
    clean();
    const start = hook("SessionStart", { source: "startup" });
    const id = /session (\S+) started/.exec(start.stdout)![1];
    expect(id).toBe(`${new Date().toISOString().slice(0, 10)}-session-01`);
    clean();
    const c = await open(dir);
    expect((await ok(c, "session_start", { objective: "replay" })).session_id).toBe(id);
    clean();
    expect(gate("mcp__serena__list_memories", {})).toBe("allow");
    expect(gate("mcp__serena__read_memory", { memory_file_name: "memory-index" })).toBe("allow");
    expect(gate("Read", { file_path: join(dir, "README.md") })).toBe("allow");
    expect(gate("Bash", { command: "git status" })).toBe("deny");
    expect(gate("Edit", { file_path: join(dir, "README.md"), old_string: "Text", new_string: "More" })).toBe("deny");
    clean();
    const asked = runCli(["session", "mode", "coding"], { cwd: dir, env: { CLAUDECODE: "1" } });
    expect(asked.code).toBe(6);
    const approval = JSON.parse(asked.stdout).error.details.approval.id as string;
    expect(gate("Bash", { command: `agentcheck session approve ${approval}` })).toBe("deny");
    clean();
    expect(runCli(["session", "approve", approval], { cwd: dir }).code).toBe(0);
    expect(gate("Edit", { file_path: join(dir, "README.md"), old_string: "Text", new_string: "More" })).toBe("allow");
    clean();
    expect(hook("Stop", { stop_hook_active: false }).code).toBe(0); // nothing changed: nothing to demand
    clean();
    expect(hook("SessionEnd", { reason: "prompt_input_exit" }).code).toBe(0);
    clean();
    const chk = runCli(["check", "--format", "json"], { cwd: dir });
    expect(chk.stdout).not.toContain("session-current-state");
    expect(chk.stdout).not.toContain("git status is not clean");
    expect(JSON.parse(runCli(["session", "current"], { cwd: dir }).stdout).sessionId).toBe(id);
  });
});
