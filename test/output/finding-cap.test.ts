// Issue 33 item 5: a per-file, per-rule finding cap applied once before formatting (output.ts finish),
// with a summary finding per severity ("N more MI-009 errors not listed"); totals, verdicts and the
// exit code count every finding. Every format streams and is bounded by the cap.
import { describe, expect, it } from "vitest";
import { buildReport, capFindings, CAPPED_MESSAGE_ID, DEFAULT_MAX_FINDINGS_PER_RULE, exitCodeOf, type Finding, type Report } from "../../dist/report.js";
import { formatText } from "../../dist/format/text.js";
import { formatJson } from "../../dist/format/json.js";
import { formatMarkdown } from "../../dist/format/markdown.js";
import { formatJunit } from "../../dist/format/junit.js";
import { formatSarif } from "../../dist/format/sarif.js";
import { formatGithub } from "../../dist/format/github.js";
import { memoryIndexText, UNIQUENESS_SHOWN } from "../../dist/format/memory-index-text.js";

const finding = (ruleId: string, line: number, severity: Finding["severity"] = "error"): Finding => ({
  ruleId, severity, file: "big-index.md", line, column: 1, message: `Line ${line}: Non-table content detected - 'x'`,
});

function bigReport(n: number): Report {
  const findings: Finding[] = [];
  for (let i = 1; i <= n; i++) findings.push(finding("MI-009", i + 2));
  findings.push(finding("MI-011", 1, "warning"), finding("AC-901", 0));
  return buildReport("0.0.0", [{ file: "big-index.md", validator: "memory-index", verdict: "fail", findings }, { file: "ok.md", validator: "memory-index", verdict: "pass", findings: [] }], 1);
}

const FORMATS: [string, (r: Report) => string][] = [
  ["text", (r) => formatText(r, { color: false })],
  ["json", (r) => formatJson(r)],
  ["markdown", (r) => formatMarkdown(r)],
  ["junit", (r) => formatJunit(r)],
  ["sarif", (r) => formatSarif(r, { rules: [] })],
  ["github", (r) => formatGithub(r)],
];

describe("issue 33 item 5: finding cap (report.maxFindingsPerRule)", () => {
  const full = bigReport(200_000);
  const shown = capFindings(full, DEFAULT_MAX_FINDINGS_PER_RULE);

  it("keeps 200 MI-009 findings and one summary finding with the true count; other rules and totals untouched", () => {
    const r = shown.results.find((x) => x.file === "big-index.md")!;
    const mi9 = r.findings.filter((f) => f.ruleId === "MI-009");
    expect(mi9.length).toBe(201);
    const more = mi9.filter((f) => f.messageId === CAPPED_MESSAGE_ID);
    expect(more).toEqual([expect.objectContaining({ severity: "error", line: 0, data: { count: "199800", rule: "MI-009", max: "200" } })]);
    expect(more[0].message).toMatch(/^199800 more MI-009 errors not listed/);
    expect(r.findings.filter((f) => f.ruleId === "MI-011" || f.ruleId === "AC-901").length).toBe(2);
    expect(r.verdict).toBe("fail");
    expect(shown.summary).toEqual(full.summary);
    expect(shown.summary.errors).toBe(200_001);
    expect(exitCodeOf(shown, undefined)).toBe(1);
    // the full report is not changed (baselines and the exit code read it)
    expect(full.results[0].findings.length).toBe(200_002);
  });

  it("keeps AC-9xx and errors before warnings of the same rule; a report under the cap is returned as it is", () => {
    const findings = [finding("X-1", 1, "warning"), finding("X-1", 2, "warning"), finding("X-1", 3, "error")];
    const r = capFindings(buildReport("0", [{ file: "f", validator: "v", verdict: "fail", findings }], 0), 1);
    expect(r.results[0].findings.map((f) => `${f.severity}:${f.line}:${f.data?.count ?? ""}`)).toEqual(["error:3:", "warning:0:2"]);
    const small = bigReport(10);
    expect(capFindings(small, 200)).toBe(small);
  });

  for (const [name, fmt] of FORMATS) {
    it(`${name}: the capped report of 200,000 MI-009 findings is bounded (< 400 KB) and says the totals`, () => {
      const out = fmt(shown);
      expect(out.length).toBeLessThan(400_000);
      if (name === "text") {
        expect(out).toContain("By rule: AC-901 1, MI-009 200000, MI-011 1");
        expect(out).toContain("200001 errors, 1 warning");
        expect(out).toContain("199800 more MI-009 errors not listed");
      }
      if (name === "json") expect(JSON.parse(out).summary).toMatchObject({ errors: 200_001, warnings: 1 });
      if (name === "markdown") expect(out).toContain("200001 errors, 1 warning");
      if (name === "github") expect(out).toContain("200001 errors, 1 warning");
    });
  }

  it("memory-index text lists the keyword uniqueness of 200 entries of an index of 100,000 and says how many more", () => {
    const uniqueness = Array.from({ length: 100_000 }, (_, i) => `entry-${i}\t0.5`).join("\n");
    const out = memoryIndexText({ file: "i.md", validator: "memory-index", verdict: "pass", findings: [], data: { entries: "100000", domain: "d", verdict: "pass", uniqueness } });
    expect(UNIQUENESS_SHOWN).toBe(200);
    expect(out.length).toBe(2 + 200 + 1);
    expect(out.at(-1)).toBe("    … and 99800 more entries (--format json has them all)");
  });

  it("sarif in pieces is byte for byte JSON.stringify of its document", () => {
    const out = formatSarif(capFindings(bigReport(1000), 300), { rules: [] });
    expect(out).toBe(JSON.stringify(JSON.parse(out), null, 2) + "\n");
    const empty = formatSarif(buildReport("0", [], 0), { rules: [] });
    expect(empty).toBe(JSON.stringify(JSON.parse(empty), null, 2) + "\n");
  });
});
