// The pre-pr command end to end: real repositories, the real CLI, fake external tools on PATH.
import { describe, it, expect } from "vitest";
import { readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { PrePrReportSchema } from "../../dist/prepr/report-schema.js";
import { git, makeRepo, runCli, tmpDir, toolPath, writeTree } from "../helpers.js";

const CLEAN_ENV = { CI: undefined, QUICK_MODE: undefined, SKIP_TESTS: undefined, SKIP_AUTOFIX: undefined, GITHUB_ACTIONS: undefined };
function prepr(cwd: string, args: string[], opts: { tools?: Record<string, string>; input?: string; env?: Record<string, string | undefined> } = {}) {
  return runCli(["pre-pr", ...args], { cwd, input: opts.input, env: { ...CLEAN_ENV, PATH: toolPath(opts.tools), ...opts.env } });
}
function json(cwd: string, args: string[], opts: Parameters<typeof prepr>[2] = {}) {
  const r = prepr(cwd, [...args, "--format", "json"], opts);
  if (r.code === 2) throw new Error(`exit 2: ${r.stderr}`);
  const rep = PrePrReportSchema.parse(JSON.parse(r.stdout));
  return { code: r.code, rep, row: (id: string) => rep.checks.find((c) => c.id === id)! };
}

const SHA = "b4ffde65f46336ab88eb53be808477a3936bae11";
const WF = `name: ci\non: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@${SHA} # v4\n`;

/** main with a clean README; a feature branch with the given files committed. */
function branchRepo(files: Record<string, string>, base: Record<string, string> = {}): string {
  const dir = makeRepo({ "README.md": "# Project\n\nText.\n", ...base });
  git(dir, "checkout", "-q", "-b", "feature");
  if (Object.keys(files).length) {
    writeTree(dir, files);
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "feature");
  }
  return dir;
}

