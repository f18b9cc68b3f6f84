// Issue 40 item 4: observed evidence. Which protocol step a tool call (PostToolUse hook input) is
// evidence of, which start steps a repository requires, and when protocolStartComplete is set.
import { describe, it, expect } from "vitest";
import {
  applyObservations, evidenceKey, missingStartSteps, observe, startStepsRequired,
} from "../../dist/state/observed.js";

const ROOT = "/repo";
const PATHS = { memories: ".serena/memories", skills: ".claude/skills", handoff: ".agents/HANDOFF.md", protocol: ".agents/SESSION-PROTOCOL.md" };
const steps = (tool: string, input: unknown) => observe(tool, input, ROOT, PATHS).map((o: { step: string }) => o.step);

describe("issue-40 item 4 observe(): a tool call is evidence of the steps it did", () => {
  it.each([
    ["mcp__serena__list_memories", {}, ["memories"]],
    ["mcp__serena__read_memory", { memory_file_name: "usage-mandatory" }, ["memories"]],
    ["mcp__plugin_serena_serena__read_memory", { memory_file_name: "x" }, ["memories"]],
    ["Read", { file_path: "/repo/.serena/memories/skills-index.md" }, ["memories"]],
    ["Read", { file_path: "/repo/.agents/HANDOFF.md" }, ["handoff"]],
    ["Read", { file_path: "/repo/.agents/SESSION-PROTOCOL.md" }, ["protocol"]],
    ["Glob", { pattern: "**/*", path: "/repo/.claude/skills" }, ["skills"]],
    ["Glob", { pattern: ".claude/skills/**/SKILL.md" }, ["skills"]],
    ["Bash", { command: "ls .claude/skills/github/scripts" }, ["skills"]],
    ["Bash", { command: "npx agentcheck check --staged" }, ["validator"]],
    ["Bash", { command: "\"$CLAUDE_PROJECT_DIR\"/node_modules/.bin/agentcheck session-log .agents/sessions/x.json" }, ["validator"]],
    ["Bash", { command: "python3 scripts/validation/pre_pr.py" }, ["validator"]],
  ])("%s %j -> %j", (tool, input, want) => {
    expect(steps(tool, input)).toEqual(want);
  });

  it.each([
    ["mcp__serena__write_memory", { memory_file_name: "x" }],
    ["mcp__other__read_memory", {}],
    ["Read", { file_path: "/repo/src/index.ts" }],
    ["Read", { file_path: "/elsewhere/.serena/memories/a.md" }],
    ["Edit", { file_path: "/repo/.agents/HANDOFF.md" }],
    ["Write", { file_path: "/repo/.serena/memories/a.md" }],
    ["Bash", { command: "cat .agents/HANDOFF.md && agentcheck session mode coding" }],
    ["Bash", { command: "echo agentcheck" }],
    ["Bash", {}],
    ["Read", null],
  ])("evidence of nothing: %s %j", (tool, input) => {
    expect(steps(tool, input)).toEqual([]);
  });

  it("the detail of a listing is its target, without the tool name (the evidence text adds the tool once)", () => {
    const [o] = observe("Glob", { pattern: "**/SKILL.md", path: "/repo/.claude/skills" }, ROOT, PATHS);
    expect(o.detail).toBe(".claude/skills/**/SKILL.md");
  });

  it("details name what was read, clipped to one line", () => {
    const [o] = observe("mcp__serena__read_memory", { memory_file_name: "a\nb" + "x".repeat(300) }, ROOT, PATHS);
    expect(o.detail).not.toContain("\n");
    expect(o.detail.length).toBeLessThanOrEqual(120);
  });
});

