// Which git facts a JSON log's repository-bound rules get is the core's decision: its extract pass
// returns need.range (SP-132), need.sha (SP-130, SP-131) and need.qaRanges (SP-131, from the QA report
// handed back as a fact); the host runs git only for those (src/validators/session-json-facts.ts).
// Real CLI, real git repositories in temp dirs; GIT_TRACE=<file> lists the git commands the run spawned.
import { describe, it, expect } from "vitest";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { runValidator } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { runCli, makeRepo, git, tmpDir, writeTree, commitAll } from "../helpers.js";
import { validLog, item, type Json } from "./util.js";

const LOG = ".agents/sessions/2026-01-05-session-42.json";
const QA = ".agents/qa/042-parser.md";

/** Run session-log with GIT_TRACE; the findings of LOG and the git commands (argument strings). */
function traced(dir: string, args: string[] = []): { findings: { ruleId: string; message: string }[]; git: string[] } {
  const trace = join(tmpDir("agentcheck-trace-"), "trace.txt");
  const r = runCli(["session-log", ...args, "--now", "2026-01-06T12:00:00Z", "-f", "json"], { cwd: dir, env: { GIT_TRACE: trace } });
  if (r.code === 2) throw new Error(r.stderr);
  const text = existsSync(trace) ? readFileSync(trace, "utf8") : "";
  const cmds = text.split("\n").filter((l) => l.includes("trace: built-in: git ")).map((l) => l.slice(l.indexOf("built-in: git ") + 14));
  return { findings: JSON.parse(r.stdout).results.find((x: { file: string }) => x.file === LOG).findings, git: cmds };
}
const write = (dir: string, v: Json) => writeTree(dir, { [LOG]: JSON.stringify(v, null, 2) });

/** A repo whose second commit adds `files`; a log over that range with the given QA evidence. */
function scopeRepo(evidence: string, files: Record<string, string> = { "src/a.ts": "x" }): { dir: string; start: string; end: string } {
  const dir = makeRepo({ "README.md": "# x\n" });
  const start = git(dir, "rev-parse", "HEAD");
  writeTree(dir, files);
  const end = commitAll(dir, "work");
  const l = validLog();
  l.session.startingCommit = start;
  l.endingCommit = end;
  l.protocolCompliance.sessionEnd.qaValidation = item(true, evidence);
  write(dir, l);
  return { dir, start, end };
}

describe("SP-132: the host runs git diff for a skip scope only when the core asks (need.range)", () => {
  it("SP-132: 'SKIPPED: docs-only' over two commits => one git diff of exactly that range, and the finding", () => {
    const { dir, start, end } = scopeRepo("SKIPPED: docs-only");
    const o = traced(dir);
    expect(o.git.filter((c) => c.startsWith("diff ") && c.includes(start))).toEqual([`diff --name-only --no-renames ${start} ${end}`]);
    expect(o.findings.filter((f) => f.ruleId === "SP-132").map((f) => f.message)).toEqual(["QA docs-only scope includes disqualifying changes: src/a.ts"]);
  });
  it("SP-132: 'SKIPPED: investigation-only' in record mode still gets its diff (SP-132 runs in every mode)", () => {
    const { dir, start, end } = scopeRepo("SKIPPED: investigation-only");
    const o = traced(dir, ["--mode", "record"]);
    expect(o.git).toContain(`diff --name-only --no-renames ${start} ${end}`);
    expect(o.findings.filter((f) => f.ruleId === "SP-132")).toHaveLength(1);
  });
  it.each([
    ["evidence that only mentions the label", "SKIPPED: docs-only, see notes"],
    ["a QA report instead of a skip", "QA report: .agents/qa/none.md"],
    ["no evidence", ""],
  ])("SP-132: %s => no git diff of the session range, no SP-132 finding", (_name, ev) => {
    const { dir, start } = scopeRepo(ev);
    const o = traced(dir);
    expect(o.git.filter((c) => c.includes(start))).toEqual([]);
    expect(o.findings.filter((f) => f.ruleId === "SP-132")).toEqual([]);
  });
  it("SP-132: a skip label whose startingCommit is not a SHA => no git diff, and the rule says why", () => {
    const { dir, end } = scopeRepo("SKIPPED: docs-only");
    const l = JSON.parse(readFileSync(join(dir, LOG), "utf8"));
    l.session.startingCommit = "HEAD~1";
    write(dir, l);
    const o = traced(dir);
    expect(o.git.filter((c) => c.startsWith("diff ") && c.includes(end))).toEqual([]);
    expect(o.findings.filter((f) => f.ruleId === "SP-132").map((f) => f.message)).toEqual([
      "QA docs-only scope cannot be verified: startingCommit and endingCommit must be commit SHAs",
    ]);
  });
});

