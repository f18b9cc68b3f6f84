// `session-log --context ci` selects the logs changed in <base>...HEAD. When git cannot answer (no
// merge base: unrelated histories, or the shallow clone CI makes by default), the run used to take the
// failure for "no logs changed" and exit 0 with 0 files checked, while `check --changed` and `pre-pr`
// exit 2 on the same base. Now it exits 2 and says why.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { git, runCli, tmpDir, writeTree } from "../helpers.js";

const BAD_LOG = "# Session 1\n\nNothing else.\n";

function commitFiles(dir: string, files: Record<string, string>, message: string): void {
  writeTree(dir, files);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", message);
}

describe("session-log --context ci without a merge base", () => {
  it("an unrelated base: exit 2 naming the failed diff (was exit 0, nothing checked)", () => {
    const dir = tmpDir("agentcheck-cimb-");
    git(dir, "init", "-q", "-b", "main");
    commitFiles(dir, { "README.md": "# r\n" }, "init");
    git(dir, "checkout", "-q", "--orphan", "other");
    git(dir, "rm", "-q", "-rf", ".");
    commitFiles(dir, { "x.md": "# x\n" }, "other root");
    git(dir, "checkout", "-q", "main");
    commitFiles(dir, { ".agents/sessions/2026-01-01-session-1.md": BAD_LOG }, "log");
    const r = runCli(["session-log", "--context", "ci", "--base", "other"], { cwd: dir });
    expect(r.code, r.stdout).toBe(2);
    expect(r.stderr).toMatch(/cannot list the logs changed since 'other'.*no merge base/);
  });

  it("a shallow clone whose base has no merge base with HEAD: exit 2 with the fetch-depth hint", () => {
    const origin = tmpDir("agentcheck-cimb-origin-");
    git(origin, "init", "-q", "-b", "main");
    commitFiles(origin, { "README.md": "# r\n" }, "init");
    git(origin, "checkout", "-q", "-b", "feature");
    commitFiles(origin, { "a.md": "# a\n" }, "a");
    commitFiles(origin, { ".agents/sessions/2026-01-01-session-1.md": BAD_LOG }, "log");
    const parent = tmpDir("agentcheck-cimb-clone-");
    git(parent, "clone", "-q", "--depth", "1", "--branch", "feature", `file://${origin}`, "c");
    const clone = join(parent, "c");
    git(clone, "fetch", "-q", "--depth", "1", "origin", "main:refs/remotes/origin/main");
    const r = runCli(["session-log", "--context", "ci", "--base", "origin/main"], { cwd: clone });
    expect(r.code, r.stdout).toBe(2);
    expect(r.stderr).toMatch(/shallow clone/);
    // check --changed on the same base agrees: an error, not a pass
    expect(runCli(["check", "--changed", "--base", "origin/main"], { cwd: clone }).code).toBe(2);
  });
});
