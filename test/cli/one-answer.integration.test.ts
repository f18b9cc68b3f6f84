// "Two commands must never give two answers about the same file": cases a review found where one
// entry point read the configuration, the cutoff or a link differently from another (`check` against
// `memory-index`, `session-log`, pre-pr's delegated rows).
import { describe, it, expect } from "vitest";
import { cpSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { CORPUS, corpusMissing, git, makeRepo, runCli, writeTree } from "../helpers.js";

const LOG = join(CORPUS, "ai-agents-efa406e9a", ".agents", "sessions", "2026-01-08-session-809.md");
const NO_LOG = corpusMissing("ai-agents-efa406e9a", ".agents", "sessions", "2026-01-08-session-809.md");

const MEMORIES = {
  ".serena/memories/memory-index.md": "# Memory Index\n\n| Keywords | File |\n|----------|------|\n| alpha beta | [skills-alpha-index](skills-alpha-index.md) |\n",
  ".serena/memories/skills-alpha-index.md": "| Keywords | File |\n|----------|------|\n| alpha first | [alpha-one](alpha-one.md) |\n",
  ".serena/memories/alpha-one.md": "# a\n",
  ".serena/memories/alpha-orphan.md": "# orphan\n",
};

/** rule ids per file, and the exit code */
function ids(r: { code: number; stdout: string }): string {
  const rep = JSON.parse(r.stdout) as { results: { file: string; findings: { ruleId: string; severity: string }[] }[] };
  const out = rep.results.flatMap((x) => x.findings.map((f) => `${x.file} ${f.ruleId} ${f.severity}`)).sort();
  return `${r.code}: ${out.join(", ")}`;
}

describe("one answer per file across commands (review)", () => {
  it("MI-017: validators.memoryIndex.orphans applies to `memory-index` as to `check`", () => {
    const dir = makeRepo({ ...MEMORIES, "agentcheck.config.json": JSON.stringify({ validators: { memoryIndex: { orphans: "error" } } }) });
    const check = ids(runCli(["check", "--only", "memory-index", "-f", "json"], { cwd: dir }));
    expect(check).toContain(".serena/memories/alpha-orphan.md MI-017 error");
    expect(ids(runCli(["memory-index", "-f", "json"], { cwd: dir }))).toBe(check);
    expect(ids(runCli(["memory-index", "-f", "json"], { cwd: dir, env: { AGENTCHECK_NO_LEAN: "1" } }))).toBe(check);
    // a flag still overrides the configuration
    expect(ids(runCli(["memory-index", "-f", "json", "--orphans", "off"], { cwd: dir }))).not.toContain("MI-017");
  });
  it("MI-017/MI-018: the configuration's ignores and inline directives apply to `memory-index` as to `check`", () => {
    const dir = makeRepo({
      ...MEMORIES,
      ".serena/memories/skills-alpha-index.md": `<!-- agentcheck-disable MI-018 -->\n${MEMORIES[".serena/memories/skills-alpha-index.md"]}`,
      "agentcheck.config.json": JSON.stringify({ ignores: [".serena/memories/alpha-orphan.md"] }),
    });
    const check = ids(runCli(["check", "--only", "memory-index", "-f", "json"], { cwd: dir }));
    expect(check).not.toContain("MI-017");
    expect(ids(runCli(["memory-index", "-f", "json"], { cwd: dir }))).toBe(check);
  });
  it("memory-index: a memories folder that is a link to a folder is validated by `check` as by `memory-index` (not skipped)", () => {
    const dir = makeRepo({});
    const files = Object.fromEntries(Object.entries(MEMORIES).map(([k, v]) => [k.replace(".serena/memories", "mem"), v]));
    writeTree(dir, files);
    mkdirSync(join(dir, ".serena"));
    symlinkSync("../mem", join(dir, ".serena", "memories"));
    const check = ids(runCli(["check", "--only", "memory-index", "-f", "json"], { cwd: dir }));
    expect(check).toContain("MI-017");
    expect(ids(runCli(["memory-index", "-f", "json"], { cwd: dir }))).toBe(check);
  });
  it.skipIf(NO_LOG !== "")(`SP-038/SP-041: \`check --strict\` over the whole workspace is as strict as \`session-log --strict\`${NO_LOG && ` (${NO_LOG})`}`, () => {
    const dir = makeRepo({});
    const name = "2026-01-08-session-809.md";
    mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
    cpSync(LOG, join(dir, ".agents", "sessions", name));
    git(dir, "add", "-A");
    git(dir, "commit", "-qm", "log");
    const now = ["--now", "2026-02-11T00:00:00Z"];
    const sl = ids(runCli(["session-log", "--strict", "-f", "json", ...now], { cwd: dir }));
    expect(sl).toMatch(/SP-038|SP-041/);
    expect(ids(runCli(["check", "--strict", "--only", "session-log", "-f", "json", ...now], { cwd: dir }))).toBe(sl);
    expect(ids(runCli(["check", "--strict", "--only", "session-log", "-f", "json", ...now], { cwd: dir, env: { AGENTCHECK_NO_LEAN: "1" } }))).toBe(sl);
  });
  it("PP-001 applies the configuration's ignores, inline directives and AGENTCHECK_CUTOFF as `check --changed` does", () => {
    const dir = makeRepo({ "README.md": "# r\n" });
    git(dir, "checkout", "-q", "-b", "feat");
    writeTree(dir, { ".agents/sessions/2026-01-05-session-1.md": "# Session 1\n\nnothing here\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-qm", "log");
    const pp = (env: Record<string, string | undefined> = {}) => {
      const r = runCli(["pre-pr", "--base", "main", "--only", "PP-001", "-f", "json"], { cwd: dir, env });
      const row = JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === "PP-001");
      return `${r.code} ${row.status} ${row.findings.length}`;
    };
    const check = (env: Record<string, string | undefined> = {}) => runCli(["check", "--changed", "--base", "main"], { cwd: dir, env }).code;
    expect(pp()).toMatch(/^1 FAIL [1-9]/);
    expect(check()).toBe(1);
    // the historical cutoff
    expect(check({ AGENTCHECK_CUTOFF: "2026-02-01" })).toBe(0);
    expect(pp({ AGENTCHECK_CUTOFF: "2026-02-01" })).not.toMatch(/FAIL/);
    // the configuration's ignores
    writeTree(dir, { "agentcheck.config.json": JSON.stringify({ ignores: [".agents/sessions/2026-01-05-session-1.md"] }) });
    expect(check()).toBe(0);
    expect(pp()).not.toMatch(/FAIL/);
    // an inline directive
    writeTree(dir, { "agentcheck.config.json": "{}", ".agents/sessions/2026-01-05-session-1.md": "<!-- agentcheck-disable -->\n# Session 1\n\nnothing here\n" });
    expect(check()).toBe(0);
    expect(pp()).not.toMatch(/FAIL/);
  });
  it("a new JSON log staged for the commit is judged in creation mode by session-log (any context) as by check --staged", async () => {
    const dir = makeRepo({ "README.md": "# r\n" });
    git(dir, "checkout", "-q", "-b", "feat/example");
    // a log just created: every item still open (what creation mode accepts and full mode does not)
    const item = (level: string) => ({ level, Complete: false, Evidence: "" });
    const keys = (ks: string[]) => Object.fromEntries(ks.map((k) => [k, item("MUST")]));
    const rel = ".agents/sessions/2026-01-05-session-1.json";
    writeTree(dir, { [rel]: JSON.stringify({
      schemaVersion: "1.0",
      session: { number: 1, date: "2026-01-05", branch: "feat/example", startingCommit: "", objective: "Example session" },
      protocolCompliance: {
        sessionStart: keys(["serenaActivated", "serenaInstructions", "handoffRead", "sessionLogCreated", "skillScriptsListed", "usageMandatoryRead", "constraintsRead", "memoriesLoaded", "branchVerified", "notOnMain"]),
        sessionEnd: keys(["checklistComplete", "handoffPreserved", "serenaMemoryUpdated", "markdownLintRun", "qaValidation", "changesCommitted", "validationPassed"]),
      },
      workLog: [], endingCommit: "", nextSteps: [],
    }, null, 2) + "\n" });
    git(dir, "add", "-A");
    const mode = (args: string[]) => {
      const r = runCli([...args, "-f", "json"], { cwd: dir });
      const res = (JSON.parse(r.stdout) as { results: { file: string; data?: { mode?: string } }[] }).results.find((x) => x.file === rel);
      return `${r.code} ${res?.data?.mode}`;
    };
    const staged = mode(["check", "--staged"]);
    expect(staged).toBe("0 creation");
    expect(mode(["session-log", rel])).toBe(staged);
    expect(mode(["session-log", "--context", "pre-commit"])).toBe(staged);
    expect(mode(["check", rel])).toBe(staged);
    // the whole workspace (no files named, no commit context): both commands alike
    expect(mode(["session-log"])).toBe(mode(["check"]));
  });
  it("MI-002: a staged symbolic link listed in an index is followed in the index by check --staged as on disk by check", () => {
    const dir = makeRepo({
      ...MEMORIES,
      ".serena/memories/skills-alpha-index.md": "| Keywords | File |\n|----------|------|\n| alpha first | [alpha-one](alpha-one.md) |\n| alpha link | [alpha-link](alpha-link.md) |\n",
    });
    symlinkSync("alpha-one.md", join(dir, ".serena", "memories", "alpha-link.md"));
    git(dir, "add", "-A");
    const staged = ids(runCli(["check", "--staged", "--only", "memory-index", "-f", "json"], { cwd: dir }));
    expect(staged).not.toContain("MI-002");
    expect(staged).toBe(ids(runCli(["check", "--only", "memory-index", "-f", "json"], { cwd: dir })));
    expect(staged).toBe(ids(runCli(["memory-index", "-f", "json"], { cwd: dir })));
  });
});

