// The pre-commit framework (Debian's package, 3.0.x) runs our .pre-commit-hooks.yaml against a
// temporary repository with `pre-commit try-repo`: it installs this package the way users get it
// (npm install, npm pack, npm install -g) and runs the hooks on the staged files.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, git, makeRepo, runCli, ROOT, tmpDir, writeTree } from "../helpers.js";
import { BAD_LOG, GOOD_LOG, freshJsonLog } from "./fixtures.js";

const probe = spawnSync("pre-commit", ["--version"], { encoding: "utf8" });
const HAS_PRE_COMMIT = probe.status === 0;
if (!HAS_PRE_COMMIT) {
  console.warn("SKIPPED: pre-commit framework tests: `pre-commit` is not installed (.ci/run installs it with apt-get when it can)");
}

function tryRepo(cwd: string, home: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PRE_COMMIT_HOME: home, NO_COLOR: "1", PRE_COMMIT_COLOR: "never" };
  for (const k of Object.keys(env)) if (k.startsWith("GIT_") && !k.startsWith("GIT_AUTHOR") && !k.startsWith("GIT_COMMITTER")) delete env[k];
  const r = spawnSync("pre-commit", ["try-repo", ROOT, ...args], { cwd, env, encoding: "utf8", maxBuffer: 64 << 20, timeout: 15 * 60_000 });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

describe("manifest", () => {
  it("PC-01 every hook uses language node, the agentcheck bin, and cross-file hooks do not get file names", () => {
    const text = readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8");
    const hooks = text.split(/\n(?=- id: )/).filter((b) => b.includes("id: "));
    expect(hooks.length).toBeGreaterThanOrEqual(3);
    const ids = new Set<string>();
    for (const h of hooks) {
      const id = /id: (\S+)/.exec(h)![1];
      expect(ids.has(id)).toBe(false);
      ids.add(id);
      expect(h).toMatch(/\n  language: node\n/);
      expect(h).toMatch(/\n  entry: agentcheck /);
      // pre-commit 3.0 (Debian) does not know the 3.2 stage names
      expect(h).not.toMatch(/stages:.*pre-commit/);
      const only = /--only (\S+)/.exec(h)?.[1];
      if (only && only !== "session-log") expect(h).toMatch(/pass_filenames: false/);
    }
    expect(ids.has("agentcheck")).toBe(true);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.bin.agentcheck).toBeTruthy();
  });
});

interface ManifestHook {
  id: string;
  entry: string;
  files?: string;
  passFilenames: boolean;
}

function manifestHooks(): ManifestHook[] {
  const text = readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8");
  return text
    .split(/\n(?=- id: )/)
    .filter((b) => b.includes("id: "))
    .map((h) => ({
      id: /id: (\S+)/.exec(h)![1],
      entry: /\n  entry: (.+)\n/.exec(h)![1],
      files: /\n  files: (.+)\n/.exec(h)?.[1],
      passFilenames: /\n  pass_filenames: true\n/.test(h),
    }));
}

/**
 * A git pre-commit hook doing what pre-commit does for one manifest hook while `git commit` runs: the
 * staged files (filtered by `files`) are passed in or not, and the entry, exactly as declared, runs
 * with the built bin as `agentcheck`. (pre-commit itself is not needed: it adds the stash of unstaged
 * changes, which leaves untracked files in place.)
 */
function installAsPreCommit(dir: string, hook: ManifestHook): void {
  const cmd = hook.entry.replace(/^agentcheck /, `'${process.execPath}' '${BIN}' `);
  const script = [
    "#!/bin/sh",
    "files=$(git diff --cached --name-only --diff-filter=ACMRTUXB)",
    hook.files ? `files=$(printf '%s\\n' "$files" | grep -E '${hook.files}')` : "",
    '[ -z "$files" ] && exit 0',
    hook.passFilenames ? `exec ${cmd} $files` : `exec ${cmd}`,
    "",
  ].join("\n");
  writeFileSync(join(dir, ".git", "hooks", "pre-commit"), script);
  chmodSync(join(dir, ".git", "hooks", "pre-commit"), 0o755);
}

