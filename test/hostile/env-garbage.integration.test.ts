// Environment variables the docs name, set to garbage: a usage error naming the variable (exit 2)
// from every command that reads it, never a FAIL row, a guess or a silent default.
import { describe, expect, it } from "vitest";
import { makeRepo, runCli } from "../helpers.js";
import { LOG } from "./matrix.js";

describe("environment variables set to garbage", () => {
  it("ENV-01 AGENTCHECK_CUTOFF that is not a date: check, session-log and pre-pr exit 2 naming AGENTCHECK_CUTOFF", () => {
    const dir = makeRepo({ ".agents/sessions/2026-01-01-session-1.md": LOG, "docs/guide.md": "# Guide\n\nText.\n" });
    for (const args of [["check", "."], ["session-log"], ["pre-pr", "--all", "--only", "PP-001", "--no-cache"]]) {
      const r = runCli(args, { cwd: dir, env: { AGENTCHECK_CUTOFF: "last-year" } });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain("AGENTCHECK_CUTOFF must be a date YYYY-MM-DD, got 'last-year'");
    }
    // the option names itself
    const opt = runCli(["session-log", "--cutoff", "2025-13"], { cwd: dir });
    expect(opt.code).toBe(2);
    expect(opt.stderr).toContain("--cutoff must be a date");
  });

  it("ENV-01 AGENTCHECK_CUTOFF that is not a date: `session end` exits 2 naming the variable, not an option it does not have (review)", () => {
    const dir = makeRepo({ ".agents/sessions/2026-01-01-session-1.md": LOG });
    expect(runCli(["session", "create"], { cwd: dir }).code).toBe(0);
    const r = runCli(["session", "end"], { cwd: dir, env: { AGENTCHECK_CUTOFF: "2026-02-30" } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("AGENTCHECK_CUTOFF must be a date YYYY-MM-DD, got '2026-02-30'");
    expect(r.stderr).not.toContain("--cutoff");
  });
});

describe("--now set to garbage (review)", () => {
  it("a clock that is no ISO 8601 date-time is exit 2 from every validating command, never an info and a run without a current time", () => {
    const dir = makeRepo({ ".agents/sessions/2026-01-01-session-1.md": LOG });
    for (const args of [["check"], ["session-log"], ["memory-index"], ["check", "--staged"]]) {
      for (const bad of ["yesterday", "2026-13-01T00:00:00Z", "2026-01-05 10:00"]) {
        const r = runCli([...args, "--now", bad], { cwd: dir });
        expect(r.code, `${args.join(" ")} --now ${bad}: ${r.stderr}`).toBe(2);
        expect(r.stderr).toContain(`--now must be an ISO 8601 date-time`);
      }
    }
    expect(runCli(["session-log", "--now", "2026-01-05T10:00:00.000Z"], { cwd: dir }).code).not.toBe(2);
    expect(runCli(["session-log", "--now", "2026-01-05"], { cwd: dir }).code).not.toBe(2);
  });
});