describe("issue-40 item 4 startStepsRequired(): the built-in protocol asks only for what the repository holds", () => {
  it("built-in: each step when its folder or file exists, in order", () => {
    expect(startStepsRequired(undefined, { memories: true, handoff: true, protocol: true, skills: true })).toEqual(["memories", "handoff", "protocol", "skills"]);
    expect(startStepsRequired(undefined, { memories: true, handoff: false, protocol: false, skills: false })).toEqual(["memories"]);
    expect(startStepsRequired(undefined, { memories: false, handoff: false, protocol: false, skills: false })).toEqual([]);
  });
  it("a protocol's own list wins (presets / SESSION-PROTOCOL.md feed it); the validator step is not a start step", () => {
    expect(startStepsRequired({ steps: ["handoff", "validator"] }, { memories: true, handoff: false, protocol: true, skills: true })).toEqual(["handoff"]);
    expect(startStepsRequired({ steps: [] }, { memories: true, handoff: true, protocol: true, skills: true })).toEqual([]);
  });
});

describe("issue-40 item 4 applyObservations(): protocolStartComplete only from evidence", () => {
  const fresh = () => ({ protocolStartComplete: false, protocolStartEvidence: { gitBranch: "main", startingCommit: "abc" } as Record<string, string> });
  it("git facts alone do not complete the start protocol when steps are required", () => {
    const d = fresh();
    expect(applyObservations(d, [], "SessionStart", ["memories", "handoff"], "2026-12-01T10:00:00.000Z")).toEqual({ changed: false, completed: false });
    expect(d.protocolStartComplete).toBe(false);
    expect(missingStartSteps(["memories", "handoff"], d.protocolStartEvidence)).toEqual(["memories", "handoff"]);
  });
  it("each step's first observation is kept; the last required one completes the protocol", () => {
    const d = fresh();
    const req = ["memories", "handoff"] as const;
    expect(applyObservations(d, [{ step: "memories", detail: "a" }], "mcp__serena__read_memory", req, "2026-12-01T10:00:01.000Z")).toEqual({ changed: true, completed: false });
    expect(applyObservations(d, [{ step: "memories", detail: "b" }], "mcp__serena__read_memory", req, "2026-12-01T10:00:02.000Z")).toEqual({ changed: false, completed: false });
    expect(d.protocolStartEvidence[evidenceKey("memories")]).toBe("2026-12-01T10:00:01.000Z mcp__serena__read_memory a");
    expect(applyObservations(d, [{ step: "handoff", detail: ".agents/HANDOFF.md" }], "Read", req, "2026-12-01T10:00:03.000Z")).toEqual({ changed: true, completed: true });
    expect(d.protocolStartComplete).toBe(true);
    expect(d.protocolStartEvidence.completedAt).toBe("2026-12-01T10:00:03.000Z");
    expect(d.protocolStartEvidence.startStepsObserved).toBe("memories,handoff");
  });
  it("nothing required: complete at once, and the evidence says so", () => {
    const d = fresh();
    expect(applyObservations(d, [], "SessionStart", [], "2026-12-01T10:00:00.000Z").completed).toBe(true);
    expect(d.protocolStartEvidence.startStepsObserved).toBe("(none required)");
  });
});

