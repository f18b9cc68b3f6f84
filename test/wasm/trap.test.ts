// Issue 10 item 1: a WebAssembly trap (unreachable, out of bounds, stack overflow, out of memory) or an abort in
// the core is a finding (AC-902 with the trap kind) on the file involved; the instance is replaced,
// the other files keep their results, and the CLI writes a complete report and exits 2.
import { describe, it, expect } from "vitest";
import { executeValidator, MAX_ARENA_BYTES } from "../../dist/engine.js";
import { KIND } from "../../dist/wasm/abi.js";
import { makeRepo, runCli, tmpDir, writeTree } from "../helpers.js";

const enc = new TextEncoder();
const log = (n: number) => ({
  file: `.agents/sessions/2026-01-0${n}-session-${n}.md`,
  kind: KIND.SESSION_MD,
  bytes: enc.encode(`# Session ${n}\n\n## Session Start\n\n| Req | Step | Status | Evidence |\n|---|---|---|---|\n| MUST | Read HANDOFF | [x] | read |\n`),
});

describe("AC-902: traps are findings (issue 10 item 1)", () => {
  for (const kind of ["unreachable", "oob", "recursion", "abort", "oom"]) {
    it(`AC-902 trap kind ${kind}: only the trapping file fails, the others keep their results`, () => {
      const docs = [log(1), log(2), log(3)];
      const clean = executeValidator("session-log", docs, { now: "2026-01-10T00:00:00Z" }, { separable: true });
      const out = executeValidator(
        "session-log",
        docs,
        { now: "2026-01-10T00:00:00Z", "debug.trap": `${kind}:${docs[1].file}` },
        { separable: true },
      );
      expect(out.results.map((r) => r.file).sort()).toEqual(docs.map((d) => d.file));
      const bad = out.results.find((r) => r.file === docs[1].file)!;
      expect(bad.verdict).toBe("fail");
      expect(bad.findings.map((f) => f.ruleId)).toEqual(["AC-902"]);
      const expected =
        kind === "unreachable" ? "unreachable" : kind === "oob" ? "out of bounds" : kind === "abort" ? "(abort): Index out of range"
          : kind === "oom" ? "(trap: out of memory): unreachable: memory exhausted" : "stack overflow";
      expect(bad.findings[0].message).toContain(expected);
      // hcore: only a trap with the memory at its maximum says so (a plain unreachable does not)
      if (kind !== "oom") expect(bad.findings[0].message).not.toContain("out of memory");
      expect(out.internalErrors).toHaveLength(1);
      for (const i of [0, 2]) {
        const r = out.results.find((x) => x.file === docs[i].file)!;
        const c = clean.results.find((x) => x.file === docs[i].file)!;
        expect(r.findings).toEqual(c.findings);
      }
      // the instance was replaced: the next call works
      const again = executeValidator("session-log", docs, { now: "2026-01-10T00:00:00Z" }, { separable: true });
      expect(again.results).toEqual(clean.results);
    });
  }

  it("AC-903: a call past the input arena limit is never made; the file gets AC-903", () => {
    const big = "x".repeat(1024 * 1024);
    const facts = { now: "2026-01-10T00:00:00Z", huge: Array.from({ length: Math.ceil(MAX_ARENA_BYTES / big.length) + 1 }, () => big) };
    const out = executeValidator("session-log", [log(1)], facts, { separable: true });
    expect(out.results).toHaveLength(1);
    expect(out.results[0].findings.map((f) => f.ruleId)).toEqual(["AC-903"]);
    expect(out.results[0].verdict).toBe("fail");
  });

  it("AC-902 through the CLI: complete JSON report, other logs checked, exit 2", () => {
    const dir = tmpDir();
    const files: Record<string, string> = {};
    for (const n of [1, 2, 3]) files[log(n).file] = new TextDecoder().decode(log(n).bytes);
    writeTree(dir, files);
    const r = runCli(["check", dir, "--format", "json", "--only", "session-log", "--now", "2026-01-10T00:00:00Z"], {
      env: { AGENTCHECK_DEBUG_TRAP: `unreachable:${log(2).file}` },
    });
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout);
    const files2 = report.results.filter((x: any) => x.validator === "session-log").map((x: any) => x.file);
    expect(files2).toEqual([log(1).file, log(2).file, log(3).file]);
    const bad = report.results.find((x: any) => x.file === log(2).file);
    expect(bad.findings.map((f: any) => f.ruleId)).toEqual(["AC-902"]);
    for (const n of [1, 3]) {
      const ok = report.results.find((x: any) => x.file === log(n).file);
      expect(ok.findings.some((f: any) => f.ruleId === "AC-902")).toBe(false);
    }
    expect(r.stderr).toContain("internal error");
  });

  it.each(["unreachable", "abort"])("AC-902 on a JSON log in a git repository (the extract pass runs first), trap %s: exit 2 and the internal error, the other logs judged", (kind) => {
    const logs = [1, 2, 3].map((n) => `.agents/sessions/2026-01-0${n}-session-${n}.json`);
    const body = JSON.stringify({ schemaVersion: "1.0", session: { number: 1, date: "2026-01-01", branch: "feat/x", startingCommit: "abc1234", objective: "x" }, protocolCompliance: {} });
    const dir = makeRepo(Object.fromEntries(logs.map((l) => [l, body])));
    const r = runCli(["session-log", "--format", "json", "--now", "2026-01-10T00:00:00Z"], { cwd: dir, env: { AGENTCHECK_DEBUG_TRAP: `${kind}:${logs[1]}` } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("internal error");
    const report = JSON.parse(r.stdout);
    expect(report.results.map((x: any) => x.file)).toEqual(logs);
    expect(report.results[1].findings.map((f: any) => f.ruleId)).toEqual(["AC-902"]);
    for (const i of [0, 2]) expect(report.results[i].findings.length).toBeGreaterThan(0);
    for (const i of [0, 2]) expect(report.results[i].findings.some((f: any) => f.ruleId === "AC-902")).toBe(false);
  });
});
