// Issue 40 item 2: live state off the work tree. A session through the hooks `hooks claude` writes
// (SessionStart through `sh -c`, gate calls) and the MCP server (real SDK client) in a repository with
// no .gitignore entry for agentcheck: afterwards `git status` is clean, the exclude file (never
// committed) names the live files, and `check` reports no orphan for the protocol's memories (MI-103).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, git, makeRepo, runCli } from "../helpers.js";
import { closedAfterEach, ok } from "../mcp/helpers.js";

const BINCMD = `'${process.execPath}' '${BIN}'`;
const open = closedAfterEach();

function hooks(dir: string): Record<string, string> {
  const h = JSON.parse(runCli(["hooks", "claude", "--bin", BINCMD], { cwd: dir }).stdout).hooks;
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, (v as { hooks: { command: string }[] }[])[0].hooks[0].command]));
}
function run(command: string, input: unknown, dir: string) {
  const r = spawnSync("sh", ["-c", command], { cwd: dir, input: JSON.stringify(input), encoding: "utf8", env: { ...process.env, CLAUDE_PROJECT_DIR: dir } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
const status = (dir: string) => git(dir, "status", "--porcelain", "--untracked-files=all");

describe("issue-40 live state off the work tree", () => {
  it("issue-40 item 2: after SessionStart, gate calls and MCP session_start, git status is clean and MI-103 names no protocol memory", async () => {
    const dir = makeRepo({
      "README.md": "# P\n",
      ".serena/memories/memory-index.md": "# Memory index\n\n| Keywords | File |\n|---|---|\n| git | [git-index](git-index.md) |\n",
      ".serena/memories/git-index.md": "# Git\n\n| Keywords | File |\n|---|---|\n| commit | [git-commit](git-commit.md) |\n",
      ".serena/memories/git-commit.md": "# Commit\n\nText.\n",
    });
    git(dir, "checkout", "-q", "-b", "feat/x");
    expect(status(dir)).toBe("");
    const h = hooks(dir);
    const base = { session_id: "9f3c", transcript_path: join(dir, "t.jsonl"), cwd: dir };
    expect(run(h.SessionStart, { ...base, hook_event_name: "SessionStart", source: "startup" }, dir).code).toBe(0);
    expect(status(dir)).toBe("");
    const gate = (tool: string, tool_input: unknown) => run(h.PreToolUse, { ...base, hook_event_name: "PreToolUse", tool_name: tool, tool_input }, dir).stdout.trim() === "" ? "allow" : "deny";
    expect(gate("mcp__serena__list_memories", {})).toBe("allow");
    expect(gate("mcp__serena__read_memory", { memory_file_name: "memory-index" })).toBe("allow");
    const c = await open(dir);
    await ok(c, "session_start", { objective: "o" });
    expect(existsSync(join(dir, ".serena/memories/session-current-state.md"))).toBe(true);
    expect(status(dir)).toBe("");
    const exclude = readFileSync(join(dir, ".git", "info", "exclude"), "utf8");
    expect(exclude).toContain("/.agent-notes/");
    expect(exclude).toContain("/.serena/memories/session-current-state.md");
    // the exclude file is written once: a second start adds nothing
    run(h.SessionStart, { ...base, hook_event_name: "SessionStart", source: "startup" }, dir);
    expect(readFileSync(join(dir, ".git", "info", "exclude"), "utf8")).toBe(exclude);
    const chk = runCli(["check", "--format", "json"], { cwd: dir });
    expect(chk.stdout).not.toContain("session-current-state");
    expect(chk.stdout).not.toMatch(/git status is not clean/);
  });
});
