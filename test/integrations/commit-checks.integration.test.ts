// Issue 38 item 3: the commit hook (check --staged, installed by `hooks install`) runs what applies to
// the staged kinds — memory health (MEM-01..03), pinned actions (PIN-01) and workflow structure
// (WFS-*, job timeouts with WFS-11's maxMinutes) on staged workflows, markdownlint on staged markdown
// through pre-pr's lint cache — each switchable in validators.commitChecks; real repositories, real
// `git commit`s through the installed hook.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, runCli, writeTree } from "../helpers.js";

const SHA = "b4ffde65f46336ab88eb53be808477a3936bae11";
const WF = ".github/workflows/ci.yml";
const workflow = (uses: string, timeout = "    timeout-minutes: 10\n") => `name: ci\non: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-latest\n${timeout}    steps:\n      - uses: ${uses}\n`;
const MEM = ".serena/memories";
const big = `# Big\n\n${"x".repeat(12_000)}\n`;
const config = (o: unknown) => ({ "agentcheck.config.json": JSON.stringify(o) });
// memories without a memory index: the memory-index validator is not what these tests are about
const NO_INDEX = { validators: { memoryIndex: { enabled: false } } };

function commit(dir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const k of Object.keys(env)) if (k.startsWith("GIT_") && k !== "GIT_CONFIG_NOSYSTEM") delete env[k];
  const r = spawnSync("git", ["commit", "-q", "-m", "work"], { cwd: dir, encoding: "utf8", env });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/** A repository with the hook installed and `base` committed; `files` staged. */
function staged(files: Record<string, string>, base: Record<string, string> = {}): string {
  const dir = makeRepo({ "README.md": "# Project\n", ...base });
  expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
  writeTree(dir, files);
  git(dir, "add", "-A");
  return dir;
}

describe("issue-38 check --staged runs the checks of the staged kinds (real git commit through the hook)", () => {
  it("PIN-01: a staged workflow with an unpinned action is refused; validators.commitChecks.actionPins false lets it through", () => {
    const dir = staged({ [WF]: workflow("actions/checkout@v4") });
    const r = commit(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("PIN-01");
    expect(r.out).toContain(WF);
    expect(r.out).toMatch(/commit blocked: 1 error in 1 file/);
    writeTree(dir, config({ validators: { commitChecks: { actionPins: false } } }));
    git(dir, "add", "-A");
    expect(commit(dir).code).toBe(0);
  });

  it("WFS-11 job timeouts (rules.WFS-11.options.maxMinutes, as pre-pr) and WFS-01 invalid YAML on staged workflows; workflowStructure false switches them off", () => {
    const dir = staged({ [WF]: workflow(`actions/checkout@${SHA}`, ""), ...config({ rules: { "WFS-11": { options: { maxMinutes: 60 } } }, validators: { commitChecks: { } } }), ".github/workflows/bad.yml": "jobs: [\n" });
    const r = commit(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("WFS-11");
    expect(r.out).toContain("WFS-01");
    writeTree(dir, config({ rules: { "WFS-11": { options: { maxMinutes: 60 } } }, validators: { commitChecks: { workflowStructure: false } } }));
    git(dir, "add", "-A");
    expect(commit(dir).code).toBe(0);
  });

  it("MEM-01: a memory the commit adds over 10,000 characters is refused; one it modifies only warns; MEM-03 a skill- name", () => {
    const dir = staged({ [`${MEM}/git-big.md`]: big }, config(NO_INDEX));
    const r = commit(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("MEM-01");
    const ok = staged({ [`${MEM}/git-old.md`]: big }, { [`${MEM}/git-old.md`]: "# Old\n", ...config(NO_INDEX) });
    const m = commit(ok);
    expect(m.code, m.out).toBe(0);
    const named = staged({ [`${MEM}/skill-git.md`]: "# x\n" }, config(NO_INDEX));
    const n = commit(named);
    expect(n.code).not.toBe(0);
    expect(n.out).toContain("MEM-03");
  });

  it("markdownlint: with a markdownlint configuration a staged markdown violation is refused, the staged text is linted, the lint cache is pre-pr's; without a configuration, or with markdownLint false, it passes", () => {
    const dir = staged({ "docs/a.md": "#Title\n\ntext\n" }, { ".markdownlint.json": JSON.stringify({ default: true, MD041: false }) });
    const r = commit(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("MD018");
    expect(r.out).toContain("docs/a.md");
    // the cache file pre-pr's PP-003 reads, in the git directory (nothing in the work tree)
    expect(readdirSync(join(dir, ".git")).some((n) => n.startsWith("markdownlint-cache") || n === "agentcheck")).toBe(true);
    expect(git(dir, "status", "--porcelain", "--untracked-files=all")).toBe("A  docs/a.md");
    // the staged text counts, not the work tree's
    writeTree(dir, { "docs/a.md": "# Title\n\ntext\n" });
    expect(commit(dir).code).not.toBe(0);
    git(dir, "add", "-A");
    expect(commit(dir).code).toBe(0);
    // no markdownlint configuration: markdownlint's defaults are no rule the repository chose
    expect(commit(staged({ "docs/a.md": "#Title\n" })).code).toBe(0);
    // markdownLint: true lints with the defaults; false never
    expect(commit(staged({ "docs/a.md": "#Title\n", ...config({ validators: { commitChecks: { markdownLint: true } } }) })).code).not.toBe(0);
    expect(commit(staged({ "docs/a.md": "#Title\n" }, { ".markdownlint.json": "{}", ...config({ validators: { commitChecks: { markdownLint: false } } }) })).code).toBe(0);
  });

  it("markdownlint: a staged markdown file linted clean is a checked file (a pass), never 'nothing to check'; one the configuration's ignores exclude is not counted", () => {
    const dir = staged({ "docs/a.md": "# Title\n\ntext\n", "vendor/b.md": "#Title\n" }, { ".markdownlint-cli2.jsonc": JSON.stringify({ config: { default: true, MD041: false }, ignores: ["vendor/**"] }) });
    const r = runCli(["check", "--staged", "--format", "json"], { cwd: dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const files = (JSON.parse(r.stdout).results as { file: string; validator: string; verdict: string }[]).filter((x) => x.validator === "commit-checks");
    expect(files.map((x) => [x.file, x.verdict])).toEqual([["docs/a.md", "pass"]]);
    const text = runCli(["check", "--staged"], { cwd: dir });
    expect(text.stdout + text.stderr).not.toContain("nothing to check");
  });

  it("the hook's output stays short: a line per finding under its file, then the summary and one closing line; validators.commitChecks.enabled false skips it all", () => {
    const dir = staged({ [WF]: workflow("actions/checkout@v4"), [`${MEM}/git-big.md`]: big, "docs/a.md": "#Title\n" }, { ".markdownlint.json": JSON.stringify({ default: true, MD041: false }), ...config(NO_INDEX) });
    const r = commit(dir);
    expect(r.code).not.toBe(0);
    const lines = r.out.trim().split("\n").filter((l) => !/^\s+skip\s/.test(l) && l.trim() !== "");
    // (workspace), three files with one finding each, by rule, by validator, totals, the closing line
    expect(lines.length, r.out).toBe(1 + 3 * 2 + 4);
    expect(lines[lines.length - 1]).toMatch(/^agentcheck: commit blocked: 3 errors in 3 files/);
    writeTree(dir, config({ validators: { ...NO_INDEX.validators, commitChecks: { enabled: false } } }));
    git(dir, "add", "-A");
    expect(commit(dir).code).toBe(0);
    expect(existsSync(join(dir, WF))).toBe(true);
  });
});
