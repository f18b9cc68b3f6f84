// Issue 36 item 3 "First run on an existing history": `init` counts the findings the repository already
// has (the real `check`, in a child process) and prints the ways to start: baseline, cutoff date.
import { describe, expect, it } from "vitest";
import { makeRepo, runCli } from "../helpers.js";

const BAD_LOG = "# Session 1\n\nnothing here\n";

describe("init on an existing history (issue 36)", () => {
  it("init: existing findings are counted and the choices printed (baseline, AGENTCHECK_CUTOFF, protocol preset); the baseline then opens the gate", () => {
    const dir = makeRepo({ ".agents/sessions/2026-01-05-session-1.md": BAD_LOG, "README.md": "# r\n" });
    const r = runCli(["init"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/existing findings: [1-9]\d* errors, \d+ warnings in 1 files \(session-log 1\); choose how to start:/);
    expect(r.stdout).toMatch(/agentcheck baseline +record them as known/);
    expect(r.stdout).toMatch(/AGENTCHECK_CUTOFF=\d{4}-\d{2}-\d{2} +judge only session logs dated from/);
    expect(r.stdout).toMatch(/protocol\.preset +full \| validate-if-present \| off in the configuration/);
    // the first choice does what it says: after it, check passes
    expect(runCli(["check"], { cwd: dir }).code).toBe(1);
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    expect(runCli(["check"], { cwd: dir }).code).toBe(0);
  });
  it("init: a repository without findings is told so; --no-findings skips the count", () => {
    const dir = makeRepo({ "README.md": "# r\n" });
    const r = runCli(["init"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("no findings on the existing files");
    const q = runCli(["init", "--force", "--no-findings"], { cwd: dir });
    expect(q.code).toBe(0);
    expect(q.stdout).not.toMatch(/findings/);
  });
});
