// Issue 12 item 3 "One host pipeline": `paths.*` moves what EVERY entry point validates. A real git
// repository holds the example workspace's artifacts twice: under the configured folders and under the
// default ones. Each command, run as a real process, must report the bad artifacts under the configured
// folders and never read the default ones.
import { cpSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, makeRepo, ROOT, runCli, writeTree } from "../helpers.js";

const EX = join(ROOT, "examples", "workspace");
const CONFIG = {
  paths: { sessions: "logs", memories: "notes/mem", planning: "work/plan", specs: "work/specs" },
};
const DEFAULTS = [".agents/sessions", ".serena/memories", ".agents/planning", ".agents/specs"];

interface Res {
  validator: string;
  file: string;
  verdict: string;
  findings: { ruleId: string; file: string }[];
}

function results(stdout: string): Res[] {
  return (JSON.parse(stdout) as { results: Res[] }).results;
}

const files = (rs: Res[]) => rs.flatMap((r) => [r.file, ...r.findings.map((f) => f.file)]);
const underDefault = (rs: Res[]) => files(rs).filter((f) => DEFAULTS.some((d) => f === d || f.startsWith(`${d}/`)));
const failed = (rs: Res[]) => rs.filter((r) => r.verdict === "fail").map((r) => r.file).sort();

let repo: string;

function copyArtifacts(to: { sessions: string; memories: string; planning: string; specs: string }) {
  cpSync(join(EX, ".agents", "sessions"), join(repo, to.sessions), { recursive: true });
  cpSync(join(EX, ".serena", "memories"), join(repo, to.memories), { recursive: true });
  cpSync(join(EX, ".agents", "planning"), join(repo, to.planning), { recursive: true });
  cpSync(join(EX, ".agents", "specs"), join(repo, to.specs), { recursive: true });
}

