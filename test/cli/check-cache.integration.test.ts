// `check --cache` (issue 36 item 7): the core's results of unchanged inputs from a cache file kept in
// the git directory (src/core-cache.ts), keyed by every byte of each core call's input (file contents,
// rule options and severities, git facts) and by the agentcheck build. Real repositories, real CLI runs.
//
// How a hit is told from a miss without timing anything: after a cached run the test "poisons" the
// cache file (every stored result loses its findings, keeping a valid shape). A run that is served from
// the cache then reports fewer findings than an uncached run; a run whose input changed must report
// exactly what an uncached run reports (no poisoned result is ever served for new input).
import { describe, it, expect } from "vitest";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, ROOT, runCli, tmpDir, writeTree } from "../helpers.js";

const NOW = "2026-01-10T12:00:00Z";
const CACHE = [".git", "agentcheck", "check-cache.json"];

/** The example workspace as a committed repository of its own. */
function exampleRepo(): string {
  const dir = makeRepo();
  cpSync(join(ROOT, "examples", "workspace"), dir, { recursive: true });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "example workspace");
  return dir;
}

/**
 * The run's report without its duration (the only part of a report that differs between two runs of
 * the same input: summary.durationMs in JSON, "(N ms)" in text); every other byte is compared.
 */
function timeless(stdout: string): string {
  return stdout.replace(/"durationMs": [0-9.]+/g, '"durationMs": 0').replace(/\(\d+ ms\)/g, "(0 ms)");
}

function check(dir: string, ...args: string[]) {
  const r = runCli(["check", "--now", NOW, "-f", "json", ...args], { cwd: dir });
  return { ...r, stdout: timeless(r.stdout) };
}

/** Findings of a JSON report, in report order (file:line rule). */
function findings(stdout: string): string[] {
  const r = JSON.parse(stdout) as { results: { file: string; findings: { ruleId: string; line: number }[] }[] };
  return r.results.flatMap((x) => x.findings.map((f) => `${x.file}:${f.line} ${f.ruleId}`));
}

/** Every stored core result loses its findings (a well-formed entry that no fresh run would give). */
function poison(file: string): void {
  const c = JSON.parse(readFileSync(file, "utf8")) as { entries: Record<string, { r: { findings: unknown[] } }> };
  expect(Object.keys(c.entries).length).toBeGreaterThan(0);
  for (const e of Object.values(c.entries)) e.r.findings = [];
  writeFileSync(file, JSON.stringify(c));
}

