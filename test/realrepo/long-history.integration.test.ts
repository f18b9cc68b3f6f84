// Issue 10: survive the real repository. A generated repository with a long history (>= 2,000
// commits, >= 10,000 files, January markdown logs whose Starting Commit lies far behind HEAD, JSON
// logs in every mode, today's memory layout), checked with `check`, `check --changed --base main`
// and `check --staged`: exit 0/1, a complete JSON report, no internal error (AC-90x).
// Speed and peak RSS are measured by the bench (scripts/bench/realrepo.mjs), not asserted here.
import { describe, it, expect, beforeAll } from "vitest";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tmpDir } from "../helpers.js";
import { cloneRepo, g, longRepo } from "./generator.mjs";

const NOW = "2026-03-01T00:00:00Z";
let repo: { dir: string; commits: number; files: number; logs: number; sha: (n: number) => string; januaryLog: string };

interface Res {
  file: string;
  validator: string;
  verdict: string;
  findings: { ruleId: string; severity: string; message: string; line: number }[];
  data?: Record<string, string>;
}

function report(stdout: string): { results: Res[]; summary: { files: number; errors: number; warnings: number } } {
  return JSON.parse(stdout);
}

function noInternal(results: Res[]): void {
  const ac = results.flatMap((r) => r.findings).filter((f) => /^AC-90/.test(f.ruleId));
  expect(ac, JSON.stringify(ac.slice(0, 3))).toEqual([]);
}

beforeAll(() => {
  repo = longRepo();
}, 10 * 60_000);

