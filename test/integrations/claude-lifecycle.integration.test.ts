// Issue 14: the Claude Code hooks through a whole scripted session, with Claude-Code-shaped JSON fed to
// the real hook commands (as written by `hooks claude`) in real processes, in a real git repository.
// start -> reads in analysis -> mode coding -> edits -> commit -> Stop -> SessionEnd, every decision asserted.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, git, makeRepo, runCli, writeTree } from "../helpers.js";
import { completeJsonLog } from "./fixtures.js";
import { openSessionStore } from "../../dist/state/ops.js";

const BINCMD = `'${process.execPath}' '${BIN}'`;

function hook(command: string, input: unknown, cwd: string) {
  const r = spawnSync("sh", ["-c", command], {
    cwd,
    input: JSON.stringify(input),
    encoding: "utf8",
    env: { ...process.env, CLAUDE_PROJECT_DIR: cwd, NO_COLOR: "1" },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function hooksOf(dir: string): Record<string, string> {
  const h = JSON.parse(runCli(["hooks", "claude", "--bin", BINCMD], { cwd: dir }).stdout).hooks;
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, (v as { hooks: { command: string }[] }[])[0].hooks[0].command]));
}

const base = (dir: string, event: string) => ({
  session_id: "9f3c-session",
  transcript_path: join(dir, ".claude", "transcript.jsonl"),
  cwd: dir,
  permission_mode: "default",
  hook_event_name: event,
});

function pre(h: Record<string, string>, dir: string, tool: string, input: Record<string, unknown>) {
  const r = hook(h.PreToolUse, { ...base(dir, "PreToolUse"), tool_name: tool, tool_input: input, tool_use_id: `toolu_${tool}` }, dir);
  expect(r.code).toBe(0);
  return r.stdout.trim() === "" ? "allow" : JSON.parse(r.stdout).hookSpecificOutput.permissionDecision;
}

function current(dir: string) {
  const s = openSessionStore({ cwd: dir });
  return s.getSync(s.resolveId());
}

function repo() {
  const dir = makeRepo({ "README.md": "# Project\n", ".serena/memories/parser-notes.md": "# Parser notes\n\nNotes.\n", ".gitignore": ".agent-notes/\n" });
  git(dir, "checkout", "-q", "-b", "feat/guide");
  return dir;
}

