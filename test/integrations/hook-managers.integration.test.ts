// Issue 38 item 4: the lefthook and husky snippets of docs/integrations.md, run by the real tools from
// npm (devDependencies: lefthook pinned exactly, husky), each through a real `git commit`. The
// snippets are read from the documentation itself, so the page cannot drift from what is tested. The
// consumer repository gets agentcheck as `npm install agentcheck` would (node_modules/.bin/agentcheck).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, ROOT, git, makeRepo, runCli, writeTree } from "../helpers.js";
import { BAD_LOG, GOOD_LOG, freshJsonLog } from "./fixtures.js";

const BINS = join(ROOT, "node_modules", ".bin");
const LEFTHOOK = join(BINS, "lefthook");
const HUSKY = join(BINS, "husky");
const DOC = readFileSync(join(ROOT, "docs", "integrations.md"), "utf8");

/** The first fenced block of a `## heading` section of docs/integrations.md. */
function snippet(heading: string): string {
  const section = DOC.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  const m = section && /```\w*\n([\s\S]*?)```/.exec(section);
  if (!m) throw new Error(`docs/integrations.md: no code block under "## ${heading}"`);
  return m[1];
}

/** A consumer repository with agentcheck installed the npm way and a sessions folder. */
function consumer(): string {
  const dir = makeRepo({ "README.md": "# Project\n", "package.json": '{ "name": "consumer", "private": true }\n', ".agents/sessions/.keep": "" });
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  symlinkSync(BIN, join(dir, "node_modules", ".bin", "agentcheck"));
  writeFileSync(join(dir, ".git", "info", "exclude"), "node_modules/\n");
  return dir;
}

function run(dir: string, cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", HUSKY: undefined, LEFTHOOK: undefined, CI: undefined } });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/** A bad session log is refused (SP-001 printed, HEAD unchanged); a good one is committed. */
function commitsThroughHook(dir: string): void {
  const before = git(dir, "rev-parse", "HEAD");
  writeTree(dir, { [BAD_LOG]: "" });
  git(dir, "add", BAD_LOG);
  const bad = run(dir, "git", ["commit", "-m", "bad"]);
  expect(bad.code, bad.out).not.toBe(0);
  expect(bad.out).toContain("SP-001");
  expect(git(dir, "rev-parse", "HEAD")).toBe(before);
  git(dir, "rm", "-q", "--cached", BAD_LOG);
  writeTree(dir, { [GOOD_LOG]: freshJsonLog(1) });
  git(dir, "add", GOOD_LOG);
  const good = run(dir, "git", ["commit", "-m", "good"]);
  expect(good.code, good.out).toBe(0);
  expect(git(dir, "rev-parse", "HEAD")).not.toBe(before);
}

const missing = [LEFTHOOK, HUSKY].filter((b) => !existsSync(b));
if (missing.length) console.warn(`hook-managers: skipped: ${missing.join(", ")} not installed (npm ci)`);

describe.skipIf(missing.length > 0)("hook managers from npm run agentcheck on a real git commit (issue 38 item 4)", () => {
  it("lefthook (pinned): the documented lefthook.yml blocks a bad session log and lets a good one through", () => {
    const dir = consumer();
    writeFileSync(join(dir, "lefthook.yml"), snippet("lefthook").replace(/^# lefthook\.yml\n/, ""));
    const inst = run(dir, LEFTHOOK, ["install"]);
    expect(inst.code, inst.out).toBe(0);
    commitsThroughHook(dir);
  });

  it("husky: the documented .husky/pre-commit blocks a bad session log and lets a good one through", () => {
    const dir = consumer();
    const inst = run(dir, HUSKY, []); // what `npx husky init` runs (its "prepare" script)
    expect(inst.code, inst.out).toBe(0);
    expect(git(dir, "config", "core.hooksPath")).toBe(".husky/_");
    const line = /^echo "(.*)" > \.husky\/pre-commit$/m.exec(snippet("husky"));
    expect(line, "the husky snippet writes .husky/pre-commit").not.toBeNull();
    writeFileSync(join(dir, ".husky", "pre-commit"), `${line![1]}\n`);
    commitsThroughHook(dir);
  });

  it("hooks install --manager lefthook writes the documented lefthook.yml; lefthook runs it on a real commit; a second run changes nothing", () => {
    const dir = consumer();
    const r = runCli(["hooks", "install", "--manager", "lefthook"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("npx lefthook install");
    const written = readFileSync(join(dir, "lefthook.yml"), "utf8");
    expect(written).toBe(snippet("lefthook").replace(/^# lefthook\.yml\n/, ""));
    expect(run(dir, LEFTHOOK, ["install"]).code).toBe(0);
    commitsThroughHook(dir);
    const again = runCli(["hooks", "install", "--manager", "lefthook"], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("already runs agentcheck");
    expect(readFileSync(join(dir, "lefthook.yml"), "utf8")).toBe(written);
  });

  it("hooks install --manager husky appends the documented line to an existing .husky/pre-commit; husky runs it on a real commit", () => {
    const dir = consumer();
    mkdirSync(join(dir, ".husky"));
    writeFileSync(join(dir, ".husky", "pre-commit"), "true"); // the user's own line, no final newline
    const r = runCli(["hooks", "install", "--manager", "husky"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("npx husky");
    const line = /^echo "(.*)" > \.husky\/pre-commit$/m.exec(snippet("husky"))![1];
    expect(readFileSync(join(dir, ".husky", "pre-commit"), "utf8")).toBe(`true\n${line}\n`);
    expect(run(dir, HUSKY, []).code).toBe(0);
    commitsThroughHook(dir);
  });
});

describe("hooks install --manager: refusals (exit 2, nothing written)", () => {
  it("an existing lefthook configuration without agentcheck is never rewritten: exit 2 with the job to add", () => {
    const dir = consumer();
    const own = "# ours\npre-commit:\n  jobs:\n    - run: npm test\n";
    writeFileSync(join(dir, ".lefthook.yml"), own);
    const r = runCli(["hooks", "install", "--manager", "lefthook"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(".lefthook.yml exists and does not run agentcheck");
    expect(r.stderr).toContain("run: NODE_EXTRA_CA_CERTS= npx --no-install agentcheck check --staged");
    expect(readFileSync(join(dir, ".lefthook.yml"), "utf8")).toBe(own);
    expect(existsSync(join(dir, "lefthook.yml"))).toBe(false);
  });

  it("a .husky/pre-commit that is a symbolic link is not written through; an unknown manager and --force are usage errors", () => {
    const dir = consumer();
    const target = join(dir, "elsewhere.sh");
    writeFileSync(target, "echo hi\n");
    mkdirSync(join(dir, ".husky"));
    symlinkSync(target, join(dir, ".husky", "pre-commit"));
    const r = runCli(["hooks", "install", "--manager", "husky"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("symbolic link");
    expect(readFileSync(target, "utf8")).toBe("echo hi\n");
    expect(runCli(["hooks", "install", "--manager", "pre-commit"], { cwd: dir }).code).toBe(2);
    expect(runCli(["hooks", "install", "--manager", "lefthook", "--force"], { cwd: dir }).code).toBe(2);
    expect(existsSync(join(dir, "lefthook.yml"))).toBe(false);
  });
});
