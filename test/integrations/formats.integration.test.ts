// Golden tests for the CI formats (github, sarif, junit) on a fixed report and on a fixed set of
// files run through the real CLI, plus a structural check of SARIF against the 2.1.0 requirements.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildReport, type FileResult } from "../../dist/report.js";
import { formatGithub, githubSummary, escapeData, escapeProperty } from "../../dist/format/github.js";
import { formatSarif, MAX_RESULTS, type SarifRuleInfo } from "../../dist/format/sarif.js";
import { formatJunit } from "../../dist/format/junit.js";
import { ROOT, runCli, tmpDir, writeTree } from "../helpers.js";

const GOLDEN = join(ROOT, "test", "integrations", "golden");

/** Compare with a golden file; UPDATE_GOLDEN=1 rewrites it (review the diff before committing). */
function golden(name: string, actual: string): void {
  const p = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN || !existsSync(p)) writeFileSync(p, actual);
  expect(actual).toBe(readFileSync(p, "utf8"));
}

const RULES: SarifRuleInfo[] = [
  { id: "SP-001", validator: "session-log", severity: "error", title: "Session log file name", description: "A session log is named YYYY-MM-DD-session-N[-slug].md or .json." },
  { id: "SP-118", validator: "session-log", severity: "warning", title: "nextSteps present", description: "The log lists next steps (an empty list is fine)." },
  { id: "AC-001", validator: "common", severity: "error", title: "Empty file", description: "The file is empty, so there is nothing to validate." },
];

function fixtureReport() {
  const results: FileResult[] = [
    {
      file: ".agents/sessions/notes, draft: v2.md",
      validator: "session-log",
      verdict: "fail",
      findings: [
        { ruleId: "SP-001", severity: "error", file: ".agents/sessions/notes, draft: v2.md", line: 0, column: 0, message: "File name must look like YYYY-MM-DD-session-N.md: 100% wrong\nsecond line" },
      ],
    },
    {
      file: ".agents/sessions/2026-01-05-session-42.json",
      validator: "session-log",
      verdict: "pass",
      findings: [
        { ruleId: "SP-118", severity: "warning", file: ".agents/sessions/2026-01-05-session-42.json", line: 3, column: 5, message: "nextSteps is missing; write [] when there are none <&> \"quoted\" | piped" },
        { ruleId: "MD040", severity: "info", file: ".agents/sessions/2026-01-05-session-42.json", line: 7, column: 0, message: "Fenced code block without language" },
      ],
    },
    { file: ".agents/sessions/2026-01-06-session-43.md", validator: "session-log", verdict: "pass", findings: [] },
    { file: ".", validator: "memory-index", verdict: "skip", reason: "no .serena/memories directory", findings: [] },
    {
      file: "docs/empty.md",
      validator: "pre-pr",
      verdict: "fail",
      findings: [
        { ruleId: "AC-001", severity: "error", file: "docs/empty.md", line: 0, column: 0, message: "Empty file: nothing to validate" },
        { ruleId: "AC-001", severity: "error", file: "docs/empty.md", line: 0, column: 0, message: "Empty file: nothing to validate" },
      ],
    },
  ];
  return buildReport("9.9.9", results, 12.5);
}

