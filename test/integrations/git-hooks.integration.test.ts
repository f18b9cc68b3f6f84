// Real git repositories: `hooks install`, then real `git commit`s through the installed hook;
// core.hooksPath handling; foreign hooks; fail-closed; --staged / --changed scopes and modes.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, runCli, writeTree } from "../helpers.js";
import { BAD_LOG, GOOD_LOG, freshJsonLog } from "./fixtures.js";
import { IndexSource } from "../../dist/index-source.js";

const ENV = {
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
};

/** Environment for git in a fixture repo: no leaked GIT_* from an outer hook. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...ENV, NO_COLOR: "1", ...extra };
  for (const k of Object.keys(env)) if (k.startsWith("GIT_") && !(k in ENV)) delete env[k];
  return env;
}

function commit(dir: string, msg = "work", extra: Record<string, string> = {}) {
  const r = spawnSync("git", ["commit", "-m", msg], { cwd: dir, encoding: "utf8", env: cleanEnv(extra) });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

function head(dir: string): string {
  return git(dir, "rev-parse", "HEAD");
}

function repo(): string {
  return makeRepo({ "README.md": "# Project\n", ".agents/sessions/.keep": "" });
}

describe("hooks install + real git commit", () => {
  it("HK-01 a commit with a bad session log is refused, with the findings printed", () => {
    const dir = repo();
    const inst = runCli(["hooks", "install"], { cwd: dir });
    expect(inst.code).toBe(0);
    expect(inst.stderr).toContain("installed");
    const before = head(dir);
    writeTree(dir, { [BAD_LOG]: "" });
    git(dir, "add", BAD_LOG);
    const r = commit(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("SP-001");
    expect(r.out).toContain(BAD_LOG);
    expect(head(dir)).toBe(before);
  });

  it("HK-02 a commit with a good session log goes through", () => {
    const dir = repo();
    expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
    const before = head(dir);
    writeTree(dir, { [GOOD_LOG]: freshJsonLog(1) });
    git(dir, "add", GOOD_LOG);
    const r = commit(dir);
    expect(r.out).toContain("0 errors");
    expect(r.code).toBe(0);
    expect(head(dir)).not.toBe(before);
  });

  it("HK-03 inline directives are read from the staged content: a directive only in the working tree suppresses nothing of the commit (review)", () => {
    const dir = makeRepo({ "README.md": "# Project\n" });
    expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
    const log = ".agents/sessions/2026-01-09-session-5.md";
    writeTree(dir, { [log]: "# Session 5\n\nnothing here\n" });
    git(dir, "add", log);
    const before = head(dir);
    expect(runCli(["check", "--staged"], { cwd: dir }).code).toBe(1);
    // the directive in the working tree only
    writeTree(dir, { [log]: "<!-- agentcheck-disable -->\n# Session 5\n\nnothing here\n" });
    expect(runCli(["check", "--staged"], { cwd: dir }).code).toBe(1);
    expect(commit(dir).code).not.toBe(0);
    expect(head(dir)).toBe(before);
    // staged, it counts
    git(dir, "add", log);
    expect(runCli(["check", "--staged"], { cwd: dir }).code).toBe(0);
  });

  // a deletion, and a rename out of the folder (review): the folder loses the file either way
  for (const [how, move] of [
    ["deletes", (dir: string) => git(dir, "rm", "-q", ".serena/memories/parser-notes.md")],
    ["moves out of the memories folder", (dir: string) => {
      mkdirSync(join(dir, "docs"), { recursive: true });
      git(dir, "mv", ".serena/memories/parser-notes.md", "docs/parser-notes.md");
    }],
  ] as const) {
    it(`HK-03 a commit that ${how} a memory file an index lists is checked (memory-index applies), not skipped (review)`, () => {
      const dir = makeRepo({
        "README.md": "# Project\n",
        ".serena/memories/memory-index.md": "# Memory Index\n\n| Keywords | File |\n|----------|------|\n| parser notes | [skills-parser-index](skills-parser-index.md) |\n",
        ".serena/memories/skills-parser-index.md": "| Keywords | File |\n|----------|------|\n| parser notes | [parser-notes](parser-notes.md) |\n",
        ".serena/memories/parser-notes.md": "# Parser notes\n\nSome text that git can follow as a rename.\n",
      });
      expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
      expect(runCli(["check", "--only", "memory-index"], { cwd: dir }).code).toBe(0);
      move(dir);
      const staged = runCli(["check", "--staged", "--only", "memory-index"], { cwd: dir });
      expect(staged.code, staged.stdout + staged.stderr).toBe(1);
      expect(staged.stdout).toMatch(/MI-0\d\d/);
      const before = head(dir);
      expect(commit(dir).code).not.toBe(0);
      expect(head(dir)).toBe(before);
      // and on the branch (CI): --changed sees it too
      git(dir, "checkout", "-q", "-b", "feat");
      spawnSync("git", ["commit", "-q", "-m", how, "--no-verify"], { cwd: dir, env: cleanEnv() });
      expect(runCli(["check", "--changed", "--base", "main", "--only", "memory-index"], { cwd: dir }).code).toBe(1);
    });
  }

  it("HK-03 the hook validates the index, not the working tree", () => {
    const dir = repo();
    expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
    // staged: empty (bad); working tree: fixed but not staged => still refused
    const log = ".agents/sessions/2026-01-06-session-2.json";
    writeTree(dir, { [log]: "" });
    git(dir, "add", log);
    writeTree(dir, { [log]: freshJsonLog(2, "2026-01-06") });
    const r1 = commit(dir);
    expect(r1.code).not.toBe(0);
    expect(r1.out).toContain("AC-001");
    // staged: good; working tree: broken => the commit goes through
    git(dir, "add", log);
    writeTree(dir, { [log]: "" });
    const r2 = commit(dir);
    expect(r2.code).toBe(0);
  });

  it("HK-04 a core.hooksPath that points at a missing directory is reported", () => {
    const dir = repo();
    git(dir, "config", "core.hooksPath", ".githooks-missing");
    const inst = runCli(["hooks", "install"], { cwd: dir });
    expect(inst.code).toBe(2);
    expect(inst.stderr).toContain("core.hooksPath is set to '.githooks-missing', which does not exist");
    expect(inst.stderr).toContain("git runs NO hooks");
    expect(existsSync(join(dir, ".githooks-missing"))).toBe(false);
    const st = runCli(["hooks", "status"], { cwd: dir });
    expect(st.code).toBe(1);
    expect(st.stdout).toContain("does not exist");
  });

  it("HK-05 an existing core.hooksPath directory is honoured", () => {
    const dir = repo();
    mkdirSync(join(dir, ".githooks"));
    git(dir, "config", "core.hooksPath", ".githooks");
    expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
    expect(existsSync(join(dir, ".githooks", "pre-commit"))).toBe(true);
    expect(existsSync(join(dir, ".git", "hooks", "pre-commit"))).toBe(false);
    writeTree(dir, { [BAD_LOG]: "" });
    git(dir, "add", BAD_LOG);
    expect(commit(dir).code).not.toBe(0);
  });

  it("HK-05 a core.hooksPath from the global git configuration is not written without --force (the hook would run in every repository) (review)", () => {
    const dir = repo();
    const home = makeRepo();
    const hooks = join(home, "global-hooks");
    mkdirSync(hooks);
    const gcfg = join(home, "gitconfig");
    writeFileSync(gcfg, `[core]\n\thooksPath = ${hooks}\n`);
    const env = { GIT_CONFIG_GLOBAL: gcfg };
    const r = runCli(["hooks", "install"], { cwd: dir, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("global git configuration");
    expect(existsSync(join(hooks, "pre-commit"))).toBe(false);
    const f = runCli(["hooks", "install", "--force"], { cwd: dir, env });
    expect(f.code, f.stderr).toBe(0);
    expect(existsSync(join(hooks, "pre-commit"))).toBe(true);
    // a local core.hooksPath is the repository's own choice
    mkdirSync(join(dir, ".githooks"));
    git(dir, "config", "core.hooksPath", ".githooks");
    expect(runCli(["hooks", "install"], { cwd: dir, env }).code).toBe(0);
    expect(existsSync(join(dir, ".githooks", "pre-commit"))).toBe(true);
  });

  it("HK-06 a pre-commit that is a symbolic link (even a dangling one) is never written through; --force keeps the link as the backup (review)", () => {
    const dir = repo();
    const hook = join(dir, ".git", "hooks", "pre-commit");
    symlinkSync("../../scripts/precommit.sh", hook);
    const r = runCli(["hooks", "install"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is a symbolic link");
    expect(existsSync(join(dir, "scripts", "precommit.sh"))).toBe(false);
    expect(runCli(["hooks", "install", "--force"], { cwd: dir }).code).toBe(0);
    expect(existsSync(join(dir, "scripts", "precommit.sh"))).toBe(false);
    expect(readFileSync(hook, "utf8")).toContain("agentcheck-managed-hook");
    expect(lstatSync(`${hook}.agentcheck-backup`).isSymbolicLink()).toBe(true);
    expect(runCli(["hooks", "uninstall"], { cwd: dir }).code).toBe(0);
    expect(lstatSync(hook).isSymbolicLink()).toBe(true);
  });

  it("HK-06 a foreign hook is kept; --force replaces it with a backup; uninstall restores it", () => {
    const dir = repo();
    const hook = join(dir, ".git", "hooks", "pre-commit");
    const foreign = "#!/bin/sh\necho foreign hook ran\nexit 0\n";
    writeFileSync(hook, foreign);
    chmodSync(hook, 0o755);
    const inst = runCli(["hooks", "install"], { cwd: dir });
    expect(inst.code).toBe(2);
    expect(inst.stderr).toContain("was not written by agentcheck");
    expect(readFileSync(hook, "utf8")).toBe(foreign);
    expect(runCli(["hooks", "uninstall"], { cwd: dir }).code).toBe(2);
    expect(readFileSync(hook, "utf8")).toBe(foreign);

    const forced = runCli(["hooks", "install", "--force"], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(readFileSync(hook, "utf8")).toContain("agentcheck-managed-hook");
    expect(readFileSync(hook + ".agentcheck-backup", "utf8")).toBe(foreign);
    // reinstalling over our own hook needs no --force
    expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);

    expect(runCli(["hooks", "uninstall"], { cwd: dir }).code).toBe(0);
    expect(readFileSync(hook, "utf8")).toBe(foreign);
    expect(existsSync(hook + ".agentcheck-backup")).toBe(false);

    // another tool replaces our hook while the original is kept: --force must not put it over the backup
    expect(runCli(["hooks", "install", "--force"], { cwd: dir }).code).toBe(0);
    const other = "#!/bin/sh\necho another tool\n";
    writeFileSync(hook, other);
    const again = runCli(["hooks", "install", "--force"], { cwd: dir });
    expect(again.code).toBe(2);
    expect(readFileSync(hook + ".agentcheck-backup", "utf8")).toBe(foreign);
    expect(readFileSync(hook, "utf8")).toBe(other);
  });

  it("HK-07 fails closed: a hook that cannot find agentcheck blocks the commit", () => {
    const dir = repo();
    expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
    const hook = join(dir, ".git", "hooks", "pre-commit");
    writeFileSync(hook, readFileSync(hook, "utf8").replaceAll("bin/agentcheck.js", "bin/moved-away.js"));
    writeTree(dir, { [GOOD_LOG]: freshJsonLog(1) });
    git(dir, "add", GOOD_LOG);
    const before = head(dir);
    const r = commit(dir, "x", { PATH: "/usr/bin:/bin" });
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("cannot find agentcheck, so this commit is blocked");
    expect(head(dir)).toBe(before);
  });
});

function modes(dir: string, args: string[]): Record<string, string> {
  const r = runCli(["check", ...args, "--format", "json"], { cwd: dir, env: cleanEnv() as Record<string, string> });
  expect([0, 1]).toContain(r.code);
  const out: Record<string, string> = {};
  for (const res of JSON.parse(r.stdout).results) if (res.validator === "session-log" && res.data?.mode) out[res.file] = res.data.mode;
  return out;
}

describe("check --staged / --changed scopes", () => {
  it("HK-10 staged (issue 10 policy): JSON logs in progress => creation, a log claiming completion => full, --mode wins; unstaged files ignored", () => {
    const dir = makeRepo({
      "README.md": "# P\n",
      ".agents/sessions/2026-01-01-session-1.json": freshJsonLog(1, "2026-01-01"),
      ".agents/sessions/2026-01-02-session-2.json": freshJsonLog(2, "2026-01-02"),
    });
    writeTree(dir, {
      ".agents/sessions/2026-01-03-session-3.json": freshJsonLog(3, "2026-01-03"),
      ".agents/sessions/2026-01-01-session-1.json": freshJsonLog(1, "2026-01-01").replace("Example session", "Edited").replace('"endingCommit": ""', '"endingCommit": "abc1234"'),
      ".agents/sessions/2026-01-09-session-9.json": "", // untracked, not staged: out of scope
    });
    git(dir, "add", ".agents/sessions/2026-01-03-session-3.json", ".agents/sessions/2026-01-01-session-1.json");
    git(dir, "mv", ".agents/sessions/2026-01-02-session-2.json", ".agents/sessions/2026-01-02-session-2-renamed.json");
    expect(modes(dir, ["--staged"])).toEqual({
      ".agents/sessions/2026-01-01-session-1.json": "full",
      ".agents/sessions/2026-01-02-session-2-renamed.json": "creation",
      ".agents/sessions/2026-01-03-session-3.json": "creation",
    });
    expect(Object.values(modes(dir, ["--staged", "--mode", "record"]))).toEqual(["record", "record", "record"]);
    // a path argument restricts the staged set
    expect(Object.keys(modes(dir, ["--staged", ".agents/sessions/2026-01-03-session-3.json"]))).toEqual([".agents/sessions/2026-01-03-session-3.json"]);
  });

  it("HK-11 staged: nothing staged => 0 files, exit 0, the skip is visible (issue 36: counted by default, its reason with --verbose)", () => {
    const dir = repo();
    const r = runCli(["check", "--staged"], { cwd: dir, env: cleanEnv() as Record<string, string> });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/0 files checked \(nothing to check\)/);
    expect(r.stdout).toMatch(/Not shown: \d+ skips \(--verbose shows them\)/);
    const v = runCli(["check", "--staged", "--verbose"], { cwd: dir, env: cleanEnv() as Record<string, string> });
    expect(v.stdout).toContain("no staged session logs");
  });

  it("HK-12 staged in a repository without commits", () => {
    const dir = makeRepo({}, { commit: false });
    writeTree(dir, { [GOOD_LOG]: freshJsonLog(1) });
    git(dir, "add", "-A");
    expect(modes(dir, ["--staged"])).toEqual({ [GOOD_LOG]: "creation" });
  });

  it("HK-13 merge commit: staged logs are validated as records", () => {
    const dir = repo();
    git(dir, "checkout", "-q", "-b", "side");
    writeTree(dir, { ".agents/sessions/2026-01-04-session-4.json": freshJsonLog(4, "2026-01-04") });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "side");
    git(dir, "checkout", "-q", "main");
    writeTree(dir, { "other.txt": "x\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "main work");
    spawnSync("git", ["merge", "--no-commit", "--no-ff", "side"], { cwd: dir, env: cleanEnv() });
    const r = runCli(["check", "--staged", "--format", "json"], { cwd: dir, env: cleanEnv() as Record<string, string> });
    expect(r.stderr).toContain("merge commit");
    const res = JSON.parse(r.stdout).results.find((x: any) => x.file.endsWith("session-4.json"));
    expect(res.data.mode).toBe("record");
  });

  it("HK-14 changed (issue 10 policy): committed JSON logs in progress => full (never pass silently), --mode wins; a bad base is a clear error", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/2026-01-01-session-1.json": freshJsonLog(1, "2026-01-01") });
    git(dir, "checkout", "-q", "-b", "feat");
    writeTree(dir, {
      ".agents/sessions/2026-01-02-session-2.json": freshJsonLog(2, "2026-01-02"),
      ".agents/sessions/2026-01-01-session-1.json": freshJsonLog(1, "2026-01-01").replace("Example", "Edited"),
    });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "feat");
    expect(modes(dir, ["--changed", "--base", "main"])).toEqual({
      ".agents/sessions/2026-01-01-session-1.json": "full",
      ".agents/sessions/2026-01-02-session-2.json": "full",
    });
    expect(Object.values(modes(dir, ["--changed", "--base", "main", "--mode", "creation"]))).toEqual(["creation", "creation"]);
    // default base: main (no remote)
    expect(Object.keys(modes(dir, ["--changed"]))).toHaveLength(2);
    const bad = runCli(["check", "--changed", "--base", "nope"], { cwd: dir, env: cleanEnv() as Record<string, string> });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("base 'nope' is not a commit");
    const opt = runCli(["check", "--changed", "--base", "--upload-pack=x"], { cwd: dir, env: cleanEnv() as Record<string, string> });
    expect(opt.code).toBe(2);
  });

  it("HK-15 explicit files (hook frameworks, issue 10 policy): committed log in progress => full, new => creation", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/2026-01-01-session-1.json": freshJsonLog(1, "2026-01-01") });
    writeTree(dir, { ".agents/sessions/2026-01-02-session-2.json": freshJsonLog(2, "2026-01-02") });
    expect(modes(dir, [".agents/sessions/2026-01-01-session-1.json", ".agents/sessions/2026-01-02-session-2.json"])).toEqual({
      ".agents/sessions/2026-01-01-session-1.json": "full",
      ".agents/sessions/2026-01-02-session-2.json": "creation",
    });
  });

  it("HK-17 the same content gets the same findings in --staged, --changed, file-list and whole-workspace runs", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/.keep": "" });
    git(dir, "checkout", "-q", "-b", "feat");
    const log = ".agents/sessions/2026-01-07-session-7.json";
    writeTree(dir, { [log]: "{ not json" });
    git(dir, "add", "-A");
    const findings = (args: string[]) => {
      const r = runCli(["check", ...args, "--only", "session-log", "--format", "json"], { cwd: dir, env: cleanEnv() as Record<string, string> });
      expect(r.code).toBe(1);
      return JSON.parse(r.stdout).results.flatMap((x: any) => x.findings).map((f: any) => `${f.file}:${f.line} ${f.ruleId} ${f.message}`).sort();
    };
    const staged = findings(["--staged"]);
    expect(staged.length).toBeGreaterThanOrEqual(1);
    expect(staged.every((f: string) => f.startsWith(log))).toBe(true);
    expect(findings([log])).toEqual(staged);
    expect(findings([])).toEqual(staged);
    git(dir, "commit", "-q", "--no-verify", "-m", "bad log");
    expect(findings(["--changed", "--base", "main"])).toEqual(staged);
  });

  it("HK-18 a commit touching .agents/ without a session log is reported at commit time (SP-004)", () => {
    const dir = repo();
    writeTree(dir, { ".agents/planning/notes.md": "# Notes\n" });
    git(dir, "add", "-A");
    const r = runCli(["check", "--staged", "--only", "session-log"], { cwd: dir, env: cleanEnv() as Record<string, string> });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("SP-004");
  });

  it("HK-16 --staged and --changed together is a usage error; --only rejects unknown validators", () => {
    const dir = repo();
    expect(runCli(["check", "--staged", "--changed"], { cwd: dir }).code).toBe(2);
    const r = runCli(["check", "--only", "no-such-validator"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown validator");
  });
});

describe("IndexSource", () => {
  it("HK-20 lists, types and reads the staged tree (not the working tree)", () => {
    const dir = makeRepo({ "a/b/c.md": "committed\n", "a/d.txt": "d\n", "top.md": "t\n" });
    writeTree(dir, { "a/b/c.md": "staged\n", "a/new.md": "new\n" });
    git(dir, "add", "-A");
    writeTree(dir, { "a/b/c.md": "working tree\n", "untracked.md": "u\n" });
    rmSync(join(dir, "top.md")); // deleted in the working tree only
    symlinkSync("top.md", join(dir, "link.md"));
    git(dir, "add", "link.md");
    const s = new IndexSource(dir);
    expect(s.list("")!.map((e) => `${e.name}:${e.type}`)).toEqual(["a:dir", "link.md:symlink", "top.md:file"]);
    expect(s.list("a")!.map((e) => e.name)).toEqual(["b", "d.txt", "new.md"]);
    expect(new TextDecoder().decode(s.read("a/b/c.md"))).toBe("staged\n");
    expect(new TextDecoder().decode(s.read("top.md"))).toBe("t\n");
    expect(s.size("a/new.md")).toBe(4);
    expect(s.type("untracked.md")).toBeUndefined();
    expect(s.type("a/b")).toBe("dir");
    expect(() => s.read("missing.md")).toThrow(/not in the index/);
    expect(s.paths()).toEqual(["a/b/c.md", "a/d.txt", "a/new.md", "link.md", "top.md"]);
  });
});

// check --staged (the installed hook) reads its settings from the index: the configuration, the
// .agentcheckignore file and the default baseline as they will be committed, which is what CI reads.
describe("check --staged: settings from the index (review)", () => {
  const LOG = ".agents/sessions/2026-01-06-session-2.json";
  function hooked(): string {
    const dir = repo();
    expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
    writeTree(dir, { [LOG]: '{"y":1}\n' });
    git(dir, "add", ".agents");
    return dir;
  }

  it("HK-30 an untracked .agentcheckignore switches nothing off; staged, it applies", () => {
    const dir = hooked();
    writeTree(dir, { ".agentcheckignore": "/.agents/sessions/\n" });
    const before = head(dir);
    const r = commit(dir);
    expect(r.code, r.out).not.toBe(0);
    expect(r.out).toContain("commit blocked");
    expect(head(dir)).toBe(before);
    // the working-tree run (no --staged) does read it: that is the workspace's own setting
    expect(runCli(["check", "--only", "session-log"], { cwd: dir }).code).toBe(0);
    git(dir, "add", ".agentcheckignore");
    const ok = commit(dir);
    expect(ok.code, ok.out).toBe(0);
    expect(head(dir)).not.toBe(before);
  });

  it("HK-31 an untracked or unstaged configuration switches nothing off; a staged one does, even when deleted from the working tree", () => {
    const dir = hooked();
    const off = JSON.stringify({ validators: { sessionLog: { enabled: false } } });
    writeTree(dir, { "agentcheck.config.json": off });
    const before = head(dir);
    expect(commit(dir).code).not.toBe(0);
    expect(head(dir)).toBe(before);
    // the "agentcheck" key of an untracked package.json: the same
    rmSync(join(dir, "agentcheck.config.json"));
    writeTree(dir, { "package.json": JSON.stringify({ name: "p", agentcheck: { validators: { sessionLog: { enabled: false } } } }) });
    expect(commit(dir).code).not.toBe(0);
    rmSync(join(dir, "package.json"));
    // staged: enabled; working tree: disabled (unstaged edit) => still blocked
    writeTree(dir, { "agentcheck.config.json": JSON.stringify({ validators: { sessionLog: { enabled: true } } }) });
    git(dir, "add", "agentcheck.config.json");
    writeTree(dir, { "agentcheck.config.json": off });
    expect(runCli(["check", "--staged"], { cwd: dir }).code).toBe(1);
    expect(commit(dir).code).not.toBe(0);
    expect(head(dir)).toBe(before);
    // staged: disabled; deleted from the working tree => the commit records it, so it applies
    git(dir, "add", "agentcheck.config.json");
    rmSync(join(dir, "agentcheck.config.json"));
    const ok = commit(dir);
    expect(ok.code, ok.out).toBe(0);
    expect(head(dir)).not.toBe(before);
  });

  it("HK-32 the default baseline is the staged one; --config FILE and --baseline FILE named on the command line are read from disk", () => {
    const dir = hooked();
    expect(runCli(["check", "--staged"], { cwd: dir }).code).toBe(1);
    expect(runCli(["baseline", "--staged"], { cwd: dir }).code).toBe(0);
    expect(existsSync(join(dir, ".agentcheck-baseline.json"))).toBe(true);
    const before = head(dir);
    // untracked baseline: not what CI applies
    const r = commit(dir);
    expect(r.code, r.out).not.toBe(0);
    expect(head(dir)).toBe(before);
    // named explicitly: the user chose that file
    expect(runCli(["check", "--staged", "--baseline", ".agentcheck-baseline.json"], { cwd: dir }).code).toBe(0);
    writeTree(dir, { "off.json": JSON.stringify({ validators: { sessionLog: { enabled: false } } }) });
    expect(runCli(["check", "--staged", "--config", "off.json"], { cwd: dir }).code).toBe(0);
    // staged: it applies
    git(dir, "add", ".agentcheck-baseline.json");
    const s = runCli(["check", "--staged"], { cwd: dir });
    expect(s.code, s.stdout + s.stderr).toBe(0);
    expect(s.stderr).toContain("staged baseline");
    const ok = commit(dir);
    expect(ok.code, ok.out).toBe(0);
  });

  it("HK-33 a staged configuration error is reported as the staged file's; the settings cost one git cat-file at most", () => {
    const dir = makeRepo({ "README.md": "# P\n" });
    writeTree(dir, { "agentcheck.config.json": "{ \"validators\": ", "README.md": "# P2\n" });
    git(dir, "add", "-A");
    writeTree(dir, { "agentcheck.config.json": "{}\n" });
    const bad = runCli(["check", "--staged"], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/staged \S*agentcheck\.config\.json:1:\d+/);
    // configuration, ignore file and baseline all staged: one batch read for the three
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    writeTree(dir, { "agentcheck.config.json": "{}\n", ".agentcheckignore": "/tmp/\n", "package.json": "{\"name\":\"p\"}\n" });
    git(dir, "add", "-A");
    const shim = join(dir, ".git", "shim");
    mkdirSync(shim);
    const real = spawnSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).stdout.trim();
    const logFile = join(dir, ".git", "git-calls.log");
    writeFileSync(join(shim, "git"), `#!/bin/sh\necho "$*" >> '${logFile}'\nexec '${real}' "$@"\n`);
    chmodSync(join(shim, "git"), 0o755);
    const r = runCli(["check", "--staged"], { cwd: dir, env: { PATH: `${shim}:${process.env.PATH}` } });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const calls = readFileSync(logFile, "utf8").split("\n").filter((l) => /\bcat-file\b/.test(l));
    expect(calls.length).toBe(1);
  });
});
