// pre-pr: a check that fails on an internal error (a WebAssembly trap in the rule core) keeps its
// FAIL row, the other rows run, and the run exits 2 (docs/cli.md, docs/pre-pr.md), never 1.
// A real git repository and the real CLI; the trap comes from the core's test hook.
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, runCli } from "../helpers.js";

const LOG = ".agents/sessions/2025-01-01-session-1.md";

function branchWithLog(): string {
  const dir = makeRepo({ "README.md": "# r\n" });
  git(dir, "checkout", "-q", "-b", "feat");
  return dir;
}

describe("pre-pr internal errors", () => {
  it("a trap in a check row: the row is FAIL with the error, stderr says internal error, exit 2", () => {
    const dir = branchWithLog();
    // the changed session log is what PP-001 validates
    mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
    writeFileSync(join(dir, LOG), "# Session 1\n\nhello\n");
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "log");
    const env = { AGENTCHECK_DEBUG_TRAP: `unreachable:${LOG}` };
    const text = runCli(["pre-pr", "--base", "main", "--no-cache"], { cwd: dir, env });
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/^\[FAIL\] PP-001 .*internal error in session-log: .*trap: unreachable/m);
    // the other rows still ran (PASS rows are counted by default, listed with --verbose: issue 36)
    expect(text.stdout).toMatch(/^Not shown: \d+ passing/m);
    expect(runCli(["pre-pr", "--base", "main", "--no-cache", "--verbose"], { cwd: dir, env }).stdout).toMatch(/^\[PASS\] PP-015 /m);
    expect(text.stderr).toMatch(/^agentcheck: internal error: PP-001 \(Session End Validation\): .*trap: unreachable/m);
    const json = runCli(["pre-pr", "--base", "main", "--no-cache", "-f", "json"], { cwd: dir, env });
    expect(json.code).toBe(2);
    const doc = JSON.parse(json.stdout);
    expect(doc.exitCode).toBe(2);
    expect(doc.checks.find((c: { id: string }) => c.id === "PP-001").status).toBe("FAIL");
    // without the trap the same log is an ordinary FAIL: exit 1
    expect(runCli(["pre-pr", "--base", "main", "--no-cache"], { cwd: dir }).code).toBe(1);
  });
});
