// Issue 40 items 4 and 6, end to end: the hooks exactly as `hooks claude --write` writes them into
// .claude/settings.local.json, each run through `sh -c` with the JSON stdin Claude Code sends.
// SessionStart no longer completes the start protocol from git facts; PostToolUse records what the
// agent did (observed evidence) and completes it when every required start step has evidence;
// PreCompact saves the session's .aibrain checkpoint; SessionStart `compact` restores the resume
// text. `git status` stays clean after every step and `check` finds nothing of agentcheck's own.
import { describe, it, expect } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { git, runCli } from "../helpers.js";
import { BINCMD, hookedRepo } from "./hooked-repo.js";

function setup() {
  const { dir, settings, runHook } = hookedRepo({
    "README.md": "# P\n\nText.\n",
    ".agents/HANDOFF.md": "# Hand-off\n\n## Next Steps\n\n- finish the parser\n",
    ".serena/memories/memory-index.md": "# Memory index\n\n| Keywords | File |\n|---|---|\n| git | [git-commit](git-commit.md) |\n",
    ".serena/memories/git-commit.md": "# Commit\n\nText.\n",
  }, "feat/observed");
  const cmd = (ev: string) => settings.hooks[ev][0].hooks[0].command as string;
  const base = { session_id: "claude-1", transcript_path: join(dir, "t.jsonl"), cwd: dir, permission_mode: "default" };
  const hook = (ev: string, extra: Record<string, unknown>) => runHook(cmd(ev), { ...base, hook_event_name: ev, ...extra });
  const post = (tool: string, tool_input: Record<string, unknown>, tool_response: unknown = { success: true }) =>
    hook("PostToolUse", { tool_name: tool, tool_input, tool_response, tool_use_id: "t" });
  const state = () => JSON.parse(runCli(["session", "get-state"], { cwd: dir }).stdout);
  const clean = () => expect(git(dir, "status", "--porcelain", "--untracked-files=all")).toBe("");
  return { dir, settings, hook, post, state, clean };
}

describe("issue-40 observed evidence and continuity through the written hooks", () => {
  it("issue-40 item 4: PostToolUse evidence -> protocolStartComplete; SessionStart alone does not set it; git status clean after each step", () => {
    const { dir, settings, hook, post, state, clean } = setup();
    expect(settings.hooks.PostToolUse[0].matcher).toBe("*");
    expect(settings.hooks.SessionStart[0].matcher).toBe("startup|resume|compact");
    clean();
    const start = hook("SessionStart", { source: "startup" });
    expect(start.code).toBe(0);
    const id = /session (\S+) started/.exec(start.stdout)![1];
    expect(start.stdout).toContain("Start protocol");
    expect(start.stdout).toContain("read the hand-off file");
    let s = state();
    expect(s.sessionId).toBe(id);
    expect(s.protocolStartComplete).toBe(false); // git facts alone are not the start protocol
    expect(s.protocolStartEvidence.gitBranch).toBe("feat/observed");
    clean();
    // evidence of nothing: an edit, a plain shell command, a write to a memory
    for (const [tool, input] of [["Edit", { file_path: join(dir, "README.md") }], ["Bash", { command: "git status" }], ["mcp__serena__write_memory", { memory_file_name: "x" }]] as const) {
      expect(post(tool, input).code).toBe(0);
    }
    expect(state().version).toBe(s.version); // nothing written
    clean();
    expect(post("mcp__serena__read_memory", { memory_file_name: "memory-index" }, "# Memory index").code).toBe(0);
    s = state();
    expect(s.protocolStartEvidence["observed.memories"]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z mcp__serena__read_memory memory-index$/);
    expect(s.protocolStartComplete).toBe(false);
    clean();
    const done = post("Read", { file_path: join(dir, ".agents", "HANDOFF.md") }, { type: "text", file: { content: "# Hand-off" } });
    expect(done.code).toBe(0);
    expect(done.stderr).toContain("start protocol complete");
    s = state();
    expect(s.protocolStartComplete).toBe(true);
    expect(s.protocolStartEvidence["observed.handoff"]).toContain("Read .agents/HANDOFF.md");
    expect(s.protocolStartEvidence.startStepsObserved).toBe("memories,handoff");
    const v = s.version;
    expect(post("Read", { file_path: join(dir, ".agents", "HANDOFF.md") }).code).toBe(0);
    expect(post("Bash", { command: `${BINCMD} check` }).code).toBe(0);
    s = state();
    expect(s.protocolStartEvidence["observed.validator"]).toContain("check");
    expect(s.version).toBe(v + 1); // the hand-off read again wrote nothing; the validator run once
    clean();
    const chk = runCli(["check", "--format", "json"], { cwd: dir });
    expect(chk.stdout).not.toContain("git status is not clean");
    expect(chk.stdout).not.toContain("session-current-state");
  });

  it("issue-40 item 6: PreCompact saves the session's .aibrain checkpoint (live state); SessionStart compact restores the resume text", () => {
    const { dir, hook, post, state, clean } = setup();
    const id = /session (\S+) started/.exec(hook("SessionStart", { source: "startup" }).stdout)![1];
    expect(runCli(["session", "set-state", '{"feature":"parser","task":"finish the parser"}'], { cwd: dir }).code).toBe(0);
    post("mcp__serena__list_memories", {});
    clean();
    const pc = hook("PreCompact", { trigger: "auto", custom_instructions: "" });
    expect(pc.code).toBe(0);
    const file = join(dir, ".aibrain", `session-${id}.md`);
    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(runCli(["task", "load", id], { cwd: dir }).stdout);
    expect(saved).toMatchObject({ task_id: id, session_id: id, status: "in_progress", objective: "parser: finish the parser", compaction_trigger: "auto", iteration_count: 1 });
    expect(saved.session_state.sessionId).toBe(id);
    expect(saved.next_steps).toEqual(["start protocol: read the hand-off file (.agents/HANDOFF.md)"]);
    clean(); // .aibrain is live state: excluded once, at setup
    const back = hook("SessionStart", { source: "compact" });
    expect(back.code).toBe(0);
    expect(back.stdout).toContain(`continuing session ${id}`);
    expect(back.stdout).toContain(`# Resume task ${id}`);
    expect(back.stdout).toContain("parser: finish the parser");
    expect(back.stdout).toContain("read the hand-off file");
    expect(state().sessionId).toBe(id); // the same session, not a new one
    clean();
    expect(hook("PreCompact", { trigger: "manual" }).code).toBe(0);
    expect(JSON.parse(runCli(["task", "load", id], { cwd: dir }).stdout).iteration_count).toBe(2);
    const resumed = hook("SessionStart", { source: "resume" });
    expect(resumed.stdout).toContain(`# Resume task ${id}`);
    expect(hook("SessionEnd", { reason: "prompt_input_exit" }).code).toBe(0);
    clean();
    const chk = JSON.parse(runCli(["check", "--format", "json", "--verbose"], { cwd: dir }).stdout);
    const aibrain = chk.results.filter((r: { validator: string }) => r.validator === "aibrain");
    expect(aibrain.length).toBeGreaterThan(0);
    expect(aibrain.every((r: { findings: unknown[] }) => r.findings.length === 0)).toBe(true);
  });
});
