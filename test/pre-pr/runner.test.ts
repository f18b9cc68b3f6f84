// Runner semantics (catalog 11.1 TC-R-*, 11.2 TC-RN-01/02) on fake checks.
import { describe, it, expect } from "vitest";
import { runChecks, countRows, type CheckDef, type PrePrContext } from "../../dist/prepr/runner.js";
import { CHECKS } from "../../dist/prepr/checks.js";
import { assertImplemented } from "../../dist/commands/pre-pr.js";
import { decideRow } from "../../dist/prepr/row.js";
import { encodeList } from "../../dist/wasm/list.js";

const ctx = (over: Partial<PrePrContext["options"]> = {}, config: PrePrContext["config"] = {}): PrePrContext => ({
  root: "/nowhere",
  scope: { kind: "all", root: "/nowhere", changes: [], files: [] },
  config,
  options: { quick: false, skipTests: false, ci: false, requireTools: false, fix: false, verbose: false, maxFileBytes: 1 << 20, ...over },
});
const def = (id: string, run: CheckDef["run"], extra: Partial<CheckDef> = {}): CheckDef => ({ id, name: id, tags: [], defaultEnabled: true, run, ...extra });
const finding = (severity: "error" | "warning") => ({ ruleId: "X-1", severity, file: "a", line: 1, column: 1, message: "m" });

