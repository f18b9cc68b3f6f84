// Issue 35 item 4: the GIT_COMMIT gate's commits since the starting commit use the one classification
// of a cited commit (src/evidence/landed.ts classifyCommits), not a pure ancestry check: a starting
// commit rewritten after the session started (amended, the branch rebased) whose content is on HEAD's
// history still counts the session's commits.
import { describe, expect, it } from "vitest";
import { git, runCli } from "../helpers.js";
import { commitAll, protocolRepo, writeTree } from "./helpers.js";

function gate(dir: string) {
  const r = runCli(["phase", "gate", "GIT_COMMIT"], { cwd: dir });
  return JSON.parse(r.stdout).results.find((x: { phase: string }) => x.phase === "GIT_COMMIT") as { status: string; message: string };
}

describe("GIT_COMMIT commitsSince by content (issue 35 item 4)", () => {
  it("GIT_COMMIT: the starting commit amended after the session started (its content on HEAD's history) => the session's commits count: PASS", () => {
    const dir = protocolRepo();
    expect(runCli(["phase", "start", "amend", "case"], { cwd: dir }).code).toBe(0);
    const start = git(dir, "rev-parse", "HEAD");
    git(dir, "commit", "-q", "--amend", "-m", "initial (reworded)");
    expect(git(dir, "rev-parse", "HEAD")).not.toBe(start);
    writeTree(dir, { "docs/x.md": "# X\n\nText.\n" });
    commitAll(dir, "docs: x");
    const g = gate(dir);
    expect(g.status, g.message).toBe("PASS");
  });

  it("GIT_COMMIT: a starting commit that is off HEAD's history and did not land => FAIL (never a pass for an unrelated history)", () => {
    const dir = protocolRepo();
    git(dir, "checkout", "-q", "-b", "elsewhere");
    writeTree(dir, { "src/e.ts": "e\n" });
    commitAll(dir, "elsewhere");
    expect(runCli(["phase", "start", "off", "history"], { cwd: dir }).code).toBe(0);
    git(dir, "checkout", "-q", "feat/protocol");
    writeTree(dir, { "docs/x.md": "# X\n\nText.\n" });
    commitAll(dir, "docs: x");
    expect(gate(dir).status).toBe("FAIL");
  });
});
