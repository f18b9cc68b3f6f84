// Session end, the SessionStart and Stop hooks, in real git repositories with real session state.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, git, makeRepo, runCli, writeTree } from "../helpers.js";
import { completeJsonLog } from "./fixtures.js";
import { recordSessionStart } from "../../dist/commands/session-start.js";
import { openSessionStore } from "../../dist/state/ops.js";

const BINCMD = `'${process.execPath}' '${BIN}'`;
const NOW = "2026-01-05T10:00:00.000Z";
const ID = "2026-01-05-session-01";

function hook(command: string, input: unknown, cwd: string) {
  const r = spawnSync("sh", ["-c", command], {
    cwd,
    input: JSON.stringify(input),
    encoding: "utf8",
    env: { ...process.env, CLAUDE_PROJECT_DIR: cwd, NO_COLOR: "1" },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function hooksConfig(dir: string): any {
  return JSON.parse(runCli(["hooks", "claude", "--bin", BINCMD], { cwd: dir }).stdout).hooks;
}

function state(dir: string) {
  const s = openSessionStore({ cwd: dir });
  return s.getSync(s.resolveId());
}

/** A repository on a feature branch with a started session (start evidence recorded). */
async function startedRepo() {
  const dir = makeRepo({ "README.md": "# Project\n", ".serena/memories/parser-notes.md": "# Parser notes\n\nNotes.\n", ".gitignore": ".agent-notes/\n" });
  git(dir, "checkout", "-q", "-b", "feat/guide");
  const start = git(dir, "rev-parse", "HEAD");
  const r = await recordSessionStart({ cwd: dir, now: NOW });
  expect(r.state.sessionId).toBe(ID);
  return { dir, start };
}

/** Do the work and write a complete, committed log. */
function finishWork(dir: string, start: string) {
  writeTree(dir, { "docs/guide.md": "# Guide\n\nHow the parser works.\n" });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "docs: guide");
  const work = git(dir, "rev-parse", "HEAD");
  writeTree(dir, { [`.agents/sessions/${ID}.json`]: completeJsonLog({ n: 1, date: "2026-01-05", branch: "feat/guide", startingCommit: start, endingCommit: work, memory: "parser-notes" }) });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "session log");
}

describe("session end", () => {
  it("SE-01 no session: exit 3, nothing created", () => {
    const dir = makeRepo({ "README.md": "# P\n" });
    const r = runCli(["session", "end"], { cwd: dir });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("no session to end");
    expect(existsSync(join(dir, ".agent-notes"))).toBe(false);
  });

  it("SE-02 missing log and no commits: lists what is missing and changes nothing", async () => {
    const { dir } = await startedRepo();
    const before = state(dir);
    const r = runCli(["session", "end", "--now", NOW], { cwd: dir });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.ok).toBe(false);
    expect(doc.missing.join("\n")).toContain(`no session log for session ${ID}`);
    // the commit check is the core's SP-040 (no commit since the Starting Commit)
    expect(doc.missing.some((m: string) => m.startsWith("SP-040 "))).toBe(true);
    const after = state(dir);
    expect(after.version).toBe(before.version);
    expect(after.protocolEndComplete).toBe(false);
    expect(after.protocolEndEvidence).toEqual({});
  });

  it("SE-03 a log that fails validation and uncommitted files (SP-039) are all reported; markdown lint (SP-043, dropped) is not", async () => {
    const { dir } = await startedRepo();
    writeTree(dir, { [`.agents/sessions/${ID}.json`]: "", "docs/bad.md": "#No space\n\n\n\ntext  \n" });
    const r = runCli(["session", "end", "--now", NOW], { cwd: dir });
    expect(r.code).toBe(1);
    const text = JSON.parse(r.stdout).missing.join("\n");
    expect(text).toContain(`session log .agents/sessions/${ID}.json does not validate`);
    expect(text).toContain("AC-001");
    expect(text).not.toContain("markdown lint");
    expect(text).not.toContain("docs/bad.md");
    expect(JSON.parse(r.stdout).missing.some((m: string) => m.startsWith("SP-039 "))).toBe(true);
    expect(state(dir).protocolEndComplete).toBe(false);
  });

  it("SE-04 all checks pass: protocolEndEvidence and protocolEndComplete are recorded", async () => {
    const { dir, start } = await startedRepo();
    finishWork(dir, start);
    const r = runCli(["session", "end", "--now", NOW], { cwd: dir });
    expect(r.stderr).toContain("end recorded");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const s = state(dir);
    expect(s.protocolEndComplete).toBe(true);
    expect(s.protocolEndEvidence.sessionLogValidated).toBe(`.agents/sessions/${ID}.json`);
    expect(s.protocolEndEvidence.changesCommitted).toBe(git(dir, "rev-parse", "HEAD"));
    expect(s.protocolEndEvidence.markdownLintPassed).toBeUndefined();
    // a second run finds it complete and writes nothing
    const v = s.version;
    expect(runCli(["session", "end"], { cwd: dir }).code).toBe(0);
    expect(state(dir).version).toBe(v);
  });
});

