// Issue 40 items 4 and 5 in the gate's decision table (pure): the start protocol's own steps (Serena's
// memory listing and reading) are allowed in every mode and state; a shell command by which the agent
// would grant its own approval is denied while the session is gated.
import { describe, it, expect } from "vitest";
import { decide, isSelfApproval, isStartStepTool } from "../../dist/state/gate.js";

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
});
