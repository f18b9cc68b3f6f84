// Issue 36 item 5 / principle 1: the configuration's per-file `overrides` (ESLint's overrides) are decided
// by the core (pre-pr family "overrides"); the shell only matches the globs. In process: the core, the
// compiled overrides and applyAdoption.
import { describe, expect, it } from "vitest";
import { compileOverrides, overriddenSeverities } from "../../dist/overrides.js";
import { applyAdoption } from "../../dist/adoption.js";
import { runValidator } from "../../dist/wasm/loader.js";
import { factDocs } from "../../dist/engine.js";
import { decodeList } from "../../dist/wasm/list.js";
import type { Config } from "../../dist/config.js";
import type { FileResult, Finding } from "../../dist/report.js";

const f = (file: string, ruleId: string, severity: Finding["severity"] = "error"): Finding => ({ ruleId, severity, file, line: 3, column: 1, message: "m" });
const config = (overrides: Config["overrides"]): Config => ({ overrides }) as Config;

describe("configuration overrides decided by the core (issue 36)", () => {
  const ovs = compileOverrides(
    config([
      { files: [".agents/sessions/*.json"], rules: { "SP-108": "off", "SP-112": "warning" } },
      { files: [".agents/sessions/2026-*.json"], rules: { "SP-112": "info" } },
      { files: ["*.md"], rules: { "AC-900": "off", "SP-013": "warning" } },
    ]),
  )!;

  it("overrides: an entry re-grades or drops a rule's findings on the files it matches; the later entry wins", () => {
    const got = overriddenSeverities(ovs, [
      f(".agents/sessions/2025-01-01-session-1.json", "SP-108"),
      f(".agents/sessions/2025-01-01-session-1.json", "SP-112"),
      f(".agents/sessions/2026-01-01-session-2.json", "SP-112"),
      f(".agents/sessions/2026-01-01-session-2.json", "SP-001"),
      f("docs/a.json", "SP-108"),
      f("README.md", "SP-013", "info"),
    ]);
    expect(got).toEqual(["off", "warning", "info", "error", "error", "warning"]);
  });

  it("overrides: AC-9xx (a file not read) and a finding on no file are never re-graded", () => {
    expect(overriddenSeverities(ovs, [f("README.md", "AC-900"), f(".", "SP-013"), f("", "SP-013")])).toEqual(["error", "error", "error"]);
  });

  it("overrides: the core decides from the table and the glob facts alone (no globs in the core)", () => {
    const raw = runValidator(
      "pre-pr",
      factDocs({ family: "overrides", "ovr.rules": ["0", "R-1", "off", "1", "R-1", "info"], "ovr.matches": ["0", "1", "0", "0"], "ovr.findings": ["0", "R-1", "error", "1", "R-1", "warning", "-1", "R-1", "error"] }),
    );
    const v = raw.data.find((d) => d.docIndex === -1 && d.key === "ovr.severities");
    expect(v && decodeList(v.value)).toEqual(["info", "warning", "error"]);
  });

  it("overrides: applyAdoption drops 'off' findings (counted) and recomputes the verdicts", () => {
    const results: FileResult[] = [
      { file: ".agents/sessions/2025-01-01-session-1.json", validator: "session-log", verdict: "fail", findings: [f(".agents/sessions/2025-01-01-session-1.json", "SP-108"), f(".agents/sessions/2025-01-01-session-1.json", "SP-112")] },
      { file: "docs/a.md", validator: "pre-pr", verdict: "fail", findings: [f("docs/a.md", "SP-020")] },
    ];
    const { results: out, stats } = applyAdoption(results, { root: ".", overrides: ovs, directives: false });
    expect(stats.overridden).toBe(1);
    expect(out[0].findings.map((x) => `${x.ruleId}:${x.severity}`)).toEqual(["SP-112:warning"]);
    expect(out[0].verdict).not.toBe("fail");
    expect(out[1]).toBe(results[1]);
  });
});