describe("pre-pr command", () => {
  it("TC-RN-22/TC-RN-21: JSON report matches its schema, one row per registered check, exit 0 when nothing fails", () => {
    const dir = branchRepo({ "docs/guide.md": "# Guide\n\nFine text.\n" });
    const { code, rep } = json(dir, []);
    expect(code).toBe(0);
    expect(rep.counts.total).toBe(rep.checks.length);
    expect(rep.checks.map((c) => c.id)).toEqual(["PP-001", "PP-003", "PP-009", "PP-010", "PP-004", "PP-011", "PP-015", "PP-012", "PP-014", "PP-002", "PP-005", "PP-006", "PP-007", "PP-008", "PP-013", "PP-016", "PP-017", "PP-018", "PP-019", "PP-020"]);
    expect(rep.scope).toMatchObject({ kind: "changed", base: "main", files: 1 });
    for (const c of rep.checks) if (c.status === "SKIP") expect(c.reason, c.id).toBeTruthy();
  });
  it("TC-RN-21: one FAIL exits 1, an unknown option exits 2", () => {
    const dir = branchRepo({ ".github/workflows/ci.yml": WF.replace(`${SHA} # v4`, "v4") });
    const { code, row } = json(dir, []);
    expect(code).toBe(1);
    expect(row("PP-009")).toMatchObject({ status: "FAIL", findings: [expect.objectContaining({ ruleId: "PIN-01", path: ".github/workflows/ci.yml", line: 8 })] });
    expect(prepr(dir, ["--bogus"]).code).toBe(2);
  });
  it("TC-RN-08: nothing changed: scoped checks PASS with a note and no tool is launched", () => {
    const dir = branchRepo({});
    const marker = join(tmpDir(), "launched");
    const { code, row } = json(dir, [], { tools: { actionlint: `touch ${marker}`, yamllint: `touch ${marker}` } });
    expect(code).toBe(0);
    expect(row("PP-003")).toMatchObject({ status: "PASS", message: "no markdown files changed since main" });
    expect(row("PP-004").message).toBe("no workflow files changed since main");
    expect(row("PP-005").message).toBe("no YAML files changed since main");
    expect(existsSync(marker)).toBe(false);
  });
  it("TC-RN-12/KB-11: a missing actionlint is SKIP (never PASS) with an install hint; FAIL with --require-tools and --ci", () => {
    const dir = branchRepo({ ".github/workflows/ci.yml": WF });
    const a = json(dir, []);
    expect(a.row("PP-004")).toMatchObject({ status: "SKIP" });
    expect(a.row("PP-004").reason).toMatch(/tool not found: actionlint.*install/);
    expect(a.row("PP-005").status).toBe("SKIP");
    expect(a.code).toBe(0);
    const b = json(dir, ["--require-tools"]);
    expect(b.row("PP-004").status).toBe("FAIL");
    expect(b.row("PP-005").status).toBe("FAIL");
    expect(b.code).toBe(1);
    const c = json(dir, ["--ci"]);
    expect(c.row("PP-004").status).toBe("FAIL");
    expect(c.code).toBe(1);
    const text = prepr(dir, []);
    expect(text.stdout).toContain("did not run for a missing tool");
    expect(text.stdout).not.toContain("Ready to create pull request");
  });
  it("TC-RN-13/KB-12: actionlint receives exactly the workflow files (not composite actions)", () => {
    const dir = branchRepo({ ".github/workflows/a.yaml": WF, ".github/workflows/b.yml": WF, ".github/actions/x/action.yml": "name: x\nruns:\n  using: composite\n  steps: []\n" });
    const log = join(tmpDir(), "args");
    const { row } = json(dir, [], { tools: { actionlint: `for a in "$@"; do echo "$a" >> ${log}; done; echo "SHELLCHECK_OPTS=$SHELLCHECK_OPTS" >> ${log}` } });
    expect(row("PP-004").status).toBe("PASS");
    expect(readFileSync(log, "utf8").trim().split("\n")).toEqual([".github/workflows/a.yaml", ".github/workflows/b.yml", "SHELLCHECK_OPTS=--severity=warning"]);
    expect(row("PP-009").status).toBe("PASS");
  });
  it("TC-RN-03: a tool exiting 249 without output is a FAIL that says so, with no guessed rule ids", () => {
    const dir = branchRepo({ ".github/workflows/ci.yml": WF });
    const { row } = json(dir, [], { tools: { actionlint: "exit 249" } });
    expect(row("PP-004").status).toBe("FAIL");
    expect(row("PP-004").message).toContain("exit code 249");
    expect(row("PP-004").message).toContain("no output");
    expect(row("PP-004").tool).toMatchObject({ name: "actionlint", exitCode: 249 });
    expect(row("PP-004").findings).toEqual([]);
  });
  it("actionlint findings are shown capped at 20 lines with the omitted count", () => {
    const dir = branchRepo({ ".github/workflows/ci.yml": WF });
    const { row } = json(dir, [], { tools: { actionlint: 'i=0; while [ $i -lt 25 ]; do echo "ci.yml:$i:1: problem $i [x]"; i=$((i+1)); done; exit 1' } });
    expect(row("PP-004").details).toHaveLength(21);
    expect(row("PP-004").details![20]).toBe("... (5 more lines omitted)");
  });
  it("yamllint findings are advisory warnings (WARN, exit 0)", () => {
    const dir = branchRepo({ "conf.yml": "a: 1\n" });
    const { code, row } = json(dir, [], { tools: { yamllint: 'echo "conf.yml:1:1: [warning] missing document start \\"---\\" (document-start)"; exit 1' } });
    expect(row("PP-005")).toMatchObject({ status: "WARN", findings: [expect.objectContaining({ ruleId: "yamllint/document-start", line: 1 })] });
    expect(code).toBe(0);
  });
  it("PP-005: output yamllint wrote that is not a finding (a crash) stays in the row beside the findings", () => {
    const dir = branchRepo({ "conf.yml": "a: 1\n" });
    const tool = 'echo "conf.yml:1:1: [warning] missing document start \\"---\\" (document-start)"; echo "Traceback (most recent call last):" >&2; echo "OSError: broken.yml" >&2; exit 1';
    const { row } = json(dir, [], { tools: { yamllint: tool } });
    expect(row("PP-005")).toMatchObject({ status: "WARN", findings: [expect.objectContaining({ ruleId: "yamllint/document-start" })] });
    expect(row("PP-005").details).toEqual(["Traceback (most recent call last):", "OSError: broken.yml"]);
  });
  it("PP-000/PP-005: prePr.checks.PP-005.severity overrides an external tool's finding in the core (error fails, off drops)", () => {
    const tool = { yamllint: 'echo "conf.yml:1:1: [warning] missing document start \\"---\\" (document-start)"; echo "conf.yml:1:4: [error] truthy value (truthy)"; exit 1' };
    const cfg = (severity: Record<string, string>) => JSON.stringify({ prePr: { checks: { "PP-005": { severity } } } });
    const dir = branchRepo({ "conf.yml": "a: 1\n", "agentcheck.config.json": cfg({ "yamllint/document-start": "error", "yamllint/truthy": "off" }) });
    const { code, row } = json(dir, [], { tools: tool });
    expect(row("PP-005")).toMatchObject({ status: "FAIL", findings: [expect.objectContaining({ ruleId: "yamllint/document-start", severity: "error" })] });
    expect(row("PP-005").findings).toHaveLength(1);
    expect(code).toBe(1);
    writeFileSync(join(dir, "agentcheck.config.json"), cfg({ "yamllint/document-start": "info" }));
    const info = json(dir, [], { tools: tool }).row("PP-005");
    expect(info.findings.map((f) => [f.ruleId, f.severity])).toEqual([["yamllint/document-start", "info"], ["yamllint/truthy", "warning"]]);
    expect(info.status).toBe("WARN");
  });
  it("TC-RN-11: --quick skips the slow checks with a reason; total equals the number of rows", () => {
    const dir = branchRepo({});
    const { rep, row } = json(dir, ["--quick"]);
    expect(row("PP-005").reason).toContain("quick mode");
    expect(row("PP-006").reason).toContain("quick mode");
    expect(rep.mode).toBe("quick");
    expect(rep.counts.total).toBe(rep.checks.length);
    expect(json(dir, [], { env: { QUICK_MODE: "true" } }).rep.mode).toBe("quick");
  });
  it("TC-RN-15: --skip without --reason exits 2; with a reason it is a reported SKIP row", () => {
    const dir = branchRepo({});
    const bad = prepr(dir, ["--skip", "PP-003"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--reason");
    const { row } = json(dir, ["--skip", "PP-003", "--reason", "known upstream issue"]);
    expect(row("PP-003")).toMatchObject({ status: "SKIP", reason: "skipped by user: known upstream issue" });
    expect(prepr(dir, ["--only", "PP-777"]).code).toBe(2);
  });
  it("TC-RN-04/KB-04: run from a subfolder, the scope and lint targets are the repository's", () => {
    const dir = branchRepo({ "docs/deep/x.md": "# X\n\n```\ncode\n```\n" });
    const top = json(dir, []);
    const sub = json(join(dir, "docs", "deep"), []);
    expect(sub.row("PP-003").findings).toEqual(top.row("PP-003").findings);
    expect(sub.row("PP-003").findings[0]).toMatchObject({ path: "docs/deep/x.md", line: 3, ruleId: "MD040/fenced-code-language" });
  });
  it("outside a git work tree: exit 2 with a clear message", () => {
    const r = runCli(["pre-pr"], { cwd: tmpDir(), env: { ...CLEAN_ENV, GIT_CEILING_DIRECTORIES: "/" } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("not inside a git work tree");
  });
  it("human format: header, one line per check, summary with counts and the verdict", () => {
    const dir = branchRepo({ "docs/a.md": "# A\n\nsee /home/me/notes\n" });
    const r = prepr(dir, []);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("=== Pre-PR Validation Runner ===");
    expect(r.stdout).toMatch(/\[FAIL\] PP-006 Path Normalization \(\d+\.\d\ds\): 1 file\(s\) checked: 1 error/);
    expect(r.stdout).toContain("    docs/a.md:3:5 PATH-01 Absolute path /home/");
    expect(r.stdout).toMatch(/Total Validations: 20\nPassed: \d+\nFailed: 1\nSkipped: \d+\nWarned: \d+/);
    expect(r.stdout).toContain("RESULT: 1 validation(s) failed: PP-006");
  });
});

describe("pre-pr markdown lint (PP-003)", () => {
  const cli2 = `config:\n  MD013: false\n  MD041: false\nignores:\n  - "vendor/**"\n  - "**/*.generated.md"\nglobs:\n  - "**/*.md"\n  - "!drafts/**"\n`;
  it("reads .markdownlint-cli2.yaml (config, ignores, globs) and reports real findings with line numbers", () => {
    const dir = branchRepo({
      ".markdownlint-cli2.yaml": cli2,
      "docs/a.md": "text first\n\n```\ncode\n```\n\n" + "long ".repeat(60).trim() + "\n",
      "vendor/v.md": "```\nx\n```\n",
      "drafts/d.md": "```\nx\n```\n",
      "x.generated.md": "```\nx\n```\n",
    });
    const { row } = json(dir, []);
    const r = row("PP-003");
    expect(r.status).toBe("FAIL");
    expect(r.message).toContain("linted 1 of 4 markdown file(s) (config: .markdownlint-cli2.yaml)");
    expect(r.findings.map((f) => [f.path, f.line, f.ruleId])).toEqual([["docs/a.md", 3, "MD040/fenced-code-language"]]);
  });
  it(".markdownlint-cli2.jsonc and a .markdownlint.json override of config", () => {
    const dir = branchRepo({
      ".markdownlint-cli2.jsonc": '{ // comment\n "config": { "MD040": false }, "ignores": ["skip/**"] }\n',
      ".markdownlint.json": '{ "default": true, "MD040": true, "MD041": false }\n',
      "a.md": "x\n\n```\ny\n```\n",
      "skip/b.md": "```\ny\n```\n",
    });
    const r = json(dir, []).row("PP-003");
    expect(r.message).toContain("config: .markdownlint-cli2.jsonc, .markdownlint.json");
    expect(r.findings.map((f) => f.ruleId)).toEqual(["MD040/fenced-code-language"]);
  });
  it("PP-003: markdownlint-cli2 `overrides` (0.23+): the first matching filter's config, merged or replacing; a filter adds no file", () => {
    // the shape of ai-agents' .markdownlint-cli2.yaml today: MD040/MD033 off for the skill trees only
    const yaml = [
      "config:",
      "  MD041: false",
      "  MD033:",
      "    allowed_elements: [br]",
      "ignores:",
      '  - "vendor/**"',
      "overrides:",
      "  - filter:",
      '      - ".claude/skills/**"',
      '      - "!.claude/skills/strict/**"',
      "    config:",
      "      MD040: false",
      "      MD033: false",
      "    combine: merge",
      "  - filter:",
      '      - ".claude/skills/**"',
      '      - "src/replaced/**"',
      "    config:",
      "      MD047: false",
      "    combine: replace",
      "  - filter:",
      '      - "vendor/**"',
      "    config: { default: false }",
      "    combine: replace",
      "",
    ].join("\n");
    const bad = "x\n\n```\ncode\n```\n\n<kbd>k</kbd>\n";
    const dir = branchRepo({
      ".markdownlint-cli2.yaml": yaml,
      "docs/a.md": bad,
      ".claude/skills/s/SKILL.md": bad,
      ".claude/skills/strict/SKILL.md": bad,
      "src/replaced/r.md": bad + "no final newline",
      "vendor/v.md": bad,
    });
    const r = json(dir, []).row("PP-003");
    expect(r.message).toContain("linted 4 of 5 markdown file(s)");
    const got = r.findings.map((f) => `${f.path} ${f.ruleId.split("/")[0]}`).sort();
    expect(got).toEqual([
      // the strict skill is not the first override's (negated): the second one replaces the config,
      // so only MD047 is off and MD041 (first line heading) is back on
      ".claude/skills/strict/SKILL.md MD033",
      ".claude/skills/strict/SKILL.md MD040",
      ".claude/skills/strict/SKILL.md MD041",
      "docs/a.md MD033",
      "docs/a.md MD040",
      "src/replaced/r.md MD033",
      "src/replaced/r.md MD040",
      "src/replaced/r.md MD041",
    ]);
    // a .markdownlint.* file beside it configures every file, as in markdownlint-cli2
    writeFileSync(join(dir, ".markdownlint.json"), '{ "default": true, "MD041": false, "MD033": false }\n');
    const m = json(dir, []).row("PP-003");
    expect(m.findings.filter((f) => f.ruleId.startsWith("MD040")).map((f) => f.path).sort()).toEqual([".claude/skills/s/SKILL.md", ".claude/skills/strict/SKILL.md", "docs/a.md", "src/replaced/r.md"]);
  });
  it("PP-003: a malformed `overrides` entry is a configuration error (exit 2), not a silently different lint", () => {
    const dir = branchRepo({ ".markdownlint-cli2.yaml": 'overrides:\n  - filter: ["docs/**"]\n    config: { MD040: false }\n', "docs/a.md": "# a\n" });
    const r = prepr(dir, []);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('overrides[0].combine must be "merge" or "replace"');
  });
  it("TC-RN-20/KB-26: all targets excluded is a PASS that says 0 of N were linted", () => {
    const dir = branchRepo({ ".markdownlint-cli2.yaml": cli2, "vendor/v.md": "```\nx\n```\n" });
    expect(json(dir, []).row("PP-003")).toMatchObject({ status: "PASS", message: expect.stringContaining("linted 0 of 1 markdown file(s)") });
  });
  it("PP-003: a file that was not linted (here: over --max-file-size) is not counted as linted; its finding says why (review)", () => {
    const dir = branchRepo({ "a.md": "# a\n", "b.md": "# b\n", "big.md": `# big\n\n${"text\n".repeat(400)}` });
    const r = json(dir, ["--max-file-size", "1000"]).row("PP-003");
    expect(r.message).toContain("linted 2 of 3 markdown file(s)");
    expect(r.findings.map((f) => f.path)).toEqual(["big.md"]);
    expect(json(dir, []).row("PP-003").message).toContain("linted 3 of 3 markdown file(s)");
  });
  it("--all uses the configuration's globs to select files", () => {
    const dir = branchRepo({}, { ".markdownlint-cli2.yaml": cli2, "drafts/d.md": "```\nx\n```\n", "ok.md": "# ok\n" });
    const r = json(dir, ["--all"]).row("PP-003");
    expect(r.message).toMatch(/linted 2 of 3 markdown/);
    expect(r.status).toBe("PASS");
  });
  it("TC-RN-05/KB-06: --fix applies markdownlint's fixes; --ci and SKIP_AUTOFIX leave the tree byte-identical; --fix --ci exits 2", () => {
    const bad = "# Title\n\n*  item\n\ntext   \n";
    const dir = branchRepo({ "a.md": bad });
    const ci = json(dir, ["--ci"]);
    expect(ci.row("PP-003").status).toBe("FAIL");
    expect(readFileSync(join(dir, "a.md"), "utf8")).toBe(bad);
    json(dir, [], { env: { SKIP_AUTOFIX: "1" } });
    expect(readFileSync(join(dir, "a.md"), "utf8")).toBe(bad);
    expect(prepr(dir, ["--fix", "--ci"]).code).toBe(2);
    json(dir, ["--fix"], { env: { SKIP_AUTOFIX: "1" } });
    expect(readFileSync(join(dir, "a.md"), "utf8")).toBe(bad);
    const fixed = json(dir, ["--fix"]);
    expect(fixed.row("PP-003")).toMatchObject({ status: "PASS", message: expect.stringContaining("fixed 1 file(s)") });
    expect(readFileSync(join(dir, "a.md"), "utf8")).toBe("# Title\n\n* item\n\ntext\n");
  });
});

describe("pre-pr delegations and repository-specific checks", () => {
  it("TC-R-13: no session log on the branch is a PASS with a note", () => {
    expect(json(branchRepo({}), []).row("PP-001")).toMatchObject({ status: "PASS", message: "no session logs changed since main" });
  });
  it("TC-RN-10/KB-08: only the session logs changed on the branch are validated", () => {
    const dir = branchRepo({ ".agents/sessions/2026-01-05-session-100.md": "# Session 100\n" }, { ".agents/sessions/2026-01-05-session-99.md": "# Session 99\n", ".agents/sessions/bad name.md": "# x\n" });
    const r = json(dir, []).row("PP-001");
    expect(r.message).toMatch(/session-log: 1 file\(s\) checked/);
    expect(r.findings.every((f) => f.path === ".agents/sessions/2026-01-05-session-100.md")).toBe(true);
  });
  it("a delegated validator that is not built yet is a SKIP with the reason (PP-014)", () => {
    const dir = branchRepo({ ".agents/specs/requirements/REQ-001.md": "---\nid: REQ-001\n---\n# R\n" });
    const r = json(dir, []).row("PP-014");
    expect(["SKIP", "PASS", "FAIL", "WARN"]).toContain(r.status);
    if (r.status === "SKIP") expect(r.reason).toMatch(/not available in this build/);
  });
  it("a validator switched off in the configuration is a SKIP saying so", () => {
    const dir = branchRepo({ ".agents/sessions/2026-01-05-session-1.md": "# S\n", "agentcheck.config.json": '{ "validators": { "sessionLog": { "enabled": false } } }' });
    expect(json(dir, []).row("PP-001")).toMatchObject({ status: "SKIP", reason: "validator session-log is disabled in the configuration" });
  });
  it("PP-001/SP-001: validators.sessionLog.severity reaches the core as severity facts (warning, off) and the row follows", () => {
    const dir = branchRepo({ ".agents/sessions/notes.md": "# not a session log name\n" });
    const base = json(dir, ["--all"]).row("PP-001");
    const ids = [...new Set(base.findings.map((f) => f.ruleId))];
    expect(ids).toContain("SP-001");
    expect(base.findings).toContainEqual(expect.objectContaining({ ruleId: "SP-001", severity: "error" }));
    expect(base.status).toBe("FAIL");
    const cfg = (sev: string) => writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ validators: { sessionLog: { severity: Object.fromEntries(ids.map((id) => [id, sev])) } } }));
    cfg("warning");
    const warned = json(dir, ["--all"]).row("PP-001");
    expect(warned.findings.length).toBe(base.findings.length);
    expect(new Set(warned.findings.map((f) => f.severity))).toEqual(new Set(["warning"]));
    expect(warned.status).toBe("WARN");
    cfg("off");
    const off = json(dir, ["--all"]).row("PP-001");
    expect(off.findings).toEqual([]);
    expect(off.status).toBe("PASS");
  });
  it("PP-012: --pr-body FILE and stdin check the description against the diff", () => {
    const dir = branchRepo({ "scripts/tool.py": "print(1)\n" });
    writeFileSync(join(dir, "..", "body.md"), "## Changes\n- `scripts/ghost.py`\n");
    const f = json(dir, ["--pr-body", join(dir, "..", "body.md")]);
    expect(f.row("PP-012").status).toBe("FAIL");
    expect(f.row("PP-012").findings.map((x) => x.ruleId)).toEqual(["PRD-02", "PRD-03"]);
    const s = json(dir, ["--pr-body", "-"], { input: "## Changes\n- `scripts/tool.py`: new tool\n" });
    expect(s.row("PP-012")).toMatchObject({ status: "PASS", findings: [] });
    expect(json(dir, []).row("PP-012").reason).toContain("--pr-body");
  });
  it("PP-015: the size rule warns and fails at the configured levels", () => {
    const dir = branchRepo({ "a.md": "# a\n", "b.md": "# b\n", "c.md": "# c\n", "agentcheck.config.json": '{ "prePr": { "prSize": { "files": { "warn": 1, "fail": 3 } } } }' });
    expect(json(dir, []).row("PP-015")).toMatchObject({ status: "FAIL", findings: [expect.objectContaining({ ruleId: "RDY-01", severity: "error" })] });
    expect(json(dir, ["--all"]).row("PP-015").status).toBe("SKIP");
  });
  it("PP-015: a failed `git diff --numstat` is a FAIL row naming the error, never a size of 0 added lines", () => {
    // the base's blob of a.md is gone (a partial clone or a damaged mirror): the scope's name-status
    // diff still works, the numstat that counts added lines cannot read the old text
    const dir = branchRepo({ "a.md": "# a\n\nchanged\n" }, { "a.md": "# a\n" });
    const blob = git(dir, "rev-parse", "main:a.md");
    rmSync(join(dir, ".git", "objects", blob.slice(0, 2), blob.slice(2)));
    const r = json(dir, []).row("PP-015");
    expect(r.status).toBe("FAIL");
    expect(r.message).toContain("git diff --numstat");
    expect(r.message).not.toContain("0 added line(s)");
  });
  it("PP-002: the configured test command runs when switched on; --skip-tests skips it", () => {
    const cfg = (cmd: string) => JSON.stringify({ prePr: { checks: { "PP-002": { enabled: true } }, testCommand: cmd } });
    const dir = branchRepo({ "agentcheck.config.json": cfg("echo running; exit 3") });
    const r = json(dir, []).row("PP-002");
    expect(r).toMatchObject({ status: "FAIL", message: expect.stringContaining("exit code 3") });
    expect(r.details).toEqual(["running"]);
    expect(json(dir, ["--skip-tests"]).row("PP-002").reason).toBe("--skip-tests");
    writeFileSync(join(dir, "agentcheck.config.json"), cfg("true"));
    expect(json(dir, []).row("PP-002").status).toBe("PASS");
    writeFileSync(join(dir, "agentcheck.config.json"), '{ "prePr": { "checks": { "PP-002": { "enabled": true } } } }');
    const bad = prepr(dir, []);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("prePr.testCommand");
  });
  it("PP-013: the HANDOFF token budget when switched on", () => {
    const dir = branchRepo({ ".agents/HANDOFF.md": "x".repeat(4000), "agentcheck.config.json": '{ "prePr": { "checks": { "PP-013": { "enabled": true } }, "tokenBudget": { "maxTokens": 100 } } }' });
    expect(json(dir, []).row("PP-013")).toMatchObject({ status: "FAIL", findings: [expect.objectContaining({ ruleId: "TOK-03" })] });
  });
  it("PP-008: agent drift between paired definitions when switched on", () => {
    const body = (words: string) => `---\nname: a\n---\n# Agent\n\n## Core Identity\n\n${words}\n\n## Other\n\nignored text here\n`;
    const dir = branchRepo({
      "src/claude/analyst.md": body("careful analyst reads sources checks claims writes reports"),
      "src/vs-code-agents/analyst.agent.md": body("careful analyst reads sources checks claims writes reports"),
      "src/claude/coder.md": body("implements features with tests and small commits"),
      "src/vs-code-agents/coder.agent.md": body("completely different wording about unrelated topics entirely"),
      "src/claude/lonely.md": body("no partner"),
      "agentcheck.config.json": '{ "prePr": { "checks": { "PP-008": { "enabled": true } } } }',
    });
    const r = json(dir, []).row("PP-008");
    expect(r.status).toBe("FAIL");
    expect(r.findings.map((f) => [f.ruleId, f.path])).toEqual([["DRIFT-04", "src/claude/coder.md"]]);
    expect(r.findings[0].message).toContain("core identity 0.0%");
    expect(json(dir, ["--quick"]).row("PP-008").reason).toContain("quick mode");
  });
  it("PP-007: planning artifacts when switched on; off by default", () => {
    const dir = branchRepo({ ".agents/planning/plan-x.md": "# Plan\n\n- QA: verify the export\n" });
    expect(json(dir, []).row("PP-007").reason).toContain("off by default");
    writeFileSync(join(dir, "agentcheck.config.json"), '{ "prePr": { "checks": { "PP-007": { "enabled": true } } } }');
    const r = json(dir, []).row("PP-007");
    expect(r).toMatchObject({ status: "FAIL", findings: [expect.objectContaining({ ruleId: "PLAN-02", path: ".agents/planning/plan-x.md", line: 3 })] });
  });
  it("PP-011: skill front matter on changed SKILL.md files", () => {
    const dir = branchRepo({ ".claude/skills/x/SKILL.md": "---\nname: Bad_Name\ndescription: d\n---\n", ".claude/skills/x/README.md": "# r\n" });
    const r = json(dir, []).row("PP-011");
    expect(r.message).toContain("1 SKILL.md file(s) checked");
    expect(r.findings.map((f) => f.ruleId)).toEqual(["SFM-05"]);
  });
  it("PP-010: YAML that does not parse is WFS-01 with its line", () => {
    const dir = branchRepo({ ".github/workflows/bad.yml": "name: x\non: [push\njobs:\n" });
    const r = json(dir, []).row("PP-010");
    expect(r.status).toBe("FAIL");
    expect(r.findings[0]).toMatchObject({ ruleId: "WFS-01", path: ".github/workflows/bad.yml" });
  });
});

describe("configuration", () => {
  it("unknown keys and wrong types exit 2 naming the key path (pre-pr and check)", () => {
    const dir = branchRepo({ "agentcheck.config.json": '{ "prePr": { "chekcs": {} }, "gate": { "readOnlyTools": "Read" } }' });
    for (const args of [["pre-pr"], ["check"]]) {
      const r = runCli(args, { cwd: dir, env: CLEAN_ENV });
      expect(r.code, args[0]).toBe(2);
      expect(r.stderr).toContain("prePr.chekcs: unknown key");
      expect(r.stderr).toContain("gate.readOnlyTools");
    }
  });
  it("unknown check ids in the configuration exit 2", () => {
    const dir = branchRepo({ "agentcheck.config.json": '{ "prePr": { "checks": { "PP-404": { "enabled": true } } } }' });
    const r = prepr(dir, []);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("prePr.checks.PP-404");
  });
  it("an \"agentcheck\" key in package.json and --config <path> are read", () => {
    const dir = branchRepo({ "package.json": JSON.stringify({ name: "x", agentcheck: { prePr: { checks: { "PP-003": { enabled: false } } } } }) });
    expect(json(dir, []).row("PP-003").reason).toContain("off");
    writeFileSync(join(dir, "..", "alt.jsonc"), '// alt\n{ "prePr": { "checks": { "PP-006": { "enabled": false, }, }, }, }\n');
    expect(json(dir, ["--config", join(dir, "..", "alt.jsonc")]).row("PP-006").status).toBe("SKIP");
    expect(prepr(dir, ["--config", "missing.json"]).code).toBe(2);
  });
  it("init writes a commented starting configuration that loads, refuses to overwrite, --force replaces", () => {
    const dir = branchRepo({});
    const r = runCli(["init"], { cwd: dir });
    expect(r.code).toBe(0);
    const text = readFileSync(join(dir, "agentcheck.config.jsonc"), "utf8");
    expect(text).toContain("//");
    expect(json(dir, []).code).toBe(0);
    expect(runCli(["init"], { cwd: dir }).code).toBe(2);
    expect(runCli(["init", "--force"], { cwd: dir }).code).toBe(0);
  });
  it("init --force replaces an existing agentcheck.config.json in place (no second file beside it); a configuration in package.json is never overridden silently (review)", () => {
    const dir = branchRepo({ "agentcheck.config.json": '{ "validators": { "consistency": { "enabled": false } } }\n' });
    expect(runCli(["init"], { cwd: dir }).code).toBe(2);
    expect(runCli(["init", "--force"], { cwd: dir }).code).toBe(0);
    expect(existsSync(join(dir, "agentcheck.config.jsonc"))).toBe(false);
    expect(readFileSync(join(dir, "agentcheck.config.json"), "utf8")).toContain("//");
    expect(runCli(["check"], { cwd: dir }).code).not.toBe(2);
    const pkg = branchRepo({ "package.json": JSON.stringify({ name: "p", agentcheck: { validators: { consistency: { enabled: false } } } }) });
    for (const args of [["init"], ["init", "--force"]]) {
      const r = runCli(args, { cwd: pkg });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("package.json");
      // one answer for both: never "use --force", which would only be refused next (review)
      expect(r.stderr).not.toContain("--force");
      expect(r.stderr).toContain("remove that key first");
    }
    expect(existsSync(join(pkg, "agentcheck.config.jsonc"))).toBe(false);
  });
  it("check: a validator switched off is a skip row; severity overrides change findings", () => {
    const dir = makeRepo({ ".agents/sessions/notes.md": "# not a session log name\n" });
    const base = JSON.parse(runCli(["check", "--format", "json"], { cwd: dir, env: CLEAN_ENV }).stdout);
    type R = { validator: string; findings: { ruleId: string; severity: string }[] };
    const sl = (rep: { results: R[] }) => rep.results.filter((r) => r.validator === "session-log").flatMap((r) => r.findings);
    expect(sl(base)).toContainEqual(expect.objectContaining({ ruleId: "SP-001", severity: "error" }));
    const ids = [...new Set(sl(base).map((f) => f.ruleId))];
    const severity = Object.fromEntries(ids.map((id) => [id, "warning"]));
    writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ validators: { sessionLog: { severity } } }));
    const warned = runCli(["check", "--format", "json"], { cwd: dir, env: CLEAN_ENV });
    expect(warned.code).toBe(0);
    const sevs = sl(JSON.parse(warned.stdout)).map((f) => f.severity);
    expect(sevs.length).toBeGreaterThan(0);
    expect(new Set(sevs)).toEqual(new Set(["warning"]));
    writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ validators: { sessionLog: { severity: Object.fromEntries(ids.map((id) => [id, "off"])) } } }));
    expect(sl(JSON.parse(runCli(["check", "--format", "json"], { cwd: dir, env: CLEAN_ENV }).stdout))).toEqual([]);
    writeFileSync(join(dir, "agentcheck.config.json"), '{ "validators": { "sessionLog": { "enabled": false } } }');
    const off = JSON.parse(runCli(["check", "--format", "json"], { cwd: dir, env: CLEAN_ENV }).stdout);
    expect(off.results.find((x: { validator: string }) => x.validator === "session-log")).toMatchObject({ verdict: "skip", reason: "disabled in the configuration" });
  });
});
