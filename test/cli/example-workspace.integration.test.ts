// Issue 36 item 8: README's first command, `npx agentcheck check examples/workspace`, run from a clone
// (the workspace is a folder of a git repository, not a repository root). The output is meaningful: the
// artifacts examples/workspace/README.md calls bad fail and the good ones pass, and the default text
// carries no "not a git repository root" notes (SP-090 infos are counted, not listed; --verbose shows them).
import { describe, expect, it } from "vitest";
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { ROOT, runCli, tmpDir } from "../helpers.js";

/** A clone-like repository: the example workspace copied to examples/workspace of a fresh git repository. */
function clone(): string {
  const dir = tmpDir();
  execFileSync("git", ["init", "-q"], { cwd: dir });
  mkdirSync(join(dir, "examples"));
  cpSync(join(ROOT, "examples", "workspace"), join(dir, "examples", "workspace"), { recursive: true });
  return dir;
}

describe("the example workspace from a clone (issue 36 item 8)", () => {
  it("I36-8 SP-090: check examples/workspace in a clone fails exactly the bad artifacts, passes the good ones, and lists no git-root note by default", () => {
    const dir = clone();
    const text = runCli(["check", "examples/workspace"], { cwd: dir });
    expect(text.code).toBe(1);
    expect(text.stderr).toBe("");
    expect(text.stdout).not.toContain("not a git repository");
    expect(text.stdout).toMatch(/Not shown: \d+ infos?, /);

    const json = runCli(["check", "examples/workspace", "--format", "json"], { cwd: dir });
    const results = JSON.parse(json.stdout).results as { file: string; validator: string; verdict: string }[];
    const verdict = (file: string) => [...new Set(results.filter((r) => r.file.endsWith(file)).map((r) => r.verdict))];
    // what examples/workspace/README.md says of each
    expect(verdict(".agents/sessions/2026-01-05-session-1.md")).toEqual(["pass"]);
    expect(verdict(".agents/sessions/2026-01-07-session-3.json")).toEqual(["pass"]);
    expect(verdict(".agents/sessions/2026-01-06-session-2.md")).toEqual(["fail"]);
    expect(verdict(".agents/sessions/2026-01-08-session-4.json")).toEqual(["fail"]);
    expect(verdict("skills-bad-index.md")).toEqual(["fail"]);
    expect(verdict("skills-parser-index.md")).toEqual(["pass"]);
    // the git-bound checks not run are infos (never a failure), still in --verbose
    const verbose = runCli(["check", "examples/workspace", "--verbose"], { cwd: dir });
    expect(verbose.stdout).toContain("SP-090");
  });
});
