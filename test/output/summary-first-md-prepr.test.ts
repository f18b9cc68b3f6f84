// issue 36 item 2 (summary-first output) for the markdown format and for pre-pr's text: by default only
// failures and warnings, then the totals; passes and skips (and infos) behind --verbose; past
// FINDINGS_SHOWN findings the top rules and files and how to see everything.
import { describe, expect, it } from "vitest";
import { buildReport, type FileResult, type Finding } from "../../dist/report.js";
import { formatMarkdown } from "../../dist/format/markdown.js";
import { FINDINGS_SHOWN } from "../../dist/format/summary.js";
import { formatRow, formatSummary, painter, RowListing } from "../../dist/prepr/format.js";
import { countRows, type CheckRow } from "../../dist/prepr/runner.js";

const f = (file: string, ruleId: string, severity: Finding["severity"], line = 1): Finding => ({ ruleId, severity, file, line, column: line > 0 ? 1 : 0, message: `${ruleId} in ${file}` });

function smallReport() {
  const results: FileResult[] = [
    { file: ".", validator: "aibrain", verdict: "skip", reason: "no .aibrain directory", findings: [] },
    { file: "ok.md", validator: "session-log", verdict: "pass", findings: [] },
    { file: "note.md", validator: "session-log", verdict: "pass", findings: [f("note.md", "SP-090", "info")] },
    { file: "bad.md", validator: "session-log", verdict: "fail", findings: [f("bad.md", "SP-021", "warning", 0), f("bad.md", "SP-013", "error", 16)] },
  ];
  return buildReport("0.0.0", results, 1);
}

function manyFindings(n: number): FileResult[] {
  const results: FileResult[] = [];
  for (let i = 0; i < n; i++) {
    const file = `s/${String(i).padStart(3, "0")}.md`;
    results.push({ file, validator: "session-log", verdict: "fail", findings: [f(file, i % 3 === 0 ? "SP-013" : "SP-016", "error")] });
  }
  return results;
}

describe("markdown is summary-first (issue 36 item 2)", () => {
  it("I36-2 markdown default: failed results and errors/warnings; skips, infos and passes counted under Not shown; totals per rule and validator", () => {
    const md = formatMarkdown(smallReport());
    expect(md).toContain("| FAIL | bad.md | session-log |");
    expect(md).toContain("| error | SP-013 | bad.md:16 | SP-013 in bad.md |");
    expect(md).toContain("| warning | SP-021 | bad.md | SP-021 in bad.md |");
    expect(md).not.toContain("no .aibrain directory");
    expect(md).not.toContain("SP-090 in note.md");
    expect(md).toContain("- By rule: SP-013 1, SP-021 1, SP-090 1");
    expect(md).toContain("- By validator: session-log 1 error, 1 warning, 1 info");
    expect(md).toContain("Not shown: 1 info, 1 skip, 2 passing (`--verbose` shows them).");
  });

  it("I36-2 markdown --verbose: the skipped results with their reasons and the infos are listed; nothing is 'not shown'", () => {
    const md = formatMarkdown(smallReport(), { verbose: true });
    expect(md).toContain("| SKIP | . | aibrain | no .aibrain directory |");
    expect(md).toContain("| info | SP-090 | note.md:1 | SP-090 in note.md |");
    expect(md).not.toContain("Not shown");
  });

  it(`I36-2 markdown past ${FINDINGS_SHOWN} findings: the table stops, then how many more, the top rules and files, and how to see all`, () => {
    const md = formatMarkdown(buildReport("0.0.0", manyFindings(300), 1));
    expect(md.split("\n").filter((l) => /^\| error \| SP-01[36] \|/.test(l)).length).toBe(FINDINGS_SHOWN);
    expect(md).toContain(`100 more findings not listed (the first ${FINDINGS_SHOWN} are): every finding with \`--verbose\` or \`--format json\``);
    expect(md).toContain("- top rules: SP-016 67, SP-013 33");
    expect(md).toMatch(/- top files: s\/200\.md 1, .*, and 90 more/);
    expect(md).toContain("- By rule: SP-013 100, SP-016 200"); // the totals count every finding
    const all = formatMarkdown(buildReport("0.0.0", manyFindings(300), 1), { verbose: true });
    expect(all.split("\n").filter((l) => /^\| error \| SP-01[36] \|/.test(l)).length).toBe(300);
    expect(all).not.toContain("not listed");
  });

  it("I36-2 markdown all-pass: the verdict line, no tables, the passes counted", () => {
    const md = formatMarkdown(buildReport("0.0.0", [{ file: "ok.md", validator: "session-log", verdict: "pass", findings: [] }], 1));
    expect(md).not.toContain("| Verdict |");
    expect(md).not.toContain("## Findings");
    expect(md).toContain("Not shown: 1 passing");
  });
});

