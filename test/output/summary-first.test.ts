// issue 36 item 2 (summary-first output) and item 4 (say the mode), text format: by default only errors
// and warnings, then the totals; passes, skips and infos behind --verbose; past the limit the top rules
// and files and how to see everything; whole-file findings indented like the others; infos in the
// totals; a session log judged in creation or record mode says so.
import { describe, expect, it } from "vitest";
import { buildReport, type FileResult, type Finding } from "../../dist/report.js";
import { formatText, TEXT_FINDINGS_SHOWN } from "../../dist/format/text.js";
import { formatMarkdown } from "../../dist/format/markdown.js";
import { formatGithub } from "../../dist/format/github.js";
import { formatJunit } from "../../dist/format/junit.js";
import { formatSarif } from "../../dist/format/sarif.js";
import { formatJson } from "../../dist/format/json.js";

const f = (file: string, ruleId: string, severity: Finding["severity"], line = 1): Finding => ({ ruleId, severity, file, line, column: line > 0 ? 1 : 0, message: `${ruleId} in ${file}` });

function smallReport() {
  const results: FileResult[] = [
    { file: ".", validator: "aibrain", verdict: "skip", reason: "no .aibrain directory", findings: [] },
    { file: "ok.md", validator: "session-log", verdict: "pass", findings: [] },
    { file: "note.md", validator: "session-log", verdict: "pass", findings: [f("note.md", "SP-090", "info")] },
    { file: "bad.md", validator: "session-log", verdict: "fail", findings: [f("bad.md", "SP-021", "warning", 0), f("bad.md", "SP-013", "error", 16)] },
    { file: ".serena/memories/skills-x-index.md", validator: "memory-index", verdict: "pass", findings: [], data: { domain: "x", entries: "2", verdict: "pass" } },
  ];
  return buildReport("0.0.0", results, 1);
}

describe("text output is summary-first (issue 36)", () => {
  it("default: errors and warnings only; passes, skips, infos and PASS tables are counted, not listed", () => {
    const text = formatText(smallReport(), { color: false });
    expect(text).toContain("bad.md\n");
    expect(text).toContain("SP-013");
    expect(text).not.toContain("ok.md");
    expect(text).not.toContain("note.md");
    expect(text).not.toContain("no .aibrain directory");
    expect(text).not.toContain("index x: PASS");
    expect(text).toContain("Not shown: 1 info, 1 skip, 3 passing (--verbose shows them)");
  });

  it("--verbose: skips, infos and the memory-index PASS lines are back", () => {
    const text = formatText(smallReport(), { color: false, verbose: true });
    expect(text).toContain("no .aibrain directory");
    expect(text).toContain("SP-090 in note.md");
    expect(text).toContain("index x: PASS, 2 entries");
    expect(text).not.toContain("Not shown");
  });

  it("infos are in the totals: the summary line and By validator count them", () => {
    const text = formatText(smallReport(), { color: false });
    expect(text).toMatch(/By validator: .*session-log 1 error, 1 warning, 1 info/);
    expect(text).toMatch(/checked: 1 error, 1 warning, 1 info, 1 failed, 1 skipped/);
  });

  it("a whole-file finding is indented like the others, its location '-'", () => {
    const text = formatText(smallReport(), { color: false });
    const lines = text.split("\n");
    const i = lines.indexOf("bad.md");
    expect(lines[i + 1]).toMatch(/^ {2}- {5}warning {2}SP-021 in bad\.md {2}SP-021$/);
    expect(lines[i + 2]).toMatch(/^ {2}16:1 {2}error {4}SP-013/);
  });

  it(`past ${TEXT_FINDINGS_SHOWN} findings: the list stops, then the top rules and files and how to see everything`, () => {
    const results: FileResult[] = [];
    for (let i = 0; i < 300; i++) {
      const file = `s/${String(i).padStart(3, "0")}.md`;
      results.push({ file, validator: "session-log", verdict: "fail", findings: [f(file, i % 3 === 0 ? "SP-013" : "SP-016", "error")] });
    }
    const text = formatText(buildReport("0.0.0", results, 1), { color: false });
    expect(text.split("\n").filter((l) => / error {4}SP-01[36] in /.test(l)).length).toBe(TEXT_FINDINGS_SHOWN);
    expect(text).toContain(`100 more findings not listed (the first ${TEXT_FINDINGS_SHOWN} are): every finding with --verbose or --format json`);
    expect(text).toMatch(/ {2}top rules: SP-016 67, SP-013 33\n/);
    expect(text).toMatch(/ {2}top files: s\/200\.md 1, .*, and 90 more\n/);
    expect(text).toMatch(/checked: 300 errors/);
    const all = formatText(buildReport("0.0.0", results, 1), { color: false, verbose: true });
    expect(all.split("\n").filter((l) => / error {4}SP-01[36] in /.test(l)).length).toBe(300);
    expect(all).not.toContain("not listed");
  });

  it("a validator with nothing to say prints nothing: an all-pass run is the totals only", () => {
    const results: FileResult[] = [];
    for (let i = 0; i < 50; i++) results.push({ file: `m/${i}-index.md`, validator: "memory-index", verdict: "pass", findings: [], data: { domain: `d${i}`, entries: "3", verdict: "pass" } });
    const text = formatText(buildReport("0.0.0", results, 1), { color: false });
    expect(text.trim().split("\n")).toEqual(["Not shown: 50 passing (--verbose shows them)", expect.stringMatching(/^50 files checked: 0 errors, 0 warnings, 0 failed, 0 skipped/)]);
  });
});

