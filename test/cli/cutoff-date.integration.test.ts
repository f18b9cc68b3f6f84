// --cutoff / AGENTCHECK_CUTOFF skip logs dated before the date as historical. A value of the right
// shape that is no date (9999-99-99, 2026-13-45, 2026-02-30) was accepted and compared as text: a
// cutoff past every log skipped them all (on rjmurillo/ai-agents 1,513 of 1,517 logs skipped).
import { describe, expect, it } from "vitest";
import { git, runCli, tmpDir, writeTree } from "../helpers.js";

function repo(): string {
  const dir = tmpDir("agentcheck-cutoff-");
  git(dir, "init", "-q", "-b", "main");
  writeTree(dir, { ".agents/sessions/2026-01-01-session-1.md": "# Session 1\n" });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "log");
  return dir;
}

describe("--cutoff must be a calendar date", () => {
  for (const bad of ["9999-99-99", "2026-13-45", "2026-02-30", "2026-00-10"]) {
    it(`session-log --cutoff ${bad} and check --cutoff ${bad} are usage errors (exit 2)`, () => {
      const dir = repo();
      const a = runCli(["session-log", "--cutoff", bad], { cwd: dir });
      expect(a.code, a.stdout).toBe(2);
      expect(a.stderr).toMatch(/--cutoff must be a date/);
      const b = runCli(["check", "--cutoff", bad], { cwd: dir });
      expect(b.code, b.stdout).toBe(2);
      const c = runCli(["check"], { cwd: dir, env: { AGENTCHECK_CUTOFF: bad } });
      expect(c.code, c.stdout).toBe(2);
    });
  }

  it("a real date still works: 2024-02-29 (leap day) keeps a 2026 log", () => {
    const dir = repo();
    const r = runCli(["session-log", "--cutoff", "2024-02-29", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary.files).toBe(1);
  });
});