beforeAll(() => {
  repo = makeRepo({ "README.md": "# demo\n", "agentcheck.config.json": JSON.stringify(CONFIG, null, 2) });
  cpSync(join(EX, ".agents", "roadmap"), join(repo, ".agents", "roadmap"), { recursive: true });
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "roadmap");
  git(repo, "checkout", "-q", "-b", "feature");
  copyArtifacts({ sessions: "logs", memories: "notes/mem", planning: "work/plan", specs: "work/specs" });
  copyArtifacts({ sessions: ".agents/sessions", memories: ".serena/memories", planning: ".agents/planning", specs: ".agents/specs" });
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "artifacts in both places");
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("issue 12 item 3: paths.* is honoured by every entry point", () => {
  it("check (whole workspace): every validator reads the configured folders, none the defaults", () => {
    const r = runCli(["check", "--format", "json", "--now", "2026-02-01T00:00:00Z"], { cwd: repo });
    expect(r.code, r.stderr).toBe(1);
    const rs = results(r.stdout);
    expect(underDefault(rs)).toEqual([]);
    expect(failed(rs)).toEqual(
      expect.arrayContaining(["logs/2026-01-06-session-2.md", "notes/mem/skills-bad-index.md", "work/specs/tasks/TASK-002-broken.md"]),
    );
    const v = new Set(rs.filter((x) => x.verdict !== "skip").map((x) => x.validator));
    for (const name of ["session-log", "memory-index", "consistency", "traceability"]) expect(v.has(name), name).toBe(true);
    expect(files(rs)).toContain("work/plan/prd-exporter.md");
  });

  it("check --changed: the branch's logs are selected from paths.sessions", () => {
    const r = runCli(["check", "--changed", "--base", "main", "--only", "session-log,memory-index", "--format", "json"], { cwd: repo });
    expect(r.code, r.stderr).toBe(1);
    const rs = results(r.stdout);
    expect(underDefault(rs)).toEqual([]);
    expect(failed(rs)).toContain("logs/2026-01-06-session-2.md");
    expect(failed(rs)).toContain("notes/mem/skills-bad-index.md");
  });

  it("check --staged and check FILE...: a staged bad log under paths.sessions is found, one under the default folder is not", () => {
    const bad = "# not a session log\n";
    writeTree(repo, { "logs/2026-02-01-session-9.md": bad, ".agents/sessions/2026-02-01-session-9.md": bad });
    git(repo, "add", "-A");
    try {
      const r = runCli(["check", "--staged", "--only", "session-log", "--format", "json"], { cwd: repo });
      expect(r.code, r.stderr).toBe(1);
      const rs = results(r.stdout);
      expect(underDefault(rs)).toEqual([]);
      expect(failed(rs)).toContain("logs/2026-02-01-session-9.md");
      const f = runCli(["check", "logs/2026-02-01-session-9.md", ".agents/sessions/2026-02-01-session-9.md", "--only", "session-log", "--format", "json"], { cwd: repo });
      expect(f.code, f.stderr).toBe(1);
      const fr = results(f.stdout);
      expect(failed(fr)).toEqual(["logs/2026-02-01-session-9.md"]);
    } finally {
      git(repo, "reset", "-q", "--hard");
    }
  });

  it("session-log: without paths it validates paths.sessions", () => {
    const r = runCli(["session-log", "--format", "json", "--now", "2026-02-01T00:00:00Z"], { cwd: repo });
    expect(r.code, r.stderr).toBe(1);
    const rs = results(r.stdout);
    expect(underDefault(rs)).toEqual([]);
    expect(rs.map((x) => x.file).sort()).toEqual(readdirSync(join(repo, "logs")).map((n) => `logs/${n}`).sort());
  });

  it("memory-index: without --dir it validates paths.memories", () => {
    const r = runCli(["memory-index", "--format", "json"], { cwd: repo });
    expect(r.code, r.stderr).toBe(1);
    const rs = results(r.stdout);
    expect(underDefault(rs)).toEqual([]);
    expect(failed(rs)).toEqual(["notes/mem/skills-bad-index.md"]);
  });

  it("consistency and traceability: paths.planning and paths.specs", () => {
    const c = runCli(["consistency", "--all", "--format", "json"], { cwd: repo });
    expect([0, 1]).toContain(c.code);
    const cr = results(c.stdout);
    expect(underDefault(cr)).toEqual([]);
    expect(files(cr)).toContain("work/plan/prd-exporter.md");
    const t = runCli(["traceability", "--format", "json"], { cwd: repo });
    expect(t.code, t.stderr).toBe(1);
    const tr = results(t.stdout);
    expect(underDefault(tr)).toEqual([]);
    expect(failed(tr)).toContain("work/specs/tasks/TASK-002-broken.md");
  });

  it("pre-pr (PP-001): the branch's session logs come from paths.sessions, as in check --changed", () => {
    const r = runCli(["pre-pr", "--base", "main", "--only", "PP-001", "--format", "json"], { cwd: repo });
    const doc = JSON.parse(r.stdout) as { checks?: { id: string; findings?: { file: string }[] }[] };
    const text = JSON.stringify(doc);
    expect(text).toContain("logs/2026-01-06-session-2.md");
    expect(text).not.toContain(".agents/sessions/2026-01-06-session-2.md");
  });

  it("moving the folders back (no paths.*) validates the defaults again", () => {
    writeFileSync(join(repo, "agentcheck.config.json"), "{}\n");
    try {
      const r = runCli(["session-log", "--format", "json", "--now", "2026-02-01T00:00:00Z"], { cwd: repo });
      const rs = results(r.stdout);
      expect(rs.every((x) => x.file.startsWith(".agents/sessions/"))).toBe(true);
      expect(rs.length).toBeGreaterThan(0);
    } finally {
      git(repo, "checkout", "-q", "--", "agentcheck.config.json");
    }
  });
});

describe("paths.* must be folders of the repository (hostile review)", () => {
  it("an absolute path or a '..' segment is a configuration error (exit 2), never a run that checked nothing", () => {
    for (const bad of ["/tmp/x", "C:\\logs", "../elsewhere", "logs/../../up"]) {
      const dir = makeRepo({ "agentcheck.config.json": JSON.stringify({ paths: { sessions: bad } }), ".agents/sessions/2026-01-01-session-1.md": "# Session 1\n" });
      for (const cmd of [["check"], ["session-log"]]) {
        const r = runCli(cmd, { cwd: dir });
        expect(r.code, `${cmd[0]} with paths.sessions ${bad}: ${r.stdout}${r.stderr}`).toBe(2);
        expect(r.stderr).toMatch(/paths\.sessions.*relative to its top/s);
      }
    }
  });
});
