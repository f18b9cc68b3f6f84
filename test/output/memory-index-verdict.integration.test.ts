// memory-index agrees with its exit code after a baseline (the text's PASS/FAIL and Result follow
// the findings that are left), and names files repository-relative from a subdirectory (so the
// baseline and the configuration's ignores apply there too). Real processes and git repositories.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { makeRepo, runCli } from "../helpers.js";

describe("memory-index agrees with its exit code", () => {
  // one domain index naming a file that does not exist (MI-002) and an orphan (MI-017)
  const MEM = {
    ".serena/memories/skills-analysis-index.md": "| Keywords | File |\n|---|---|\n| alpha beta | [analysis-a](analysis-a.md) |\n| gamma delta | [analysis-gone](analysis-gone.md) |\n",
    ".serena/memories/analysis-a.md": "# A\n",
    ".serena/memories/analysis-orphan.md": "# O\n",
  };

  it("after a baseline: PASS / PASSED and exit 0", () => {
    const dir = makeRepo(MEM);
    const before = runCli(["memory-index"], { cwd: dir });
    expect(before.code).toBe(1);
    expect(before.stdout).toMatch(/index analysis: FAIL/);
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    const r = runCli(["memory-index"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/index analysis: PASS/);
    expect(r.stdout).toMatch(/0 failed; .*Result: PASSED/);
    expect(r.stdout).not.toMatch(/FAIL/);
  });

  it("from a subdirectory: repository-relative paths, and the baseline applies", () => {
    const dir = makeRepo({ ...MEM, "sub/deep/README.md": "# s\n" });
    const cwd = join(dir, "sub", "deep");
    const r = runCli(["memory-index", "-f", "json"], { cwd });
    expect(r.code).toBe(1);
    const files = (JSON.parse(r.stdout).results as { file: string }[]).map((x) => x.file);
    expect(files).toContain(".serena/memories/skills-analysis-index.md");
    expect(files.some((f) => f.startsWith("/") || f.startsWith(".."))).toBe(false);
    // the same names as check reports, so the baseline written at the root applies here too
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    expect(runCli(["memory-index"], { cwd }).code).toBe(0);
  });

  it("from a subdirectory: the configuration's ignores apply", () => {
    const dir = makeRepo({ ...MEM, "sub/README.md": "# s\n", "agentcheck.config.json": JSON.stringify({ ignores: [".serena/memories/analysis-orphan.md"] }) });
    const r = runCli(["memory-index", "-f", "json"], { cwd: join(dir, "sub") });
    const files = (JSON.parse(r.stdout).results as { file: string }[]).map((x) => x.file);
    expect(files).not.toContain(".serena/memories/analysis-orphan.md");
    expect(files).toContain(".serena/memories/skills-analysis-index.md");
  });
});