const row = (id: string, status: CheckRow["status"], findings: Finding[] = [], reason?: string): CheckRow => ({ id, name: `check ${id}`, status, durationMs: 0, message: `${status} message of ${id}`, ...(reason ? { reason } : {}), findings });

/** What pre-pr prints for these rows: the rows the listing shows, then the summary. */
function prePrText(rows: CheckRow[], verbose: boolean): string {
  const p = painter(false);
  const listing = new RowListing(verbose);
  let text = "";
  for (const r of rows) if (listing.shows(r)) text += formatRow(r, p, verbose, listing);
  return text + formatSummary(rows, countRows(rows), 1, p, listing);
}

describe("pre-pr text is summary-first (issue 36 item 2)", () => {
  const rows = () => [
    row("PP-001", "PASS"),
    row("PP-003", "FAIL", [f("docs/a.md", "MD013", "error", 3)]),
    row("PP-004", "SKIP", [], "actionlint not installed"),
    row("PP-007", "WARN", [f("x.md", "PP-007", "warning", 2)]),
    row("PP-015", "PASS"),
  ];

  it("I36-2 pre-pr default: FAIL and WARN rows with their findings; PASS and SKIP rows only counted, the skips named", () => {
    const text = prePrText(rows(), false);
    expect(text).toContain("[FAIL] PP-003 check PP-003: FAIL message of PP-003\n    docs/a.md:3:1 MD013 MD013 in docs/a.md");
    expect(text).toContain("[WARN] PP-007");
    expect(text).not.toContain("[PASS]");
    expect(text).not.toContain("[SKIP]");
    expect(text).toContain("Not shown: 2 passing, 1 skip (PP-004) (--verbose shows them)");
    expect(text).toMatch(/Total Validations: 5\nPassed: 2\nFailed: 1\nSkipped: 1\nWarned: 1/);
  });

  it("I36-2 pre-pr --verbose: every row with its reason, nothing 'not shown'", () => {
    const text = prePrText(rows(), true);
    expect(text).toContain("[PASS] PP-001");
    expect(text).toContain("[SKIP] PP-004 check PP-004: actionlint not installed");
    expect(text).not.toContain("Not shown");
  });

  it("I36-2 pre-pr all passing with a skip: the result says --verbose shows why (never 'see the reasons above' when none is printed)", () => {
    const text = prePrText([row("PP-001", "PASS"), row("PP-005", "SKIP", [], "no YAML in scope")], false);
    expect(text).toContain("RESULT: All validations passed (1 skipped; --verbose shows why)");
    expect(text).not.toContain("see the reasons above");
    expect(prePrText([row("PP-001", "PASS"), row("PP-005", "SKIP", [], "no YAML in scope")], true)).toContain("see the reasons above");
  });

  it(`I36-2 pre-pr past ${FINDINGS_SHOWN} findings over all rows: the rest counted, top rules and files, how to see all`, () => {
    const a = Array.from({ length: 150 }, (_, i) => f(`a/${i}.md`, "MD013", "error"));
    const b = Array.from({ length: 150 }, (_, i) => f(`b/${i}.md`, "PATH-01", "error"));
    const text = prePrText([row("PP-003", "FAIL", a), row("PP-006", "FAIL", b)], false);
    expect(text.split("\n").filter((l) => /^ {4}[ab]\/\d+\.md:1:1 /.test(l)).length).toBe(FINDINGS_SHOWN);
    expect(text).toContain("    ... (100 more findings not listed; --verbose or --format json shows all)");
    expect(text).toContain(`100 more findings not listed (the first ${FINDINGS_SHOWN} are): every finding with --verbose or --format json`);
    expect(text).toContain("  top rules: PATH-01 100");
    const all = prePrText([row("PP-003", "FAIL", a), row("PP-006", "FAIL", b)], true);
    expect(all.split("\n").filter((l) => /^ {4}[ab]\/\d+\.md:1:1 /.test(l)).length).toBe(300);
  });
});
