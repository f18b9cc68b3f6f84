// Issue 12, "Two verdicts in one result": a result's verdict, its data.verdict and the exit code
// never disagree (consistency in advisory and in strict mode, over the example workspace, every format
// that carries verdicts).
import { describe, it, expect } from "vitest";
import { join } from "node:path";
import { runCli, ROOT } from "../helpers.js";

const WS = join(ROOT, "examples", "workspace");

describe("verdicts agree (issue 12)", () => {
  for (const strict of [false, true]) {
    it(`VERDICT-01 check --only consistency${strict ? " --strict" : ""}: verdict == data.verdict, exit code follows`, () => {
      const r = runCli(["check", WS, "--only", "consistency", "-f", "json", ...(strict ? ["--strict"] : [])], { cwd: ROOT });
      expect([0, 1]).toContain(r.code);
      const rep = JSON.parse(r.stdout);
      expect(rep.results.length).toBeGreaterThan(0);
      for (const res of rep.results) {
        if (res.data?.verdict !== undefined) expect(res.data.verdict, res.file).toBe(res.verdict);
        expect(res.verdict, res.file).toBe(res.findings.some((f: { severity: string }) => f.severity === "error") ? "fail" : res.verdict === "skip" ? "skip" : "pass");
      }
      const failed = rep.results.some((x: { verdict: string }) => x.verdict === "fail");
      expect(r.code).toBe(failed ? 1 : 0);
      // the example workspace has a consistency problem: advisory passes with a warning, strict fails
      expect(failed).toBe(strict);
    });
  }
});
