// Claude Code hooks: configuration printing/merging, and round trips through the configured
// commands with the stdin JSON shapes of ecosystem.md §4 (unknown extra fields included).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, git, makeRepo, runCli } from "../helpers.js";

const BINCMD = `'${process.execPath}' '${BIN}'`;

/** Run a configured hook command the way Claude Code does: sh -c, JSON on stdin, in the project. */
function runHook(command: string, input: unknown, cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync("sh", ["-c", command], {
    cwd,
    input: typeof input === "string" ? input : JSON.stringify(input),
    encoding: "utf8",
    env: { ...process.env, CLAUDE_PROJECT_DIR: cwd, NO_COLOR: "1", ...env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function config(dir: string): any {
  const r = runCli(["hooks", "claude", "--bin", BINCMD], { cwd: dir });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout).hooks;
}

const common = (dir: string, event: string) => ({
  session_id: "abc-123",
  transcript_path: join(dir, "t.jsonl"),
  cwd: dir,
  hook_event_name: event,
  permission_mode: "default",
  some_future_field: { nested: [1, 2, 3] },
});

describe("hooks claude", () => {
  it("CC-01 prints PreToolUse -> session gate, SessionStart -> session start, Stop -> session end", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    const r = runCli(["hooks", "claude"], { cwd: dir });
    expect(r.code).toBe(0);
    const h = JSON.parse(r.stdout).hooks;
    expect(h.PreToolUse[0].matcher).toBe("*");
    expect(h.PreToolUse[0].hooks[0].command).toContain("agentcheck-gate || exit 2");
    expect(h.PreToolUse[0].hooks[0].timeout).toBeLessThanOrEqual(10);
    expect(h.SessionStart[0].hooks[0].command).toContain("agentcheck hooks session-start");
    expect(h.Stop[0].hooks[0].command).toContain("agentcheck hooks stop");
    expect(h.SessionEnd[0].hooks[0].command).toContain("agentcheck hooks session-end");
    expect(r.stdout).not.toContain("npx");
    // a local install is preferred and addressed through CLAUDE_PROJECT_DIR
    mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
    writeFileSync(join(dir, "node_modules", ".bin", "agentcheck"), "");
    const local = JSON.parse(runCli(["hooks", "claude"], { cwd: dir }).stdout).hooks;
    expect(local.Stop[0].hooks[0].command).toContain('"$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck" hooks stop');
    expect(local.PreToolUse[0].hooks[0].command).toContain('"$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck-gate" || exit 2');
  });

  it("CC-02 --write --shared merges into .claude/settings.json without losing entries, idempotently", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    const existing = {
      permissions: { allow: ["Bash(npm test)"] },
      env: { FOO: "1" },
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./scripts/guard.sh" }] }],
        PostToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "prettier --write" }] }],
      },
    };
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude", "settings.json"), JSON.stringify(existing, null, 2));
    for (let i = 0; i < 2; i++) {
      const r = runCli(["hooks", "claude", "--write", "--shared"], { cwd: dir });
      expect(r.code).toBe(0);
    }
    const s = JSON.parse(readFileSync(join(dir, ".claude", "settings.json"), "utf8"));
    expect(s.permissions).toEqual(existing.permissions);
    expect(s.env).toEqual(existing.env);
    // the user's PostToolUse entry kept, ours (issue 40: observed evidence) added once
    expect(s.hooks.PostToolUse).toHaveLength(2);
    expect(s.hooks.PostToolUse[0]).toEqual(existing.hooks.PostToolUse[0]);
    expect(s.hooks.PostToolUse[1].hooks[0].command).toContain("hooks post-tool-use");
    expect(s.hooks.PreCompact).toHaveLength(1);
    expect(s.hooks.PreToolUse).toHaveLength(2);
    expect(s.hooks.PreToolUse[0]).toEqual(existing.hooks.PreToolUse[0]);
    expect(s.hooks.PreToolUse[1].hooks[0].command).toContain("agentcheck-gate || exit 2");
    expect(s.hooks.Stop).toHaveLength(1);
    expect(s.hooks.SessionStart).toHaveLength(1);
  });

  it("CC-02 --write keeps the user's own agentcheck hooks (only the entries it writes are replaced), survives a null entry, names the file it wrote (review)", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    const mine = [
      { type: "command", command: "agentcheck pre-pr --quick" },
      { type: "command", command: "npx agentcheck session-log --context local" },
    ];
    const existing = {
      hooks: {
        Stop: [{ hooks: [mine[0], null] }],
        SessionStart: [{ matcher: "startup", hooks: [mine[1]] }],
        // an earlier install's entry (another bin form): replaced, not duplicated
        SessionEnd: [{ hooks: [{ type: "command", command: "agentcheck hooks session-end" }] }],
      },
    };
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude", "settings.json"), JSON.stringify(existing, null, 2));
    for (let i = 0; i < 2; i++) {
      const r = runCli(["hooks", "claude", "--write", "--shared"], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
    }
    const s = JSON.parse(readFileSync(join(dir, ".claude", "settings.json"), "utf8"));
    const commands = (event: string) => s.hooks[event].flatMap((m: { hooks: ({ command: string } | null)[] }) => m.hooks.map((h) => (h ? h.command : null)));
    expect(commands("Stop")).toContain("agentcheck pre-pr --quick");
    expect(commands("Stop")).toContain(null);
    expect(commands("Stop").filter((c: string | null) => c && /hooks stop/.test(c))).toHaveLength(1);
    expect(commands("SessionStart")).toContain("npx agentcheck session-log --context local");
    expect(commands("SessionEnd")).toHaveLength(1);
    expect(commands("SessionEnd")[0]).toContain("hooks session-end");
    expect(commands("SessionEnd")[0]).not.toBe("agentcheck hooks session-end");
    expect(commands("PreToolUse")[0]).toContain("remove the agentcheck hooks from .claude/settings.json");
  });

  it("CC-02 --write writes a symlinked settings file where it points (the link stays a link) (review)", () => {
    const dir = makeRepo({ "README.md": "x\n", "dotfiles/claude-settings.json": JSON.stringify({ env: { A: "1" } }) });
    mkdirSync(join(dir, ".claude"));
    symlinkSync("../dotfiles/claude-settings.json", join(dir, ".claude", "settings.json"));
    const r = runCli(["hooks", "claude", "--write", "--shared"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(dir, ".claude", "settings.json")).isSymbolicLink()).toBe(true);
    const s = JSON.parse(readFileSync(join(dir, "dotfiles", "claude-settings.json"), "utf8"));
    expect(s.env).toEqual({ A: "1" });
    expect(s.hooks.PreToolUse).toHaveLength(1);
  });

  it("CC-02 --write keeps the settings file's own indentation (4 spaces as in ai-agents, a tab): git diff shows only added lines", () => {
    for (const indent of ["    ", "\t"]) {
      const existing = { env: { FOO: "1" }, hooks: { SessionStart: [{ hooks: [{ type: "command", command: "./start.sh", timeout: 900 }] }] } };
      const text = JSON.stringify(existing, null, indent) + "\n";
      const dir = makeRepo({ ".claude/settings.json": text, "README.md": "x\n" });
      expect(runCli(["hooks", "claude", "--write", "--shared"], { cwd: dir }).code).toBe(0);
      const after = readFileSync(join(dir, ".claude", "settings.json"), "utf8");
      expect(after).toBe(JSON.stringify(JSON.parse(after), null, indent) + "\n");
      const numstat = git(dir, "diff", "--numstat", "--", ".claude/settings.json").split("\t");
      expect(Number(numstat[1]), JSON.stringify(indent)).toBeLessThanOrEqual(1); // at most the line before the added entries
      // the MCP entry goes into an existing .mcp.json the same way
      writeFileSync(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { other: { command: "x" } } }, null, indent) + "\n");
      expect(runCli(["hooks", "claude", "--write", "--shared", "--mcp"], { cwd: dir }).code).toBe(0);
      const mcp = readFileSync(join(dir, ".mcp.json"), "utf8");
      expect(mcp).toBe(JSON.stringify(JSON.parse(mcp), null, indent) + "\n");
    }
  });

  it("CC-03 a settings file that is not JSON is left alone (exit 2)", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude", "settings.json"), "{ not json");
    const r = runCli(["hooks", "claude", "--write", "--shared"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, ".claude", "settings.json"), "utf8")).toBe("{ not json");
  });

  it("CC-04 --write --shared creates .claude/settings.json when absent", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    expect(runCli(["hooks", "claude", "--write", "--shared"], { cwd: dir }).code).toBe(0);
    expect(existsSync(join(dir, ".claude", "settings.json"))).toBe(true);
  });

  it("issue-14 hooks claude --write defaults to the personal .claude/settings.local.json and merges into it", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    mkdirSync(join(dir, ".claude"));
    const mine = { permissions: { allow: ["Bash(ls)"] }, hooks: { Stop: [{ hooks: [{ type: "command", command: "./mine.sh" }] }] } };
    writeFileSync(join(dir, ".claude", "settings.local.json"), JSON.stringify(mine));
    for (let i = 0; i < 2; i++) {
      const r = runCli(["hooks", "claude", "--write"], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain("settings.local.json");
    }
    expect(existsSync(join(dir, ".claude", "settings.json"))).toBe(false);
    const s = JSON.parse(readFileSync(join(dir, ".claude", "settings.local.json"), "utf8"));
    expect(s.permissions).toEqual(mine.permissions);
    expect(s.hooks.Stop).toHaveLength(2);
    expect(s.hooks.Stop[0]).toEqual(mine.hooks.Stop[0]);
    for (const ev of ["PreToolUse", "SessionStart", "Stop", "SessionEnd"]) expect(s.hooks[ev].at(-1).hooks[0].command).toContain("agentcheck");
    expect(runCli(["hooks", "claude", "--shared"], { cwd: dir }).code).toBe(2); // --shared needs --write
  });

  it("issue-14 the written gate command never locks anyone out: without agentcheck, read-only tools pass and the rest is denied naming the install command", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    const h = JSON.parse(runCli(["hooks", "claude"], { cwd: dir }).stdout).hooks;
    // a PATH without agentcheck and no node_modules in the project
    const env = { PATH: "/usr/bin:/bin" };
    const base = { ...common(dir, "PreToolUse"), tool_input: { file_path: "a" } };
    const t0 = Date.now();
    const read = runHook(h.PreToolUse[0].hooks[0].command, { ...base, tool_name: "Read" }, dir, env);
    expect(read.code).toBe(0);
    expect(read.stdout).toBe("");
    const grep = runHook(h.PreToolUse[0].hooks[0].command, JSON.stringify({ ...base, tool_name: "Grep" }, null, 2), dir, env);
    expect(grep.stdout).toBe("");
    const edit = runHook(h.PreToolUse[0].hooks[0].command, { ...base, tool_name: "Edit" }, dir, env);
    expect(edit.code).toBe(0);
    const d = JSON.parse(edit.stdout).hookSpecificOutput;
    expect(d.permissionDecision).toBe("deny");
    expect(d.permissionDecisionReason).toContain("npm install --save-dev /path/to/agentcheck-<version>.tgz"); // issue 36: not on the registry yet
    expect(Date.now() - t0).toBeLessThan(10_000); // three calls, each far inside the 10 s hook timeout
    // the other hooks skip with a note instead of failing
    for (const ev of ["SessionStart", "Stop", "SessionEnd"]) {
      const r = runHook(h[ev][0].hooks[0].command, common(dir, ev), dir, env);
      expect(r.code, ev).toBe(0);
      expect(r.stderr).toContain("not installed");
    }
  });
});

describe("Stop hook round trips", () => {
  it("CC-10 stop_hook_active: true never blocks (no loop), extra fields ignored", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    const h = config(dir);
    const r = runHook(h.Stop[0].hooks[0].command, { ...common(dir, "Stop"), stop_hook_active: true }, dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  });

  it("CC-11 no session in the project: Stop does not block", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    const h = config(dir);
    const r = runHook(h.Stop[0].hooks[0].command, { ...common(dir, "Stop"), stop_hook_active: false }, dir);
    expect(r.code).toBe(0);
  });

  it("CC-12 unparseable stdin does not block and says why", () => {
    const dir = makeRepo({ "README.md": "x\n" });
    const h = config(dir);
    const r = runHook(h.Stop[0].hooks[0].command, "{oops", dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("not JSON");
  });
});