/** Structural check of a SARIF 2.1.0 log: the properties the schema requires plus GitHub's limits. */
function checkSarif(doc: any): string[] {
  const problems: string[] = [];
  const need = (cond: unknown, what: string) => {
    if (!cond) problems.push(what);
  };
  need(doc.version === "2.1.0", "version must be 2.1.0");
  need(typeof doc.$schema === "string" && doc.$schema.includes("sarif"), "$schema names the SARIF schema");
  need(Array.isArray(doc.runs) && doc.runs.length === 1, "exactly one run");
  for (const run of doc.runs ?? []) {
    const d = run.tool?.driver;
    need(d && typeof d.name === "string" && d.name.length > 0, "runs[].tool.driver.name");
    need(Array.isArray(d?.rules) && d.rules.length <= 25_000, "driver.rules is an array within limits");
    const ids = new Set<string>();
    for (const r of d?.rules ?? []) {
      need(typeof r.id === "string" && r.id.length > 0, "rule.id");
      need(!ids.has(r.id), `rule id ${r.id} unique`);
      ids.add(r.id);
      need(typeof r.shortDescription?.text === "string" && r.shortDescription.text.length > 0, `rule ${r.id} shortDescription.text`);
      need(typeof r.fullDescription?.text === "string" && r.fullDescription.text.length > 0, `rule ${r.id} fullDescription.text`);
      need(typeof r.help?.text === "string" && r.help.text.length > 0, `rule ${r.id} help.text`);
      need(["none", "note", "warning", "error"].includes(r.defaultConfiguration?.level), `rule ${r.id} defaultConfiguration.level`);
      need((r.properties?.tags ?? []).length <= 20, `rule ${r.id} at most 20 tags`);
    }
    need(Array.isArray(run.results) && run.results.length <= MAX_RESULTS, "results within 25,000");
    for (const res of run.results ?? []) {
      need(typeof res.message?.text === "string" && res.message.text.length > 0, "result.message.text");
      need(ids.has(res.ruleId), `result ruleId ${res.ruleId} is declared`);
      need(d.rules[res.ruleIndex]?.id === res.ruleId, `ruleIndex of ${res.ruleId} points at it`);
      need(["none", "note", "warning", "error"].includes(res.level), "result.level");
      need(Array.isArray(res.locations) && res.locations.length >= 1 && res.locations.length <= 1000, "1..1000 locations");
      const pl = res.locations?.[0]?.physicalLocation;
      need(typeof pl?.artifactLocation?.uri === "string" && !pl.artifactLocation.uri.startsWith("/"), "repo-relative artifactLocation.uri");
      need(Number.isInteger(pl?.region?.startLine) && pl.region.startLine >= 1, "region.startLine >= 1");
      need(res.partialFingerprints && Object.keys(res.partialFingerprints).length > 0, "partialFingerprints present");
    }
  }
  return problems;
}

describe("CI formats on a fixed report", () => {
  it("FMT-01 github: escaped workflow commands, golden", () => {
    const out = formatGithub(fixtureReport());
    golden("report.github.txt", out);
    expect(out).toContain("::error file=.agents/sessions/notes%2C draft%3A v2.md,title=SP-001 (agentcheck)::File name must look like YYYY-MM-DD-session-N.md: 100%25 wrong%0Asecond line");
    expect(out).toContain("::warning file=.agents/sessions/2026-01-05-session-42.json,line=3,col=5,");
    expect(out).toContain("::notice file=.agents/sessions/2026-01-05-session-42.json,line=7,title=");
  });

  it("FMT-02 github escaping follows @actions/core", () => {
    expect(escapeData("a%b\r\nc:d,e")).toBe("a%25b%0D%0Ac:d,e");
    expect(escapeProperty("a%b\r\nc:d,e")).toBe("a%25b%0D%0Ac%3Ad%2Ce");
  });

  it("FMT-03 github job summary markdown, golden", () => {
    const md = githubSummary(fixtureReport());
    golden("report.summary.md", md);
    expect(md).toContain("\\| piped");
    expect(md).toContain("&lt;&amp;&gt;");
  });

  it("FMT-04 sarif: golden, structurally valid, stable fingerprints", () => {
    const text = formatSarif(fixtureReport(), { rules: RULES });
    golden("report.sarif.json", text);
    const doc = JSON.parse(text);
    expect(checkSarif(doc)).toEqual([]);
    const results = doc.runs[0].results;
    expect(results).toHaveLength(5);
    // an unknown rule id (MD040) gets a synthetic descriptor
    expect(doc.runs[0].tool.driver.rules.map((r: any) => r.id)).toEqual(["SP-001", "SP-118", "AC-001", "MD040"]);
    // identical findings in one file get distinct fingerprints; the same input gives the same ones
    const fps = results.map((r: any) => Object.values(r.partialFingerprints)[0]);
    expect(new Set(fps).size).toBe(fps.length);
    const again = JSON.parse(formatSarif(fixtureReport(), { rules: RULES })).runs[0].results.map((r: any) => Object.values(r.partialFingerprints)[0]);
    expect(again).toEqual(fps);
    // moving a finding to another line keeps its fingerprint
    const moved = fixtureReport();
    moved.results.find((r) => r.file.endsWith("42.json"))!.findings[0].line = 30;
    const movedFps = JSON.parse(formatSarif(moved, { rules: RULES })).runs[0].results.map((r: any) => Object.values(r.partialFingerprints)[0]);
    expect(movedFps.sort()).toEqual([...fps].sort());
    // skipped validators are visible as notifications, not silently dropped
    expect(JSON.stringify(doc.runs[0].invocations[0].toolExecutionNotifications)).toContain("no .serena/memories directory");
  });

  it("FMT-05 sarif caps results at GitHub's per-run limit and says so", () => {
    const findings = Array.from({ length: MAX_RESULTS + 3 }, (_, i) => ({ ruleId: "SP-001", severity: "error" as const, file: "a.md", line: i + 1, column: 1, message: "m" }));
    const doc = JSON.parse(formatSarif(buildReport("1", [{ file: "a.md", validator: "session-log", verdict: "fail", findings }], 1), { rules: RULES }));
    expect(doc.runs[0].results).toHaveLength(MAX_RESULTS);
    expect(JSON.stringify(doc.runs[0].invocations[0].toolExecutionNotifications)).toContain("3 of 25003 results were left out");
    expect(checkSarif(doc)).toEqual([]);
  });

  it("FMT-06 junit: golden, well-formed counts", () => {
    const xml = formatJunit(fixtureReport());
    golden("report.junit.xml", xml);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="agentcheck" tests="7" failures="3" errors="0" skipped="1" time="0.013">/);
    expect(xml).toContain("&lt;&amp;&gt; &quot;quoted&quot;");
    expect(xml).not.toMatch(/[\u0000-\u0008]/);
    expect(xml).toContain('message="File name must look like YYYY-MM-DD-session-N.md: 100% wrong&#10;second line"');
  });

  it("FMT-07 junit: an empty report still has one testcase", () => {
    const xml = formatJunit(buildReport("1", [], 0));
    expect(xml).toContain('tests="1"');
    expect(xml).toContain("<testcase");
  });
});

