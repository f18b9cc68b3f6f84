// `check DIR` on a folder of the enclosing repository (`check .agents/sessions`, `check .` in a
// subfolder, a folder among file arguments) checks the files below it. Before, such a folder was taken
// for a workspace of its own, every validator skipped ("no .agents/sessions directory") and the run
// passed with exit 0 on a folder full of failing session logs (seen on rjmurillo/ai-agents).
import { describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { git, runCli, tmpDir, writeTree } from "../helpers.js";

const BAD_LOG = "# Session 1\n\nNothing else.\n";

function repo(): string {
  const dir = tmpDir("agentcheck-dirargs-");
  git(dir, "init", "-q", "-b", "main");
  writeTree(dir, {
    "README.md": "# Readme\n",
    ".agents/sessions/2026-01-01-session-1.md": BAD_LOG,
    "nested/ws/.agents/sessions/2026-01-02-session-2.md": BAD_LOG,
  });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "init");
  return dir;
}

describe("check with a directory of the enclosing repository", () => {
  it("check .agents/sessions from the top validates the logs below it (exit 1, not a pass with nothing checked)", () => {
    const dir = repo();
    const r = runCli(["check", ".agents/sessions", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const rep = JSON.parse(r.stdout);
    const logs = rep.results.filter((x: { validator: string }) => x.validator === "session-log");
    expect(logs.map((x: { file: string }) => x.file)).toEqual([".agents/sessions/2026-01-01-session-1.md"]);
    expect(logs[0].verdict).toBe("fail");
  });

  it("check . run in the sessions folder gives the same verdict as check FILE on the log", () => {
    const dir = repo();
    const fromSub = runCli(["check", ".", "--format", "json"], { cwd: join(dir, ".agents", "sessions") });
    const file = runCli(["check", ".agents/sessions/2026-01-01-session-1.md", "--format", "json"], { cwd: dir });
    expect(fromSub.code).toBe(1);
    expect(file.code).toBe(1);
    const errs = (s: string) => JSON.parse(s).summary.errors;
    expect(errs(fromSub.stdout)).toBe(errs(file.stdout));
    expect(errs(fromSub.stdout)).toBeGreaterThan(0);
  });

  it("a directory among file arguments stands for the files below it", () => {
    const dir = repo();
    const r = runCli(["check", ".agents/sessions", "README.md", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary.files).toBeGreaterThan(0);
  });

  it("an untracked log below the folder is checked; a tracked file deleted from the working tree is not read", () => {
    const dir = repo();
    writeTree(dir, { ".agents/sessions/2026-01-04-session-4.md": BAD_LOG });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "log 4");
    rmSync(join(dir, ".agents/sessions/2026-01-04-session-4.md"));
    writeTree(dir, { ".agents/sessions/2026-01-03-session-3.md": BAD_LOG });
    const r = runCli(["check", ".agents/sessions", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const files = JSON.parse(r.stdout).results.filter((x: { validator: string }) => x.validator === "session-log").map((x: { file: string }) => x.file);
    expect(files).toEqual([".agents/sessions/2026-01-01-session-1.md", ".agents/sessions/2026-01-03-session-3.md"]);
  });

  it("a folder that is a workspace of its own (artifact folders inside) stays the workspace", () => {
    const dir = repo();
    const r = runCli(["check", "nested/ws", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const files = JSON.parse(r.stdout).results.filter((x: { validator: string }) => x.validator === "session-log").map((x: { file: string }) => x.file);
    expect(files).toEqual([".agents/sessions/2026-01-02-session-2.md"]);
  });

  it("a folder with nothing to check still says so and exits 0", () => {
    const dir = repo();
    writeTree(dir, { "empty/.gitkeep": "" });
    const r = runCli(["check", "empty"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/0 files checked \(nothing to check\)/);
  });
});
