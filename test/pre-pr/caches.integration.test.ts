// pre-pr's caches end to end: cold (--no-cache), one or two lint workers, and warm runs give the
// same rows and findings; an edited file is validated again.
import { describe, it, expect } from "vitest";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeRepo, runCli } from "../helpers.js";

interface Row { id: string; status: string; message: string; findings: { ruleId: string; path: string; line: number; message: string }[] }

function files(): Record<string, string> {
  const out: Record<string, string> = { ".markdownlint.json": '{ "MD013": false }\n' };
  // enough text for the parallel lint (over 256 KiB), with findings in some files
  const filler = `${"Some text that is long enough to count.\n".repeat(40)}\n`;
  for (let i = 0; i < 10; i++) {
    out[`docs/d${String(i).padStart(2, "0")}.md`] = `# Doc ${i}\n\n${filler.repeat(18)}${i % 5 === 0 ? "```\nno language\n```\n\n" : ""}${i % 7 === 0 ? "see /home/me/x\n\n" : ""}The end.\n`;
  }
  out[".agents/sessions/2025-01-01-session-01.json"] = '{"session": {"number": 1, "date": "2025-01-01", "branch": "feat/x"}}\n';
  return out;
}

describe("pre-pr caches (PP-001, PP-003, PP-006)", () => {
  it("PP-003/PP-006/PP-001: cold with 1 or 2 lint workers and warm runs report the same rows; an edit is seen", () => {
    const dir = makeRepo(files());
    const env = { CI: undefined, SKIP_AUTOFIX: undefined, QUICK_MODE: undefined, SKIP_TESTS: undefined };
    const run = (extra: string[], workers?: string): Row[] => {
      const r = runCli(["pre-pr", "--all", "-f", "json", ...extra], { cwd: dir, env: { ...env, AGENTCHECK_LINT_WORKERS: workers } });
      expect(r.stderr).toBe("");
      return (JSON.parse(r.stdout).checks as Row[]).map((c) => ({ id: c.id, status: c.status, message: c.message, findings: c.findings }));
    };
    const one = run(["--no-cache"], "1");
    const pp = (rows: Row[], id: string) => rows.find((r) => r.id === id)!;
    expect(pp(one, "PP-003").findings.map((f) => `${f.path}:${f.ruleId}`)).toEqual([
      "docs/d00.md:MD040/fenced-code-language", "docs/d05.md:MD040/fenced-code-language",
    ]);
    expect(pp(one, "PP-006").findings.map((f) => f.path)).toEqual(["docs/d00.md", "docs/d07.md"]);
    expect(pp(one, "PP-001").findings.length).toBeGreaterThan(0);
    expect(run(["--no-cache"], "2")).toEqual(one);
    expect(existsSync(join(dir, ".git", "agentcheck", "core-cache.json"))).toBe(false);
    expect(run([])).toEqual(one); // writes the caches
    expect(existsSync(join(dir, ".git", "agentcheck", "core-cache.json"))).toBe(true);
    expect(run([])).toEqual(one); // served from them
    writeFileSync(join(dir, "docs", "d07.md"), "# Doc 7\n\nno path here\n");
    const edited = run([]);
    expect(pp(edited, "PP-006").findings.map((f) => f.path)).toEqual(["docs/d00.md"]);
    expect(edited).toEqual(run(["--no-cache"]));
  });
});
