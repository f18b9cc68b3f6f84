// Issue 14 "Adoption on an existing repository": ignores, inline disable directives (decided in the WASM
// core), the baseline round trip and --cutoff on check, through the real CLI in real git repositories.
import { describe, it, expect } from "vitest";
import { readFileSync, writeFileSync, existsSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { git, makeRepo, runCli, writeTree } from "../helpers.js";

const LOG = ".agents/sessions/2026-01-05-session-1.md";
const BODY = "# Session 1\n\n## Session Start\n\nfoo\n\n## Session End\n\nbar\n";

function findings(dir: string, args: string[] = []) {
  const r = runCli(["check", "--only", "session-log", "--format", "json", ...args], { cwd: dir });
  expect([0, 1], r.stderr).toContain(r.code);
  const rep = JSON.parse(r.stdout);
  return { r, list: rep.results.flatMap((x: { findings: { ruleId: string; line: number; file: string; message: string }[] }) => x.findings) };
}

/** How many findings the baseline records (issue 36: counts per file and rule, files grouped by folder). */
function baselineTotal(dir: string): number {
  const b = JSON.parse(readFileSync(join(dir, ".agentcheck-baseline.json"), "utf8"));
  let n = 0;
  for (const names of Object.values(b.files as Record<string, Record<string, Record<string, number>>>)) for (const rules of Object.values(names)) for (const c of Object.values(rules)) n += c;
  return n;
}

describe("issue-14 adoption", () => {
  it("issue-14 ignores: the configuration's list and .agentcheckignore (gitignore syntax) hide files from check", () => {
    const dir = makeRepo({ [LOG]: BODY, ".agents/sessions/old/2025-01-01-session-9.md": "x\n", ".agents/sessions/2026-01-06-session-2.md": "" });
    const all = findings(dir).list;
    expect(all.some((f: { file: string }) => f.file === LOG)).toBe(true);
    expect(all.some((f: { file: string }) => f.file.endsWith("session-2.md"))).toBe(true);
    writeTree(dir, { "agentcheck.config.jsonc": '{ "ignores": ["2026-01-06-*.md"] }\n', ".agentcheckignore": "# old logs\n/.agents/sessions/old/\n" });
    const some = findings(dir).list;
    expect(some.some((f: { file: string }) => f.file.endsWith("session-2.md"))).toBe(false);
    expect(some.some((f: { file: string }) => f.file.includes("/old/"))).toBe(false);
    expect(some.some((f: { file: string }) => f.file === LOG)).toBe(true);
    // a negation re-includes
    writeFileSync(join(dir, ".agentcheckignore"), "/.agents/sessions/\n!2026-01-05-session-1.md\n");
    writeFileSync(join(dir, "agentcheck.config.jsonc"), "{}\n");
    const neg = findings(dir).list;
    expect(neg.every((f: { file: string }) => f.file === LOG)).toBe(true);
    expect(neg.length).toBeGreaterThan(0);
  });

  it("issue-14 inline disable directives: next-line and ranges suppress, --report-unused-disable reports AC-010", () => {
    const text =
      "<!-- agentcheck-disable SP-022 -->\n# Session 1\n\n<!-- agentcheck-disable-next-line SP-011 -->\n## Session Start\n\nfoo\n\n" +
      "<!-- agentcheck-disable-next-line SP-099 -->\n## Session End\n\nbar\n";
    const dir = makeRepo({ [LOG]: text });
    const { list } = findings(dir);
    const ids = list.map((f: { ruleId: string; line: number }) => `${f.ruleId}@${f.line}`);
    expect(ids).not.toContain("SP-011@5"); // suppressed by the next-line directive
    expect(ids).toContain("SP-011@10"); // the SP-099 directive does not cover SP-011
    expect(ids.filter((i: string) => i.startsWith("SP-022"))).toEqual([]); // whole-file range
    expect(ids).toContain("SP-012@5"); // only the named rule is suppressed
    expect(ids.some((i: string) => i.startsWith("AC-010"))).toBe(false);
    const unused = findings(dir, ["--report-unused-disable"]).list.filter((f: { ruleId: string }) => f.ruleId === "AC-010");
    expect(unused).toHaveLength(1);
    expect(unused[0].line).toBe(9);
    expect(unused[0].message).toContain("SP-099");
    // a closed range does not reach beyond its enable
    const ranged = "# Session 1\n\n<!-- agentcheck-disable SP-011 -->\n## Session Start\n<!-- agentcheck-enable -->\n\nfoo\n\n## Session End\n\nbar\n";
    writeFileSync(join(dir, LOG), ranged);
    const r2 = findings(dir).list.map((f: { ruleId: string; line: number }) => `${f.ruleId}@${f.line}`);
    expect(r2).not.toContain("SP-011@4");
    expect(r2).toContain("SP-011@9");
  });

  it("issue-14 / AC-010: a directive shown as code (fenced block, code span) is an example and suppresses nothing", () => {
    const body = "\n\n## Session Start\n\nfoo\n\n## Session End\n\nbar\n";
    const fenced = "# Session 1\n\nHow to silence a rule:\n\n```markdown\n<!-- agentcheck-disable -->\n```\n\nOr `<!-- agentcheck-disable SP-011 -->` inline." + body;
    const dir = makeRepo({ [LOG]: fenced });
    const ids = findings(dir).list.map((f: { ruleId: string }) => f.ruleId);
    expect(ids).toContain("SP-011");
    expect(ids).toContain("SP-012");
    expect(findings(dir, ["--report-unused-disable"]).list.filter((f: { ruleId: string }) => f.ruleId === "AC-010")).toEqual([]);
    // the same comment outside code still works
    writeFileSync(join(dir, LOG), "# Session 1\n\n<!-- agentcheck-disable SP-011 -->\n" + body);
    expect(findings(dir).list.map((f: { ruleId: string }) => f.ruleId)).not.toContain("SP-011");
  });

  it("issue-14 baseline round trip: write, fix one, add one -> exactly one new and one fixed", () => {
    const dir = makeRepo({ [LOG]: BODY, ".agents/sessions/2026-01-06-session-2.md": BODY.replace("Session 1", "Session 2") });
    const before = findings(dir).list.length;
    expect(before).toBeGreaterThan(4);
    const b = runCli(["baseline"], { cwd: dir });
    expect(b.code, b.stderr).toBe(0);
    expect(b.stderr).toContain(`wrote ${before} findings`);
    expect(existsSync(join(dir, ".agentcheck-baseline.json"))).toBe(true);
    const clean = runCli(["check", "--only", "session-log"], { cwd: dir });
    expect(clean.code).toBe(0);
    expect(clean.stderr).toContain(`${before} known findings not shown, 0 fixed`);
    // insert lines above (line numbers move: still baselined), fix one finding (Work Log), add one (a new empty log)
    writeTree(dir, {
      [LOG]: "# Session 1\n\nintro\n\nmore intro\n\n## Session Start\n\nfoo\n\n## Session End\n\nbar\n\n## Work Log\n\n- did things\n",
      ".agents/sessions/2026-01-07-session-3.md": "",
    });
    const after = runCli(["check", "--only", "session-log", "--format", "json"], { cwd: dir });
    expect(after.code).toBe(1);
    const left = JSON.parse(after.stdout).results.flatMap((x: { findings: unknown[] }) => x.findings);
    expect(left).toHaveLength(1);
    expect(left[0].file).toBe(".agents/sessions/2026-01-07-session-3.md");
    expect(after.stderr).toContain(`${before - 1} known findings not shown, 1 fixed`);
    // --no-baseline shows everything
    expect(findings(dir, ["--no-baseline"]).list.length).toBe(before);
    // a broken baseline is one clear line and exit 2
    writeFileSync(join(dir, ".agentcheck-baseline.json"), "{ nope");
    const bad = runCli(["check"], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    unlinkSync(join(dir, ".agentcheck-baseline.json"));
  });

  it("issue 36 baseline format: counts per severity, file and rule (ESLint bulk suppressions), sorted, one line per file, unchanged by moved lines", () => {
    const LOG2 = ".agents/sessions/2026-01-06-session-2.md";
    const dir = makeRepo({ [LOG2]: BODY.replace("Session 1", "Session 2"), [LOG]: BODY });
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    const text = readFileSync(join(dir, ".agentcheck-baseline.json"), "utf8");
    const doc = JSON.parse(text);
    expect(Object.keys(doc)).toEqual(["tool", "version", "severity", "files"]);
    expect(doc.version).toBe(2);
    expect(Object.keys(doc.files[".agents/sessions/"])).toEqual(["2026-01-05-session-1.md", "2026-01-06-session-2.md"]);
    expect(Object.keys(doc.severity)).toEqual([...Object.keys(doc.severity)].sort());
    expect(text).toMatch(/^ {4}"2026-01-05-session-1\.md": \{ "SP-\d+": \d+(, "SP-\d+": \d+)* \}/m);
    expect(text.split("\n").length).toBeLessThan(16); // one line per file
    // lines inserted above every finding: the same file, byte for byte
    writeTree(dir, { [LOG]: BODY.replace("# Session 1\n", "# Session 1\n\nintro\n\nmore\n") });
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    expect(readFileSync(join(dir, ".agentcheck-baseline.json"), "utf8")).toBe(text);
  });

  it("issue 36 baseline --prune: lowers the counts to what is left, adds nothing new", () => {
    const dir = makeRepo({ [LOG]: BODY });
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    const before = baselineTotal(dir);
    // fix one finding (a Work Log) and add a new log with findings of its own
    writeTree(dir, { [LOG]: BODY + "\n## Work Log\n\n- did things\n", ".agents/sessions/2026-01-07-session-3.md": "" });
    const p = runCli(["baseline", "--prune"], { cwd: dir });
    expect(p.code, p.stderr).toBe(0);
    expect(p.stderr).toContain("pruned the baseline to");
    expect(baselineTotal(dir)).toBe(before - 1);
    expect(readFileSync(join(dir, ".agentcheck-baseline.json"), "utf8")).not.toContain("session-3");
    const r = runCli(["check", "--only", "session-log", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("0 fixed");
    expect(JSON.parse(r.stdout).results.flatMap((x: { findings: { file: string }[] }) => x.findings).every((f: { file: string }) => f.file.endsWith("session-3.md"))).toBe(true);
  });

  it("issue-14 a narrower run (--only, named files) neither calls the baseline's other entries fixed nor drops them when it writes the baseline (review)", () => {
    const dir = makeRepo({ [LOG]: BODY, ".agents/sessions/2026-01-06-session-2.md": BODY.replace("Session 1", "Session 2"), ".serena/memories/memory-index.md": "# Memory Index\n\n| Keywords | File |\n|---|---|\n| x | [gone](gone.md) |\n" });
    const sessionLog = findings(dir).list.length;
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    const full = baselineTotal(dir);
    expect(full).toBeGreaterThan(sessionLog); // the memory index's findings too
    // a run of one validator: the memory-index entries are not "fixed"
    const only = runCli(["check", "--only", "session-log"], { cwd: dir });
    expect(only.code).toBe(0);
    expect(only.stderr).toMatch(/ 0 fixed since/);
    const named = runCli(["check", LOG], { cwd: dir });
    expect(named.stderr).toMatch(/ 0 fixed since/);
    // a baseline written by a narrower run keeps the entries of the files it did not validate
    const narrow = runCli(["baseline", "--only", "session-log"], { cwd: dir });
    expect(narrow.code, narrow.stderr).toBe(0);
    expect(baselineTotal(dir)).toBe(full);
    expect(runCli(["check"], { cwd: dir }).code).toBe(0);
    // a broken baseline is repaired by writing a new one (nothing to keep from it)
    writeFileSync(join(dir, ".agentcheck-baseline.json"), "{ nope");
    expect(runCli(["baseline", "--only", "session-log"], { cwd: dir }).code).toBe(0);
    expect(runCli(["check", "--only", "session-log"], { cwd: dir }).code).toBe(0);
  });

  it("issue-14/SP-120 a log validated in record mode (a staged edit) neither counts the entries of rules it left out as fixed nor drops them from the baseline", () => {
    // a committed markdown log with compliance gaps only: full mode finds them, record mode does not look
    const GAPS = [
      "# Session 1", "", "## Session Info", "", "- **Date**: 2026-01-05", "- **Starting Commit**: `a1b2c3d`", "",
      "## Protocol Compliance", "", "### Session Start (COMPLETE ALL before work)", "", "| Req | Step | Status | Evidence |", "|-----|------|--------|----------|",
      "| MUST | Confirm not on main/master | [ ] | |", "", "## Work Log", "", "Did things.", "",
      "## Session End (COMPLETE ALL before closing)", "", "| Req | Step | Status | Evidence |", "|-----|------|--------|----------|",
      "| MUST | Commit all changes | [ ] | |", "",
    ].join("\n");
    const dir = makeRepo({ [LOG]: GAPS });
    const full = findings(dir).list as { ruleId: string }[];
    expect(full.filter((f) => f.ruleId === "SP-013")).toHaveLength(2);
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    const entries = baselineTotal(dir);
    // named while committed and unedited: full, as the whole-tree run judged it (one answer per file)
    const named = runCli(["check", LOG, "--format", "json"], { cwd: dir });
    expect(named.code).toBe(0);
    expect(JSON.parse(named.stdout).results.find((x: { file: string }) => x.file === LOG).data.mode).toBe("full");
    expect(named.stderr).toMatch(/ 0 fixed since/);
    writeTree(dir, { [LOG]: GAPS + "\nA note added later.\n" });
    git(dir, "add", "-A");
    const staged = runCli(["check", "--staged"], { cwd: dir });
    expect(staged.code, staged.stderr).toBe(0);
    expect(staged.stderr).toMatch(/ 0 fixed since/);
    // a baseline written by a record-mode run keeps the entries it could not judge
    git(dir, "commit", "-q", "-m", "note");
    writeTree(dir, { [LOG]: GAPS + "\nA note added later.\nAnd another.\n" });
    git(dir, "add", "-A");
    const rec = runCli(["check", LOG, "--format", "json"], { cwd: dir });
    expect(JSON.parse(rec.stdout).results.find((x: { file: string }) => x.file === LOG).data.mode).toBe("record");
    expect(runCli(["baseline", LOG], { cwd: dir }).code).toBe(0);
    expect(baselineTotal(dir)).toBe(entries);
    const whole = runCli(["check"], { cwd: dir });
    expect(whole.code, whole.stdout + whole.stderr).toBe(0);
  });

  it("issue-14 a baselined warning that a configured severity makes an error is reported again, and not counted fixed (review)", () => {
    const dir = makeRepo({ [LOG]: BODY });
    const before = findings(dir).list as { ruleId: string; severity: string }[];
    expect(before.some((f) => f.ruleId === "SP-021" && f.severity === "warning")).toBe(true);
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    // issue 36: the baseline counts per severity, file and rule (ESLint's bulk suppressions)
    const doc = JSON.parse(readFileSync(join(dir, ".agentcheck-baseline.json"), "utf8"));
    expect(doc.severity["SP-021"]).toBe("warning");
    expect(doc.files[".agents/sessions/"]["2026-01-05-session-1.md"]["SP-021"]).toBe(1);
    expect(runCli(["check", "--only", "session-log"], { cwd: dir }).code).toBe(0);
    writeTree(dir, { "agentcheck.config.json": JSON.stringify({ validators: { sessionLog: { severity: { "SP-021": "error" } } } }) });
    const r = runCli(["check", "--only", "session-log", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const left = JSON.parse(r.stdout).results.flatMap((x: { findings: { ruleId: string; severity: string }[] }) => x.findings);
    expect(left.map((f: { ruleId: string; severity: string }) => `${f.ruleId}:${f.severity}`)).toEqual(["SP-021:error"]);
    expect(r.stderr).toMatch(/ 0 fixed/);
    // an entry of an older (version 1) baseline without a severity matches at any severity
    const findingsV1 = findings(dir, ["--no-baseline"]).list.map((f: { ruleId: string; file: string }) => ({ fingerprint: "x", ruleId: f.ruleId, file: f.file, message: "m" }));
    writeFileSync(join(dir, ".agentcheck-baseline.json"), JSON.stringify({ tool: "agentcheck", version: 1, findings: findingsV1 }));
    expect(runCli(["check", "--only", "session-log"], { cwd: dir }).code).toBe(0);
  });

  it("issue-14 `baseline DIR` writes the baseline `check DIR` reads (the workspace's) (review)", () => {
    const outer = makeRepo({ "README.md": "# outer\n" });
    writeTree(outer, { [`ws/${LOG}`]: BODY });
    expect(runCli(["check", "ws"], { cwd: outer }).code).toBe(1);
    const b = runCli(["baseline", "ws"], { cwd: outer });
    expect(b.code, b.stderr).toBe(0);
    expect(existsSync(join(outer, "ws", ".agentcheck-baseline.json"))).toBe(true);
    expect(runCli(["check", "ws"], { cwd: outer }).code).toBe(0);
  });

  it("issue-14 check --cutoff and AGENTCHECK_CUTOFF skip old logs as historical; a bad date is exit 2", () => {
    const dir = makeRepo({ ".agents/sessions/2025-01-01-session-1.md": "", [LOG]: BODY });
    const old = (args: string[], env: Record<string, string> = {}) => {
      const r = runCli(["check", "--only", "session-log", "--format", "json", ...args], { cwd: dir, env });
      return JSON.parse(r.stdout).results.find((x: { file: string }) => x.file.includes("2025-01-01"));
    };
    expect(old([]).verdict).toBe("fail");
    expect(old(["--cutoff", "2025-06-01"]).verdict).not.toBe("fail");
    expect(old([], { AGENTCHECK_CUTOFF: "2025-06-01" }).verdict).not.toBe("fail");
    const bad = runCli(["check", "--cutoff", "yesterday"], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--cutoff must be a date YYYY-MM-DD");
    expect(runCli(["check"], { cwd: dir, env: { AGENTCHECK_CUTOFF: "junk" } }).code).toBe(2);
  });
});

describe("issue-14 adoption through a real git commit and the installed pre-commit hook", () => {
  function commit(dir: string, extra: Record<string, string> = {}) {
    const env: NodeJS.ProcessEnv = { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@e.com", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@e.com", NO_COLOR: "1", ...extra };
    for (const k of Object.keys(env)) if (k.startsWith("GIT_") && !/^GIT_(AUTHOR|COMMITTER)_/.test(k)) delete env[k];
    const r = spawnSync("git", ["commit", "-q", "-m", "work"], { cwd: dir, encoding: "utf8", env });
    return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
  }

  it("issue-14 .agentcheckignore, the baseline and AGENTCHECK_CUTOFF are honoured by `git commit` through the hook", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/.keep": "" });
    expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
    // an empty (failing) old log: blocked
    writeTree(dir, { ".agents/sessions/2025-01-01-session-1.md": "" });
    git(dir, "add", "-A");
    const blocked = commit(dir);
    expect(blocked.code, blocked.out).not.toBe(0);
    expect(blocked.out).toContain("AC-001");
    // AGENTCHECK_CUTOFF makes it historical: the commit goes through
    expect(commit(dir, { AGENTCHECK_CUTOFF: "2025-06-01" }).code).toBe(0);
    // an ignored file is not checked
    writeTree(dir, { ".agentcheckignore": "/drafts/\n", "drafts/.agents/sessions/x.md": "", ".agents/sessions/2025-01-02-session-2.md": "" });
    writeFileSync(join(dir, ".agentcheckignore"), "/.agents/sessions/2025-01-02-session-2.md\n");
    git(dir, "add", "-A");
    const ign = commit(dir);
    expect(ign.code, ign.out).toBe(0);
    // a known finding recorded in the baseline does not block; a new one does
    writeTree(dir, { ".agents/sessions/2025-01-03-session-3.md": "" });
    git(dir, "add", "-A");
    expect(commit(dir).code).not.toBe(0);
    expect(runCli(["baseline"], { cwd: dir }).code).toBe(0);
    git(dir, "add", "-A");
    const known = commit(dir);
    expect(known.code, known.out).toBe(0);
  });
});