describe("issue-14 Claude Code lifecycle", () => {
  it("issue-14 scripted session: start -> analysis reads -> mode coding -> edits -> commit -> Stop -> SessionEnd", () => {
    const dir = repo();
    const h = hooksOf(dir);
    // SessionStart: a session in analysis mode; the context says how to leave it
    const start = hook(h.SessionStart, { ...base(dir, "SessionStart"), source: "startup", model: "claude-sonnet" }, dir);
    expect(start.code).toBe(0);
    expect(start.stdout).toContain("started in analysis mode");
    expect(start.stdout).toContain("agentcheck session mode coding");
    const s0 = current(dir);
    expect(s0.currentMode).toBe("analysis");
    const startCommit = s0.protocolStartEvidence.startingCommit;
    // analysis: reads allowed, edits and shell denied
    expect(pre(h, dir, "Read", { file_path: join(dir, "README.md") })).toBe("allow");
    expect(pre(h, dir, "Grep", { pattern: "Parser" })).toBe("allow");
    expect(pre(h, dir, "Edit", { file_path: join(dir, "README.md"), old_string: "a", new_string: "b" })).toBe("deny");
    expect(pre(h, dir, "Bash", { command: "ls" })).toBe("deny");
    // the start step this repository asks for (issue 40: read the memories), observed by PostToolUse
    expect(start.stdout).toContain("read the project memories");
    const memory = { file_path: join(dir, ".serena/memories/parser-notes.md") };
    expect(pre(h, dir, "Read", memory)).toBe("allow");
    const observed = hook(h.PostToolUse, { ...base(dir, "PostToolUse"), tool_name: "Read", tool_input: memory, tool_response: { type: "text" }, tool_use_id: "toolu_read" }, dir);
    expect(observed.code).toBe(0);
    expect(observed.stderr).toContain("start protocol complete");
    // Stop after a turn that changed nothing: silent pass
    const quiet = hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(quiet).toMatchObject({ code: 0, stdout: "", stderr: "" });
    // the user switches to coding
    expect(runCli(["session", "mode", "coding"], { cwd: dir }).code).toBe(0);
    expect(pre(h, dir, "Edit", { file_path: join(dir, "docs/guide.md") })).toBe("allow");
    expect(pre(h, dir, "Bash", { command: "git status" })).toBe("allow");
    writeTree(dir, { "docs/guide.md": "# Guide\n\nHow the parser works.\n" });
    // Stop with uncommitted work and no log: blocks with the missing items (actionable in coding mode)
    const blocked = hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toContain("Session end is not complete");
    expect(blocked.stderr).toContain("no session log");
    expect(blocked.stderr).toContain("SP-039"); // clean-tree check: the core's SP-039
    expect(blocked.stderr).not.toContain("session mode coding");
    // Claude continues because of the hook: the next Stop carries stop_hook_active and never blocks
    expect(hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: true }, dir).code).toBe(0);
    // commit the work and the log
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "docs: guide");
    const work = git(dir, "rev-parse", "HEAD");
    writeTree(dir, { [`.agents/sessions/${s0.sessionId}.json`]: completeJsonLog({ n: 1, date: s0.sessionId.slice(0, 10), branch: "feat/guide", startingCommit: startCommit, endingCommit: work, memory: "parser-notes" }) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "session log");
    const done = hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(done.code, done.stderr).toBe(0);
    expect(current(dir).protocolEndComplete).toBe(true);
    // SessionEnd: never blocks; the end is already recorded
    const end = hook(h.SessionEnd, { ...base(dir, "SessionEnd"), reason: "prompt_input_exit" }, dir);
    expect(end.code).toBe(0);
    expect(current(dir).protocolEndComplete).toBe(true);
  });

  it("issue-14 Stop in analysis mode never demands a write the mode denies: no block, the user is told the mode switch", () => {
    const dir = repo();
    const h = hooksOf(dir);
    hook(h.SessionStart, { ...base(dir, "SessionStart"), source: "startup" }, dir);
    writeFileSync(join(dir, "scratch.md"), "# changed by the user\n");
    const r = hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(r.code).toBe(0);
    const msg = JSON.parse(r.stdout).systemMessage as string;
    expect(msg).toContain("analysis mode");
    expect(msg).toContain("agentcheck session mode coding");
  });

  it("issue-14 Stop in planning mode names the mode switch before any edit it asks for", () => {
    const dir = repo();
    const h = hooksOf(dir);
    hook(h.SessionStart, { ...base(dir, "SessionStart"), source: "startup" }, dir);
    expect(runCli(["session", "mode", "planning"], { cwd: dir }).code).toBe(0);
    writeFileSync(join(dir, "notes.md"), "# plan\n");
    const r = hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/planning mode, where file edits are denied: first switch with `agentcheck session mode coding`/);
  });

  it("issue-14 hooks.stop warn never blocks, off is silent; hooks.sessionStartMode sets the start mode", () => {
    const dir = repo();
    writeFileSync(join(dir, "agentcheck.config.jsonc"), '{ "hooks": { "stop": "warn", "sessionStartMode": "coding" } }\n');
    const h = hooksOf(dir);
    const st = hook(h.SessionStart, { ...base(dir, "SessionStart"), source: "startup" }, dir);
    expect(st.stdout).toContain("started in coding mode");
    expect(current(dir).currentMode).toBe("coding");
    writeFileSync(join(dir, "x.md"), "# x\n");
    const warn = hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(warn.code).toBe(0);
    expect(JSON.parse(warn.stdout).systemMessage).toContain("session end protocol not met");
    writeFileSync(join(dir, "agentcheck.config.jsonc"), '{ "hooks": { "stop": "off" } }\n');
    expect(hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir)).toMatchObject({ code: 0, stdout: "" });
    // SessionEnd warns (stderr) and never blocks
    const end = hook(h.SessionEnd, { ...base(dir, "SessionEnd"), reason: "other" }, dir);
    expect(end.code).toBe(0);
    expect(end.stderr).toContain("ended without meeting the end protocol");
    expect(current(dir).protocolEndComplete).toBe(false);
  });

  it("issue-14 Stop: an unreadable session state is told to the user, never an exit 2 that blocks the agent (review)", () => {
    const dir = repo();
    writeFileSync(join(dir, "agentcheck.config.jsonc"), '{ "hooks": { "stop": "warn", "sessionStartMode": "coding" } }\n');
    const h = hooksOf(dir);
    hook(h.SessionStart, { ...base(dir, "SessionStart"), source: "startup" }, dir);
    const s = openSessionStore({ cwd: dir });
    writeFileSync(join(s.root, "sessions", `session-${s.resolveId()}.md`), "garbage\n");
    writeFileSync(join(dir, "x.md"), "# x\n");
    for (const policy of ["warn", "block"]) {
      writeFileSync(join(dir, "agentcheck.config.jsonc"), `{ "hooks": { "stop": "${policy}" } }\n`);
      const r = hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
      expect(r.code, `${policy}: ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout).systemMessage).toMatch(/session end could not be checked/);
    }
  });

  it("issue-14 Stop: a session started in a repository without commits has changed something once a commit exists (review)", () => {
    const dir = makeRepo();
    writeFileSync(join(dir, ".gitignore"), ".agent-notes/\n");
    const h = hooksOf(dir);
    hook(h.SessionStart, { ...base(dir, "SessionStart"), source: "startup" }, dir);
    expect(current(dir).protocolStartEvidence.startingCommit).toBe("");
    runCli(["session", "mode", "coding"], { cwd: dir });
    writeFileSync(join(dir, "x.md"), "# x\n");
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "x");
    const r = hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Session end is not complete");
  });

  it("issue-14 AGENTCHECK_CUTOFF reaches the Stop and SessionEnd hooks: a log before the cutoff is not checked, so the end is never recorded as met", () => {
    const dir = repo();
    const h = hooksOf(dir);
    hook(h.SessionStart, { ...base(dir, "SessionStart"), source: "startup" }, dir);
    expect(runCli(["session", "mode", "coding"], { cwd: dir }).code).toBe(0);
    const s0 = current(dir);
    writeTree(dir, { "docs/guide.md": "# Guide\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "docs: guide");
    const work = git(dir, "rev-parse", "HEAD");
    writeTree(dir, { [`.agents/sessions/${s0.sessionId}.json`]: completeJsonLog({ n: 1, date: s0.sessionId.slice(0, 10), branch: "feat/guide", startingCommit: s0.protocolStartEvidence.startingCommit, endingCommit: work, memory: "parser-notes" }) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "session log");
    const withEnv = (cmd: string) => `AGENTCHECK_CUTOFF=2999-01-01 ${cmd}`;
    // the cutoff makes the (otherwise complete) log historical: Stop blocks, naming why
    const stop = hook(withEnv(h.Stop), { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(stop.code).toBe(2);
    expect(stop.stderr).toContain("was not checked");
    expect(current(dir).protocolEndComplete).toBe(false);
    const end = hook(withEnv(h.SessionEnd), { ...base(dir, "SessionEnd"), reason: "other" }, dir);
    expect(end.code).toBe(0);
    expect(end.stderr).toContain("was not checked");
    expect(current(dir).protocolEndComplete).toBe(false);
    // a bad value is one clear error, never silently ignored
    const bad = hook(`AGENTCHECK_CUTOFF=yesterday ${h.Stop}`, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(bad.code).toBe(0);
    expect(JSON.parse(bad.stdout).systemMessage).toContain("AGENTCHECK_CUTOFF must be a date");
    // without the cutoff the same log validates and the end is recorded
    const ok = hook(h.Stop, { ...base(dir, "Stop"), stop_hook_active: false }, dir);
    expect(ok.code, ok.stderr).toBe(0);
    expect(current(dir).protocolEndComplete).toBe(true);
  });
});
