// A validator tool's report on a long-history repository is larger than what the SDK's stdio client
// accepts in one message (10 MiB): rjmurillo/ai-agents' `check` tool result was 10.5 MB and the
// client closed the connection ("MCP error -32000: Connection closed"), losing the session. A report
// over the limit keeps its summary and verdicts and the highest-ranked findings, says what it left
// out, and the connection stays usable.
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { git, tmpDir } from "../helpers.js";
import { call, connect } from "./helpers.js";
import { MAX_REPORT_BYTES, boundReport } from "../../dist/mcp/server.js";

/** A memory index with `n` rows naming files that do not exist: n MI-002 errors (about 380 bytes each in the report). */
function bigIndexRepo(n: number): string {
  const dir = tmpDir("agentcheck-mcp-big-");
  git(dir, "init", "-q", "-b", "main");
  mkdirSync(join(dir, ".serena", "memories"), { recursive: true });
  writeFileSync(join(dir, ".serena/memories/memory-index.md"), "# Memory Index\n\n| Domain | Index |\n|---|---|\n| foo | [skills-foo-index](skills-foo-index.md) |\n");
  const rows = ["| Keywords | File |", "|----------|------|"];
  for (let i = 0; i < n; i++) rows.push(`| alpha${i} beta${i} gamma${i} delta${i} eps${i} | [foo-missing-${i}](foo-missing-${i}.md) |`);
  writeFileSync(join(dir, ".serena/memories/skills-foo-index.md"), rows.join("\n") + "\n");
  // a report lists 200 findings of a rule per file by default (report.maxFindingsPerRule): lifted
  // here, so that the tool's result is over the message limit and the byte cap is what bounds it
  writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ report: { maxFindingsPerRule: 1_000_000 } }));
  return dir;
}

describe("MCP validator tools: reports over the message limit", () => {
  it("validate_memory_index with 30,000 findings (an 11 MB report) answers within the limit and the connection stays usable", async () => {
    const dir = bigIndexRepo(30_000);
    const c = await connect(dir);
    try {
      const r = await call(c, "validate_memory_index");
      expect(r.isError, r.text.slice(0, 300)).toBe(false);
      expect(r.data.exit_code).toBe(1);
      const { errors, warnings } = r.data.report.summary;
      expect(r.data.truncated.findings_total).toBe(errors + warnings);
      expect(r.data.truncated.findings_kept).toBeGreaterThan(0);
      expect(r.data.truncated.findings_kept).toBeLessThan(errors);
      expect(Buffer.byteLength(JSON.stringify(r.data.report))).toBeLessThanOrEqual(MAX_REPORT_BYTES);
      // the summary still counts every finding: a shorter report is never a smaller verdict
      expect(errors).toBeGreaterThanOrEqual(30_000);
      const status = await call(c, "get_status");
      expect(status.isError).toBe(false);
    } finally {
      await c.close();
    }
  }, 120_000);

  it("boundReport measures UTF-8 bytes, not characters: a report of CJK messages under the cap in characters is cut under it in bytes (review)", () => {
    const message = "会话日志缺少证据：".repeat(20);
    const findings = Array.from({ length: 8_000 }, (_, i) => ({ ruleId: "SP-013", severity: "error", file: "a.md", line: i + 1, column: 1, message }));
    const report = { tool: "agentcheck", results: [{ file: "a.md", validator: "session-log", verdict: "fail", findings }], summary: { files: 1, errors: 8_000, warnings: 0 } };
    expect(JSON.stringify(report).length).toBeLessThan(MAX_REPORT_BYTES);
    expect(Buffer.byteLength(JSON.stringify(report))).toBeGreaterThan(MAX_REPORT_BYTES);
    const out = boundReport({ exit_code: 1, report }) as { report: typeof report; truncated: { findings_kept: number; limit_bytes: number } };
    expect(out.truncated.limit_bytes).toBe(MAX_REPORT_BYTES);
    expect(out.truncated.findings_kept).toBeLessThan(8_000);
    expect(Buffer.byteLength(JSON.stringify(out.report))).toBeLessThanOrEqual(MAX_REPORT_BYTES);
  });

  it("boundReport keeps AC-9xx and errors before warnings, in their original order, and leaves small reports alone", () => {
    const f = (ruleId: string, severity: string, i: number) => ({ ruleId, severity, file: "a.md", line: i, column: 1, message: "x".repeat(400) });
    const findings = [f("MI-103", "warning", 1), f("SP-010", "error", 2), f("AC-901", "error", 3), f("MI-103", "warning", 4), f("SP-011", "error", 5)];
    const report = { tool: "agentcheck", results: [{ file: "a.md", validator: "v", verdict: "fail", findings }], summary: { files: 1, errors: 3, warnings: 2 } };
    const small = { exit_code: 1, report };
    expect(boundReport(small)).toBe(small);
    const skeleton = JSON.stringify({ ...report, results: [{ ...report.results[0], findings: [] }] }).length;
    const each = JSON.stringify(findings[0]).length + 1;
    const out = boundReport(small, skeleton + 512 + 3 * each) as { report: typeof report; truncated: { findings_total: number; findings_kept: number } };
    expect(out.report.results[0].findings.map((x) => x.ruleId)).toEqual(["SP-010", "AC-901", "SP-011"]);
    expect(out.truncated).toMatchObject({ findings_total: 5, findings_kept: 3 });
    expect(out.report.summary).toEqual(report.summary);
    // the caller's report is not changed
    expect(report.results[0].findings).toHaveLength(5);
  });

  it("boundReport refuses (throws) when even the report without findings does not fit", () => {
    const report = { results: [{ file: "a", validator: "v", verdict: "fail", findings: [], reason: "y".repeat(2000) }] };
    expect(() => boundReport({ exit_code: 1, report }, 1000)).toThrow(/too large/);
  });
});
