// Issue 34 item 2 (one scope module): `session-log --context ci --base` and `check --changed --base`
// answer "which session logs changed on this branch" from the same code (src/scope.ts changedScope),
// and pre-pr's scope (computeScope) lists the same logs. Commits 272186f, 712bd48 and 6299771 each
// fixed a disagreement between the two selections; a log whose type changed (a file replaced by a
// link) was the one still left: `check --changed` validated it, `session-log --context ci` did not.
import { symlinkSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { git, runCli, tmpDir, writeTree } from "../helpers.js";
import { computeScope, isSessionLogPath } from "../../dist/scope.js";

const S = ".agents/sessions";
const log = (n: number) => `# Session ${n}\n\nNothing else.\n`;

interface Res { file: string; validator: string }
const logFiles = (stdout: string) =>
  [...new Set((JSON.parse(stdout) as { results: Res[] }).results.filter((r) => r.validator === "session-log" && r.file.startsWith(`${S}/`)).map((r) => r.file))].sort();

function branchRepo(): string {
  const dir = tmpDir("agentcheck-scope-agree-");
  git(dir, "init", "-q", "-b", "main");
  writeTree(dir, {
    "README.md": "# r\n",
    [`${S}/2026-01-01-session-1.md`]: log(1), // modified on the branch
    [`${S}/2026-01-01-session-2.md`]: log(2), // renamed on the branch
    [`${S}/2026-01-01-session-3.md`]: log(3), // deleted on the branch
    [`${S}/2026-01-01-session-4.md`]: log(4), // replaced by a link on the branch (type change)
    [`${S}/2026-01-01-session-5.md`]: log(5), // moved out of the sessions folder
    [`${S}/2026-01-01-session-6.md`]: log(6), // unchanged
  });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "init");
  git(dir, "checkout", "-q", "-b", "feature");
  writeTree(dir, { [`${S}/2026-01-01-session-1.md`]: `${log(1)}More.\n`, [`${S}/2026-01-02-session-7.md`]: log(7) });
  git(dir, "mv", `${S}/2026-01-01-session-2.md`, `${S}/2026-01-02-session-2b.md`);
  git(dir, "rm", "-q", `${S}/2026-01-01-session-3.md`);
  rmSync(join(dir, S, "2026-01-01-session-4.md"));
  symlinkSync("2026-01-01-session-6.md", join(dir, S, "2026-01-01-session-4.md"));
  writeTree(dir, { "docs/.keep": "" });
  git(dir, "mv", `${S}/2026-01-01-session-5.md`, "docs/session-5.md");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "branch work");
  // main moves on after the branch point: its new log is not the branch's change (merge base, not main's tip)
  git(dir, "checkout", "-q", "main");
  writeTree(dir, { [`${S}/2026-01-03-session-8.md`]: log(8) });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "main moves");
  git(dir, "checkout", "-q", "feature");
  return dir;
}

describe("issue 34 item 2: one scope module (check --changed, session-log --context ci, pre-pr)", () => {
  it("the same logs are selected on a branch with renames, deletions, a type change and a moved base", async () => {
    const dir = branchRepo();
    const expected = [
      `${S}/2026-01-01-session-1.md`, // M
      `${S}/2026-01-01-session-4.md`, // T
      `${S}/2026-01-02-session-2b.md`, // R
      `${S}/2026-01-02-session-7.md`, // A
    ];
    const check = runCli(["check", "--changed", "--base", "main", "--only", "session-log", "--format", "json"], { cwd: dir });
    expect(check.code, check.stderr).not.toBe(2);
    const ci = runCli(["session-log", "--context", "ci", "--base", "main", "--format", "json"], { cwd: dir });
    expect(ci.code, ci.stderr).not.toBe(2);
    expect(logFiles(check.stdout)).toEqual(expected);
    expect(logFiles(ci.stdout)).toEqual(logFiles(check.stdout));
    const prepr = await computeScope(dir, { base: "main" });
    expect(prepr.files.filter((f: string) => isSessionLogPath(f, S))).toEqual(expected);
  });
});
