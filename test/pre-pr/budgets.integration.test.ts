// Pre-pr rows PP-018 (SKB-01, upstream's skill_description_budget.py), PP-019 (CMD-01, upstream's
// command-size hook) and PP-020 (TOK-04, upstream's passive_context_budget.py) end to end, and
// CMD-01 under `check --staged` (commit-checks): real repositories, the real CLI.
import { describe, it, expect } from "vitest";
import { PrePrReportSchema } from "../../dist/prepr/report-schema.js";
import { git, runCli, writeTree } from "../helpers.js";
import { branchRepo } from "./helpers.js";

const skill = (name: string, chars: number) => `---\nname: ${name}\ndescription: ${"d".repeat(chars)}\n---\n\n# ${name}\n`;
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

function row(dir: string, id: string, args: string[] = []) {
  const r = runCli(["pre-pr", "--only", id, "--base", "main", "--format", "json", ...args], { cwd: dir, env: { CI: undefined, QUICK_MODE: undefined } });
  if (r.code === 2) throw new Error(`exit 2: ${r.stderr}`);
  const rep = PrePrReportSchema.parse(JSON.parse(r.stdout));
  return { code: r.code, row: rep.checks.find((c) => c.id === id)! };
}

describe("pre-pr PP-018 (skill description budget, SKB-01)", () => {
  it("SKB-01: a change to one SKILL.md sums every skill's description, unchanged ones included; over the budget fails, on the skills folder, naming the longest", () => {
    const config = JSON.stringify({ rules: { "SKB-01": { options: { maxTotalChars: 100 } } } });
    const dir = branchRepo({ ".claude/skills/small/SKILL.md": skill("small", 10) }, { ".claude/skills/big/SKILL.md": skill("big", 95), "agentcheck.config.json": config });
    const { code, row: r } = row(dir, "PP-018");
    expect(code).toBe(1);
    expect(r.status).toBe("FAIL");
    expect(r.message).toBe("descriptions of 2 SKILL.md file(s) in .claude/skills summed");
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.path])).toEqual([["SKB-01", "error", ".claude/skills"]]);
    expect(r.findings[0].message).toBe("the descriptions of 2 skills total 105 characters, over the budget of 100; the longest: big (95), small (10)");
  });

  it("SKB-01: no SKILL.md changed passes and says so; --all sums them; within the default budget passes", () => {
    const dir = branchRepo({ "src/x.ts": "export {};\n" }, { ".claude/skills/a/SKILL.md": skill("a", 500) });
    expect(row(dir, "PP-018").row).toMatchObject({ status: "PASS", message: "no SKILL.md files changed in .claude/skills since main" });
    expect(row(dir, "PP-018", ["--all"])).toMatchObject({ code: 0, row: { status: "PASS", message: "descriptions of 1 SKILL.md file(s) in .claude/skills summed", findings: [] } });
  });
});

describe("pre-pr PP-019 (command size, CMD-01)", () => {
  it("CMD-01: a changed command over 200 lines fails, one over 150 warns; nested folders and other folders are not command files", () => {
    const dir = branchRepo({
      ".claude/commands/big.md": lines(201), ".claude/commands/near.md": lines(151),
      ".claude/commands/team/nested.md": lines(300), "docs/long.md": lines(300),
    });
    const { code, row: r } = row(dir, "PP-019");
    expect(code).toBe(1);
    expect(r.message).toBe("2 command file(s) checked: 1 error(s), 1 warning(s)");
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.path, f.message])).toEqual([
      ["CMD-01", "error", ".claude/commands/big.md", "201 lines (over 200): convert the command to a skill, or declare `size-exception: true` with a rationale comment"],
      ["CMD-01", "warning", ".claude/commands/near.md", "151 lines (over the warning threshold 150): consider converting it to a skill"],
    ]);
  });

  it("CMD-01: rules.CMD-01.options.dir names the folder; nothing changed there passes and says so", () => {
    const dir = branchRepo({ "cmds/a.md": lines(250), ".claude/commands/b.md": lines(250), "agentcheck.config.json": JSON.stringify({ rules: { "CMD-01": { options: { dir: "cmds/" } } } }) });
    expect(row(dir, "PP-019").row.findings.map((f) => f.path)).toEqual(["cmds/a.md"]);
    const quiet = branchRepo({ "src/x.ts": "export {};\n" });
    expect(row(quiet, "PP-019").row).toMatchObject({ status: "PASS", message: "no command files changed in .claude/commands since main" });
  });

  it("CMD-01 under check --staged: a staged command over the ceiling blocks the commit; validators.commitChecks.commandSize false switches it off", () => {
    const dir = branchRepo({ "src/x.ts": "export {};\n" });
    writeTree(dir, { ".claude/commands/big.md": lines(205) });
    git(dir, "add", "-A");
    const r = runCli(["check", "--staged", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const rep = JSON.parse(r.stdout) as { results: { file: string; validator: string; findings: { ruleId: string; severity: string }[] }[] };
    expect(rep.results.filter((x) => x.validator === "commit-checks").map((x) => [x.file, x.findings.map((f) => [f.ruleId, f.severity])])).toEqual([[".claude/commands/big.md", [["CMD-01", "error"]]]]);
    writeTree(dir, { "agentcheck.config.json": JSON.stringify({ validators: { commitChecks: { commandSize: false } } }) });
    git(dir, "add", "-A");
    const off = runCli(["check", "--staged", "--format", "json"], { cwd: dir });
    const offRep = JSON.parse(off.stdout) as { results: { validator: string; findings: { ruleId: string }[] }[] };
    expect(offRep.results.flatMap((x) => x.findings).filter((f) => f.ruleId === "CMD-01")).toEqual([]);
  });
});

describe("pre-pr PP-020 (passive context budget, TOK-04)", () => {
  it("TOK-04: a changed AGENTS.md over 2,000 estimated tokens fails; CLAUDE.md within passes; an unchanged one is not read", () => {
    const dir = branchRepo({ "AGENTS.md": "word ".repeat(1600), "CLAUDE.md": "# Claude\n\nShort.\n" }, { ".claude/CLAUDE.md": "word ".repeat(9000) });
    const { code, row: r } = row(dir, "PP-020");
    expect(code).toBe(1);
    expect(r.message).toBe("2 file(s) checked: 1 error(s), 0 warning(s)");
    expect(r.findings.map((f) => [f.ruleId, f.path, f.message])).toEqual([
      ["TOK-04", "AGENTS.md", "about 2100 tokens, over its budget of 2000 (105.0 %): compress it or move details to skills and references read on demand"],
    ]);
  });

  it("TOK-04: budgets name other files and budgets; --all reads every one that exists; nothing changed passes and says so", () => {
    const config = JSON.stringify({ rules: { "TOK-04": { options: { budgets: [".github/copilot-instructions.md:100"] } } } });
    const dir = branchRepo({ "src/x.ts": "export {};\n" }, { ".github/copilot-instructions.md": "word ".repeat(200), "AGENTS.md": "word ".repeat(3000), "agentcheck.config.json": config });
    expect(row(dir, "PP-020").row).toMatchObject({ status: "PASS", message: "no budgeted file changed since main" });
    const all = row(dir, "PP-020", ["--all"]);
    expect(all.code).toBe(1);
    expect(all.row.findings.map((f) => [f.ruleId, f.path])).toEqual([["TOK-04", ".github/copilot-instructions.md"]]);
  });
});
