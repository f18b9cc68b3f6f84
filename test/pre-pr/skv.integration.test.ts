// Pre-pr row PP-016 (SKV-01, upstream's Detect-SkillViolation) end to end: real repositories, the real CLI.
import { describe, it, expect } from "vitest";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PrePrReportSchema } from "../../dist/prepr/report-schema.js";
import { runCli, tmpDir } from "../helpers.js";
import { branchRepo } from "./helpers.js";

const SKILLS = ".claude/skills/github/scripts";
const GH_DOC = "# Steps\n\nRun `gh pr create --fill`, then gh api repos/o/r.\n";


function row(dir: string, args: string[] = []) {
  const r = runCli(["pre-pr", "--only", "PP-016", "--base", "main", "--format", "json", ...args], { cwd: dir, env: { CI: undefined, QUICK_MODE: undefined } });
  if (r.code === 2) throw new Error(`exit 2: ${r.stderr}`);
  const rep = PrePrReportSchema.parse(JSON.parse(r.stdout));
  return { code: r.code, row: rep.checks.find((c) => c.id === "PP-016")! };
}

describe("pre-pr PP-016 (SKV-01, Detect-SkillViolation)", () => {
  it("SKV-01: without a GitHub skills folder the row is a SKIP that says so, never a pass", () => {
    const dir = branchRepo({ "docs/a.md": GH_DOC });
    const { code, row: r } = row(dir);
    expect(code).toBe(0);
    expect(r).toMatchObject({ status: "SKIP", findings: [] });
    expect(r.message).toContain(`no GitHub skills folder ${SKILLS}`);
  });

  it("SKV-01: with the skills folder, a changed file with raw gh commands warns once per line; the row never fails by default", () => {
    const dir = branchRepo({ "docs/a.md": GH_DOC, "scripts/b.py": "run(['gh', 'api'])\n", "notes.txt": "gh pr view 1\n" }, { [`${SKILLS}/get_pr.py`]: "" });
    const { code, row: r } = row(dir);
    expect(code).toBe(0);
    expect(r.status).toBe("WARN");
    expect(r.message).toBe("2 file(s) checked: 0 error(s), 1 warning(s)"); // .txt is not an upstream extension
    expect(r.findings).toEqual([expect.objectContaining({ ruleId: "SKV-01", severity: "warning", path: "docs/a.md", line: 3, column: 6 })]);
    expect(r.findings[0].message).toContain("raw `gh pr create`");
  });

  it("SKV-01: prePr.checks.PP-016.severity raises it to an error (exit 1); excludes and extensions are options", () => {
    const dir = branchRepo({
      "docs/a.md": GH_DOC, "vendor/c.md": GH_DOC,
      "agentcheck.config.json": JSON.stringify({ prePr: { checks: { "PP-016": { severity: { "SKV-01": "error" } } } }, rules: { "SKV-01": { options: { excludes: ["vendor/**"] } } } }),
    }, { [`${SKILLS}/x.ps1`]: "" });
    const { code, row: r } = row(dir);
    expect(code).toBe(1);
    expect(r.status).toBe("FAIL");
    expect(r.findings.map((f) => f.path)).toEqual(["docs/a.md"]);
  });

  it("SKV-01: --all scans the whole repository; nothing in scope passes and says so", () => {
    const dir = branchRepo({ "src/x.ts": "export {};\n" }, { [`${SKILLS}/x.py`]: "", "docs/old.md": "gh issue list\n" });
    expect(row(dir).row).toMatchObject({ status: "PASS", message: "no .md/.py/.ps1/.psm1 files changed since main" });
    expect(row(dir, ["--all"]).row).toMatchObject({ status: "WARN", findings: [expect.objectContaining({ path: "docs/old.md" })] });
  });

  it("hostile: a skills folder that is a link out of the repository is not followed (SKIP), nor is a skillsDir outside it", () => {
    const outside = tmpDir("agentcheck-outside-");
    mkdirSync(join(outside, "scripts"));
    const dir = branchRepo({ "docs/a.md": GH_DOC });
    mkdirSync(join(dir, ".claude/skills/github"), { recursive: true });
    symlinkSync(join(outside, "scripts"), join(dir, SKILLS));
    expect(row(dir).row.status).toBe("SKIP");
    writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ rules: { "SKV-01": { options: { skillsDir: "../" } } } }));
    expect(row(dir).row.status).toBe("SKIP");
  });
});
