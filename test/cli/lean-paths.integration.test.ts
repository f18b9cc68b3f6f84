// Issue 13: consistency, traceability and memory-index start without commander when their options
// are simple (src/bin-main.ts, src/lean.ts). The lean path must give exactly the commander path's
// answer: same stdout, stderr and exit code, for every format and for the error cases.
import { describe, it, expect } from "vitest";
import { join } from "node:path";
import { ROOT, runCli } from "../helpers.js";

const WS = join(ROOT, "examples", "workspace");
const now = ["--now", "2026-01-10T00:00:00Z"];
const both = (args: string[]) => {
  const lean = runCli(args, { cwd: WS });
  const full = runCli(args, { cwd: WS, env: { AGENTCHECK_NO_LEAN: "1" } });
  const strip = (s: string) => s.replace(/"durationMs":\s*\d+(\.\d+)?/g, '"durationMs":0').replace(/ in \d+(\.\d+)? ?m?s\b/g, " in Xms").replace(/time="[\d.]+"/g, 'time="0"').replace(/\(\d+ ms\)/g, "(X ms)");
  return { lean: { ...lean, stdout: strip(lean.stdout) }, full: { ...full, stdout: strip(full.stdout) } };
};

describe("issue-13 lean start paths give the commander path's answers", () => {
  const cases: string[][] = [];
  for (const f of ["text", "json", "sarif", "junit", "markdown", "github"]) {
    cases.push(["consistency", "--all", "--path", ".", "-f", f, ...now]);
    cases.push(["traceability", "--specs", ".agents/specs", "--format", f, ...now]);
  }
  cases.push(["consistency", "--all", "--path", ".", "--advisory", "--checkpoint", "2"]);
  cases.push(["consistency", "--feature", "auth", "--path", ".", "--profile", "recommended", "-q"]);
  cases.push(["traceability", "--strict", "--profile", "recommended", "--max-warnings", "0"]);
  // usage errors: one line, exit 2, from either path
  cases.push(["consistency"]);
  cases.push(["consistency", "--all", "--checkpoint", "3"]);
  cases.push(["traceability", "--specs", "../../outside"]);
  cases.push(["traceability", "--format", "jsn"]);
  // unknown options and --help leave the lean path (commander answers)
  cases.push(["consistency", "--all", "--bogus"]);
  cases.push(["traceability", "--help"]);
  it.each(cases.map((c) => [c.join(" "), c]))("%s", (_name, args) => {
    const { lean, full } = both(args as string[]);
    expect(lean.code).toBe(full.code);
    expect(lean.stdout).toBe(full.stdout);
    expect(lean.stderr).toBe(full.stderr);
  });

  it("the example workspace's consistency run finds its planted finding on both paths", () => {
    const { lean, full } = both(["consistency", "--all", "--path", ".", "-f", "json"]);
    expect(lean.code).toBe(1);
    expect(JSON.parse(lean.stdout).summary.errors).toBeGreaterThan(0);
    expect(lean.stdout).toBe(full.stdout);
  });
});