describe("SP-131: the QA report's qaCommit is found by the core (need.sha, need.qaRanges), not by the host", () => {
  function qaRepo(front: (sha: string) => string): { dir: string; qaSha: string } {
    const dir = makeRepo({ "README.md": "# x\n" });
    writeTree(dir, { "src/a.ts": "x" });
    const qaSha = commitAll(dir, "code");
    writeTree(dir, { [QA]: front(qaSha) + "\n# QA report\n" });
    commitAll(dir, "qa");
    writeTree(dir, { "src/b.ts": "y" });
    const l = validLog();
    l.endingCommit = commitAll(dir, "after");
    l.protocolCompliance.sessionEnd.qaValidation = item(true, `QA report: \`${QA}\``);
    write(dir, l);
    return { dir, qaSha };
  }
  const fm = (verdict: string, commit: string) => `---\nqaVerdict: ${verdict}\nqaSessionLog: ${LOG}\nqaCommit: ${commit}\n---`;
  // the staleness ranges' diffs: one diff-tree --stdin for the run, never a git log or diff per range
  const touched = (o: { git: string[] }, sha: string) => o.git.filter((c) => ((c.startsWith("log ") || c.startsWith("diff ")) && c.includes(sha)) || c.startsWith("diff-tree --stdin"));
  it("SP-131 / SP-132: a passing report => its ranges in one diff-tree --stdin, and the stale finding (no file list)", () => {
    const { dir, qaSha } = qaRepo((sha) => fm("PASS", sha));
    const o = traced(dir);
    expect(touched(o, qaSha)).toHaveLength(1);
    expect(touched(o, qaSha)[0]).toMatch(/^diff-tree --stdin /);
    expect(o.findings.filter((f) => f.ruleId === "SP-131").map((f) => f.message)).toEqual([`QA report ${QA} is stale: code it covered changed after its commit ${qaSha}. Run QA again and commit a new report`]);
  });
  it("SP-131 / SP-132: a report rejected before its commit is looked up (verdict FAIL) => no git log", () => {
    const { dir, qaSha } = qaRepo((sha) => fm("FAIL", sha));
    const o = traced(dir);
    expect(touched(o, qaSha)).toEqual([]);
    expect(o.findings.filter((f) => f.ruleId === "SP-131").map((f) => f.message)).toEqual([`QA report ${QA} rejected: qaVerdict is 'FAIL', not PASS`]);
  });
  it("SP-131 / SP-132: qaCommit only in the report body, not in its front matter => no git log", () => {
    const { dir, qaSha } = qaRepo((sha) => `# no front matter\n\nqaCommit: ${sha}\n`);
    const o = traced(dir);
    expect(touched(o, qaSha)).toEqual([]);
    expect(o.findings.filter((f) => f.ruleId === "SP-131").map((f) => f.message)).toEqual([`QA report ${QA} rejected: it has no YAML front matter`]);
  });
});

describe("SP-132 / SP-131 extract pass data (core only)", () => {
  const enc = new TextEncoder();
  function extract(l: Json, facts: Record<string, string> = {}, flags = 0): Record<string, string> {
    const docs = [
      { name: "phase", kind: KIND.FACT, bytes: enc.encode("extract") },
      ...Object.entries(facts).map(([k, v]) => ({ name: k, kind: KIND.FACT, bytes: enc.encode(v) })),
      { name: LOG, kind: KIND.SESSION_JSON, flags, bytes: enc.encode(JSON.stringify(l)) },
    ] as any[];
    const r = runValidator("session-log", docs);
    const i = docs.length - 1;
    return Object.fromEntries(r.data.filter((d: { docIndex: number }) => d.docIndex === i).map((d: { key: string; value: string }) => [d.key, d.value]));
  }
  const A = "a".repeat(40);
  const B = "b".repeat(12);
  it("SP-132: a skip label with two SHAs => need.range <start>..<end>; with another label => none", () => {
    const l = validLog();
    l.session.startingCommit = A;
    l.endingCommit = B;
    l.protocolCompliance.sessionEnd.qaValidation = item(false, " SKIPPED: investigation-only ");
    expect(extract(l)["need.range"]).toBe(`${A}..${B}`);
    l.protocolCompliance.sessionEnd.qaValidation = item(true, "SKIPPED: tests-only");
    expect(extract(l)["need.range"]).toBeUndefined();
  });
  it("SP-131: the report given as a fact => its qaCommit in need.sha and need.qaRanges (after QA up to endingCommit, start up to QA)", () => {
    const l = validLog();
    l.endingCommit = B;
    l.protocolCompliance.sessionEnd.qaValidation = item(true, `see ${QA}`);
    const first = extract(l);
    expect(first["need.qa"]).toBe(QA);
    expect(first["need.qaRanges"]).toBeUndefined();
    const second = extract(l, { [`qa.report.${QA}`]: `---\nqaVerdict: PASS\nqaSessionLog: ${LOG}\nqaCommit: ${A}\n---\n` });
    expect(second["need.qaRanges"]).toContain(`${A}..${B}`);
    expect(second["need.qaRanges"]).toContain(`a1b2c3d..${A}`);
    expect(second["need.qaRanges"]).not.toContain("HEAD");
    expect(second["need.sha"]).toContain(A);
    expect(second["need.sha"]).toContain(B);
  });
});
