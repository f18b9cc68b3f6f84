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

  it("issue-40 item 2: the repository's own MUST start steps are what protocolStartComplete waits for; the gate lets the start steps through; a step no tool call shows is recorded and says so", () => {
    const protocol = [
      "# Session Protocol", "", "### Session Start (COMPLETE ALL before work)", "",
      "| Req | Step | Status | Evidence |", "|-----|------|--------|----------|",
      "| MUST | Initialize Serena: `mcp__serena__activate_project` | [ ] | Tool output present |",
      "| MUST | Read `.agents/HANDOFF.md` | [ ] | Content in context |",
      "| MUST | Create this session log | [ ] | This file exists |",
      "| MUST | Read memory-index, load task-relevant memories | [ ] | List memories loaded |",
      "| SHOULD | Verify git status | [ ] | Output documented below |",
      "| MUST | Confirm not on main/master | [ ] | On feature branch |",
      "| MUST | Ask the user which issue to take | [ ] | Issue named |",
      "",
    ].join("\n");
    const { dir, settings, runHook } = hookedRepo({
      "README.md": "# P\n",
      ".agents/HANDOFF.md": "# Hand-off\n",
      ".agents/SESSION-PROTOCOL.md": protocol,
      ".serena/memories/memory-index.md": "# Memory index\n",
      // the start block of the default preset, full; coding from the start so that only the block gates
      "agentcheck.config.json": JSON.stringify({ hooks: { sessionStartMode: "coding" } }) + "\n",
    }, "feat/own-protocol");
    const cmd = (ev: string) => settings.hooks[ev][0].hooks[0].command as string;
    const base = { session_id: "claude-2", cwd: dir };
    const post = (tool: string, tool_input: Record<string, unknown>) => runHook(cmd("PostToolUse"), { ...base, hook_event_name: "PostToolUse", tool_name: tool, tool_input, tool_response: {} });
    const pre = (tool: string, tool_input: Record<string, unknown>) => {
      const out = runHook(cmd("PreToolUse"), { ...base, hook_event_name: "PreToolUse", tool_name: tool, tool_input }).stdout.trim();
      return out === "" ? "allow" : (JSON.parse(out).hookSpecificOutput.permissionDecisionReason as string);
    };
    const state = () => JSON.parse(runCli(["session", "get-state"], { cwd: dir }).stdout);
    const start = runHook(cmd("SessionStart"), { ...base, hook_event_name: "SessionStart", source: "startup" });
    expect(start.code).toBe(0);
    const id = /session (\S+) started/.exec(start.stdout)![1];
    // the repository's steps, as written, and how the unobservable one is ticked
    expect(start.stdout).toContain("Initialize Serena: `mcp__serena__activate_project`");
    expect(start.stdout).toContain("Create this session log");
    expect(start.stdout).toContain("agentcheck session record-step step7");
    expect(start.stdout).not.toContain("list the skills"); // not the built-in list
    expect(JSON.parse(state().protocolStartEvidence.requiredStartSteps).map((x: { key: string }) => x.key)).toEqual(["step1", "step2", "step3", "step4", "step6", "step7"]);
    // before the start: an edit is denied; the start steps themselves are allowed
    expect(pre("Edit", { file_path: join(dir, "README.md") })).toContain("start protocol is incomplete");
    expect(pre("Bash", { command: "git branch --show-current" })).toBe("allow");
    expect(pre("Bash", { command: "git branch --show-current && rm -rf ." })).toContain("start protocol is incomplete");
    const log = join(dir, ".agents", "sessions", `${id}.json`);
    expect(pre("Write", { file_path: log, content: "{}" })).toBe("allow");
    expect(pre("mcp__serena__activate_project", {})).toBe("allow");
    // the agent does them; each tick is the observed call
    for (const [tool, input] of [
      ["mcp__serena__activate_project", {}],
      ["Read", { file_path: join(dir, ".agents", "HANDOFF.md") }],
      ["Write", { file_path: log, content: "{}" }],
      ["mcp__serena__read_memory", { memory_file_name: "memory-index" }],
      ["Bash", { command: "git branch --show-current" }],
    ] as const) expect(post(tool, input).code).toBe(0);
    let s = state();
    expect(s.protocolStartEvidence["observed.step1"]).toMatch(/mcp__serena__activate_project/);
    expect(s.protocolStartEvidence["observed.step3"]).toContain(`.agents/sessions/${id}.json`);
    expect(s.protocolStartEvidence["observed.step6"]).toContain("git branch --show-current");
    expect(s.protocolStartComplete).toBe(false); // step7 cannot be observed
    expect(pre("Edit", { file_path: join(dir, "README.md") })).toContain("start protocol is incomplete");
    // an observed step cannot be recorded by hand; the unobservable one can, and says so
    const refused = runCli(["session", "record-step", "step2", "--note", "read it"], { cwd: dir });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("the PostToolUse hook records it");
    expect(runCli(["session", "record-step", "step99"], { cwd: dir }).code).not.toBe(0);
    expect(pre("Bash", { command: "agentcheck session record-step step7 --note \"issue 12\"" })).toBe("allow");
    expect(runCli(["session", "record-step", "step7", "--note", "the user named issue 12"], { cwd: dir }).code).toBe(0);
    s = state();
    expect(s.protocolStartEvidence["observed.step7"]).toMatch(/record-step the user named issue 12 \(recorded, not observed\)$/);
    expect(s.protocolStartComplete).toBe(true);
    expect(s.protocolStartEvidence.startStepsObserved).toBe("step1,step2,step3,step4,step6,step7");
    expect(pre("Edit", { file_path: join(dir, "README.md") })).toBe("allow");
  });
});
