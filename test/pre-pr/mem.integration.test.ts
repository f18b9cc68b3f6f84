// Pre-pr row PP-017 (memory health: MEM-01..03, upstream's memory-size and memory-skill-format
// hooks) end to end: real repositories, the real CLI.
import { describe, it, expect } from "vitest";
import { PrePrReportSchema } from "../../dist/prepr/report-schema.js";
import { runCli, writeTree } from "../helpers.js";
import { branchRepo } from "./helpers.js";

const MEM = ".serena/memories";
const big = (n: number) => `# Big\n\n${"x".repeat(n)}\n`;


function row(dir: string, args: string[] = []) {
  const r = runCli(["pre-pr", "--only", "PP-017", "--base", "main", "--format", "json", ...args], { cwd: dir, env: { CI: undefined, QUICK_MODE: undefined } });
  if (r.code === 2) throw new Error(`exit 2: ${r.stderr}`);
  const rep = PrePrReportSchema.parse(JSON.parse(r.stdout));
  return { code: r.code, row: rep.checks.find((c) => c.id === "PP-017")! };
}

describe("pre-pr PP-017 (memory health, MEM-01..03)", () => {
  it("MEM-01: a memory the branch adds over 10,000 characters fails (exit 1); one it modifies only warns", () => {
    const dir = branchRepo({ [`${MEM}/git-002-new.md`]: big(10_000), [`${MEM}/git-001-old.md`]: big(12_000) }, { [`${MEM}/git-001-old.md`]: "# Old\n" });
    const { code, row: r } = row(dir);
    expect(code).toBe(1);
    expect(r.status).toBe("FAIL");
    expect(r.message).toBe("2 file(s) checked: 1 error(s), 1 warning(s)");
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.path])).toEqual([
      ["MEM-01", "warning", `${MEM}/git-001-old.md`],
      ["MEM-01", "error", `${MEM}/git-002-new.md`],
    ]);
    expect(r.findings[1].message).toBe("10008 characters (over 10000): split it into 2 focused files");
  });

  it("MEM-02/MEM-03: bundled skills and a skill- file name fail; rules.MEM-01.options raise the limit", () => {
    const bundled = "## Skill-Git-1: a\n\nx\n\n## Skill-Git-2: b\n\ny\n";
    const dir = branchRepo({
      [`${MEM}/git-bundle.md`]: bundled, [`${MEM}/skill-old.md`]: "# x\n", [`${MEM}/git-big.md`]: big(10_500),
      "agentcheck.config.json": JSON.stringify({ rules: { "MEM-01": { options: { maxChars: 20_000 } } } }),
    });
    const { code, row: r } = row(dir);
    expect(code).toBe(1);
    expect(r.findings.map((f) => [f.ruleId, f.path])).toEqual([["MEM-02", `${MEM}/git-bundle.md`], ["MEM-03", `${MEM}/skill-old.md`]]);
  });

  it("MEM-01: nothing changed in the memories passes and says so; --all checks every memory (warnings)", () => {
    const dir = branchRepo({ "src/x.ts": "export {};\n" }, { [`${MEM}/old.md`]: big(11_000) });
    expect(row(dir).row).toMatchObject({ status: "PASS", message: `no memories changed in ${MEM} since main` });
    expect(row(dir, ["--all"])).toMatchObject({ code: 0, row: { status: "WARN", findings: [expect.objectContaining({ ruleId: "MEM-01", path: `${MEM}/old.md` })] } });
  });

  it("MEM-01: paths.memories names the folder; prePr.checks.PP-017.enabled false skips the row", () => {
    const dir = branchRepo({ "mem/a.md": big(10_001), [`${MEM}/b.md`]: big(10_001), "agentcheck.config.json": JSON.stringify({ paths: { memories: "mem" } }) });
    expect(row(dir).row.findings.map((f) => f.path)).toEqual(["mem/a.md"]);
    writeTree(dir, { "agentcheck.config.json": JSON.stringify({ paths: { memories: "mem" }, prePr: { checks: { "PP-017": { enabled: false } } } }) });
    expect(row(dir).row.status).toBe("SKIP");
  });
});
