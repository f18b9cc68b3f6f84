// State manager through the real CLI in real temp workspaces (git repositories with real commits):
// full lifecycle asserted on disk after every step; refused transitions leave the file byte-identical.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, makeRepo, git } from "../helpers.js";
import { validateManifests } from "../../dist/index.js";

function mf(cwd: string, ...args: string[]) {
  const r = runCli(["manifest", ...args], { cwd, env: { AGENTCHECK_NOTES_DIR: undefined } });
  expect(r.stdout.endsWith("\n"), `stdout: ${r.stdout} stderr: ${r.stderr}`).toBe(true);
  return { ...r, json: JSON.parse(r.stdout) };
}
const stateFile = (repo: string, id: string) => join(repo, "agents", "sessions", id, "state.json");
const onDisk = (repo: string, id: string) => JSON.parse(readFileSync(stateFile(repo, id), "utf8"));
function commit(repo: string, msg: string): string {
  writeFileSync(join(repo, `${msg.replace(/\W+/g, "-")}.txt`), msg);
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", msg);
  return git(repo, "rev-parse", "HEAD");
}

describe("manifest CLI lifecycle", () => {
  it("create → spec → plan → build (checkpoints, real commits) → docs → complete, each step on disk", () => {
    const repo = makeRepo({ "README.md": "# r\n" });
    const c = mf(repo, "create", "--topic", "Feature: Dark Mode", "--description", "theme", "--checkpoints", "2");
    expect(c.code).toBe(0);
    const id = c.json.session_id as string;
    expect(id).toMatch(/^\d{4}-\d{2}-\d{2}_feature-dark-mode_[0-9a-f]{6}$/);
    const dir = join(repo, "agents", "sessions", id);
    expect(readdirSync(dir).sort()).toEqual(["plan.json", "plan.md", "spec.md", "state.json"]);
    expect(readFileSync(join(dir, "spec.md"), "utf8")).toMatch(/## Goals[\s\S]*## Open Questions[\s\S]*## Key Decisions/);
    expect(JSON.parse(readFileSync(join(dir, "plan.json"), "utf8")).checkpoints.map((x: any) => x.id)).toEqual([1, 2]);
    let m = onDisk(repo, id);
    expect(m).toEqual(c.json);
    expect(m.current_phase).toBe("spec");
    expect(m.git.branch).toBe("main");
    expect(m.phase_history.spec_started_at).toBe(m.created_at);

    // a second session in the same workspace
    const other = mf(repo, "create", "--topic", "Research x", "--type", "research", "--id", "2026-01-01_research-x_000000");
    expect(other.code).toBe(0);

    let prev = m.updated_at;
    const step = (args: string[], check: (m: any) => void) => {
      const r = mf(repo, ...args);
      expect(r.code, r.stderr).toBe(0);
      const d = onDisk(repo, id);
      expect(d).toEqual(r.json);
      expect(Date.parse(d.updated_at)).toBeGreaterThanOrEqual(Date.parse(prev));
      prev = d.updated_at;
      check(d);
      return d;
    };
    step(["phase", id, "plan"], (d) => {
      expect(d.current_phase).toBe("plan");
      expect(d.phase_history.spec_completed_at).not.toBeNull();
      expect(d.phase_history.plan_started_at).toBe(d.updated_at);
    });
    step(["phase", id, "--complete"], (d) => expect(d.phase_history.plan_completed_at).toBe(d.updated_at));
    step(["phase", id, "build"], (d) => {
      expect(d.current_phase).toBe("build");
      expect(d.phase_history.plan_completed_at).not.toBe(d.updated_at); // kept from --complete
    });
    step(["checkpoint", id, "start", "1"], (d) => expect(d.build_progress.current_checkpoint).toBe(1));
    const sha1 = commit(repo, "feat: first checkpoint");
    step(["commit", id, sha1.slice(0, 8), "--checkpoint", "1"], (d) => {
      // content_evidence (issue 35): the blobs the commit wrote, so main recognises it after a squash merge
      expect(d.commits).toEqual([{ sha: sha1, message: "feat: first checkpoint", checkpoint: 1, created_at: d.updated_at, content_evidence: { files: expect.objectContaining({ "feat-first-checkpoint.txt": git(repo, "rev-parse", `${sha1}:feat-first-checkpoint.txt`) }) } }]);
    });
    step(["checkpoint", id, "complete", "1"], (d) => expect(d.build_progress).toEqual({ checkpoints_total: 2, checkpoints_completed: [1], current_checkpoint: 2 }));
    const sha2 = commit(repo, "feat: second");
    step(["commit", id, "HEAD", "-m", "second checkpoint", "--checkpoint", "2"], (d) => expect(d.commits[1]).toMatchObject({ sha: sha2, message: "second checkpoint", checkpoint: 2 }));
    step(["checkpoint", id, "complete", "2"], (d) => expect(d.build_progress).toEqual({ checkpoints_total: 2, checkpoints_completed: [1, 2], current_checkpoint: null }));
    step(["git", id, "--branch", "feat/dark", "--worktree", "../wt-dark"], (d) => expect(d.git).toEqual({ branch: "feat/dark", worktree: "../wt-dark", base_branch: "main" }));
    step(["git", id, "--no-worktree"], (d) => expect(d.git.worktree).toBeNull());
    step(["status", id, "paused"], (d) => expect(d.status).toBe("paused"));
    step(["status", id, "active"], (d) => expect(d.status).toBe("active"));
    step(["phase", id, "docs"], (d) => expect(d.phase_history.build_completed_at).toBe(d.updated_at));
    m = step(["phase", id, "complete"], (d) => {
      expect(d.current_phase).toBe("complete");
      expect(d.status).toBe("complete");
      expect(d.phase_history.docs_completed_at).toBe(d.updated_at);
      expect(d.overrides).toBeUndefined();
    });
    expect(mf(repo, "show", id).json).toEqual(m);
    // the result passes every manifest rule, and `check` runs the validator on both sessions
    const v = validateManifests({ root: repo });
    expect(v.results.map((r: any) => [r.file.split("/")[2], r.verdict])).toEqual([["2026-01-01_research-x_000000", "pass"], [id, "pass"]]);
    const chk = runCli(["check", ".", "--only", "manifest", "--format", "json"], { cwd: repo });
    expect(chk.code, chk.stdout).toBe(0);
    expect(JSON.parse(chk.stdout).results.filter((r: any) => r.validator === "manifest").length).toBe(2);
  }, 120_000);

  it("refused changes: exit code, error document, file byte-identical", () => {
    const repo = makeRepo({ "a.txt": "a" });
    const id = mf(repo, "create", "--topic", "t", "--checkpoints", "2", "--id", "s1").json.session_id;
    mf(repo, "phase", id, "plan");
    const before = readFileSync(stateFile(repo, id), "utf8");
    const refused = (args: string[], exit: number, code: string, text: RegExp) => {
      const r = mf(repo, ...args);
      expect(r.code, `${args.join(" ")}: ${r.stdout}`).toBe(exit);
      expect(r.json.ok).toBe(false);
      expect(r.json.error.code).toBe(code);
      expect(r.json.error.message).toMatch(text);
      expect(readFileSync(stateFile(repo, id), "utf8")).toBe(before);
      return r.json;
    };
    // skip (plan -> docs) names the allowed next phase
    expect(refused(["phase", id, "docs"], 6, "POLICY_VIOLATION", /next phase is 'build'/).error.details).toEqual({ from: "plan", to: "docs", allowed: "build" });
    refused(["phase", id, "spec"], 6, "POLICY_VIOLATION", /next phase is 'build'/); // backwards
    refused(["phase", id, "plan"], 6, "POLICY_VIOLATION", /already in phase 'plan'/);
    expect(refused(["phase", id, "review"], 6, "INVALID_INPUT", /unknown phase 'review'/).error.details.allowed).toEqual(["spec", "plan", "build", "docs", "complete"]);
    refused(["checkpoint", id, "complete", "3"], 6, "INVALID_INPUT", /out of range 1\.\.2/);
    refused(["checkpoint", id, "start", "0"], 6, "INVALID_INPUT", /out of range/);
    refused(["commit", id, "0123456789abcdef0123456789abcdef01234567"], 6, "INVALID_INPUT", /not in the repository/);
    refused(["commit", id, "not-a-ref"], 6, "INVALID_INPUT", /not in the repository/);
    refused(["status", id, "complete"], 6, "POLICY_VIOLATION", /needs phase 'complete'/);
    expect(refused(["status", id, "done"], 6, "INVALID_INPUT", /unknown status/).error.details.allowed).toEqual(["active", "paused", "complete", "failed"]);
    refused(["show", "no-such-session"], 3, "NOT_FOUND", /no session manifest/);
    refused(["create", "--topic", "again", "--id", "s1"], 6, "ALREADY_EXISTS", /already exists/);
    expect(refused(["checkpoint", id, "finish", "1"], 2, "USAGE", /unknown checkpoint action/).error.details.allowed).toEqual(["start", "complete", "total"]);
    // usage errors found by the argument parser are a JSON document on stdout as well (as session/task)
    refused([], 2, "USAGE", /missing subcommand/);
    refused(["bogus"], 2, "USAGE", /unknown command 'bogus'/);
    refused(["show"], 2, "USAGE", /missing required argument 'id'/);
    refused(["show", id, "--bogus"], 2, "USAGE", /unknown option '--bogus'/);
    const r = runCli(["manifest", "status", id, "done"], { cwd: repo });
    expect(r.stderr).toMatch(/^agentcheck manifest: INVALID_INPUT: unknown status/);
  }, 120_000);

  it("--force: skip and backward move are applied and recorded in overrides", () => {
    const repo = makeRepo();
    const id = mf(repo, "create", "--topic", "t", "--id", "f1").json.session_id;
    const skip = mf(repo, "phase", id, "build", "--force", "--reason", "trivial change");
    expect(skip.code).toBe(0);
    const d = onDisk(repo, id);
    expect(d.current_phase).toBe("build");
    expect(d.phase_history.plan_started_at).toBe(d.updated_at);
    expect(d.phase_history.plan_completed_at).toBe(d.updated_at);
    expect(d.overrides).toEqual([{ from: "spec", to: "build", at: d.updated_at, reason: "trivial change" }]);
    const back = mf(repo, "phase", id, "spec", "--force");
    expect(back.code).toBe(0);
    const b = onDisk(repo, id);
    expect(b.current_phase).toBe("spec");
    expect(b.phase_history.spec_completed_at).toBeNull();
    expect(b.phase_history.build_started_at).toBeNull();
    expect(b.overrides.map((o: any) => `${o.from}->${o.to}`)).toEqual(["spec->build", "build->spec"]);
    expect(validateManifests({ root: repo }).results[0].verdict).toBe("pass");
  }, 60_000);

  it("invalid or corrupt manifest on disk: show exits 5 / 4 and updates never overwrite it", () => {
    const repo = makeRepo();
    const id = mf(repo, "create", "--topic", "t", "--id", "bad1").json.session_id;
    const m = onDisk(repo, id);
    m.status = "complete"; // hand edit breaking SM-010
    writeFileSync(stateFile(repo, id), JSON.stringify(m));
    const s = mf(repo, "show", id);
    expect(s.code).toBe(5);
    expect(s.json.error.code).toBe("SCHEMA_INVALID");
    expect(s.json.error.details.issues.map((i: any) => i.path)).toContain("SM-010");
    const before = readFileSync(stateFile(repo, id), "utf8");
    expect(mf(repo, "status", id, "paused").code).toBe(5);
    expect(readFileSync(stateFile(repo, id), "utf8")).toBe(before);
    writeFileSync(stateFile(repo, id), "{ truncated");
    expect(mf(repo, "phase", id, "plan").code).toBe(4);
    expect(existsSync(`${stateFile(repo, id)}.lock`)).toBe(false);
  }, 60_000);
});

describe("manifests nobody can read are reported, never left out (review)", () => {
  it("SM: a state.json that is a FIFO, a folder or a link out of the workspace fails check and state show (exit 1), as manifest show refuses it", async () => {
    const { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } = await import("node:fs");
    const { execFileSync } = await import("node:child_process");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { makeRepo, runCli } = await import("../helpers.js");
    const outside = mkdtempSync(join(tmpdir(), "agentcheck-outside-"));
    writeFileSync(join(outside, "state.json"), "{}");
    const kinds: [string, (p: string) => void][] = [
      ["fifo", (p) => execFileSync("mkfifo", [p])],
      ["folder", (p) => mkdirSync(p)],
      ["link out", (p) => symlinkSync(join(outside, "state.json"), p)],
    ];
    for (const [kind, make] of kinds) {
      const dir = makeRepo({ "README.md": "# r\n" });
      for (const id of ["s1", "s2"]) expect(runCli(["manifest", "create", "--topic", id, "--id", id], { cwd: dir }).code).toBe(0);
      const p = join(dir, "agents", "sessions", "s2", "state.json");
      rmSync(p);
      make(p);
      const r = runCli(["check", "-f", "json"], { cwd: dir });
      const s2 = (JSON.parse(r.stdout).results as { file: string; verdict: string }[]).find((x) => x.file === "agents/sessions/s2/state.json");
      expect(s2?.verdict, kind).toBe("fail");
      expect(r.code, kind).toBe(1);
      expect(runCli(["state", "show"], { cwd: dir }).code, kind).toBe(1);
    }
  });
});

describe("check reads manifests and checkpoints within the stores' limit (review)", () => {
  it("AC-900: a state.json or a checkpoint over 4 MiB, which manifest show / task load refuse, is not valid for check either", async () => {
    const { readFileSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { makeRepo, runCli } = await import("../helpers.js");
    const dir = makeRepo({ "README.md": "# r\n" });
    expect(runCli(["manifest", "create", "--topic", "big", "--id", "s1"], { cwd: dir }).code).toBe(0);
    const state = join(dir, "agents", "sessions", "s1", "state.json");
    const m = JSON.parse(readFileSync(state, "utf8"));
    m.description = "x".repeat(4.5 * 1024 * 1024);
    writeFileSync(state, JSON.stringify(m, null, 2));
    expect(runCli(["manifest", "show", "s1"], { cwd: dir }).code).not.toBe(0);
    const r = runCli(["check", "--only", "manifest", "-f", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("AC-900");
    expect(runCli(["task", "save", "T1", "--iteration", "1", "--phase", "p", "--status", "in_progress"], { cwd: dir }).code).toBe(0);
    const cp = join(dir, ".aibrain", "session-T1.md");
    writeFileSync(cp, readFileSync(cp, "utf8") + "y".repeat(4.5 * 1024 * 1024) + "\n");
    expect(runCli(["task", "load", "T1"], { cwd: dir }).code).not.toBe(0);
    const a = runCli(["check", "--only", "aibrain", "-f", "json"], { cwd: dir });
    expect(a.code).toBe(1);
    expect(a.stdout).toContain("AC-900");
  });
});

describe("manifest show and check give one verdict on a state.json (review)", () => {
  it("SM-002: RFC 3339's lowercase 't'/'z' and a leap second pass both; a date that is not one fails both", () => {
    const dir = makeRepo({ "README.md": "# r\n" });
    expect(runCli(["manifest", "create", "--topic", "t", "--id", "s1"], { cwd: dir }).code).toBe(0);
    const state = stateFile(dir, "s1");
    const m = JSON.parse(readFileSync(state, "utf8"));
    const created = String(m.created_at);
    m.created_at = created.replace("T", "t").replace(/Z$/, "z");
    m.updated_at = created.replace(/:\d\d(\.\d+)?Z$/, ":60Z");
    writeFileSync(state, JSON.stringify(m, null, 2));
    const ok = runCli(["check", "--only", "manifest", "-f", "json"], { cwd: dir });
    expect(ok.code, ok.stdout).toBe(0);
    const shown = runCli(["manifest", "show", "s1"], { cwd: dir });
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).created_at).toBe(m.created_at);
    m.created_at = "2026-02-30T10:00:00Z";
    writeFileSync(state, JSON.stringify(m, null, 2));
    const bad = runCli(["check", "--only", "manifest", "-f", "json"], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("SM-002");
    const refused = runCli(["manifest", "show", "s1"], { cwd: dir });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toContain("SM-002");
  });
});