describe("CI formats through the real CLI on a fixed fixture set", () => {
  const files = {
    ".agents/sessions/notes, draft: v2.md": "",
    ".agents/sessions/2026-01-05-session-1.md": new Uint8Array([0x23, 0x20, 0x00, 0x01, 0xff]),
  };

  it("FMT-10 --format github writes annotations and the step summary", () => {
    const dir = tmpDir();
    writeTree(dir, files);
    const summary = join(dir, "summary.md");
    const r = runCli(["session-log", ".agents/sessions", "--format", "github"], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    expect(r.code).toBe(1);
    golden("cli.github.txt", r.stdout);
    expect(r.stdout).toContain("::error file=.agents/sessions/notes%2C draft%3A v2.md,");
    expect(readFileSync(summary, "utf8")).toContain("## agentcheck ❌ failed");
  });

  it("FMT-11 --format sarif is a valid SARIF document with the rule catalog", () => {
    const dir = tmpDir();
    writeTree(dir, files);
    const r = runCli(["session-log", ".agents/sessions", "--format", "sarif"], { cwd: dir });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(checkSarif(doc)).toEqual([]);
    const ruleIds = doc.runs[0].tool.driver.rules.map((x: any) => x.id);
    expect(ruleIds).toContain("SP-001");
    expect(ruleIds).toContain("AC-002");
    const found = doc.runs[0].results.map((x: any) => `${x.ruleId} ${x.locations[0].physicalLocation.artifactLocation.uri}`).sort();
    golden("cli.sarif-results.txt", found.join("\n") + "\n");
  });

  it("FMT-12 --format junit through the CLI", () => {
    const dir = tmpDir();
    writeTree(dir, files);
    const r = runCli(["session-log", ".agents/sessions", "--format", "junit"], { cwd: dir });
    expect(r.code).toBe(1);
    const normalized = r.stdout.replace(/ time="[0-9.]+"/g, ' time="T"');
    golden("cli.junit.xml", normalized);
  });

  it("FMT-13 an unknown format is a usage error", () => {
    const r = runCli(["session-log", ".", "--format", "nope"], { cwd: tmpDir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown format 'nope'");
  });
});