// The checks here are fakes that return facts; the row rules of the core (PP-000..PP-020) decide.
describe("pre-pr runner", () => {
  it("TC-R-07/11 PP-009: a passing check counts as passed with a duration >= 0", async () => {
    const rows = await runChecks([def("PP-009", () => ({ facts: { files: 2 } }))], ctx());
    expect(countRows(rows)).toEqual({ total: 1, passed: 1, failed: 0, skipped: 0, warned: 0 });
    expect(rows[0]).toMatchObject({ status: "PASS", message: "2 workflow/action file(s) checked, no findings", ruleId: "PP-009", messageId: "clean" });
    expect(rows[0].durationMs).toBeGreaterThanOrEqual(0);
  });
  it("TC-R-08/TC-RN-01 PP-004/PP-009/PP-010: a failure result (no throw) is a FAIL row; error findings fail a checked row, warnings warn", async () => {
    const rows = await runChecks([
      def("PP-004", () => ({ facts: { files: 1, "tool.exit": 3, output: 1 }, details: ["x"] })),
      def("PP-009", () => ({ facts: { files: 1 }, findings: [finding("error")] })),
      def("PP-010", () => ({ facts: { files: 1 }, findings: [finding("warning")] })),
    ], ctx());
    expect(rows.map((r) => r.status)).toEqual(["FAIL", "FAIL", "WARN"]);
    expect(rows[0].message).toBe("actionlint exited with exit code 3 on 1 workflow file(s)");
    expect(rows[1].message).toBe("1 workflow/action file(s) checked: 1 error(s), 0 warning(s)");
  });
  it("TC-R-09 PP-004: a check whose tool is missing is a SKIP row with its reason", async () => {
    const rows = await runChecks([def("PP-004", () => ({ facts: { files: 1, "tool.found": false } }))], ctx());
    expect(rows[0]).toMatchObject({ status: "SKIP", messageId: "toolMissing" });
    expect(rows[0].reason).toMatch(/^tool not found: actionlint \(install: /);
    expect(countRows(rows).skipped).toBe(1);
  });
  it("PP-003-style prepared row: the row's duration is the check's own work time (workMs), not its wait after the rows ahead", async () => {
    const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
    let work: Promise<number> | undefined;
    const rows = await runChecks([
      def("PP-009", async () => { await sleep(150); return { facts: { files: 1 } }; }),
      // the work starts in prepare (300 ms), is done 150 ms after its turn comes, and measures itself
      def("PP-010", async () => ({ facts: { files: 1 }, workMs: await work }), {
        prepare: async () => { const t0 = performance.now(); work = sleep(300).then(() => performance.now() - t0); },
      }),
      // a long-finished background check reports its short work, not the rows' time before its turn
      def("PP-011", () => ({ facts: { files: 1 }, workMs: 12.5 })),
    ], ctx());
    expect(rows.map((r) => r.status)).toEqual(["PASS", "PASS", "PASS"]);
    expect(rows[1].durationMs).toBeGreaterThanOrEqual(290);
    expect(rows[2].durationMs).toBe(12.5);
  });
  it("TC-R-10 PP-000: a throwing check is a FAIL row with the error text, and later checks still run", async () => {
    let ran = false;
    const rows = await runChecks([def("PP-009", () => { throw new Error("boom"); }), def("PP-010", () => { ran = true; return { facts: { files: 0 } }; })], ctx());
    expect(rows[0]).toMatchObject({ status: "FAIL", message: "Validation error: boom", ruleId: "PP-000", messageId: "crashed" });
    expect(ran).toBe(true);
  });
  it("TC-R-12/TC-RN-11 PP-000: pass, fail, skip give one row each; quick and skip-tests are SKIP rows with a reason", async () => {
    const defs = [
      def("PP-009", () => ({ facts: { files: 0 } })),
      def("PP-004", () => ({ facts: { files: 1, "tool.timedOut": true, timeout: 5 } })),
      def("PP-006", () => ({ facts: { files: 0 } }), { tags: ["slow"] }),
      def("PP-002", () => ({ facts: {} }), { tags: ["tests"] }),
      def("PP-013", () => ({ facts: {} }), { defaultEnabled: false }),
    ];
    const rows = await runChecks(defs, ctx({ quick: true, skipTests: true }));
    expect(rows.map((r) => r.status)).toEqual(["PASS", "FAIL", "SKIP", "SKIP", "SKIP"]);
    expect(rows[0].message).toBe("no workflow or action files in the repository");
    expect(rows[1].message).toBe("timeout after 5 s");
    expect(rows[2].reason).toContain("quick mode");
    expect(rows[3].reason).toContain("--skip-tests");
    expect(rows[4].reason).toContain("off by default");
    expect(countRows(rows)).toEqual({ total: 5, passed: 1, failed: 1, skipped: 3, warned: 0 });
  });
  it("PP-000: a check on by default and switched off in the configuration says so (not 'off by default')", async () => {
    const rows = await runChecks([def("PP-009", () => ({ facts: { files: 0 } }))], ctx({}, { prePr: { checks: { "PP-009": { enabled: false } } } }));
    expect(rows[0]).toMatchObject({ status: "SKIP", messageId: "switchedOff" });
    expect(rows[0].reason).toContain('"PP-009": { "enabled": false }');
  });
  it("PP-013: configuration switches checks on and overrides rule severities", async () => {
    const defs = [def("PP-013", () => ({ facts: { file: "H.md", present: true, max: "10" }, findings: [finding("error")] }), { defaultEnabled: false })];
    const rows = await runChecks(defs, ctx({}, { prePr: { checks: { "PP-013": { enabled: true, severity: { "X-1": "warning" } } } } }));
    expect(rows[0]).toMatchObject({ status: "WARN", message: "H.md: budget 10 tokens" });
    const off = await runChecks(defs, ctx({}, { prePr: { checks: { "PP-013": { enabled: true, severity: { "X-1": "off" } } } } }));
    expect(off[0]).toMatchObject({ status: "PASS", findings: [] });
  });
  it("TC-RN-15 PP-000: a user skip is a SKIP row carrying the reason", async () => {
    const rows = await runChecks([def("PP-009", () => ({ facts: { files: 0 } }))], ctx({ skip: ["PP-009"], skipReason: "flaky runner" }));
    expect(rows[0].reason).toBe("skipped by user: flaky runner");
    // the row's own text is PP-000's "skipped" label, decided by the core with the row (row.label)
    expect(rows[0]).toMatchObject({ status: "SKIP", message: "Skipped", ruleId: "PP-000", messageId: "skippedByUser" });
  });
  it("PP-000: a check outside --only is a SKIP row", async () => {
    const rows = await runChecks([def("PP-009", () => ({ facts: { files: 0 } }))], ctx({ only: ["PP-010"] }));
    expect(rows[0]).toMatchObject({ status: "SKIP", reason: "not selected (--only)" });
  });
  it("PP-003/PP-009/PP-010: the rows after a prepared row run while it waits; rows are reported and returned in run order", async () => {
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const rows = await runChecks([
      def("PP-009", () => { events.push("run PP-009"); return { facts: { files: 0 } }; }),
      def("PP-003", async () => { events.push("run PP-003"); await gate; events.push("end PP-003"); return { facts: { targets: 0, selected: 0 } }; }, { prepare: async () => { events.push("prepare PP-003"); } }),
      def("PP-010", () => { events.push("run PP-010"); release(); return { facts: { files: 0 } }; }),
    ], ctx(), (row) => events.push(`row ${row.id}`));
    expect(rows.map((r) => r.id)).toEqual(["PP-009", "PP-003", "PP-010"]);
    expect(events).toEqual(["prepare PP-003", "run PP-009", "row PP-009", "run PP-003", "run PP-010", "end PP-003", "row PP-003", "row PP-010"]);
    // without a row callback too (the returned rows only)
    const quiet = await runChecks([def("PP-003", async () => ({ facts: { targets: 0, selected: 0 } }), { prepare: async () => undefined }), def("PP-009", () => ({ facts: { files: 0 } }))], ctx());
    expect(quiet.map((r) => r.status)).toEqual(["PASS", "PASS"]);
  });
  it("PP-005: yamllint's findings are advisory, each a warning whatever its level (phase findings)", () => {
    const f = (level: string) => encodeList(["a.yml", "1", "1", level, "truthy", "x"]);
    expect(decideRow("PP-005", "findings", { "tool.findings": [f("error"), f("warning")] }).severities).toEqual(["warning", "warning"]);
  });
  it("TC-RN-02: every registered check has an implementation; a registration without one is refused", () => {
    expect(() => assertImplemented(CHECKS)).not.toThrow();
    for (const c of CHECKS) expect(typeof c.run, c.id).toBe("function");
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
    const broken = [...CHECKS, { id: "PP-999", name: "ghost", tags: [], defaultEnabled: true } as unknown as CheckDef];
    expect(() => assertImplemented(broken)).toThrow(/PP-999.*without an implementation/);
    const ruleless = [...CHECKS, { id: "PP-999", name: "ghost", tags: [], defaultEnabled: true, run: () => ({ facts: {} }) } as CheckDef];
    expect(() => assertImplemented(ruleless)).toThrow(/PP-999.*no row rule in the core/);
  });
});
