// Issue 40 items 4 and 5 in the gate's decision table (pure): the start protocol's own steps (Serena's
// memory listing and reading) are allowed in every mode and state; a shell command by which the agent
// would grant its own approval is denied while the session is gated.
import { describe, it, expect } from "vitest";
import { decide, isSelfApproval, isStartStepCommand, isStartStepTool, isStartStepWrite } from "../../dist/state/gate.js";

const policy = { enabled: true, readOnlyExtra: [], requireProtocolStart: true };
const state = (mode: string, protocolStartComplete = false) => ({ ok: true as const, mode, protocolStartComplete });

describe("issue-40 gate: start steps and self-approval", () => {
  it("issue-40 item 4: mcp__serena__list_memories / read_memory are allowed in analysis, before the start protocol, with no state", () => {
    for (const tool of ["mcp__serena__list_memories", "mcp__serena__read_memory", "mcp__plugin_serena_serena__read_memory", "mcp__serena__activate_project"]) {
      expect(isStartStepTool(tool)).toBe(true);
      expect(decide(tool, state("analysis"), policy)).toEqual({ allow: true });
      expect(decide(tool, { ok: false, reason: "no-session", detail: "none" }, policy)).toEqual({ allow: true });
      expect(decide(tool, state("planning"), { ...policy, phases: true })).toEqual({ allow: true });
    }
  });

  it("issue-40 item 4: Serena's writing tools and look-alikes stay gated", () => {
    for (const tool of ["mcp__serena__write_memory", "mcp__serena__delete_memory", "mcp__other__read_memory", "mcp__serena__read_memoryX"]) {
      expect(isStartStepTool(tool)).toBe(false);
      expect(decide(tool, state("analysis", true), policy).allow).toBe(false);
    }
  });

  it("issue-40 item 5: in planning, Bash `agentcheck session approve|deny` or agentcheck without CLAUDECODE is denied; other shell commands pass", () => {
    const bash = (command: string, mode = "planning") => decide("Bash", state(mode, true), policy, undefined, command);
    for (const c of ["agentcheck session approve 20261201-100000-abcdef", "npx agentcheck session deny x", "node bin/agentcheck.js session --pretty approve x",
      "env -u CLAUDECODE agentcheck session mode coding", "CLAUDECODE= npx agentcheck session mode coding"]) {
      expect(isSelfApproval(c)).toBe(true);
      const d = bash(c);
      expect(d.allow).toBe(false);
      expect((d as { reason: string }).reason).toContain("granted by a person");
    }
    expect(bash("agentcheck session mode coding")).toEqual({ allow: true }); // becomes a pending approval in the CLI
    expect(bash("git status && agentcheck session approvals")).toEqual({ allow: true });
    expect(bash("agentcheck session approve x", "coding")).toEqual({ allow: true }); // nothing left to lift
  });
  it("issue-40 item 4: the protocol-start deny names the start steps and the PostToolUse evidence, not a command that asserts it", () => {
    const d = decide("Edit", state("coding", false), policy);
    expect(d.allow).toBe(false);
    expect((d as { reason: string }).reason).toContain("PostToolUse hook records each as evidence");
    expect((d as { reason: string }).reason).not.toContain("session protocol-start");
    expect(decide("Edit", state("coding", true), policy)).toEqual({ allow: true });
  });

  it("issue-40 item 1: under the protocol-start block the start steps' own shell commands pass (listing, git questions, read-only validators, record-step); anything chained or writing does not", () => {
    const bash = (command: string) => decide("Bash", state("coding", false), policy, undefined, command);
    for (const c of ["ls .claude/skills/github/scripts/", "ls -la .claude/skills", "git status", "git branch --show-current", "git rev-parse --abbrev-ref HEAD",
      "git log --oneline -5", "agentcheck check", "npx agentcheck session-log .agents/sessions/x.json", "node bin/agentcheck.js memory-index",
      "/r/node_modules/.bin/agentcheck check --staged", "agentcheck session record-step step10 --note \"asked the user\""]) {
      expect(isStartStepCommand(c), c).toBe(true);
      expect(bash(c), c).toEqual({ allow: true });
    }
    for (const c of ["ls; rm -rf x", "ls && touch a", "ls > out", "ls $(rm x)", "ls `rm x`", "git branch new-feature", "git branch -D main", "git checkout -b x",
      "git log --output=x", "agentcheck check -o report.txt", "agentcheck check --output-file=r", "agentcheck pre-pr", "agentcheck session mode coding",
      "agentcheck session end", "npx other check", "node -e 1", "rm -rf .", "tree -o out", "find . -delete", "cat x | sh"]) {
      expect(isStartStepCommand(c), c).toBe(false);
      const d = bash(c);
      expect(d.allow, c).toBe(false);
      expect((d as { reason: string }).reason).toContain("start protocol is incomplete");
    }
  });

  it("issue-40 item 1: writing the session log (a .json or .md file directly in the sessions folder) passes the protocol-start block; nothing else written does", () => {
    expect(isStartStepWrite("Write", ".agents/sessions/2026-12-01-session-01.json", ".agents/sessions")).toBe(true);
    expect(isStartStepWrite("Write", "logs/s.md", "logs/")).toBe(true);
    for (const [tool, rel] of [["Edit", ".agents/sessions/a.json"], ["Write", ".agents/sessions/sub/a.json"], ["Write", ".agents/sessions/a.sh"],
      ["Write", ".agents/sessions/../../x.json"], ["Write", "src/a.json"], ["Write", ""]]) {
      expect(isStartStepWrite(tool, rel, ".agents/sessions"), `${tool} ${rel}`).toBe(false);
    }
    expect(decide("Write", state("coding", false), policy, undefined, undefined, ".agents/sessions/x.json")).toEqual({ allow: true });
    expect(decide("Write", state("coding", false), policy, undefined, undefined, "src/x.ts").allow).toBe(false);
    // the mode still holds: analysis writes nothing, start step or not
    expect(decide("Write", state("analysis", false), policy, undefined, undefined, ".agents/sessions/x.json").allow).toBe(false);
    expect(decide("Bash", state("analysis", false), policy, undefined, "ls").allow).toBe(false);
  });
});