describe("Claude Code SessionStart and Stop hooks", () => {
  it("CC-20 SessionStart creates the session and records branch, starting commit and log path", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".gitignore": ".agent-notes/\n" });
    git(dir, "checkout", "-q", "-b", "feat/x");
    const h = hooksConfig(dir);
    const r = hook(h.SessionStart[0].hooks[0].command, { session_id: "s", transcript_path: "/tmp/t", cwd: dir, hook_event_name: "SessionStart", source: "startup", model: "claude", extra: { future: true } }, dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("started in analysis mode");
    const s = state(dir);
    expect(s.protocolStartComplete).toBe(true);
    expect(s.protocolStartEvidence.gitBranch).toBe("feat/x");
    expect(s.protocolStartEvidence.startingCommit).toBe(git(dir, "rev-parse", "HEAD"));
    expect(s.protocolStartEvidence.sessionLogPath).toBe(`.agents/sessions/${s.sessionId}.json`);
    // resume keeps the session
    const again = hook(h.SessionStart[0].hooks[0].command, { cwd: dir, hook_event_name: "SessionStart", source: "resume" }, dir);
    expect(again.stdout).toContain(`continuing session ${s.sessionId}`);
    expect(state(dir).sessionId).toBe(s.sessionId);
  });

  it("CC-21 Stop blocks an unfinished session that changed something with exit 2 and the reasons on stderr (stdout empty)", async () => {
    const { dir } = await startedRepo();
    await openSessionStore({ cwd: dir }).setMode(undefined, "coding");
    writeTree(dir, { "docs/new.md": "# New\n" });
    const h = hooksConfig(dir);
    const r = hook(h.Stop[0].hooks[0].command, { session_id: "s", cwd: dir, hook_event_name: "Stop", stop_hook_active: false, unknown_field: 1 }, dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("Session end is not complete");
    expect(r.stderr).toContain("no session log");
    expect(state(dir).protocolEndComplete).toBe(false);
  });

  it("CC-22 Stop with stop_hook_active: true never blocks, even when the session is unfinished", async () => {
    const { dir } = await startedRepo();
    writeTree(dir, { "docs/new.md": "# New\n" });
    const h = hooksConfig(dir);
    const r = hook(h.Stop[0].hooks[0].command, { session_id: "s", cwd: dir, hook_event_name: "Stop", stop_hook_active: true }, dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(state(dir).protocolEndComplete).toBe(false);
  });

  it("CC-23 Stop on a finished session passes and records the end", async () => {
    const { dir, start } = await startedRepo();
    finishWork(dir, start);
    const h = hooksConfig(dir);
    const r = hook(h.Stop[0].hooks[0].command, { cwd: dir, hook_event_name: "Stop", stop_hook_active: false }, dir);
    expect(r.code, r.stderr).toBe(0);
    expect(state(dir).protocolEndComplete).toBe(true);
  });

  it("CC-24 PreToolUse round trip through the configured gate command (extra fields ignored)", async () => {
    const { dir } = await startedRepo();
    const h = hooksConfig(dir);
    const base = { session_id: "s", transcript_path: "/tmp/t", cwd: dir, hook_event_name: "PreToolUse", permission_mode: "default", tool_use_id: "t1", brand_new_field: [1] };
    const edit = hook(h.PreToolUse[0].hooks[0].command, { ...base, tool_name: "Edit", tool_input: { file_path: "a", old_string: "x", new_string: "y" } }, dir);
    expect(edit.code).toBe(0);
    expect(JSON.parse(edit.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    const read = hook(h.PreToolUse[0].hooks[0].command, { ...base, tool_name: "Read", tool_input: { file_path: "a" } }, dir);
    expect(read.code).toBe(0);
    expect(read.stdout).toBe("");
  });

  it("CC-25 a gate launcher that cannot be found blocks (exit 2) instead of letting the tool run", () => {
    const dir = makeRepo({ "README.md": "# P\n" });
    const h = JSON.parse(runCli(["hooks", "claude", "--bin", "/nonexistent/agentcheck"], { cwd: dir }).stdout).hooks;
    const r = hook(h.PreToolUse[0].hooks[0].command, { cwd: dir, hook_event_name: "PreToolUse", tool_name: "Edit", tool_input: {} }, dir);
    expect(r.code).toBe(2);
  });

  it("SE-05 AGENTCHECK_CUTOFF after the log's date: the log is not checked, so the end is not recorded (as the session-end hook) (review)", async () => {
    const { dir, start } = await startedRepo();
    finishWork(dir, start);
    const r = runCli(["session", "end", "--now", NOW], { cwd: dir, env: { AGENTCHECK_CUTOFF: "2026-03-01" } });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).missing.join("\n")).toContain("was not checked");
    expect(state(dir).protocolEndComplete).toBe(false);
  });

  it("SE-06 the log's inline directives count for session end as for session-log (review)", async () => {
    const { dir } = await startedRepo();
    const log = `.agents/sessions/${ID}.md`;
    writeTree(dir, { [log]: "<!-- agentcheck-disable -->\n# Session 1\n\nnothing here\n" });
    expect(runCli(["session-log", log], { cwd: dir }).code).toBe(0);
    const r = runCli(["session", "end", "--now", NOW], { cwd: dir });
    expect(JSON.parse(r.stdout).missing.join("\n")).not.toContain("does not validate");
  });
});

