// Issue 12 item 3 "one scope module and one base-ref policy" (docs/base-ref.md): every command that asks
// "what changed on this branch" resolves the base with src/scope.ts resolveBaseRef, in one order.
import { afterEach, describe, expect, it } from "vitest";
import { resolveBaseRef, parseNameStatusAll } from "../../dist/scope.js";
import { computeScope } from "../../dist/prepr/scope.js";
import { git, makeRepo, runCli, tmpDir } from "../helpers.js";

const saved = { ...process.env };
afterEach(() => {
  for (const k of ["GITHUB_BASE_REF", "GITHUB_EVENT_BEFORE", "AGENTCHECK_BASE_REF"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

/** A clone whose origin's default branch is `trunk`, with local main and master too. */
function clone(): string {
  const up = makeRepo({ "a.txt": "a\n" });
  git(up, "branch", "-q", "-m", "main", "trunk");
  const dir = tmpDir("agentcheck-clone-");
  git(dir, "clone", "-q", up, ".");
  git(dir, "config", "user.name", "T");
  git(dir, "config", "user.email", "t@example.com");
  git(dir, "branch", "-q", "main");
  git(dir, "branch", "-q", "master");
  git(dir, "checkout", "-q", "-b", "feature");
  return dir;
}

describe("issue 12 item 3: one base-ref policy", () => {
  it("order: explicit only; GITHUB_BASE_REF; origin/HEAD's target; origin/main|master; main, master", () => {
    const dir = clone();
    for (const k of ["GITHUB_BASE_REF", "GITHUB_EVENT_BEFORE", "AGENTCHECK_BASE_REF"]) delete process.env[k];
    expect(resolveBaseRef(dir).ref).toBe("origin/trunk");
    expect(resolveBaseRef(dir, "nope")).toEqual({ ref: undefined, tried: ["nope"], explicit: "nope" });
    process.env.GITHUB_BASE_REF = "trunk";
    expect(resolveBaseRef(dir).tried.slice(0, 2)).toEqual(["origin/trunk", "trunk"]);
    delete process.env.GITHUB_BASE_REF;
    process.env.AGENTCHECK_BASE_REF = "master";
    expect(resolveBaseRef(dir).ref).toBe("master");
    delete process.env.AGENTCHECK_BASE_REF;
    git(dir, "remote", "remove", "origin");
    expect(resolveBaseRef(dir).ref).toBe("main");
    expect(resolveBaseRef(dir, undefined, { remoteOnly: true })).toEqual({ ref: undefined, tried: ["origin/main", "origin/master"] });
  });

  it("pre-pr and check --changed use the same base (origin's default branch before a local main)", async () => {
    const dir = clone();
    const env = { GITHUB_BASE_REF: undefined, GITHUB_EVENT_BEFORE: undefined, AGENTCHECK_BASE_REF: undefined };
    for (const k of Object.keys(env)) delete process.env[k];
    expect((await computeScope(dir, {})).base).toBe("origin/trunk");
    const pp = runCli(["pre-pr", "--only", "PP-001", "--format", "json"], { cwd: dir, env });
    expect((JSON.parse(pp.stdout) as { scope: { base: string } }).scope.base).toBe("origin/trunk");
    git(dir, "remote", "remove", "origin");
    const none = runCli(["check", "--changed"], { cwd: dir, env: { ...env } });
    expect(none.code).toBe(0); // local main exists: the same fallback as pre-pr
    git(dir, "branch", "-q", "-D", "main", "master");
    const r = runCli(["check", "--changed"], { cwd: dir, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("tried origin/main, origin/master, main, master");
    const p = runCli(["pre-pr", "--only", "PP-001"], { cwd: dir, env });
    expect(p.code).toBe(2);
    expect(p.stderr).toContain("tried origin/main, origin/master, main, master");
  });

  it("one name-status parser: renames keep the old path, deletions are kept for pre-pr", () => {
    expect(parseNameStatusAll("M\0a.md\0R100\0old.md\0new.md\0D\0gone.md\0")).toEqual([
      { status: "M", path: "a.md" },
      { status: "R", path: "new.md", from: "old.md" },
      { status: "D", path: "gone.md" },
    ]);
  });
});
