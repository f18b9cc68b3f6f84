// Issue 33 item 5: ~200,000 findings in one file. Before: text and markdown died with "Maximum call
// stack size exceeded" and no report (a spread of every finding into one call), JSON grew without a
// bound. Now every format lists at most report.maxFindingsPerRule findings of a rule per file (200 by
// default) and one summary finding with the rest's count; totals and the exit code count them all.
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, tmpDir } from "../helpers.js";
import { runAsync } from "./matrix.js";
import { buildReport, type Finding } from "../../dist/report.js";
import { formatText } from "../../dist/format/text.js";
import { formatMarkdown } from "../../dist/format/markdown.js";

const N = 200_000;

function repo(config?: unknown): string {
  const dir = tmpDir("agentcheck-cap-");
  git(dir, "init", "-q");
  const mem = join(dir, ".serena", "memories");
  mkdirSync(mem, { recursive: true });
  writeFileSync(join(mem, "memory-index.md"), "# Memory index\n\n- [skills-big-index](skills-big-index.md)\n");
  writeFileSync(join(mem, "example-one.md"), "# One\n\nText.\n");
  // a table, then N non-table lines: N MI-009 errors in one file (400 KB, under every size limit)
  writeFileSync(join(mem, "skills-big-index.md"), `| Keywords | File |\n|----------|------|\n| alpha beta | example-one |\n${"x\n".repeat(N)}`);
  if (config !== undefined) writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify(config));
  return dir;
}

describe("issue 33 item 5: 200,000 MI-009 findings in one file, every format", () => {
  const dir = repo();
  for (const format of ["text", "json", "markdown", "sarif", "junit", "github"]) {
    it(`memory-index -f ${format}: exit 1, output under 512 KB, totals of every finding`, async () => {
      const r = await runAsync(["memory-index", "-f", format], { cwd: dir, killMs: 120_000 });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout.length).toBeLessThan(512 * 1024);
      const more = `${N - 200} more MI-009 errors not listed`;
      if (format === "json") {
        const rep = JSON.parse(r.stdout);
        expect(rep.summary.errors).toBe(N);
        const big = rep.results.find((x: { file: string }) => x.file.endsWith("skills-big-index.md"));
        expect(big.verdict).toBe("fail");
        expect(big.findings.filter((f: Finding) => f.ruleId === "MI-009").length).toBe(201);
        expect(big.findings.at(-1)).toMatchObject({ ruleId: "MI-009", messageId: "agentcheck.capped", data: { count: String(N - 200) } });
      } else if (format === "sarif") {
        expect(JSON.parse(r.stdout).runs[0].results.filter((x: { message: { text: string } }) => x.message.text.startsWith(more)).length).toBe(1);
      } else {
        expect(r.stdout).toContain(more);
      }
      if (format === "text") expect(r.stdout).toContain(`By rule: MI-009 ${N}`);
      if (format === "text" || format === "github") expect(r.stdout).toContain(`${N} errors`);
      if (format === "markdown") expect(r.stdout).toContain(`${N} errors`);
    });
  }

  it("report.maxFindingsPerRule: 10 lists 10; 0 or a string is a configuration error (exit 2)", async () => {
    const ten = await runAsync(["memory-index", "-f", "json"], { cwd: repo({ report: { maxFindingsPerRule: 10 } }), killMs: 120_000 });
    expect(ten.code).toBe(1);
    const big = JSON.parse(ten.stdout).results.find((x: { file: string }) => x.file.endsWith("skills-big-index.md"));
    expect(big.findings.filter((f: Finding) => f.ruleId === "MI-009").map((f: Finding) => f.data?.count ?? "")).toEqual([...Array(10).fill(""), String(N - 10)]);
    for (const bad of [0, "10"]) {
      const r = await runAsync(["memory-index"], { cwd: repo({ report: { maxFindingsPerRule: bad } }), killMs: 120_000 });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("report.maxFindingsPerRule");
    }
  });

  it("pre-pr: a row's findings are capped the same way (PP-003, 300 MD010 findings in one file, cap 5)", async () => {
    const dir = makeRepo({ "docs/tabs.md": `# Tabs\n\n${"\tx\n\n".repeat(300)}`, "agentcheck.config.json": JSON.stringify({ report: { maxFindingsPerRule: 5 } }) }, { commit: true });
    const r = await runAsync(["pre-pr", "--all", "--only", "PP-003", "--no-cache", "-f", "json"], { cwd: dir, killMs: 120_000 });
    expect(r.code, r.stderr).toBe(1);
    const row = JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === "PP-003");
    const md010 = row.findings.filter((f: { ruleId: string }) => f.ruleId.startsWith("MD010"));
    expect(md010.length).toBe(6);
    expect(md010.at(-1).message).toMatch(/^295 more MD010\/no-hard-tabs errors not listed/);
    const text = await runAsync(["pre-pr", "--all", "--only", "PP-003", "--no-cache", "--verbose"], { cwd: dir, killMs: 120_000 });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain("295 more MD010/no-hard-tabs errors not listed");
  });

  it("text and markdown format 150,000 findings of one file without a cap (a spread threw RangeError)", () => {
    const findings: Finding[] = [];
    for (let i = 1; i <= 150_000; i++) findings.push({ ruleId: "MI-009", severity: "error", file: "a.md", line: i, column: 1, message: "x" });
    const r = buildReport("0", [{ file: "a.md", validator: "memory-index", verdict: "fail", findings }], 0);
    expect(formatText(r, { color: false })).toContain("By rule: MI-009 150000");
    // --verbose lists every finding (summary-first, issue 36: 200 rows by default, then the top rules and files)
    expect(formatMarkdown(r, { verbose: true }).split("\n").filter((l) => l.startsWith("| error | MI-009")).length).toBe(150_000);
    expect(formatMarkdown(r)).toContain("149800 more findings not listed");
  });
});