describe("issue 10: long-history repository", () => {
  it("the generator builds >= 2,000 commits touching >= 10,000 files, with old logs far behind HEAD", () => {
    expect(Number(g(repo.dir, ["rev-list", "--count", "HEAD"]))).toBeGreaterThanOrEqual(2000);
    expect(Number(g(repo.dir, ["ls-files"]).split("\n").length)).toBeGreaterThanOrEqual(10_000);
    const log = readFileSync(join(repo.dir, repo.januaryLog), "utf8");
    const start = /Starting Commit\*\*: `([0-9a-f]+)`/.exec(log)![1];
    expect(Number(g(repo.dir, ["rev-list", "--count", `${start}..HEAD`]))).toBeGreaterThan(1900);
    expect(Number(g(repo.dir, ["diff", "--name-only", `${start}..HEAD`]).split("\n").length)).toBeGreaterThanOrEqual(9_900);
  });

  it("check (whole repository): exit 0/1, one result per log, complete JSON report, no AC-90x; layout current detected", () => {
    const r = runCli(["check", "--format", "json", "--now", NOW], { cwd: repo.dir });
    expect([0, 1], r.stderr).toContain(r.code);
    expect(r.stderr).not.toContain("internal error");
    const rep = report(r.stdout);
    noInternal(rep.results);
    const logs = rep.results.filter((x) => x.validator === "session-log" && x.file.startsWith(".agents/sessions/"));
    expect(logs.length).toBe(repo.logs);
    const mem = rep.results.find((x) => x.validator === "memory-index" && x.data?.layout);
    expect(mem?.data).toMatchObject({ layout: "current", layout_source: "detected" });
    // MI-019 judges folder-qualified names by their base name: no false naming warnings
    expect(rep.results.flatMap((x) => x.findings).filter((f) => f.ruleId === "MI-019")).toEqual([]);
    // SP-037 messages stay bounded (count + first names), never the whole diff
    for (const f of rep.results.flatMap((x) => x.findings)) expect(f.message.length).toBeLessThan(2000);
    // a committed JSON log with incomplete MUST items ("Commit pending") does not pass silently
    const inProgress = logs.filter((x) => x.file.endsWith(".json") && x.data?.mode === "full" && x.verdict === "fail");
    expect(inProgress.length).toBeGreaterThan(0);
  });

  it("check text output: grouped by file, per-rule and per-validator counts, layout named", () => {
    const r = runCli(["check", "--now", NOW, "--only", "memory-index"], { cwd: repo.dir });
    expect([0, 1]).toContain(r.code);
    expect(r.stdout).toContain("memory index (current layout)");
    expect(r.stdout).toContain("layout detected from the tree");
    expect(r.stdout).not.toContain("Keyword uniqueness");
    expect(runCli(["check", "--now", NOW, "--only", "memory-index", "--verbose"], { cwd: repo.dir }).stdout).toContain("Keyword uniqueness");
  });

  it("check --changed --base main: a branch appending one line to a January log (diff of ~10,000 files) gets a complete report", () => {
    const dir = cloneRepo(repo, tmpDir("ac-long-"));
    g(dir, ["checkout", "-q", "-b", "feature"]);
    appendFileSync(join(dir, repo.januaryLog), "\n- one more line\n");
    g(dir, ["commit", "-q", "-am", "append a line to an old log"]);
    const r = runCli(["check", "--changed", "--base", "main", "--format", "json", "--now", NOW], { cwd: dir });
    expect([0, 1], r.stderr).toContain(r.code);
    const rep = report(r.stdout);
    noInternal(rep.results);
    const log = rep.results.find((x) => x.file === repo.januaryLog);
    expect(log).toBeDefined();
    expect(log!.verdict).not.toBe("skip");
    // github annotations for the same run: one line per finding, nothing lost
    const gh = runCli(["check", "--changed", "--base", "main", "--format", "github", "--now", NOW], { cwd: dir });
    expect(gh.code).toBe(r.code);
    expect(gh.stdout.split("\n").filter((l) => l.startsWith("::")).length).toBeGreaterThanOrEqual(rep.summary.errors + rep.summary.warnings);
  });

  it("check --staged: a one-line README commit runs nothing that README cannot affect; hook output is short and closes with the verdict line", () => {
    const dir = cloneRepo(repo, tmpDir("ac-long-"));
    writeFileSync(join(dir, "README.md"), "# Generated\n\nOne more line.\n");
    g(dir, ["add", "README.md"]);
    const j = runCli(["check", "--staged", "--format", "json", "--now", NOW], { cwd: dir });
    expect(j.code).toBe(0);
    const rep = report(j.stdout);
    noInternal(rep.results);
    expect(rep.results.every((x) => x.verdict === "skip")).toBe(true);
    const t = runCli(["check", "--staged", "--now", NOW], { cwd: dir });
    expect(t.code).toBe(0);
    const lines = t.stdout.trimEnd().split("\n");
    expect(lines.length).toBeLessThan(30);
    expect(lines[lines.length - 1]).toMatch(/^agentcheck: commit not blocked/);
  });

  it("check --staged with a staged log: blocked line names the errors and files", () => {
    const dir = cloneRepo(repo, tmpDir("ac-long-"));
    writeFileSync(join(dir, ".agents/sessions/2026-03-01-session-9999.md"), "# nothing\n");
    g(dir, ["add", "-A"]);
    const t = runCli(["check", "--staged", "--now", NOW], { cwd: dir });
    expect(t.code).toBe(1);
    const last = t.stdout.trimEnd().split("\n").pop()!;
    expect(last).toMatch(/^agentcheck: commit blocked: \d+ errors? in 1 file \(\.agents\/sessions\/2026-03-01-session-9999\.md\)$/);
  });

  it("same verdict: a log validated at commit N and again after 50 more commits gives the same findings", () => {
    const dir = cloneRepo(repo, tmpDir("ac-long-"));
    const mdLogs = g(dir, ["ls-files", ".agents/sessions/*.md"]).split("\n");
    const docsOnly = mdLogs.filter((f) => readFileSync(join(dir, f), "utf8").includes("SKIPPED: docs-only")).slice(0, 5);
    expect(docsOnly.length).toBe(5);
    const run = () => {
      // committed, unedited logs named on the command line are validated in full, as the whole tree is
      const r = runCli(["session-log", ...docsOnly, "--format", "json", "--now", NOW], { cwd: dir });
      expect([0, 1]).toContain(r.code);
      return report(r.stdout).results.map((x) => ({ file: x.file, findings: x.findings }));
    };
    const before = run();
    // the SP-037 verdict depends on the log's own range: it lists the files of that range only
    expect(before.some((x) => x.findings.some((f) => f.ruleId === "SP-037"))).toBe(true);
    for (let i = 0; i < 50; i++) {
      writeFileSync(join(dir, "src", `later-${i}.ts`), `export const later${i} = ${i};\n`);
      g(dir, ["add", "-A"]);
      g(dir, ["commit", "-q", "-m", `later ${i}`]);
    }
    expect(run()).toEqual(before);
  });
});