describe("check --cache (issue 36 item 7)", () => {
  it("CACHE-01: a second run gives byte-identical output (text and json, but for the run's duration), served from <git dir>/agentcheck, git status clean", () => {
    const dir = exampleRepo();
    for (const format of ["json", "text"]) {
      const run = (...extra: string[]) => {
        const r = runCli(["check", "--now", NOW, "-f", format, "--verbose", ...extra], { cwd: dir });
        return { ...r, stdout: timeless(r.stdout) };
      };
      const cold = run();
      const first = run("--cache");
      const second = run("--cache");
      expect(cold.code).toBe(1);
      expect(first.stderr).toBe("");
      expect(second.stderr).toBe("");
      expect([first.code, second.code]).toEqual([cold.code, cold.code]);
      expect(first.stdout).toBe(cold.stdout);
      expect(second.stdout).toBe(first.stdout);
    }
    expect(existsSync(join(dir, ...CACHE))).toBe(true);
    expect(git(dir, "status", "--porcelain", "--ignored")).toBe("");
    // the second run was served from the file: poisoned results come back
    const cold = check(dir);
    poison(join(dir, ...CACHE));
    const served = check(dir, "--cache");
    expect(findings(served.stdout).length).toBeLessThan(findings(cold.stdout).length);
  });

  it("CACHE-02: a changed file's content invalidates (memory-index)", () => {
    const dir = exampleRepo();
    check(dir, "--cache", "--only", "memory-index");
    poison(join(dir, ...CACHE));
    const file = join(dir, ".serena", "memories", "skills-bad-index.md");
    writeFileSync(file, `${readFileSync(file, "utf8")}\n| extra | [missing-file](missing-file.md) |\n`);
    const cached = check(dir, "--cache", "--only", "memory-index");
    const fresh = check(dir, "--only", "memory-index");
    expect(findings(fresh.stdout).length).toBeGreaterThan(0);
    expect(cached.stdout).toBe(fresh.stdout);
    expect(cached.code).toBe(fresh.code);
  });

  it("CACHE-03: a configuration change (a severity) and a rule option change (MI-019 level) each invalidate", () => {
    const dir = exampleRepo();
    // a row of the "bad" domain naming a file without the "bad-" prefix (MI-019, a warning by default)
    writeTree(dir, { ".serena/memories/other-note.md": "# Other\n\nNotes.\n" });
    const index = join(dir, ".serena", "memories", "skills-bad-index.md");
    writeFileSync(index, `${readFileSync(index, "utf8")}| one two three four five | other-note |\n`);
    // a configuration from the start: only the severity (then only the option) changes below
    writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ validators: { memoryIndex: { severity: {} } } }));
    const before = check(dir, "--only", "memory-index");
    expect(before.stdout).toContain("MI-019");
    check(dir, "--cache", "--only", "memory-index");
    poison(join(dir, ...CACHE));
    // configured severity: MI-018 off
    writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ validators: { memoryIndex: { severity: { "MI-018": "off" } } } }));
    let cached = check(dir, "--cache", "--only", "memory-index");
    let fresh = check(dir, "--only", "memory-index");
    expect(findings(fresh.stdout)).not.toEqual(findings(before.stdout));
    expect(findings(fresh.stdout).length).toBeGreaterThan(0);
    expect(cached.stdout).toBe(fresh.stdout);
    // rule option: MI-019 level error (its findings fail the index)
    check(dir, "--cache", "--only", "memory-index");
    poison(join(dir, ...CACHE));
    writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ rules: { "MI-019": { options: { level: "error" } } } }));
    cached = check(dir, "--cache", "--only", "memory-index");
    fresh = check(dir, "--only", "memory-index");
    expect(JSON.parse(fresh.stdout).results.flatMap((r: { findings: { ruleId: string; severity: string }[] }) => r.findings).filter((f: { ruleId: string }) => f.ruleId === "MI-019").map((f: { severity: string }) => f.severity)).toEqual(["error"]);
    expect(cached.stdout).toBe(fresh.stdout);
    expect(cached.code).toBe(fresh.code);
  });

  it("CACHE-04: a new commit that a session log's verdict reads (its endingCommit appears: SP-130) invalidates", () => {
    const dir = exampleRepo();
    const base = git(dir, "rev-parse", "HEAD");
    // the commit that will end the session, made first in a clone: same parent, tree, identity, dates
    // and message give the same id, so the log can name it before it exists in the repository
    const commitNewFile = (repo: string) => {
      writeTree(repo, { "src/new.ts": "export const x = 1;\n" });
      git(repo, "add", "src/new.ts");
      execFileSync("git", ["commit", "-q", "-m", "the session's work"], {
        cwd: repo,
        env: { ...process.env, GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "test@example.com", GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "test@example.com", GIT_AUTHOR_DATE: "2026-01-07T10:00:00Z", GIT_COMMITTER_DATE: "2026-01-07T10:00:00Z" },
      });
      return git(repo, "rev-parse", "HEAD");
    };
    const scratch = join(tmpDir(), "clone");
    git(dir, "clone", "-q", dir, scratch);
    const end = commitNewFile(scratch);
    const logFile = join(dir, ".agents", "sessions", "2026-01-07-session-3.json");
    writeFileSync(logFile, readFileSync(logFile, "utf8").replace('"d4e5f60"', `"${base.slice(0, 7)}"`).replace('"9f8e7d6"', `"${end.slice(0, 7)}"`));
    const only = ["--only", "session-log", ".agents/sessions/2026-01-07-session-3.json"];
    const before = check(dir, ...only);
    expect(before.stdout).toContain("SP-130");
    check(dir, "--cache", ...only);
    poison(join(dir, ...CACHE));
    expect(findings(check(dir, "--cache", ...only).stdout)).toEqual([]); // served: nothing changed yet
    expect(commitNewFile(dir)).toBe(end);
    const cached = check(dir, "--cache", ...only);
    const fresh = check(dir, ...only);
    expect(fresh.stdout).not.toContain("SP-130");
    expect(findings(fresh.stdout)).not.toEqual(findings(before.stdout));
    expect(cached.stdout).toBe(fresh.stdout);
    expect(cached.code).toBe(fresh.code);
  });

  it("CACHE-05: a corrupt, oversize or malformed cache is ignored with a warning, never served, and rebuilt", () => {
    const dir = exampleRepo();
    const fresh = check(dir);
    const file = join(dir, ...CACHE);
    check(dir, "--cache");
    // corrupt (cut short)
    writeFileSync(file, readFileSync(file, "utf8").slice(0, 100));
    let r = check(dir, "--cache");
    expect(r.stderr).toMatch(/--cache: cache .*check-cache\.json ignored \(not valid JSON/);
    expect(r.stdout).toBe(fresh.stdout);
    expect(r.code).toBe(fresh.code);
    expect(() => JSON.parse(readFileSync(file, "utf8"))).not.toThrow(); // rebuilt
    expect(check(dir, "--cache").stderr).toBe("");
    // a stored result of the wrong shape (an edited file): never served
    const c = JSON.parse(readFileSync(file, "utf8")) as { entries: Record<string, unknown> };
    for (const k of Object.keys(c.entries)) c.entries[k] = { g: 0, r: { status: 0, docStatus: [], findings: [], data: [] } };
    writeFileSync(file, JSON.stringify(c));
    r = check(dir, "--cache");
    expect(r.stderr).toMatch(/malformed entry ignored/);
    expect(r.stdout).toBe(fresh.stdout);
    // oversize (a sparse file over the limit, 256 MiB)
    truncateSync(file, 257 * 1024 * 1024);
    r = check(dir, "--cache");
    expect(r.stderr).toMatch(/--cache: cache .*check-cache\.json ignored \(.*limit/);
    expect(r.stdout).toBe(fresh.stdout);
    expect(r.code).toBe(fresh.code);
  });

  it("CACHE-06: --cache-location names the file (or a folder for agentcheck-cache.json); it needs --cache", () => {
    const dir = exampleRepo();
    const out = tmpDir();
    const file = join(out, "my-cache.json");
    const fresh = check(dir);
    expect(check(dir, "--cache", "--cache-location", file).stdout).toBe(fresh.stdout);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(dir, ...CACHE))).toBe(false);
    const folder = join(out, "caches");
    mkdirSync(folder);
    expect(check(dir, "--cache", "--cache-location", folder).stdout).toBe(fresh.stdout);
    expect(existsSync(join(folder, "agentcheck-cache.json"))).toBe(true);
    poison(file);
    expect(findings(check(dir, "--cache", "--cache-location", file).stdout).length).toBeLessThan(findings(fresh.stdout).length);
    const usage = check(dir, "--cache-location", file);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--cache-location only applies to --cache/);
    expect(check(dir, "--cache", "--cache-location", join(out, "no", "such", "c.json")).code).toBe(2);
  });

  it("CACHE-07: outside a git repository --cache says it runs without a cache (never a failure, never a pass of its own)", () => {
    const dir = tmpDir();
    cpSync(join(ROOT, "examples", "workspace"), dir, { recursive: true });
    const fresh = runCli(["check", dir, "--now", NOW, "-f", "json"], { cwd: dir });
    const r = runCli(["check", dir, "--now", NOW, "-f", "json", "--cache"], { cwd: dir });
    expect(r.stderr).toMatch(/--cache: no git directory to keep the cache in/);
    expect(timeless(r.stdout)).toBe(timeless(fresh.stdout));
    expect(r.code).toBe(fresh.code);
  });
});
