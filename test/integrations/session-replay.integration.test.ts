// Issue 40 item 8: a Claude Code session replayed through the hooks exactly as `hooks claude --write`
// writes them into .claude/settings.local.json, each run through `sh -c` with Claude Code's stdin JSON
// (only when the settings file has a hook for the event, and its matcher matches, as Claude Code does),
// the MCP server driven by the SDK client in the same session, `git status` asserted after every step,
// and `check` at the end. Once per protocol preset (issue 40 item 3: full, validate-if-present, off).
// SessionStart → PreToolUse / PostToolUse (start steps, reads, denied shell/edit) → the agent's own mode
// change (a pending approval) → its self-approval (denied) → a person's approval → Edit → Stop →
// PreCompact → SessionStart compact → SessionEnd.
//
// AGENTCHECK_REPLAY_TRANSCRIPT=<dir> writes each preset's transcript (the gate's answers and `git
// status` after each step) to <dir>/replay-<preset>.txt: `node scripts/replay-transcript.mjs` prints them.
import { describe, it, expect } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, runCli } from "../helpers.js";
import { hookedRepo } from "./hooked-repo.js";
import { call, closedAfterEach, ok } from "../mcp/helpers.js";

const open = closedAfterEach();
const today = () => new Date().toISOString().slice(0, 10);

type Preset = "full" | "validate-if-present" | "off";

/** The repository's own start checklist (issue 40 item 2), upstream's wording: its MUST rows are the start steps under full. */
const PROTOCOL = [
  "# Session Protocol", "", "### Session Start (COMPLETE ALL before work)", "",
  "| Req | Step | Status | Evidence |", "|-----|------|--------|----------|",
  "| MUST | Initialize Serena: `mcp__serena__activate_project` | [ ] | Tool output present |",
  "| MUST | Read `.agents/HANDOFF.md` | [ ] | Content in context |",
  "| MUST | Read memory-index, load task-relevant memories | [ ] | List memories loaded |",
  "| MUST | Verify and declare current branch | [ ] | Branch documented below |",
  "",
].join("\n");

/** A repository shaped like upstream, with agentcheck's hooks installed and committed, and the preset configured. */
function setup(preset: Preset) {
  return hookedRepo({
    "README.md": "# P\n\nText.\n",
    ".agents/SESSION-PROTOCOL.md": PROTOCOL,
    ".agents/HANDOFF.md": "# Hand-off\n\nNothing pending.\n",
    "agentcheck.config.json": JSON.stringify({ protocol: { preset } }) + "\n",
    ".serena/memories/memory-index.md": "# Memory index\n\n| Keywords | File |\n|---|---|\n| git | [git-index](git-index.md) |\n",
    ".serena/memories/git-index.md": "# Git\n\n| Keywords | File |\n|---|---|\n| commit | [git-commit](git-commit.md) |\n",
    ".serena/memories/git-commit.md": "# Commit\n\nText.\n",
  }, "feat/replay");
}

