// Hostile file names: names that are not UTF-8 are reported as such (never "no such file" for a
// file that is there, never a pass), and names holding a newline, "::" workflow-command text or
// quotes forge no extra lines or annotations in the text and GitHub outputs.
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, runCli } from "../helpers.js";
import { LOG } from "./matrix.js";

const bytes = (s: string) => Buffer.from(s, "latin1");

describe("hostile file names", () => {
  it("HN-01 a session log, planning doc or spec whose name is not UTF-8: AC-901 says so; the run fails (exit 1)", () => {
    const dir = makeRepo({
      ".agents/sessions/2026-01-01-session-1.md": LOG,
      ".agents/planning/prd-ok.md": "# PRD: Ok\n\n## Requirements\n\n- x\n",
      ".agents/specs/requirements/REQ-001-ok.md": "---\ntype: requirement\nid: REQ-001\nstatus: draft\n---\n\n# REQ-001\n",
    });
    // 0xff is never UTF-8: Node lists these names with U+FFFD in its place
    writeFileSync(Buffer.concat([bytes(join(dir, ".agents/sessions/2026-01-02-session-2-")), Buffer.from([0xff]), bytes(".md")]), LOG);
    writeFileSync(Buffer.concat([bytes(join(dir, ".agents/planning/prd-w")), Buffer.from([0xfe]), bytes(".md")]), "# PRD: W\n\n## Requirements\n\n- x\n");
    writeFileSync(Buffer.concat([bytes(join(dir, ".agents/specs/requirements/REQ-002-")), Buffer.from([0xff]), bytes(".md")]), "---\ntype: requirement\nid: REQ-002\nstatus: draft\n---\n\n# REQ-002\n");
    for (const args of [["session-log"], ["consistency", "--all"], ["traceability"], ["check", "."]]) {
      const r = runCli([...args, "-f", "json", "--now", "2026-01-05T00:00:00Z"], { cwd: dir });
      expect(r.code, args.join(" ")).toBe(1);
      const findings = JSON.parse(r.stdout).results.flatMap((x: { findings: { ruleId: string; file: string; message: string }[] }) => x.findings);
      const bad = findings.filter((f: { file: string }) => f.file.includes("\ufffd"));
      expect(bad.length, args.join(" ")).toBeGreaterThan(0);
      for (const f of bad.filter((x: { ruleId: string }) => x.ruleId === "AC-901")) expect(f.message).toContain("not valid UTF-8");
      expect(bad.some((f: { ruleId: string }) => f.ruleId === "AC-901"), args.join(" ")).toBe(true);
      expect(findings.some((f: { message: string }) => f.message === "File unreadable: no such file")).toBe(false);
    }
  });

  it("HN-04 check --changed: a changed session log whose name is not UTF-8 is AC-901 'not valid UTF-8', not SP-002 'does not exist'", () => {
    const dir = makeRepo({ "README.md": "# R\n" });
    git(dir, "checkout", "-q", "-b", "feat");
    const sessions = join(dir, ".agents/sessions");
    mkdirSync(sessions, { recursive: true });
    writeFileSync(Buffer.concat([bytes(`${sessions}/2026-01-01-session-5-`), Buffer.from([0xff]), bytes(".md")]), LOG);
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "log");
    const r = runCli(["check", "--changed", "--base", "main", "-f", "json", "--now", "2026-01-05T00:00:00Z"], { cwd: dir });
    expect(r.code).toBe(1);
    const res = JSON.parse(r.stdout).results.find((x: { validator: string; file: string }) => x.validator === "session-log" && x.file.includes("session-5"));
    expect(res.findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["AC-901"]);
    expect(res.findings[0].message).toContain("not valid UTF-8");
  });

  it("HN-03 pre-pr: a committed markdown file whose name is not UTF-8 stays in scope and fails PP-003 with AC-901 (never linted '6 of 6' without it)", () => {
    const dir = makeRepo({ "docs/guide.md": "# Guide\n\nText.\n" });
    writeFileSync(Buffer.concat([bytes(join(dir, "docs/notes-")), Buffer.from([0xff]), bytes(".md")]), "# Notes\n\nText.\n");
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "notes");
    const r = runCli(["pre-pr", "--all", "--only", "PP-003", "--no-cache", "-f", "json"], { cwd: dir, env: { AGENTCHECK_LINT_TIMEOUT_MS: "10000" } });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    const row = doc.checks.find((c: { id: string }) => c.id === "PP-003");
    expect(row.status).toBe("FAIL");
    expect(row.message).toContain("of 2 markdown file(s)");
    const f = row.findings.find((x: { ruleId: string }) => x.ruleId === "AC-901");
    expect(f.path).toContain("docs/notes-\ufffd.md");
    expect(f.message).toContain("not valid UTF-8");
  });

  it("HN-02 a name with a newline, '::error' text and quotes: one annotation per finding, no forged line in text or GitHub output", () => {
    const forged = "2026-01-02-session-2\n::error file=README.md,line=1::forged \"q'.md";
    const dir = makeRepo({ ".agents/sessions/2026-01-01-session-1.md": LOG, [`.agents/sessions/${forged}`]: LOG, ".agents/sessions/-2026-01-03-session-3.md": LOG });
    const json = runCli(["session-log", "-f", "json"], { cwd: dir });
    const n = JSON.parse(json.stdout).results.reduce((a: number, x: { findings: unknown[] }) => a + x.findings.length, 0);
    expect(JSON.parse(json.stdout).results.map((x: { file: string }) => x.file)).toContain(`.agents/sessions/${forged}`);
    const gh = runCli(["session-log", "-f", "github"], { cwd: dir });
    expect(gh.code).toBe(json.code);
    const lines = gh.stdout.trimEnd().split("\n");
    expect(lines.filter((l) => l.startsWith("::")).length).toBe(n);
    expect(lines.filter((l) => !l.startsWith("::"))).toHaveLength(1); // the summary line
    expect(lines.some((l) => l.startsWith("::error file=README.md"))).toBe(false);
    const text = runCli(["session-log", "--no-color"], { cwd: dir });
    expect(text.stdout.split("\n").some((l) => l.startsWith("::error"))).toBe(false);
    expect(text.stdout).toContain("2026-01-02-session-2\u240a::error");
  });
});
