// Changed-file scope on real git repositories (TC-RN-07/09, rename, delete, shallow clone).
import { describe, it, expect } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { computeScope, gitTopLevel } from "../../dist/prepr/scope.js";
import { git, makeRepo, tmpDir } from "../helpers.js";

function featureRepo(): string {
  const dir = makeRepo({ "README.md": "# R\n", "keep.md": "# K\n", "old.md": "# O\n", "gone.md": "# G\n", "c.md": "# C\n" });
  git(dir, "checkout", "-q", "-b", "feature");
  return dir;
}

describe("pre-pr scope", () => {
  it("TC-RN-07: committed, staged-only, unstaged-only and untracked changes are each detected", async () => {
    const dir = featureRepo();
    writeFileSync(join(dir, "committed.md"), "# x\n");
    git(dir, "add", "committed.md");
    git(dir, "commit", "-q", "-m", "c");
    writeFileSync(join(dir, "staged.md"), "# s\n");
    git(dir, "add", "staged.md");
    writeFileSync(join(dir, "c.md"), "# C changed\n");
    writeFileSync(join(dir, "untracked.md"), "# u\n");
    const s = await computeScope(dir, { base: "main" });
    expect(s.changes.map((c) => [c.path, c.status])).toEqual([["c.md", "M"], ["committed.md", "A"], ["staged.md", "A"], ["untracked.md", "?"]]);
    expect(s.files).toEqual(["c.md", "committed.md", "staged.md", "untracked.md"]);
    expect(s.base).toBe("main");
  });
  it("renames and deletions: the new name is in scope, the deleted file is a change but not a file", async () => {
    const dir = featureRepo();
    git(dir, "mv", "old.md", "new.md");
    git(dir, "rm", "-q", "gone.md");
    git(dir, "commit", "-q", "-m", "mv");
    const s = await computeScope(dir, { base: "main" });
    expect(s.changes).toEqual([{ path: "gone.md", status: "D" }, { path: "new.md", status: "R", oldPath: "old.md" }]);
    expect(s.files).toEqual(["new.md"]);
  });
  it("TC-RN-09: file names with spaces, non-ASCII characters and newlines keep their real names", async () => {
    const dir = featureRepo();
    const names = ["with space.md", "ünïcode.md", "new\nline.md"];
    for (const n of names) writeFileSync(join(dir, n), "# x\n");
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "odd");
    const s = await computeScope(dir, { base: "main" });
    expect(s.files).toEqual([...names].sort());
  });
  it("TC-RN-08: no changes since the base gives an empty scope (the checks then PASS with a note)", async () => {
    const s = await computeScope(featureRepo(), { base: "main" });
    expect(s.changes).toEqual([]);
  });
  it("default base: main, else master; a missing base is a clear error, never an empty scope", async () => {
    const dir = featureRepo();
    expect((await computeScope(dir, {})).base).toBe("main");
    git(dir, "branch", "-q", "-m", "main", "master");
    expect((await computeScope(dir, {})).base).toBe("master");
    git(dir, "branch", "-q", "-D", "master");
    await expect(computeScope(dir, {})).rejects.toThrow(/no base branch found/);
    await expect(computeScope(dir, { base: "nope" })).rejects.toThrow(/base ref 'nope' not found/);
  });
  it("shallow clone: the missing merge-base is reported as a shallow-clone error with the fix", async () => {
    const src = featureRepo();
    git(src, "checkout", "-q", "main");
    writeFileSync(join(src, "m.md"), "# m\n");
    git(src, "add", "-A");
    git(src, "commit", "-q", "-m", "main moves");
    git(src, "checkout", "-q", "feature");
    writeFileSync(join(src, "f.md"), "# f\n");
    git(src, "add", "-A");
    git(src, "commit", "-q", "-m", "feature moves");
    const parent = tmpDir();
    const clone = join(parent, "clone");
    execFileSync("git", ["clone", "-q", "--depth", "1", "--no-single-branch", "-b", "feature", `file://${src}`, clone]);
    await expect(computeScope(clone, { base: "origin/main" })).rejects.toThrow(/shallow clone.*fetch-depth: 0/);
    rmSync(parent, { recursive: true, force: true });
  });
  it("--all lists tracked and untracked files that exist", async () => {
    const dir = featureRepo();
    writeFileSync(join(dir, "u.md"), "# u\n");
    rmSync(join(dir, "keep.md"));
    mkdirSync(join(dir, "sub"));
    renameSync(join(dir, "c.md"), join(dir, "sub", "c.md"));
    const s = await computeScope(dir, { all: true });
    expect(s.files).toEqual(["README.md", "gone.md", "old.md", "sub/c.md", "u.md"]);
    expect(s.kind).toBe("all");
  });
  it("--all: ignored untracked files stay out, a tracked file matching .gitignore stays in (one ls-files)", async () => {
    const dir = featureRepo();
    writeFileSync(join(dir, "t.log"), "t\n");
    git(dir, "add", "t.log");
    git(dir, "commit", "-q", "-m", "log");
    writeFileSync(join(dir, ".gitignore"), "*.log\n");
    writeFileSync(join(dir, "u.log"), "u\n");
    const s = await computeScope(dir, { all: true });
    expect(s.files).toEqual([".gitignore", "README.md", "c.md", "gone.md", "keep.md", "old.md", "t.log"]);
  });
  it("the top level from a subdirectory is the work tree's; inside the git directory it is a usage error", async () => {
    const dir = featureRepo();
    mkdirSync(join(dir, "sub"));
    expect(await gitTopLevel(join(dir, "sub"))).toBe(realpathSync(dir));
    await expect(gitTopLevel(join(dir, ".git"))).rejects.toThrow(/not inside a git work tree/);
  });
});