/** The replay: hooks as the settings file says, the gate's answers, git status after each step, a transcript. */
function replayer(repo: ReturnType<typeof setup>, preset: Preset) {
  const { dir, settings, runHook } = repo;
  const lines: string[] = [`# replayed Claude Code session, protocol.preset ${preset}`];
  const base = { session_id: `replay-${preset}`, transcript_path: join(dir, "t.jsonl"), cwd: dir, permission_mode: "default" };
  const status = () => git(dir, "status", "--porcelain", "--untracked-files=all");
  /** The command of the first matcher group for `ev` whose matcher matches `on` (Claude Code's rule), else undefined. */
  const commandFor = (ev: string, on: string): string | undefined => {
    for (const m of (settings.hooks?.[ev] ?? []) as { matcher?: string; hooks: { command: string }[] }[]) {
      const mt = m.matcher ?? "";
      if (mt === "" || mt === "*" || new RegExp(`^(?:${mt})$`).test(on)) return m.hooks[0]?.command;
    }
    return undefined;
  };
  const hook = (ev: string, extra: Record<string, unknown>, on = "") => {
    const cmd = commandFor(ev, on);
    if (cmd === undefined) {
      lines.push(`${ev}${on ? ` (${on})` : ""}: no hook installed for it`);
      return { code: 0, stdout: "", stderr: "", ran: false };
    }
    return { ...runHook(cmd, { ...base, hook_event_name: ev, ...extra }), ran: true };
  };
  const step = (what: string, answer: string) => {
    const st = status();
    lines.push(`${what} -> ${answer}`, `  git status: ${st === "" ? "clean" : st.trim().split("\n").join("; ")}`);
  };
  const tool = (name: string, tool_input: Record<string, unknown>) => {
    const out = hook("PreToolUse", { tool_name: name, tool_input, tool_use_id: "t" }, name).stdout.trim();
    const decision = out === "" ? "allow" : JSON.parse(out).hookSpecificOutput.permissionDecision as string;
    step(`PreToolUse ${name}${tool_input.command ? ` \`${String(tool_input.command)}\`` : ""}`, decision);
    // the tool ran (or not): PostToolUse after an allowed call, when a hook for it is installed
    if (decision === "allow") hook("PostToolUse", { tool_name: name, tool_input, tool_response: {}, tool_use_id: "t" }, name);
    return decision;
  };
  const event = (ev: string, extra: Record<string, unknown>, on = "") => {
    const r = hook(ev, extra, on);
    if (r.ran) step(`${ev}${on ? ` (${on})` : ""}`, `exit ${r.code}${r.stdout.trim() ? `, stdout: ${r.stdout.trim().slice(0, 160)}` : ""}${r.stderr.trim() ? `, stderr: ${r.stderr.trim().split("\n")[0].slice(0, 160)}` : ""}`);
    return r;
  };
  const finish = () => {
    const out = process.env.AGENTCHECK_REPLAY_TRANSCRIPT;
    if (out) {
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, `replay-${preset}.txt`), lines.join("\n") + "\n");
    }
  };
  return { hook, tool, event, step, status, lines, finish };
}

const EDIT = (dir: string) => ({ file_path: join(dir, "README.md"), old_string: "Text", new_string: "More" });

describe("issue-40 replayed Claude Code session, per protocol preset", () => {
  // many hook processes per case on a 2-core machine shared with other runs
  const T = 300_000;
  it("issue-40 item 8 preset full: hooks as written + MCP server; one session id; the log is demanded; git status clean after each step", { timeout: T }, async () => {
    const repo = setup("full");
    const { dir } = repo;
    const r = replayer(repo, "full");
    expect(r.status()).toBe("");
    const start = r.event("SessionStart", { source: "startup" }, "startup");
    const id = /session (\S+) started/.exec(start.stdout)![1];
    expect(id).toBe(`${today()}-session-01`);
    expect(start.stdout).toContain(`Write the session log at .agents/sessions/${id}.json`);
    // the start steps are the repository's own (its SESSION-PROTOCOL.md), not the built-in list
    expect(start.stdout).toContain("Initialize Serena: `mcp__serena__activate_project`");
    expect(start.stdout).toContain("Verify and declare current branch");
    expect(r.status()).toBe("");
    const c = await open(dir);
    const s = await ok(c, "session_start", { objective: "replay" });
    expect(s.session_id).toBe(id);
    r.step("MCP session_start", `session ${s.session_id}, phase ${s.phase}`);
    const logGate = (await ok(c, "validate_gate", { phase: "SESSION_LOG" })).results[0];
    expect(logGate.status).toBe("FAIL"); // full: the log is required
    r.step("MCP validate_gate SESSION_LOG", `${logGate.status}: ${logGate.message}`);
    expect(r.status()).toBe("");
    expect(r.tool("mcp__serena__activate_project", {})).toBe("allow");
    expect(r.tool("mcp__serena__list_memories", {})).toBe("allow");
    expect(r.tool("mcp__serena__read_memory", { memory_file_name: "memory-index" })).toBe("allow");
    expect(r.tool("Read", { file_path: join(dir, ".agents", "HANDOFF.md") })).toBe("allow");
    expect(r.tool("Read", { file_path: join(dir, "README.md") })).toBe("allow");
    expect(r.tool("Bash", { command: "git status" })).toBe("deny"); // analysis: no shell, start step or not
    expect(r.tool("Edit", EDIT(dir))).toBe("deny");
    expect(r.status()).toBe("");
    const asked = runCli(["session", "mode", "coding"], { cwd: dir, env: { CLAUDECODE: "1" } });
    expect(asked.code).toBe(6);
    const approval = JSON.parse(asked.stdout).error.details.approval.id as string;
    r.step("agent runs `agentcheck session mode coding`", `exit ${asked.code}: pending approval ${approval}`);
    expect(r.tool("Bash", { command: `agentcheck session approve ${approval}` })).toBe("deny");
    expect(r.status()).toBe("");
    expect(runCli(["session", "approve", approval], { cwd: dir }).code).toBe(0);
    r.step(`the user runs \`agentcheck session approve ${approval}\``, "exit 0");
    // full: the protocol-start block is on by default; the branch step is still missing (it needs the
    // shell, which analysis did not allow): the Edit waits, the step itself passes, then the Edit does
    expect(JSON.parse(runCli(["session", "get-state"], { cwd: dir }).stdout).protocolStartComplete).toBe(false);
    expect(r.tool("Edit", EDIT(dir))).toBe("deny");
    expect(r.tool("Bash", { command: "git branch --show-current && touch x" })).toBe("deny");
    expect(r.tool("Bash", { command: "git branch --show-current" })).toBe("allow");
    const started = JSON.parse(runCli(["session", "get-state"], { cwd: dir }).stdout);
    expect(started.protocolStartComplete).toBe(true);
    expect(started.protocolStartEvidence.startStepsObserved).toBe("step1,step2,step3,step4");
    r.step("start protocol", `complete: ${started.protocolStartEvidence.startStepsObserved} observed`);
    expect(r.tool("Edit", EDIT(dir))).toBe("allow");
    expect(r.status()).toBe("");
    // the agent edits README.md: the session changed something, and full demands the log
    writeFileSync(join(dir, "README.md"), "# P\n\nMore.\n");
    r.step("the agent's Edit of README.md", "written");
    const stop = r.event("Stop", { stop_hook_active: false });
    expect(stop.code).toBe(2);
    expect(stop.stderr).toContain(`no session log for session ${id}`);
    expect(r.status()).toBe("M README.md"); // git() trims the porcelain line
    git(dir, "checkout", "--", "README.md");
    r.step("the user reverts README.md", "done");
    expect(r.event("Stop", { stop_hook_active: false }).code).toBe(0); // nothing changed: nothing to demand
    expect(r.status()).toBe("");
    r.event("PreCompact", { trigger: "auto", custom_instructions: "" }, "auto");
    expect(r.status()).toBe("");
    r.event("SessionStart", { source: "compact" }, "compact");
    expect(r.status()).toBe("");
    const end = r.event("SessionEnd", { reason: "prompt_input_exit" });
    expect(end.code).toBe(0);
    expect(end.stderr).toContain("ended without meeting the end protocol");
    expect(r.status()).toBe("");
    const chk = runCli(["check", "--format", "json"], { cwd: dir });
    r.step("agentcheck check", `exit ${chk.code}`);
    expect(chk.stdout).not.toContain("session-current-state");
    expect(chk.stdout).not.toContain("git status is not clean");
    expect(JSON.parse(runCli(["session", "current"], { cwd: dir }).stdout).sessionId).toBe(id);
    r.finish();
  });

  it("issue-40 item 8 preset validate-if-present: no log demanded; Stop never blocks for a missing log; SESSION_LOG skipped", { timeout: T }, async () => {
    const repo = setup("validate-if-present");
    const { dir } = repo;
    const r = replayer(repo, "validate-if-present");
    const start = r.event("SessionStart", { source: "startup" }, "startup");
    const id = /session (\S+) started/.exec(start.stdout)![1];
    expect(id).toBe(`${today()}-session-01`);
    expect(start.stdout).toContain("a session log is optional");
    expect(start.stdout).not.toContain("Write the session log");
    expect(r.status()).toBe("");
    const c = await open(dir);
    expect((await ok(c, "session_start", { objective: "replay" })).session_id).toBe(id);
    const logGate = (await ok(c, "validate_gate", { phase: "SESSION_LOG" })).results[0];
    expect(logGate.status).toBe("SKIPPED");
    r.step("MCP validate_gate SESSION_LOG", `${logGate.status}: ${logGate.message}`);
    expect(r.status()).toBe("");
    expect(r.tool("mcp__serena__list_memories", {})).toBe("allow");
    expect(r.tool("Read", { file_path: join(dir, "README.md") })).toBe("allow");
    expect(r.tool("Edit", EDIT(dir))).toBe("deny"); // the modes still hold: analysis is read-only
    const asked = runCli(["session", "mode", "coding"], { cwd: dir, env: { CLAUDECODE: "1" } });
    expect(asked.code).toBe(6);
    const approval = JSON.parse(asked.stdout).error.details.approval.id as string;
    r.step("agent runs `agentcheck session mode coding`", `exit ${asked.code}: pending approval ${approval}`);
    expect(runCli(["session", "approve", approval], { cwd: dir }).code).toBe(0);
    r.step(`the user runs \`agentcheck session approve ${approval}\``, "exit 0");
    expect(r.tool("Edit", EDIT(dir))).toBe("allow"); // no protocol-start block under validate-if-present
    writeFileSync(join(dir, "README.md"), "# P\n\nMore.\n");
    r.step("the agent's Edit of README.md", "written");
    const stop = r.event("Stop", { stop_hook_active: false });
    expect(stop.code).toBe(0); // changed, no log, nothing committed: no demand under validate-if-present
    expect(stop.stderr).not.toContain("session log");
    // nothing was missing: Stop recorded the end (validate-if-present demands neither a log nor commits)
    expect(runCli(["session", "get-state"], { cwd: dir }).stdout).toMatch(/"protocolEndComplete":\s*true/);
    expect(r.status()).toBe("M README.md"); // git() trims the porcelain line
    git(dir, "commit", "-qam", "docs: more");
    r.step("the user commits README.md", "done");
    expect(r.status()).toBe("");
    r.event("PreCompact", { trigger: "auto", custom_instructions: "" }, "auto");
    r.event("SessionStart", { source: "compact" }, "compact");
    expect(r.status()).toBe("");
    const end = r.event("SessionEnd", { reason: "prompt_input_exit" });
    expect(end.code).toBe(0);
    expect(end.stderr).toBe(""); // already recorded by Stop: nothing to add
    expect(r.status()).toBe("");
    const chk = runCli(["check", "--format", "json"], { cwd: dir });
    r.step("agentcheck check", `exit ${chk.code}`);
    expect(chk.stdout).not.toContain("session-current-state");
    r.finish();
  });

  it("issue-40 item 8 preset off: no session, the gate allows everything, the MCP protocol tools refuse, validators still run", { timeout: T }, async () => {
    const repo = setup("off");
    const { dir } = repo;
    const r = replayer(repo, "off");
    const start = r.event("SessionStart", { source: "startup" }, "startup");
    expect(start.code).toBe(0);
    expect(start.stdout).toBe("");
    expect(r.status()).toBe("");
    const c = await open(dir);
    const refused = await call(c, "session_start", { objective: "replay" });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("PROTOCOL_OFF");
    r.step("MCP session_start", refused.text.split(":")[0]);
    expect(r.tool("Bash", { command: "git status" })).toBe("allow");
    expect(r.tool("Edit", EDIT(dir))).toBe("allow");
    writeFileSync(join(dir, "README.md"), "# P\n\nMore.\n");
    r.step("the agent's Edit of README.md", "written");
    expect(r.event("Stop", { stop_hook_active: false }).code).toBe(0);
    expect(r.status()).toBe("M README.md"); // git() trims the porcelain line
    git(dir, "commit", "-qam", "docs: more");
    r.step("the user commits README.md", "done");
    r.event("PreCompact", { trigger: "auto", custom_instructions: "" }, "auto");
    r.event("SessionStart", { source: "compact" }, "compact");
    const end = r.event("SessionEnd", { reason: "prompt_input_exit" });
    expect(end.code).toBe(0);
    expect(end.stderr).toBe("");
    expect(r.status()).toBe("");
    const chk = runCli(["check", "--format", "json"], { cwd: dir });
    r.step("agentcheck check", `exit ${chk.code}`);
    expect(JSON.parse(chk.stdout).results.length).toBeGreaterThan(0); // the validators ran on demand
    r.finish();
  });
});