describe("say the mode (issue 36 item 4): a log judged in creation or record mode says so", () => {
  it("creation mode: the note is printed with the log's findings, also when it only has a warning", () => {
    const results: FileResult[] = [
      { file: ".agents/sessions/new.json", validator: "session-log", verdict: "pass", findings: [f(".agents/sessions/new.json", "SP-109", "warning")], data: { mode: "creation" } },
    ];
    const text = formatText(buildReport("0.0.0", results, 1), { color: false, hook: true });
    expect(text).toContain("  mode  judged in creation mode (the log is in progress)");
    expect(text).toContain("agentcheck: commit not blocked (1 warning)");
  });

  it("record mode: the note is printed even when the log passes; full mode prints none", () => {
    const results: FileResult[] = [
      { file: "a.json", validator: "session-log", verdict: "pass", findings: [], data: { mode: "record" } },
      { file: "b.json", validator: "session-log", verdict: "pass", findings: [], data: { mode: "full" } },
    ];
    const text = formatText(buildReport("0.0.0", results, 1), { color: false });
    expect(text).toContain("a.json\n  mode  judged in record mode");
    expect(text).not.toContain("b.json");
  });

  it("every format says it: json data.mode, markdown's table, a github notice, junit system-out, sarif properties.mode", () => {
    const log = ".agents/sessions/new.json";
    const results: FileResult[] = [
      { file: log, validator: "session-log", verdict: "pass", findings: [], data: { mode: "creation" } },
      { file: "b.json", validator: "session-log", verdict: "fail", findings: [f("b.json", "SP-108", "error")], data: { mode: "record" } },
    ];
    const report = buildReport("0.0.0", results, 1);
    expect(JSON.parse(formatJson(report)).results[0].data.mode).toBe("creation");
    const md = formatMarkdown(report);
    expect(md).toContain(`| PASS | ${log} | session-log | judged in creation mode`);
    expect(md).toContain("| FAIL | b.json | session-log | judged in record mode");
    expect(formatGithub(report)).toContain(`::notice file=${log},title=agentcheck%3A mode::judged in creation mode`);
    const junit = formatJunit(report);
    expect(junit).toMatch(/name="pass" time="0">\n {6}<system-out>judged in creation mode/);
    expect(junit).toContain("(judged in record mode");
    const sarif = JSON.parse(formatSarif(report, { rules: [] }));
    expect(sarif.runs[0].results[0].properties.mode).toBe("record");
  });
});
