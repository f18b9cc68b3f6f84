// Shared test helpers: run the real CLI as a child process, make real git repositories.
import { spawnSync, execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, mkdirSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BIN = join(ROOT, "bin", "agentcheck.js");
export const SHARED = join(ROOT, "..", "shared");
export const CORPUS = join(SHARED, "corpus");
export const HAS_CORPUS = existsSync(CORPUS);

/**
 * Why a test that reads the upstream corpus cannot run here ("" when it can): a clone from a public
 * host has no ../shared beside it. Put it in the test's name, so the skip says why (issue 36 item 6).
 */
export function corpusMissing(...rel: string[]): string {
  const at = join(CORPUS, ...rel);
  return existsSync(at) ? "" : `skipped: ${HAS_CORPUS ? at : CORPUS} is absent`;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string | undefined> } = {}): CliResult {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, ...opts.env };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input ?? "",
    env: env as NodeJS.ProcessEnv,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function tmpDir(prefix = "agentcheck-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A PATH for a command under test: git, the given fake tools (shell scripts) and the system programs
 * without the tools agentcheck runs when present (test/setup/tools.ts), so a tool installed on the
 * machine (yamllint, actionlint) never changes a result; only what the test fakes is there.
 */
export function toolPath(tools: Record<string, string> = {}): string {
  const bin = tmpDir("agentcheck-bin-");
  symlinkSync(execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim(), join(bin, "git"));
  for (const [name, script] of Object.entries(tools)) {
    // exclusive create: a tool named `git` fails here instead of writing through the link above into
    // the machine's own git (which a fake git once replaced for every process on the machine)
    writeFileSync(join(bin, name), `#!/bin/sh\n${script}\n`, { flag: "wx" });
    chmodSync(join(bin, name), 0o755);
  }
  const sys = process.env.AGENTCHECK_TEST_SYSBIN;
  if (!sys) throw new Error("toolPath: AGENTCHECK_TEST_SYSBIN is not set (test/setup/hermetic.ts runs before every test file)");
  return `${bin}:${sys}`;
}

/** Write files (path -> content) below dir, creating folders. */
export function writeTree(dir: string, files: Record<string, string | Uint8Array>): void {
  for (const [p, c] of Object.entries(files)) {
    const abs = join(dir, p);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, c);
  }
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Test",
      GIT_AUTHOR_EMAIL: "test@example.com",
      GIT_COMMITTER_NAME: "Test",
      GIT_COMMITTER_EMAIL: "test@example.com",
      GIT_CONFIG_NOSYSTEM: "1",
    },
  }).trim();
}

/** A real git repository in a temp dir with the given files committed (when any). */
export function makeRepo(files: Record<string, string | Uint8Array> = {}, opts: { commit?: boolean } = {}): string {
  const dir = tmpDir("agentcheck-repo-");
  git(dir, "init", "-q", "-b", "main");
  git(dir, "config", "user.name", "Test");
  git(dir, "config", "user.email", "test@example.com");
  git(dir, "config", "commit.gpgsign", "false");
  writeTree(dir, files);
  if (opts.commit !== false && Object.keys(files).length > 0) {
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "initial");
  }
  return dir;
}

/** Stage everything and commit it; returns the new commit's id. */
export function commitAll(dir: string, msg = "c"): string {
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", msg);
  return git(dir, "rev-parse", "HEAD");
}

/** Let git forget every commit no branch reaches: reflogs expired, `git gc --prune=now`. */
export function forgetUnreachable(dir: string): void {
  git(dir, "reflog", "expire", "--expire=now", "--all");
  git(dir, "gc", "-q", "--prune=now");
}

/** Squash merge `branch` onto main (checked out), delete it and let git forget its commits. */
export function squashAndDrop(dir: string, branch: string): void {
  git(dir, "checkout", "-q", "main");
  git(dir, "merge", "-q", "--squash", branch);
  git(dir, "commit", "-q", "-m", `${branch} (squash)`);
  git(dir, "branch", "-q", "-D", branch);
  forgetUnreachable(dir);
}