function commitThrough(dir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.com" };
  for (const k of Object.keys(env)) if (k.startsWith("GIT_") && !k.startsWith("GIT_AUTHOR") && !k.startsWith("GIT_COMMITTER")) delete env[k];
  const r = spawnSync("git", ["commit", "-m", "work"], { cwd: dir, env, encoding: "utf8" });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

const MEMORY_INDEX = "# Memory Index\n\n| Keywords | File |\n|----------|------|\n| parser notes | [skills-parser-index](skills-parser-index.md) |\n";
const DOMAIN_INDEX = "| Keywords | File |\n|----------|------|\n| parser notes | [parser-notes](parser-notes.md) |\n";

describe("the manifest's entries inside a real git commit (review: untracked files are not what the commit records)", () => {
  const hooks = manifestHooks();
  const byId = (id: string) => hooks.find((h) => h.id === id)!;

  it("PC-02 an index entry whose memory file is untracked blocks the commit, as check --staged does", () => {
    for (const id of ["agentcheck", "agentcheck-memory-index"]) {
      const dir = makeRepo({ "README.md": "# P\n" });
      writeTree(dir, { ".serena/memories/memory-index.md": MEMORY_INDEX, ".serena/memories/skills-parser-index.md": DOMAIN_INDEX, ".serena/memories/parser-notes.md": "# Parser notes\n" });
      git(dir, "add", ".serena/memories/memory-index.md", ".serena/memories/skills-parser-index.md"); // parser-notes.md stays untracked
      expect(runCli(["check", "--staged", "--only", "memory-index"], { cwd: dir }).code).toBe(1);
      installAsPreCommit(dir, byId(id));
      const before = git(dir, "rev-parse", "HEAD");
      const r = commitThrough(dir);
      expect(r.code, `${id}: ${r.out}`).not.toBe(0);
      expect(r.out).toMatch(/MI-0\d\d/);
      expect(git(dir, "rev-parse", "HEAD")).toBe(before);
      // outside a commit (pre-commit run --all-files, CI) the entry reads the working tree
      const manual = runCli(byId(id).entry.split(" ").slice(1).concat(id === "agentcheck" ? [".serena/memories/memory-index.md"] : []), { cwd: dir, env: { GIT_INDEX_FILE: undefined } });
      expect(manual.code, manual.stdout + manual.stderr).toBe(0);
      // staged, the commit goes in
      git(dir, "add", ".serena/memories/parser-notes.md");
      const ok = commitThrough(dir);
      expect(ok.code, `${id}: ${ok.out}`).toBe(0);
      expect(git(dir, "rev-parse", "HEAD")).not.toBe(before);
    }
  });

  it("PC-03 an untracked .agentcheckignore does not switch the session-log hooks off", () => {
    for (const id of ["agentcheck", "agentcheck-session-log"]) {
      const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/.keep": "" });
      writeTree(dir, { ".agents/sessions/2026-01-06-session-2.json": '{"y":1}\n', ".agentcheckignore": "/.agents/sessions/\n" });
      git(dir, "add", ".agents");
      installAsPreCommit(dir, byId(id));
      const r = commitThrough(dir);
      expect(r.code, `${id}: ${r.out}`).not.toBe(0);
      expect(r.out).toContain("commit blocked");
    }
  });
});

describe.skipIf(!HAS_PRE_COMMIT)(`pre-commit try-repo (${probe.stdout?.trim() || "pre-commit missing"})`, () => {
  const home = tmpDir("agentcheck-pre-commit-home-");

  it("PC-10 a staged bad session log fails the hooks with findings; the good one is not reported", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/.keep": "" });
    writeTree(dir, { [BAD_LOG]: "", [GOOD_LOG]: freshJsonLog(1) });
    git(dir, "add", "-A");
    const r = tryRepo(dir, home, ["--verbose"]);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/agentcheck\.+Failed/);
    expect(r.out).toMatch(/agentcheck session logs\.+Failed/);
    expect(r.out).toMatch(new RegExp(`^${BAD_LOG.replace(/[.]/g, "\\.")}$`, "m"));
    expect(r.out).toMatch(/agentcheck: commit blocked: \d+ errors? in \d+ files?/);
    expect(r.out).toContain("SP-001");
    expect(r.out).not.toContain(`${GOOD_LOG}:`);
  }, 20 * 60_000);

  it("PC-11 a good staged session log passes", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/.keep": "" });
    writeTree(dir, { [GOOD_LOG]: freshJsonLog(1) });
    git(dir, "add", "-A");
    const r = tryRepo(dir, home, ["agentcheck-session-log", "--verbose"]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/agentcheck session logs\.+Passed/);
  }, 20 * 60_000);
});
