// `agentcheck state show`: one view of every session-state format, on real workspaces written by the real
// writers where agentcheck has them (session create / task save), per spec where another issue owns the writer.
import { describe, it, expect } from "vitest";
import { mkdirSync, writeFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { makeRepo, runCli, writeTree } from "../helpers.js";

const ENV = { AGENTCHECK_NOTES_DIR: undefined };

const PROTOCOL_STATE = `# Session State

## Metadata

- **Session ID**: 2025-12-21-session-01
- **Objective**: port the validators
- **Branch**: feat/x
- **Starting Commit**: e846d7e
- **Started At**: 2025-12-21T14:30:00Z
- **Current Phase**: BLOCKED

## Phase Status

| Phase | Status | Evidence |
|-------|--------|----------|
| SERENA_INIT | COMPLETE | Tool output in transcript |
| SKILL_VALIDATION | FAIL | skills folder missing |

## Checklist (Start)

| Req | Step | Status | Evidence |
|-----|------|--------|----------|
| MUST | Read .agents/HANDOFF.md | [x] | Content in context |
`;

const manifest = (over: Record<string, unknown> = {}) => JSON.stringify({
  session_id: "2026-02-14_feature-dark-mode_a1b2c3", topic: "Dark mode", description: "d", session_type: "full",
  created_at: "2026-02-14T10:00:00Z", updated_at: "2026-02-14T12:00:00Z", current_phase: "build", status: "active",
  phase_history: { spec_started_at: "2026-02-14T10:00:00Z", spec_completed_at: "2026-02-14T10:30:00Z", plan_started_at: "2026-02-14T10:30:00Z", plan_completed_at: "2026-02-14T11:00:00Z", build_started_at: "2026-02-14T11:00:00Z", build_completed_at: null, docs_started_at: null, docs_completed_at: null },
  build_progress: { checkpoints_total: 3, checkpoints_completed: [1], current_checkpoint: 2 },
  git: { branch: "feat/dark", worktree: null, base_branch: "main" }, commits: [],
  artifacts: { spec: "spec.md", plan: "plan.json", plan_readable: "plan.md" }, ...over,
}, null, 2);

function allFour(): string {
  const repo = makeRepo({ "README.md": "# x\n" });
  expect(runCli(["session", "create", "--id", "s-1"], { cwd: repo, env: ENV }).code).toBe(0);
  expect(runCli(["session", "mode", "coding"], { cwd: repo, env: ENV }).code).toBe(0);
  writeTree(repo, { ".serena/memories/session-current-state.md": PROTOCOL_STATE });
  // the manifest through its own writer (agentcheck manifest …)
  const M = "2026-02-14_feature-dark-mode_a1b2c3";
  for (const args of [["create", "--topic", "Dark mode", "--id", M, "--checkpoints", "3"], ["phase", M, "plan"], ["phase", M, "build"], ["checkpoint", M, "start", "1"], ["checkpoint", M, "complete", "1"]]) {
    const r = runCli(["manifest", ...args], { cwd: repo });
    expect(r.code, r.stderr).toBe(0);
  }
  utimesSync(join(repo, ".serena/memories/session-current-state.md"), new Date("2025-12-21T15:00:00Z"), new Date("2025-12-21T15:00:00Z"));
  expect(runCli(["task", "save", "TASK-9", "--iteration", "4", "--phase", "feature_build", "--status", "blocked", "--data", '{"blockers":["needs the API key"]}'], { cwd: repo }).code).toBe(0);
  expect(runCli(["task", "save", "TASK-1", "--iteration", "9", "--phase", "done", "--status", "completed"], { cwd: repo }).code).toBe(0);
  expect(runCli(["task", "archive", "TASK-1"], { cwd: repo }).code).toBe(0);
  return repo;
}

describe("state show", () => {
  it("a workspace with all four formats: one normalised view, each item naming its file (json and text)", () => {
    const repo = allFour();
    const r = runCli(["state", "show", "--format", "json"], { cwd: repo, env: ENV });
    expect(r.code).toBe(0);
    const v = JSON.parse(r.stdout);
    expect(v.formats.map((f: { format: string; present: boolean }) => [f.format, f.present])).toEqual([
      ["session-state", true], ["session-protocol", true], ["session-manifest", true], ["aibrain", true],
    ]);
    expect(v.failures).toEqual([]);
    const byId = Object.fromEntries(v.items.map((i: { id: string }) => [i.id, i]));
    expect(byId["s-1"]).toMatchObject({ format: "session-state", kind: "session", active: true, status: "current", phase: "mode coding", file: ".agent-notes/sessions/session-s-1.md", blockedBy: [] });
    expect(byId["2025-12-21-session-01"]).toMatchObject({
      format: "session-protocol", active: true, status: "blocked", phase: "BLOCKED", lastUpdate: "2025-12-21T15:00:00.000Z",
      blockedBy: ["SKILL_VALIDATION: FAIL (skills folder missing)"], file: ".serena/memories/session-current-state.md",
    });
    expect(byId["2026-02-14_feature-dark-mode_a1b2c3"]).toMatchObject({
      format: "session-manifest", active: true, status: "active", phase: "build (checkpoint 2/3)", lastUpdate: expect.stringMatching(/^\d{4}-/),
      file: "agents/sessions/2026-02-14_feature-dark-mode_a1b2c3/state.json",
    });
    expect(byId["TASK-9"]).toMatchObject({ format: "aibrain", kind: "task", active: true, status: "blocked", phase: "feature_build, iteration 4", blockedBy: ["needs the API key"], file: ".aibrain/session-TASK-9.md" });
    expect(byId["TASK-1"]).toMatchObject({ active: false, status: "completed (archived)", file: ".aibrain/sessions/archive/session-TASK-1.md" });
    // active first
    expect(v.items.map((i: { active: boolean }) => i.active)).toEqual([true, true, true, true, false]);
    const t = runCli(["state", "show"], { cwd: repo, env: ENV });
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/Active \(4\):/);
    expect(t.stdout).toMatch(/task TASK-9 \[aibrain\] blocked; feature_build, iteration 4; updated \S+; blocked by: needs the API key\n {6}\.aibrain\/session-TASK-9\.md/);
    expect(t.stdout).toMatch(/Inactive \(1\):\n {2}task TASK-1/);
  });

  it("a workspace with none: every format absent, nothing active, exit 0", () => {
    const repo = makeRepo({ "README.md": "# x\n" });
    const r = runCli(["state", "show", "--format", "json"], { cwd: repo, env: ENV });
    expect(r.code).toBe(0);
    const v = JSON.parse(r.stdout);
    expect(v.formats.every((f: { present: boolean }) => !f.present)).toBe(true);
    expect(v.items).toEqual([]);
    const t = runCli(["state", "show"], { cwd: repo, env: ENV });
    expect(t.stdout).toMatch(/Active \(0\):\n {2}none/);
    expect(t.stdout).toContain("No session-state format found in this workspace.");
  });

  it("one corrupt file of each format: each shown as unreadable with its reason, the good ones still listed, exit 1", () => {
    const repo = allFour();
    writeTree(repo, {
      ".agent-notes/sessions/session-broken.md": "---\ntitle: session-broken\ntype: session-state\n---\n\n```json\n{\"sessionId\": \"broken\",\n```\n",
      ".serena/memories/session-current-state.md": "# Session State\n\n## Metadata\n\nthis is not a metadata line\n",
      "agents/sessions/2026-02-15_bad_000000/state.json": "{\"session_id\": \"x\", ",
      ".aibrain/session-BAD.md": "---\n{\"iteration_count\": 1,\n \"phase\": \"x\",, \"status\": \"in_progress\"}\n---\n",
    });
    const r = runCli(["state", "show", "--format", "json"], { cwd: repo, env: ENV });
    expect(r.code).toBe(1);
    const v = JSON.parse(r.stdout);
    const fails = Object.fromEntries(v.failures.map((f: { format: string; file: string; reason: string }) => [f.format, f]));
    expect(fails["session-state"]).toMatchObject({ file: ".agent-notes/sessions/session-broken.md", reason: expect.stringMatching(/CORRUPT/) });
    expect(fails["session-protocol"]).toMatchObject({ file: ".serena/memories/session-current-state.md", reason: expect.stringMatching(/:5: Metadata lines/) });
    expect(fails["session-manifest"]).toMatchObject({ file: "agents/sessions/2026-02-15_bad_000000/state.json", reason: expect.stringMatching(/state\.json: SM-\d+/) });
    expect(fails.aibrain).toMatchObject({ file: ".aibrain/session-BAD.md", reason: expect.stringMatching(/session-BAD\.md:3:\d+: malformed front matter/) });
    expect(v.failures).toHaveLength(4);
    expect(v.formats.map((f: { unreadable: number }) => f.unreadable)).toEqual([1, 1, 1, 1]);
    // the readable ones are still there
    expect(v.items.map((i: { id: string }) => i.id).sort()).toEqual(["2026-02-14_feature-dark-mode_a1b2c3", "TASK-1", "TASK-9", "s-1"]);
    const t = runCli(["state", "show"], { cwd: repo, env: ENV });
    expect(t.code).toBe(1);
    expect(t.stdout).toMatch(/Unreadable \(4\):/);
    expect(t.stdout).toMatch(/\[aibrain\] \.aibrain\/session-BAD\.md: /);
  });

  it("check runs the validator of each format present and lists absent formats as skips", () => {
    const names = ["session-state", "aibrain", "manifest", "session-protocol"];
    const verdicts = (repo: string) => {
      const r = runCli(["check", ".", "--format", "json"], { cwd: repo, env: ENV });
      const out: Record<string, string[]> = {};
      for (const x of JSON.parse(r.stdout).results as { validator: string; verdict: string }[]) if (names.includes(x.validator)) (out[x.validator] ??= []).push(x.verdict);
      return out;
    };
    const none = verdicts(makeRepo({ "README.md": "# x\n" }));
    expect(none["session-state"]).toEqual(["skip"]);
    expect(none.aibrain).toEqual(["skip"]);
    for (const v of Object.values(none)) expect(v).toEqual(["skip"]);
    const all = verdicts(allFour());
    expect(all["session-state"]).not.toContain("skip");
    expect(all.aibrain).toEqual(["pass", "pass"]);
    if (all.manifest) expect(all.manifest).not.toContain("skip");
  });

  it("session-protocol memory as the phase machine writes it (Blocked Gate, Evidence table): blocker and last update from the file", () => {
    const repo = makeRepo();
    writeTree(repo, { ".serena/memories/session-current-state.md": [
      "# Session State", "", "## Metadata", "",
      "- **Session ID**: 2026-02-01-session-03", "- **Objective**: a \\| b", "- **Branch**: main", "- **Starting Commit**: abc1234",
      "- **Started At**: 2026-02-01T09:00:00.000Z", "- **Current Phase**: BLOCKED", "- **Blocked From**: SERENA_READY", "- **Blocked Gate**: SKILL_VALIDATION", "",
      "## Phase Status", "", "| Phase | Status | Evidence |", "|-------|--------|----------|", "| SERENA_INIT | PASS | memory store answers |", "",
      "## Checklist (Start)", "", "| Req | Step | Status | Evidence |", "|-----|------|--------|----------|", "",
      "## Checklist (End)", "", "| Req | Step | Status | Evidence |", "|-----|------|--------|----------|", "",
      "## Evidence", "", "| Timestamp | Phase | Type | Evidence |", "|-----------|-------|------|----------|",
      "| 2026-02-01T09:01:00.000Z | SERENA_INIT | gate | ok |", "| 2026-02-01T09:05:00.000Z | SKILL_VALIDATION | gate | FAIL: no skills folder |", "",
      "<!-- agentcheck: end of session state -->", "",
    ].join("\n") });
    const v = JSON.parse(runCli(["state", "show", "--format", "json"], { cwd: repo, env: ENV }).stdout);
    expect(v.failures).toEqual([]);
    expect(v.items).toEqual([expect.objectContaining({ id: "2026-02-01-session-03", status: "blocked", phase: "BLOCKED", lastUpdate: "2026-02-01T09:05:00.000Z", blockedBy: ["SKILL_VALIDATION: gate not passed"] })]);
  });

  it("state show on a path that is not a directory: usage error (exit 2)", () => {
    const r = runCli(["state", "show", "/nonexistent/agentcheck-x"], { env: ENV });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a directory/);
  });

  it("a manifest with an invalid status and a dangling current-session pointer are shown as failures", () => {
    const repo = makeRepo();
    writeTree(repo, { "agents/sessions/a/state.json": manifest({ status: "running" }) });
    mkdirSync(join(repo, ".agent-notes", "sessions"), { recursive: true });
    writeFileSync(join(repo, ".agent-notes", "sessions", "current-session.md"), "gone\n");
    const v = JSON.parse(runCli(["state", "show", "--format", "json"], { cwd: repo, env: ENV }).stdout);
    expect(v.failures.map((f: { reason: string }) => f.reason)).toEqual([
      expect.stringMatching(/pointer names 'gone', which has no state note/),
      expect.stringMatching(/agents\/sessions\/a\/state\.json: SM-\d+.*running/),
    ]);
  });

  it("an unreadable agent-context or history note (not UTF-8) is listed as unreadable with its reason, the sessions still shown, exit 1", () => {
    const repo = makeRepo();
    expect(runCli(["session", "create", "--id", "s"], { cwd: repo, env: ENV }).code).toBe(0);
    const sessions = join(repo, ".agent-notes", "sessions");
    writeFileSync(join(sessions, "session-s-agent-qa.md"), Buffer.from([0xff, 0xfe, 0x41]));
    writeFileSync(join(sessions, "session-s-history-v9.md"), Buffer.from([0xc3, 0x28]));
    const r = runCli(["state", "show", "--format", "json"], { cwd: repo, env: ENV });
    expect(r.code, r.stderr).toBe(1);
    const v = JSON.parse(r.stdout);
    expect(v.items.map((i: { id: string }) => i.id)).toEqual(["s"]);
    expect(v.failures.map((f: { file: string }) => f.file).sort()).toEqual([
      ".agent-notes/sessions/session-s-agent-qa.md",
      ".agent-notes/sessions/session-s-history-v9.md",
    ]);
    expect(v.failures[0].reason).toMatch(/UTF-8/);
    const text = runCli(["state", "show"], { cwd: repo, env: ENV });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain("session-s-agent-qa.md");
  });
});
