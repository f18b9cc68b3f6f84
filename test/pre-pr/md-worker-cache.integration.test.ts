// PP-003's lint worker in the bundled CLI: md-worker.cjs run by its loader with a V8 code cache
// (src/prepr/md-worker-load.cjs), and the worker started before the scope (prewarmLintWorker).
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, runCli, ROOT } from "../helpers.js";

const BUNDLE = join(ROOT, "dist", "cli", "md-worker.cjs");

describe("PP-003 lint worker", () => {
  it("PP-003: the worker bundle names its build hash; a lint leaves a code cache keyed by it; cached, corrupt and disabled caches give the same findings", () => {
    const id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(readFileSync(BUNDLE, "utf8"));
    expect(id).not.toBeNull();
    const cache = `${BUNDLE}.${id![1]}.v8cache`;
    const repo = makeRepo({ "README.md": "# Title\n\n\n\nText\n", "docs/a.md": "# A\n\n* one\n+ two\n" });
    const args = ["pre-pr", "--all", "--only", "PP-003", "--no-cache", "--format", "json"];
    const plain = runCli(args, { cwd: repo, env: { AGENTCHECK_NO_CODE_CACHE: "1" } });
    expect(plain.code, plain.stderr).toBe(1);
    const findings = (r: { stdout: string }) => (JSON.parse(r.stdout) as { checks: { id: string; findings: unknown[] }[] }).checks.find((c) => c.id === "PP-003")!.findings;
    const ids = findings(plain).map((f) => (f as { ruleId: string }).ruleId);
    expect(ids).toContain("MD012/no-multiple-blanks");
    expect(ids).toContain("MD004/ul-style");
    rmSync(cache, { force: true });
    const first = runCli(args, { cwd: repo });
    expect(findings(first)).toEqual(findings(plain));
    expect(existsSync(cache)).toBe(true);
    expect(findings(runCli(args, { cwd: repo }))).toEqual(findings(plain)); // from the cache
    writeFileSync(cache, "not a code cache");
    const corrupt = runCli(args, { cwd: repo });
    expect(corrupt.code).toBe(plain.code);
    expect(findings(corrupt)).toEqual(findings(plain));
    expect(readdirSync(join(ROOT, "dist", "cli")).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
  it("PP-003: a prewarmed worker that nothing needs to lint does not hold the run (branch without markdown changes, no lint cache)", () => {
    const repo = makeRepo({ "README.md": "# Title\n", "a.txt": "x\n" });
    git(repo, "checkout", "-q", "-b", "feature");
    writeFileSync(join(repo, "a.txt"), "y\n");
    git(repo, "commit", "-qam", "txt only");
    const r = runCli(["pre-pr", "--base", "main", "--only", "PP-003,PP-015", "--format", "json"], { cwd: repo });
    expect(r.code, r.stderr).toBe(0);
    const rows = (JSON.parse(r.stdout) as { checks: { id: string; status: string }[] }).checks;
    expect(rows.find((c) => c.id === "PP-015")!.status).toBe("PASS");
    expect(rows.find((c) => c.id === "PP-003")!.status).not.toBe("FAIL");
  });
});
