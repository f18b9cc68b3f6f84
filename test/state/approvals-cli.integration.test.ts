// Issue 40 item 5 through the real CLI and the real gate: in planning the agent runs
// `agentcheck session mode coding` through Bash (CLAUDECODE=1, as Claude Code's Bash tool sets it): the
// mode does not change, a pending approval does; the gate refuses `session approve` from the agent's
// shell; a person's `session approve <id>` grants it and applies the mode.
import { describe, it, expect } from "vitest";
import { makeRepo, runCli } from "../helpers.js";

const agent = { CLAUDECODE: "1" };
const gate = (dir: string, tool: string, input: Record<string, unknown>) => {
  const r = runCli(["session", "gate"], { cwd: dir, input: JSON.stringify({ hook_event_name: "PreToolUse", cwd: dir, tool_name: tool, tool_input: input }) });
  return r.stdout.trim() === "" ? "allow" : JSON.parse(r.stdout).hookSpecificOutput.permissionDecision;
};
const mode = (dir: string) => JSON.parse(runCli(["session", "get-state"], { cwd: dir }).stdout).currentMode;

describe("issue-40 approvals through the CLI", () => {
  it("issue-40 item 5: the agent cannot lift its own gate; a person's approve does", () => {
    const dir = makeRepo({ ".gitignore": ".agent-notes/\n" });
    expect(runCli(["session", "create", "--id", "2026-12-01-session-01", "--mode", "planning"], { cwd: dir }).code).toBe(0);
    // the agent's own mode change: exit 6, a pending approval, the mode unchanged
    const asked = runCli(["session", "mode", "coding"], { cwd: dir, env: agent });
    expect(asked.code).toBe(6);
    const err = JSON.parse(asked.stdout).error;
    expect(err.code).toBe("POLICY_VIOLATION");
    const id = err.details.approval.id as string;
    expect(err.message).toContain(`agentcheck session approve ${id}`);
    expect(mode(dir)).toBe("planning");
    // set-state with a mode is the same request (the same pending approval)
    const again = runCli(["session", "set-state", '{"mode":"coding"}'], { cwd: dir, env: agent });
    expect(JSON.parse(again.stdout).error.details.approval.id).toBe(id);
    // tightening needs nobody
    expect(JSON.parse(runCli(["session", "approvals"], { cwd: dir }).stdout).map((a: { id: string }) => a.id)).toEqual([id]);
    // the agent approving itself: the gate denies the shell command; the CLI refuses it too
    expect(gate(dir, "Bash", { command: `agentcheck session approve ${id}` })).toBe("deny");
    expect(runCli(["session", "approve", id], { cwd: dir, env: agent }).code).toBe(6);
    expect(mode(dir)).toBe("planning");
    // the person grants it: the mode is applied
    const granted = runCli(["session", "approve", id, "--by", "person:alice"], { cwd: dir });
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout).approval).toMatchObject({ status: "granted", resolvedBy: "person:alice" });
    expect(mode(dir)).toBe("coding");
    expect(JSON.parse(runCli(["session", "approvals"], { cwd: dir }).stdout)).toEqual([]);
    // from coding, the agent may tighten the gate without approval
    expect(runCli(["session", "mode", "analysis"], { cwd: dir, env: agent }).code).toBe(0);
    expect(mode(dir)).toBe("analysis");
  });

  it("issue-40 item 5: a denied approval leaves the mode; a person's own mode change is direct", () => {
    const dir = makeRepo({ ".gitignore": ".agent-notes/\n" });
    runCli(["session", "create", "--mode", "analysis"], { cwd: dir });
    const id = JSON.parse(runCli(["session", "mode", "planning"], { cwd: dir, env: agent }).stdout).error.details.approval.id;
    expect(runCli(["session", "deny", id], { cwd: dir }).code).toBe(0);
    expect(mode(dir)).toBe("analysis");
    expect(runCli(["session", "approve", id], { cwd: dir }).code).toBe(7); // CONFLICT: already denied
    expect(runCli(["session", "mode", "coding"], { cwd: dir }).code).toBe(0);
    expect(mode(dir)).toBe("coding");
  });
});
