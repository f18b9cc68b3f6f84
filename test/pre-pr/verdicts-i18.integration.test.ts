// Issue 18 "Wrong verdicts": pre-pr's delegated checks give the verdicts of the validators they name,
// and pre-pr and `check --changed` agree on every session log (issue 12 "Same branch, two answers").
// Real git repositories, the real CLI.
import { describe, it, expect } from "vitest";
import { git, makeRepo, runCli, toolPath, writeTree } from "../helpers.js";
import { validLog, item } from "../session-json/util.js";

const ENV = { CI: undefined, QUICK_MODE: undefined, SKIP_TESTS: undefined, SKIP_AUTOFIX: undefined, GITHUB_ACTIONS: undefined, GITHUB_BASE_REF: undefined };

interface Row { id: string; status: string; message: string; findings: { ruleId: string; severity: string; path?: string; file?: string }[] }
function prepr(dir: string): { code: number; row: (id: string) => Row } {
  const r = runCli(["pre-pr", "--base", "main", "--format", "json"], { cwd: dir, env: { ...ENV, PATH: toolPath() } });
  if (r.code === 2) throw new Error(`pre-pr exit 2: ${r.stderr}`);
  const rep = JSON.parse(r.stdout) as { checks: Row[] };
  return { code: r.code, row: (id) => rep.checks.find((c) => c.id === id)! };
}
function checkChanged(dir: string): { code: number; results: { file: string; validator: string; verdict: string; findings: { ruleId: string; severity: string }[] }[] } {
  const r = runCli(["check", "--changed", "--base", "main", "--only", "session-log", "--format", "json"], { cwd: dir, env: ENV });
  if (r.code === 2) throw new Error(`check exit 2: ${r.stderr}`);
  return { code: r.code, results: JSON.parse(r.stdout).results };
}

/** main with a README and an older log; a feature branch that commits `files`. */
function branch(files: Record<string, string>, base: Record<string, string> = {}): string {
  const dir = makeRepo({ "README.md": "# Project\n\nText.\n", ...base });
  git(dir, "checkout", "-q", "-b", "feature");
  writeTree(dir, files);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "feature");
  return dir;
}

const incomplete = (() => {
  const log = validLog();
  log.protocolCompliance.sessionEnd.changesCommitted = item(false, "Commit pending");
  return JSON.stringify(log, null, 2);
})();

describe("issue 18: PP-001 parity with check --changed (same scope/mode function)", () => {
  const valid = JSON.stringify(validLog(), null, 2);
  const cases: [string, Record<string, string>, Record<string, string>?][] = [
    ["an existing JSON log edited on the branch (record mode in both)", { ".agents/sessions/2026-01-05-session-42.json": incomplete }, { ".agents/sessions/2026-01-05-session-42.json": valid }],
    ["a log renamed on the branch", { ".agents/sessions/2026-01-05-session-43.json": valid.replace('"number": 42', '"number": 43') }, {}],
    ["a branch-added JSON log with an incomplete MUST item", { ".agents/sessions/2026-01-05-session-42.json": incomplete }],
    ["a misnamed log (issue 12: same branch, two answers)", { ".agents/sessions/notes.md": "# Notes\n\nSome text.\n" }],
    ["a misnamed JSON log", { ".agents/sessions/session-7.json": incomplete }],
    ["a markdown log without its sections", { ".agents/sessions/2026-01-05-session-3.md": "# Session 3\n" }],
    ["no session log", { "docs/a.md": "# A\n\nText.\n" }],
  ];
  for (const [name, files, base] of cases) {
    it(`PP-001 parity: pre-pr and check --changed give the same verdict on ${name}`, () => {
      const dir = branch(files, base);
      const pp = prepr(dir).row("PP-001");
      const ck = checkChanged(dir);
      const logs = ck.results.filter((r) => r.validator === "session-log" && r.file !== ".");
      const ckFails = logs.some((r) => r.verdict === "fail");
      expect(pp.status === "FAIL", `pre-pr: ${pp.status} ${pp.message}`).toBe(ckFails);
      expect(ck.code === 1).toBe(ckFails);
      // the same errors, rule for rule
      const ids = (fs: { ruleId: string; severity: string }[]) => fs.filter((f) => f.severity === "error").map((f) => f.ruleId).sort();
      expect(ids(pp.findings)).toEqual(ids(logs.flatMap((r) => r.findings)));
    });
  }

  it("PP-001 parity: a branch-added JSON log with an incomplete MUST item fails both with SP-108", () => {
    const dir = branch({ ".agents/sessions/2026-01-05-session-42.json": incomplete });
    const pp = prepr(dir);
    expect(pp.row("PP-001").status).toBe("FAIL");
    expect(pp.row("PP-001").findings.map((f) => f.ruleId)).toContain("SP-108");
    expect(pp.code).toBe(1);
    const ck = checkChanged(dir);
    expect(ck.code).toBe(1);
    expect(ck.results.flatMap((r) => r.findings.map((f) => f.ruleId))).toContain("SP-108");
  });

  it("PP-001 parity: a misnamed log fails pre-pr with SP-001 as it fails check --changed", () => {
    const dir = branch({ ".agents/sessions/notes.md": "# Notes\n" });
    const row = prepr(dir).row("PP-001");
    expect(row.status).toBe("FAIL");
    expect(row.findings.map((f) => f.ruleId)).toEqual(expect.arrayContaining(["SP-001", "SP-010"]));
  });

  it("PP-001: an uncommitted (untracked) log on the branch is selected by the same rules", () => {
    const dir = branch({ "docs/a.md": "# A\n\nText.\n" });
    writeTree(dir, { ".agents/sessions/notes.md": "# Notes\n" });
    const row = prepr(dir).row("PP-001");
    expect(row.status).toBe("FAIL");
    expect(row.findings.map((f) => f.ruleId)).toContain("SP-001");
  });
});

describe("issue 18: PP-014 runs traceability", () => {
  const REQ = "---\ntype: requirement\nid: REQ-001\nstatus: draft\n---\n# REQ-001\n";
  const DESIGN = "---\ntype: design\nid: DESIGN-001\nstatus: draft\nrelated:\n  - REQ-001\n---\n# DESIGN-001\n";
  const TASK_BAD = "---\ntype: task\nid: TASK-001\nstatus: todo\nrelated:\n  - DESIGN-999\n---\n# TASK-001\n";
  it("PP-014: a TR-005 error (a task citing a design that does not exist) fails PP-014, without .agents/planning", () => {
    const dir = branch({
      ".agents/specs/requirements/REQ-001.md": REQ,
      ".agents/specs/design/DESIGN-001.md": DESIGN,
      ".agents/specs/tasks/TASK-001.md": TASK_BAD,
    });
    const pp = prepr(dir);
    const row = pp.row("PP-014");
    expect(row.message).toMatch(/^traceability:/);
    expect(row.status).toBe("FAIL");
    expect(row.findings.map((f) => f.ruleId)).toContain("TR-005");
    expect(pp.code).toBe(1);
  });
  it("PP-014: with .agents/planning present it still runs traceability, not consistency", () => {
    const dir = branch({
      ".agents/planning/PLAN.md": "# Plan\n",
      ".agents/specs/requirements/REQ-001.md": REQ,
      ".agents/specs/design/DESIGN-001.md": DESIGN,
      ".agents/specs/tasks/TASK-001.md": TASK_BAD,
    });
    const row = prepr(dir).row("PP-014");
    expect(row.message).not.toMatch(/consistency/);
    expect(row.status).toBe("FAIL");
  });
});
