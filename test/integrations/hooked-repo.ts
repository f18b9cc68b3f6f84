// A repository as a Claude Code user has it after setup: the given files committed, a feature branch,
// agentcheck's hooks written by `hooks claude --write` and committed. Shared by the replay tests (issue 40).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { BIN, git, makeRepo, runCli } from "../helpers.js";

/** The hook command as `hooks claude --write --bin` writes it for this checkout. */
export const BINCMD = `'${process.execPath}' '${BIN}'`;

export interface HookRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The repository, its written settings, and a runner of one hook command through `sh -c` with Claude Code's stdin. */
export function hookedRepo(files: Record<string, string>, branch: string) {
  const dir = makeRepo(files);
  git(dir, "checkout", "-q", "-b", branch);
  expect(runCli(["hooks", "claude", "--write", "--bin", BINCMD], { cwd: dir }).code).toBe(0);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "setup: agentcheck hooks");
  const settings = JSON.parse(readFileSync(join(dir, ".claude", "settings.local.json"), "utf8"));
  const runHook = (command: string, input: Record<string, unknown>): HookRun => {
    const r = spawnSync("sh", ["-c", command], { cwd: dir, input: JSON.stringify(input), encoding: "utf8", env: { ...process.env, CLAUDE_PROJECT_DIR: dir } });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  return { dir, settings, runHook };
}
