// Every format tells the verdict the exit code tells: capped outputs keep internal errors and errors,
// SARIF marks a run with internal errors as unsuccessful, --max-warnings failures are headlined as
// failures, a run that checked nothing does not call itself a pass, --format names are own entries
// only.
// Real processes, real files, real git repositories.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildReport, type FileResult, type Finding } from "../../dist/report.js";
import { githubSummary } from "../../dist/format/github.js";
import { formatText } from "../../dist/format/text.js";
import { formatSarif, MAX_RESULTS, pathUri } from "../../dist/format/sarif.js";
import { makeRepo, runCli, tmpDir } from "../helpers.js";

const warn = (i: number, pad = ""): Finding => ({ ruleId: "SP-109", severity: "warning", file: `a/${String(i).padStart(6, "0")}.md`, line: 1, column: 1, message: `warning ${i}${pad}` });

/** Many warnings in files that sort first, then one error and one AC-902 in files that sort last. */
function bigReport(n: number, pad = "") {
  const results: FileResult[] = [];
  for (let i = 0; i < n; i++) {
    const f = warn(i, pad);
    results.push({ file: f.file, validator: "session-log", verdict: "pass", findings: [f] });
  }
  results.push({ file: "z/error.md", validator: "session-log", verdict: "fail", findings: [{ ruleId: "SP-001", severity: "error", file: "z/error.md", line: 0, column: 0, message: "bad name" }] });
  results.push({ file: "z/trap.md", validator: "session-log", verdict: "fail", findings: [{ ruleId: "AC-902", severity: "error", file: "z/trap.md", line: 0, column: 0, message: "validator session-log failed (trap: unreachable)" }] });
  results.push({ file: "zz/skipped.md", validator: "session-log", verdict: "skip", reason: "historical (before the cutoff)", findings: [] });
  return buildReport("0.0.0", results, 1);
}

// a memory folder with warnings (an orphan) and no errors
const WARN_ONLY = {
  "README.md": "# P\n",
  ".serena/memories/memory-index.md": "# Memory index\n\n| Keywords | File |\n|---|---|\n| a | [skills-x-index](skills-x-index.md) |\n",
  ".serena/memories/skills-x-index.md": "| Keywords | File |\n|---|---|\n| alpha beta | [x-note](x-note.md) |\n",
  ".serena/memories/x-note.md": "# N\n",
  ".serena/memories/x-lonely.md": "# lonely\n",
};

describe("capped outputs keep internal errors and errors", () => {
  it("SARIF over the 25,000-result cap keeps AC-902 and the error, leaves out warnings", () => {
    const doc = JSON.parse(formatSarif(bigReport(MAX_RESULTS + 10), { rules: [] }));
    const res = doc.runs[0].results as { ruleId: string }[];
    expect(res.length).toBe(MAX_RESULTS);
    expect(res.some((r) => r.ruleId === "AC-902")).toBe(true);
    expect(res.some((r) => r.ruleId === "SP-001")).toBe(true);
    const notes = doc.runs[0].invocations[0].toolExecutionNotifications as { level: string; message: { text: string } }[];
    expect(notes.some((n) => n.level === "warning" && /12 of 25012 results were left out/.test(n.message.text))).toBe(true);
  });

  it("SARIF with internal errors: executionSuccessful false and an error notification", () => {
    const report = bigReport(2);
    const ok = JSON.parse(formatSarif(report, { rules: [] }));
    expect(ok.runs[0].invocations[0].executionSuccessful).toBe(true);
    const doc = JSON.parse(formatSarif(report, { rules: [], internalErrors: ["session-log: z/trap.md: trap: unreachable: unreachable"] }));
    const inv = doc.runs[0].invocations[0];
    expect(inv.executionSuccessful).toBe(false);
    expect(inv.toolExecutionNotifications).toContainEqual({ level: "error", message: { text: "internal error: session-log: z/trap.md: trap: unreachable: unreachable" } });
  });

  it("the GitHub step summary keeps AC-902, the error and the skip rows when warnings fill it", () => {
    // about 4,000 rows of 300 bytes: more than the 900 KiB the summary may hold
    const md = githubSummary(bigReport(4000, " x".repeat(140)));
    expect(Buffer.byteLength(md)).toBeLessThan(1024 * 1024);
    expect(md).toMatch(/more findings not shown/);
    expect(md).toContain("`AC-902`");
    expect(md).toContain("`SP-001`");
    expect(md).toContain("| zz/skipped.md | session-log | historical (before the cutoff) |");
    // internal errors first, then errors, then warnings
    expect(md.indexOf("`AC-902`")).toBeLessThan(md.indexOf("`SP-001`"));
    expect(md.indexOf("`SP-001`")).toBeLessThan(md.indexOf("`SP-109`"));
  });

  it("SARIF through the CLI with a trap: executionSuccessful false, exit 2", () => {
    const dir = makeRepo({ ".agents/sessions/2025-01-01-session-1.md": "# Session 1\n\nhello\n" });
    const r = runCli(["check", ".", "-f", "sarif"], { cwd: dir, env: { AGENTCHECK_DEBUG_TRAP: "unreachable:.agents/sessions/2025-01-01-session-1.md" } });
    expect(r.code).toBe(2);
    const inv = JSON.parse(r.stdout).runs[0].invocations[0];
    expect(inv.executionSuccessful).toBe(false);
    expect(inv.toolExecutionNotifications.some((n: { level: string; message: { text: string } }) => n.level === "error" && /internal error: .*2025-01-01-session-1\.md/.test(n.message.text))).toBe(true);
  });
});