describe("issue-40 item 4 requiredStartSteps(): the protocol preset decides whether there are start demands", async () => {
  const { mkdirSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { tmpDir } = await import("../helpers.js");
  const { requiredStartSteps } = await import("../../dist/state/observe-hook.js");
  it("full: the built-in steps the repository holds; validate-if-present and off: none", () => {
    const root = tmpDir("start-steps-");
    mkdirSync(join(root, ".serena", "memories"), { recursive: true });
    mkdirSync(join(root, ".claude", "skills"), { recursive: true });
    const r = (preset: string) => ({ worktree: root, settings: { preset, readOnlyTools: [] } as never });
    expect(requiredStartSteps(r("full"))).toEqual(["memories", "skills"]);
    expect(requiredStartSteps(r("validate-if-present"))).toEqual([]);
    expect(requiredStartSteps(r("off"))).toEqual([]);
    expect(requiredStartSteps(r("full"), { steps: ["handoff"] })).toEqual(["handoff"]);
  });
});

describe("issue-40 item 2 observe() against the repository's own start steps (kinds from the core)", () => {
  const SPECS = [
    { key: "step1", kind: "tool", arg: "mcp__serena__activate_project", text: "Initialize Serena" },
    { key: "step2", kind: "read", arg: ".agents/HANDOFF.md", text: "Read `.agents/HANDOFF.md`" },
    { key: "step3", kind: "log", arg: "", text: "Create this session log" },
    { key: "step4", kind: "list", arg: ".claude/skills/github/scripts/", text: "List skill scripts" },
    { key: "step5", kind: "memory", arg: "usage-mandatory", text: "Read usage-mandatory memory" },
    { key: "step6", kind: "read", arg: "PROJECT-CONSTRAINTS.md", text: "Read PROJECT-CONSTRAINTS.md" },
    { key: "step9", kind: "git", arg: "", text: "Confirm not on main/master" },
    { key: "step10", kind: "record", arg: "", text: "Ask the user" },
  ] as const;
  const on = (tool: string, input: unknown) => observe(tool, input, ROOT, { ...PATHS, sessions: ".agents/sessions" }, SPECS as never).map((o: { step: string }) => o.step);
  it.each([
    ["mcp__plugin_serena_serena__activate_project", {}, ["step1"]],
    ["mcp__serena__initial_instructions", {}, []],
    ["mcp__other__activate_project", {}, []],
    ["Read", { file_path: "/repo/.agents/HANDOFF.md" }, ["step2"]],
    ["Write", { file_path: "/repo/.agents/sessions/2026-12-01-session-01.json", content: "{}" }, ["step3"]],
    ["Write", { file_path: "/repo/.agents/sessions/sub/x.json", content: "{}" }, []],
    ["Write", { file_path: "/repo/src/x.ts", content: "" }, []],
    ["Bash", { command: "ls .claude/skills/github/scripts/" }, ["step4"]],
    ["Glob", { pattern: "*.ps1", path: "/repo/.claude/skills/github/scripts" }, ["step4"]],
    ["Bash", { command: "ls .claude/skills" }, []],
    ["mcp__serena__read_memory", { memory_file_name: "usage-mandatory" }, ["step5"]],
    ["Read", { file_path: "/repo/.serena/memories/usage-mandatory.md" }, ["step5"]],
    ["mcp__serena__read_memory", { memory_file_name: "other" }, []],
    ["Read", { file_path: "/repo/.agents/governance/PROJECT-CONSTRAINTS.md" }, ["step6"]],
    ["Bash", { command: "git branch --show-current" }, ["step9"]],
    ["Bash", { command: "echo ask the user" }, []],
  ])("%s %j -> %j", (tool, input, want) => {
    expect(on(tool, input)).toEqual(want);
  });

  it("a record step is never observed; stepText tells how to record it", async () => {
    const { stepText } = await import("../../dist/state/observed.js");
    expect(stepText(SPECS[7] as never)).toContain("agentcheck session record-step step10");
    expect(stepText(SPECS[1] as never)).toBe("Read `.agents/HANDOFF.md`");
  });

  it("storedSpecs reads back what SessionStart fixed; anything malformed is no list (the built-in steps apply)", async () => {
    const { storedSpecs, REQUIRED_KEY } = await import("../../dist/state/observed.js");
    expect(storedSpecs({ [REQUIRED_KEY]: JSON.stringify(SPECS) })).toEqual(SPECS);
    expect(storedSpecs({ [REQUIRED_KEY]: "[{\"key\":1}]" })).toBeUndefined();
    expect(storedSpecs({ [REQUIRED_KEY]: "[{\"key\":\"a\",\"kind\":\"rm\",\"arg\":\"\",\"text\":\"\"}]" })).toBeUndefined();
    expect(storedSpecs({ [REQUIRED_KEY]: "not json" })).toBeUndefined();
    expect(storedSpecs({})).toBeUndefined();
  });
});
