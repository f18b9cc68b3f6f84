// Runner semantics (catalog 11.1 TC-R-*, 11.2 TC-RN-01/02) on fake checks.
import { describe, it, expect } from "vitest";
import { runChecks, countRows, type CheckDef, type PrePrContext } from "../../dist/prepr/runner.js";
import { CHECKS } from "../../dist/prepr/checks.js";
import { assertImplemented } from "../../dist/commands/pre-pr.js";

const ctx = (over: Partial<PrePrContext["options"]> = {}, config: PrePrContext["config"] = {}): PrePrContext => ({
  root: "/nowhere",
  scope: { kind: "all", root: "/nowhere", changes: [], files: [] },
  config,
  options: { quick: false, skipTests: false, ci: false, requireTools: false, fix: false, verbose: false, maxFileBytes: 1 << 20, ...over },
});
const def = (id: string, run: CheckDef["run"], extra: Partial<CheckDef> = {}): CheckDef => ({ id, name: id, tags: [], defaultEnabled: true, run, ...extra });
const finding = (severity: "error" | "warning") => ({ ruleId: "X-1", severity, file: "a", line: 1, column: 1, message: "m" });

describe("pre-pr runner", () => {
  it("TC-R-07/11: a passing check counts as passed with a duration >= 0", async () => {
    const rows = await runChecks([def("PP-900", () => ({ status: "PASS", message: "ok" }))], ctx());
    expect(countRows(rows)).toEqual({ total: 1, passed: 1, failed: 0, skipped: 0, warned: 0 });
    expect(rows[0].durationMs).toBeGreaterThanOrEqual(0);
  });
  it("TC-R-08/TC-RN-01: a failure result (no throw) is a FAIL row; error findings fail a PASS result", async () => {
    const rows = await runChecks([
      def("PP-901", () => ({ status: "FAIL", message: "bad" })),
      def("PP-902", () => ({ status: "PASS", message: "looked", findings: [finding("error")] })),
      def("PP-903", () => ({ status: "PASS", message: "looked", findings: [finding("warning")] })),
    ], ctx());
    expect(rows.map((r) => r.status)).toEqual(["FAIL", "FAIL", "WARN"]);
  });
  it("TC-R-09: a skipped check is a SKIP row with its reason", async () => {
    const rows = await runChecks([def("PP-904", () => ({ status: "SKIP", message: "tool not found: x" }))], ctx());
    expect(rows[0]).toMatchObject({ status: "SKIP", reason: "tool not found: x" });
    expect(countRows(rows).skipped).toBe(1);
  });
  it("TC-R-10: a throwing check is a FAIL row with the error text, and later checks still run", async () => {
    let ran = false;
    const rows = await runChecks([def("PP-905", () => { throw new Error("boom"); }), def("PP-906", () => { ran = true; return { status: "PASS", message: "" }; })], ctx());
    expect(rows[0].status).toBe("FAIL");
    expect(rows[0].message).toBe("Validation error: boom");
    expect(ran).toBe(true);
  });
  it("TC-R-12/TC-RN-11: pass, fail, skip give one row each; quick and skip-tests are SKIP rows with a reason", async () => {
    const defs = [
      def("PP-910", () => ({ status: "PASS", message: "" })),
      def("PP-911", () => ({ status: "FAIL", message: "" })),
      def("PP-912", () => ({ status: "PASS", message: "" }), { tags: ["slow"] }),
      def("PP-913", () => ({ status: "PASS", message: "" }), { tags: ["tests"] }),
      def("PP-914", () => ({ status: "PASS", message: "" }), { defaultEnabled: false }),
    ];
    const rows = await runChecks(defs, ctx({ quick: true, skipTests: true }));
    expect(rows.map((r) => r.status)).toEqual(["PASS", "FAIL", "SKIP", "SKIP", "SKIP"]);
    expect(rows[2].reason).toContain("quick mode");
    expect(rows[3].reason).toContain("--skip-tests");
    expect(rows[4].reason).toContain("off by default");
    expect(countRows(rows)).toEqual({ total: 5, passed: 1, failed: 1, skipped: 3, warned: 0 });
  });
  it("configuration switches checks on and overrides rule severities", async () => {
    const defs = [def("PP-920", () => ({ status: "PASS", message: "", findings: [finding("error")] }), { defaultEnabled: false })];
    const rows = await runChecks(defs, ctx({}, { prePr: { checks: { "PP-920": { enabled: true, severity: { "X-1": "warning" } } } } }));
    expect(rows[0].status).toBe("WARN");
    const off = await runChecks(defs, ctx({}, { prePr: { checks: { "PP-920": { enabled: true, severity: { "X-1": "off" } } } } }));
    expect(off[0]).toMatchObject({ status: "PASS", findings: [] });
  });
  it("TC-RN-15: a user skip is a SKIP row carrying the reason", async () => {
    const rows = await runChecks([def("PP-930", () => ({ status: "PASS", message: "" }))], ctx({ skip: ["PP-930"], skipReason: "flaky runner" }));
    expect(rows[0].reason).toBe("skipped by user: flaky runner");
  });
  it("TC-RN-02: every registered check has an implementation; a registration without one is refused", () => {
    expect(() => assertImplemented(CHECKS)).not.toThrow();
    for (const c of CHECKS) expect(typeof c.run, c.id).toBe("function");
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
    const broken = [...CHECKS, { id: "PP-999", name: "ghost", tags: [], defaultEnabled: true } as unknown as CheckDef];
    expect(() => assertImplemented(broken)).toThrow(/PP-999.*without an implementation/);
  });
});