describe("SARIF uris", () => {
  it("percent-encode each segment ('#', '?', '%', spaces, a first segment's ':') and keep '/'", () => {
    expect(pathUri(".agents/sessions/a#b?c%d e:f.md")).toBe(".agents/sessions/a%23b%3Fc%25d%20e:f.md");
    expect(pathUri("c:d/x#.md")).toBe("c%3Ad/x%23.md");
    expect(pathUri("dir/é.md")).toBe("dir/%C3%A9.md");
    const dir = makeRepo({ ".agents/sessions/notes#1?.md": "# x\n" });
    const r = runCli(["check", ".", "-f", "sarif"], { cwd: dir });
    const uris = (JSON.parse(r.stdout).runs[0].results as { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]).map(
      (x) => x.locations[0].physicalLocation.artifactLocation.uri,
    );
    expect(uris).toContain(".agents/sessions/notes%231%3F.md");
    expect(uris.some((u) => /#|\?/.test(u))).toBe(false);
  });
});

describe("--format takes own names only", () => {
  it("toString, constructor, __proto__, hasOwnProperty are unknown formats: exit 2 before any work", () => {
    const dir = makeRepo({ ".agents/sessions/2025-01-01-session-1.md": "# Session 1\n\nhello\n", ...WARN_ONLY });
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      for (const cmd of [["check", "."], ["session-log"], ["memory-index"]]) {
        const r = runCli([...cmd, "-f", name], { cwd: dir });
        expect([name, cmd[0], r.code]).toEqual([name, cmd[0], 2]);
        expect(r.stdout).toBe("");
        expect(r.stderr).toContain(`--format: unknown format '${name}'`);
      }
    }
  });
});

describe("--max-warnings failures are headlined as failures", () => {
  it("text, hook line, markdown, GitHub summary and JUnit agree with exit 1", () => {
    const dir = makeRepo(WARN_ONLY);
    const base = ["check", "--only", "memory-index", "--max-warnings", "0"];
    const text = runCli(base, { cwd: dir });
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/2 warnings \(more than --max-warnings 0: failed\)/);
    const passing = runCli(["check", "--only", "memory-index", "--max-warnings", "2"], { cwd: dir });
    expect(passing.code).toBe(0);
    expect(passing.stdout).not.toMatch(/more than --max-warnings/);

    const md = runCli([...base, "-f", "markdown"], { cwd: dir });
    expect(md.code).toBe(1);
    expect(md.stdout).toContain("**Failed (more than --max-warnings 0 warnings)**");
    expect(md.stdout).not.toContain("**Passed**");

    const summary = join(tmpDir(), "summary.md");
    const gh = runCli([...base, "-f", "github"], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    expect(gh.code).toBe(1);
    expect(readFileSync(summary, "utf8").split("\n")[0]).toBe("## agentcheck ❌ failed (more than --max-warnings 0 warnings)");

    const junit = runCli([...base, "-f", "junit"], { cwd: dir });
    expect(junit.code).toBe(1);
    expect(junit.stdout).toMatch(/<testsuites [^>]*failures="1"/);
    expect(junit.stdout).toContain('<failure message="2 warnings, more than --max-warnings 0" type="max-warnings">');
  });

  it("the commit hook line says blocked when --max-warnings blocks the commit", () => {
    const report = buildReport("0.0.0", [{ file: "a.md", validator: "session-log", verdict: "pass", findings: [warn(1)] }], 1);
    const blocked = formatText(report, { color: false, hook: true, maxWarnings: 0 });
    expect(blocked).toContain("agentcheck: commit blocked: 1 warning, more than --max-warnings 0");
    expect(blocked).not.toContain("commit not blocked");
    expect(formatText(report, { color: false, hook: true, maxWarnings: 1 })).toContain("agentcheck: commit not blocked (1 warning)");
  });
});

describe("a run that checked nothing says so", () => {
  it("check in an empty folder: 0 files checked, markdown 'Nothing checked', JSON files 0", () => {
    const dir = tmpDir();
    const text = runCli(["check", dir]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^0 files checked \(nothing to check\): 0 errors, 0 warnings, 0 failed, 7 skipped/m);
    const md = runCli(["check", dir, "-f", "markdown"]);
    expect(md.stdout).toContain("**Nothing checked**: 0 files checked");
    expect(JSON.parse(runCli(["check", dir, "-f", "json"]).stdout).summary.files).toBe(0);
    const summary = join(tmpDir(), "summary.md");
    runCli(["check", dir, "-f", "github"], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(readFileSync(summary, "utf8").split("\n")[0]).toBe("## agentcheck ⚪ nothing checked");
  });

  it("session-log -f junit in an empty folder: a skipped testcase, not a passing one", () => {
    const dir = tmpDir();
    const r = runCli(["session-log", "-f", "junit"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/<testsuites [^>]*tests="1" failures="0" errors="0" skipped="1"/);
    expect(r.stdout).toContain('<testcase classname="agentcheck" name="no files checked" time="0">\n      <skipped message="no files checked"/>');
  });

  it("the '.' placeholder of skipped validators is not counted as a checked file", () => {
    const dir = makeRepo({ ".agents/sessions/2025-01-01-session-1.md": "# Session 1\n\nhello\n" });
    const doc = JSON.parse(runCli(["check", ".", "-f", "json"], { cwd: dir }).stdout);
    expect(doc.results.some((r: { file: string; verdict: string }) => r.file === "." && r.verdict === "skip")).toBe(true);
    expect(doc.summary.files).toBe(1);
  });
});
