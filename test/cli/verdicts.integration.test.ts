// Issue 12, "Two verdicts in one result": a result's verdict, its data.verdict and the exit code
// never disagree. Advisory mode, --strict and configured severity overrides are one mechanism (the
// core's severity policy, assembly/io.ts Results.effective), so every format reports the verdicts the
// exit code follows. Property test over a copy of the example workspace: random command (check,
// consistency, traceability), mode (--strict / --advisory / none), severity overrides and format.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { runCli, ROOT, tmpDir } from "../helpers.js";

const WS = join(ROOT, "examples", "workspace");
const FORMATS = ["text", "json", "markdown", "github", "sarif", "junit"] as const;
type Format = (typeof FORMATS)[number];

interface Res {
  file: string;
  validator: string;
  verdict: string;
  data?: Record<string, string>;
  findings: { severity: string; ruleId: string }[];
}

/** Files failing according to one output format (null: the format only carries a count). */
function failing(format: Format, out: string): { count: number; files?: string[] } {
  if (format === "json") {
    const rep = JSON.parse(out) as { results: Res[] };
    const files = rep.results.filter((r) => r.verdict === "fail").map((r) => `${r.validator}:${r.file}`);
    return { count: files.length };
  }
  if (format === "text" || format === "github") {
    const m = /(\d+) failed, \d+ skipped/.exec(out);
    if (!m) throw new Error(`no summary line in ${format} output:\n${out.slice(-500)}`);
    return { count: Number(m[1]) };
  }
  if (format === "markdown") {
    const m = /(\d+) passed, (\d+) failed/.exec(out);
    if (!m) throw new Error(`no summary in markdown output`);
    const rows = out.split("\n").filter((l) => l.startsWith("| FAIL |")).length;
    expect(rows, "markdown FAIL rows = failed count").toBe(Number(m[2]));
    expect(out.startsWith("# agentcheck report\n\n**Failed**"), "markdown headline").toBe(Number(m[2]) > 0);
    return { count: Number(m[2]) };
  }
  if (format === "junit") {
    const m = /<testsuites[^>]*failures="(\d+)"/.exec(out);
    const failures = (out.match(/<failure /g) ?? []).length;
    if (m) expect(Number(m[1])).toBe(failures);
    return { count: failures };
  }
  // sarif: error-level results; the run is unsuccessful exactly when one exists
  const doc = JSON.parse(out) as { runs: { results: { level: string }[]; invocations?: { executionSuccessful: boolean }[] }[] };
  const errors = doc.runs.flatMap((r) => r.results).filter((r) => r.level === "error").length;
  return { count: errors };
}

describe("verdicts agree (issue 12)", () => {
  let ws = "";
  beforeAll(() => {
    ws = tmpDir("agentcheck-verdicts-");
    cpSync(WS, ws, { recursive: true });
  });
  afterAll(() => rmSync(ws, { recursive: true, force: true }));

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

  it("VERDICT-02 traceability --strict promotes warnings in the report (exit 1 and a failing verdict, never 'pass' with exit 1)", () => {
    writeFileSync(join(ws, "agentcheck.config.json"), "{}");
    const plain = JSON.parse(runCli(["traceability", "-f", "json"], { cwd: ws }).stdout) as { results: Res[] };
    const warned = plain.results.find((x) => x.findings.some((f) => f.severity === "warning") && !x.findings.some((f) => f.severity === "error"));
    expect(warned, "the example has a traceability warning").toBeDefined();
    expect(warned!.verdict).toBe("pass");
    const r = runCli(["traceability", "--strict", "-f", "json"], { cwd: ws });
    expect(r.code).toBe(1);
    const strict = (JSON.parse(r.stdout) as { results: Res[] }).results.find((x) => x.file === warned!.file)!;
    expect(strict.verdict).toBe("fail");
    expect(strict.findings.filter((f) => f.severity === "warning")).toEqual([]);
  });

  it("VERDICT-03 property: every command, mode, severity override and format: verdicts, data.verdict and the exit code agree", () => {
    const sev = fc.constantFrom(undefined, "error", "warning", "info", "off");
    const overrides = fc.record({
      "CO-005": sev, "TR-001": sev, "TR-005": sev, "SP-013": sev, "SP-021": sev, "MI-002": sev, "MI-006": sev,
    });
    const cmd = fc.constantFrom("check", "consistency", "traceability");
    const mode = fc.constantFrom("", "strict", "advisory");
    const format = fc.constantFrom(...FORMATS);
    fc.assert(
      fc.property(cmd, mode, overrides, format, (c, m, ov, f) => {
        const section = (ids: string[]) => {
          const s: Record<string, string> = {};
          for (const id of ids) if (ov[id as keyof typeof ov]) s[id] = ov[id as keyof typeof ov]!;
          return Object.keys(s).length ? { severity: s } : undefined;
        };
        const config = {
          validators: {
            consistency: section(["CO-005"]), traceability: section(["TR-001", "TR-005"]),
            sessionLog: section(["SP-013", "SP-021"]), memoryIndex: section(["MI-002", "MI-006"]),
          },
        };
        writeFileSync(join(ws, "agentcheck.config.json"), JSON.stringify(config));
        const args = c === "check" ? ["check", "."] : c === "consistency" ? ["consistency", "--all"] : [c];
        if (m === "strict" && c !== "consistency") args.push("--strict");
        if (m === "advisory" && c === "consistency") args.push("--advisory");
        const json = runCli([...args, "-f", "json"], { cwd: ws });
        expect([0, 1], json.stderr).toContain(json.code);
        const rep = JSON.parse(json.stdout) as { results: Res[] };
        for (const res of rep.results) {
          const hasError = res.findings.some((x) => x.severity === "error");
          expect(res.verdict, `${res.validator} ${res.file}`).toBe(hasError ? "fail" : res.verdict === "skip" ? "skip" : "pass");
          const dv = res.data?.verdict;
          if (dv === undefined) continue;
          if (res.validator === "memory-index" && res.data?.domains !== undefined) {
            // the memories folder's data.verdict is the verdict of the whole index set
            const anyFail = rep.results.some((x) => x.validator === "memory-index" && x.verdict === "fail");
            expect(dv, "memory-index folder verdict").toBe(anyFail ? "fail" : "pass");
          } else expect(dv, `${res.validator} ${res.file} data.verdict`).toBe(res.verdict);
        }
        const failedJson = failing("json", json.stdout).count;
        expect(json.code, "json exit code").toBe(failedJson > 0 ? 1 : 0);
        if (f === "json") return;
        const other = runCli([...args, "-f", f], { cwd: ws });
        expect(other.code, `${f} exit code = json exit code`).toBe(json.code);
        const got = failing(f, other.stdout).count;
        // sarif and junit carry one entry per error finding: some exactly when the run fails
        if (f === "sarif" || f === "junit") expect(got > 0, `${f} has an error entry exactly when the run fails`).toBe(failedJson > 0);
        else expect(got, `${f} failed count`).toBe(failedJson);
      }),
      { numRuns: 14, seed: 12 },
    );
  }, 120_000);
});
