// pre-pr's changed-file scope on a clone git cannot diff (a blob missing from the object store, as in
// a partial or damaged clone of rjmurillo/ai-agents): the run is exit 2 with git's own reason, not a
// bare "git diff against main failed".
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { git, runCli, tmpDir, writeTree } from "../helpers.js";

describe("pre-pr: a git diff that fails", () => {
  it("exit 2 naming git's reason (the missing object)", () => {
    const dir = tmpDir("agentcheck-prepr-gitfail-");
    git(dir, "init", "-q", "-b", "main");
    writeTree(dir, { "a.txt": "some content that rename detection has to read\n".repeat(20) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "init");
    const blob = git(dir, "rev-parse", "HEAD:a.txt");
    git(dir, "checkout", "-q", "-b", "feature");
    git(dir, "rm", "-q", "a.txt");
    writeTree(dir, { "b.txt": "other content entirely\n".repeat(20) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "replace");
    // the deleted file's blob is gone: rename detection (-M) cannot read it
    rmSync(join(dir, ".git", "objects", blob.slice(0, 2), blob.slice(2)));
    const r = runCli(["pre-pr", "--base", "main"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/git diff against main failed: .*(unable to read|missing|bad object)/i);
  });
});
