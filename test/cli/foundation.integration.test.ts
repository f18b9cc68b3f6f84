import { describe, it, expect } from "vitest";
import { join } from "node:path";
import { writeFileSync, symlinkSync, mkdirSync } from "node:fs";
import { runCli, makeRepo, tmpDir, writeTree } from "../helpers.js";
import { ReportSchema } from "../../dist/report-schema.js";

describe("CLI foundation", () => {
  it("nonexistent path: exit 2 and a one-line message", () => {
    const r = runCli(["session-log", "/no/such/path/anywhere"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("/no/such/path/anywhere");
  });

  it("check on a missing directory: exit 2", () => {
    const r = runCli(["check", "/no/such/dir"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("not a directory");
  });

  it("unknown option and unknown format: exit 2", () => {
    expect(runCli(["session-log", "--bogus"]).code).toBe(2);
    const dir = makeRepo({ ".agents/sessions/2026-01-01-session-1.md": "# x\n" });
    const r = runCli(["session-log", "--format", "nope"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown format");
  });

  it("--help on every command shows an example", () => {
    for (const cmd of ["check", "session-log"]) {
      const r = runCli([cmd, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Example");
    }
  });

  it("json format: stdout is exactly one document matching ReportSchema", () => {
    const dir = makeRepo({ ".agents/sessions/not-a-log-name.md": "# hello\n" });
    const r = runCli(["session-log", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(() => ReportSchema.parse(doc)).not.toThrow();
    expect(doc.tool).toBe("agentcheck");
    expect(doc.results[0].file).toBe(".agents/sessions/not-a-log-name.md");
    expect(doc.results[0].verdict).toBe("fail");
    expect(doc.results[0].findings.some((f: { ruleId: string }) => f.ruleId === "SP-001")).toBe(true);
  });

  it("empty, binary and oversized files get an error finding each; the run goes on", () => {
    const dir = makeRepo();
    writeTree(dir, {
      ".agents/sessions/2026-01-01-session-1.md": "",
      ".agents/sessions/2026-01-01-session-2.md": new Uint8Array([0x23, 0x20, 0xc3, 0x28, 0x0a]),
      ".agents/sessions/2026-01-01-session-3.md": "# Session 3\n" + "x".repeat(5000),
      ".agents/sessions/2026-01-01-session-4.md": "# Session 4\n",
    });
    const r = runCli(["session-log", "--format", "json", "--max-file-size", "1000"], { cwd: dir });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    const byFile = Object.fromEntries(doc.results.map((x: { file: string; findings: { ruleId: string }[] }) => [x.file.split("/").pop(), x.findings.map((f) => f.ruleId)]));
    expect(byFile["2026-01-01-session-1.md"]).toContain("AC-001");
    expect(byFile["2026-01-01-session-2.md"]).toContain("AC-002");
    expect(byFile["2026-01-01-session-3.md"]).toEqual(["AC-900"]);
    expect(byFile["2026-01-01-session-4.md"]).toBeDefined();
  });

  it("unreadable file (dangling symlink) is an AC-901 error, not a crash", () => {
    const dir = makeRepo();
    mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
    symlinkSync("/no/such/target", join(dir, ".agents", "sessions", "2026-01-01-session-9.md"));
    const r = runCli(["session-log", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.results[0].findings[0].ruleId).toBe("AC-901");
  });

  it("text format (issue 10 item 7): grouped by file, whole-file findings without :0:0, counts per rule and validator, summary; no colour when NO_COLOR", () => {
    const dir = makeRepo({ ".agents/sessions/bad.md": "# hi\n" });
    const r = runCli(["session-log"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^\.agents\/sessions\/bad\.md$/m);
    // whole-file findings at the same indent as the others, '-' for the location (issue 36 item 8)
    expect(r.stdout).toMatch(/^ {2}- {2}error {4}.+ {2}SP-001$/m);
    expect(r.stdout).not.toContain(":0:0");
    expect(r.stdout).toMatch(/^By rule: .*SP-001 1/m);
    expect(r.stdout).toMatch(/^By validator: session-log \d+ errors?, \d+ warnings?$/m);
    expect(r.stdout).toMatch(/1 file checked: \d+ errors?, \d+ warnings?/);
    expect(r.stdout).not.toContain("\u001b[");
    const forced = runCli(["session-log"], { cwd: dir, env: { NO_COLOR: undefined, FORCE_COLOR: "1" } });
    expect(forced.stdout).toContain("\u001b[");
  });

  it("--max-warnings turns warnings into exit 1", () => {
    // a workspace without findings at all exits 0 regardless
    const dir = tmpDir();
    const r = runCli(["check", dir, "--max-warnings", "0"]);
    expect(r.code).toBe(0);
    expect(runCli(["check", dir, "--max-warnings", "x"]).code).toBe(2);
  });

  it("check: validators without artifacts are visible skips, never passes", () => {
    const dir = tmpDir();
    writeFileSync(join(dir, "README.md"), "# nothing here\n");
    const r = runCli(["check", dir, "--format", "json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    const sl = doc.results.find((x: { validator: string }) => x.validator === "session-log");
    expect(sl.verdict).toBe("skip");
    expect(sl.reason).toMatch(/sessions/);
  });
});
