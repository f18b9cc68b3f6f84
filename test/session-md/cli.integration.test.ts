// The real CLI against temporary git repositories: selection (SP-004), HANDOFF (SP-017), strict
// post-commit rules (SP-038..SP-042), symlinks (SP-003, SP-024), no-git (SP-090), exit codes.
import { describe, it, expect } from "vitest";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, makeRepo, git, tmpDir, writeTree, forgetUnreachable } from "../helpers.js";
import { freshMdLog, mdLog } from "./lib.js";

const LOG = ".agents/sessions/2026-01-05-session-42.md";
interface R { file: string; verdict: string; reason?: string; findings: { ruleId: string; severity: string; message: string }[] }
function json(args: string[], cwd: string, env: Record<string, string | undefined> = {}) {
  const r = runCli(["session-log", "--format", "json", ...args], { cwd, env: { CI: undefined, ...env } });
  const out = r.stdout ? (JSON.parse(r.stdout) as { results: R[] }) : { results: [] };
  const ids = out.results.flatMap((x) => x.findings.map((f) => f.ruleId));
  return { ...r, results: out.results, ids };
}
const base = {
  ".agents/HANDOFF.md": "# Handoff\n",
  ".serena/memories/memory-index.md": "# index\n",
  ".agents/qa/042-parser.md": "# QA\n",
  "README.md": "# r\n",
};

describe("session-md CLI: selection and contexts", () => {
  it("SP-004: pre-commit with staged .agents/ changes but no staged log => error on the sessions dir", () => {
    const dir = makeRepo(base);
    writeTree(dir, { ".agents/planning/p.md": "# p\n" });
    git(dir, "add", "-A");
    const r = json(["--context", "pre-commit"], dir);
    expect(r.code).toBe(1);
    expect(r.results.map((x) => [x.file, x.findings[0]?.ruleId])).toEqual([[".agents/sessions/", "SP-004"]]);
  });

  it("SP-004/TC-320: pre-commit validates every staged log; docs-only QA skip with staged docs passes", () => {
    const dir = makeRepo(base);
    const log = mdLog({ end: ["| MUST | Route to qa agent | [x] | SKIPPED: docs-only |", "| MUST | Commit all changes | [ ] | Commit SHA: _______ |", "| MUST NOT | Update HANDOFF.md | [x] | unchanged |"] });
    writeTree(dir, { [LOG]: log, ".agents/sessions/2026-01-05-session-43.md": log, "docs/a.md": "# a\n" });
    git(dir, "add", "-A");
    const r = json(["--context", "pre-commit"], dir);
    expect(r.results.map((x) => [x.file, x.verdict])).toEqual([[LOG, "pass"], [".agents/sessions/2026-01-05-session-43.md", "pass"]]);
    expect(r.code).toBe(0);
    writeTree(dir, { "src/a.ts": "x\n" });
    git(dir, "add", "-A");
    const bad = json(["--context", "pre-commit"], dir);
    expect(bad.code).toBe(1);
    expect(bad.ids).toContain("SP-037");
  });

  it("SP-004: pre-commit validates the staged content of a log, not the working tree", () => {
    const dir = makeRepo(base);
    writeTree(dir, { [LOG]: mdLog({ start: ["| MUST | Confirm not on main/master | [ ] | e |"] }) });
    git(dir, "add", "-A");
    writeTree(dir, { [LOG]: mdLog() }); // fixed in the working tree only
    const r = json(["--context", "pre-commit"], dir);
    expect(r.ids).toContain("SP-013");
    git(dir, "add", "-A");
    expect(json(["--context", "pre-commit"], dir).ids).not.toContain("SP-013");
  });

  it("SP-017: a staged HANDOFF.md in pre-commit context is an error", () => {
    const dir = makeRepo(base);
    writeTree(dir, { [LOG]: mdLog(), ".agents/HANDOFF.md": "# changed\n" });
    git(dir, "add", "-A");
    const r = json(["--context", "pre-commit"], dir);
    expect(r.ids).toContain("SP-017");
  });

  it("SP-004/SP-017: ci context validates logs changed vs --base; HANDOFF changed on the branch fails", () => {
    const dir = makeRepo({ ...base, ".agents/sessions/2025-12-01-session-1.md": "# old, not validated\n" });
    git(dir, "checkout", "-q", "-b", "feat/x");
    writeTree(dir, { [LOG]: mdLog(), ".agents/HANDOFF.md": "# edited\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "work");
    const r = json(["--context", "ci", "--base", "main"], dir);
    expect(r.results.map((x) => x.file)).toEqual([LOG]);
    expect(r.results[0].findings.filter((f) => f.ruleId === "SP-017").map((f) => f.severity)).toEqual(["error"]);
  });

  it("TC-154/TC-160: ci context without the base ref => cannot verify HANDOFF (error mentioning fetch); no paths => exit 2", () => {
    const dir = makeRepo({ ...base, [LOG]: mdLog() });
    const r = json(["--context", "ci", LOG], dir);
    const f = r.results[0].findings.find((x) => x.ruleId === "SP-017");
    expect(f?.severity).toBe("error");
    expect(f?.message).toContain("origin/main");
    expect(f?.message).toContain("fetch");
    const u = runCli(["session-log", "--context", "ci"], { cwd: dir });
    expect(u.code).toBe(2);
    expect(u.stderr).toContain("base ref 'origin/main' not found");
  });

  it("--cutoff skips historical logs visibly; --context is validated", () => {
    const dir = makeRepo({ ...base, [LOG]: mdLog(), ".agents/sessions/2025-12-01-session-1.md": "# old\n" });
    const r = json(["--cutoff", "2025-12-21"], dir);
    const old = r.results.find((x) => x.file.endsWith("session-1.md"));
    expect(old?.verdict).toBe("skip");
    expect(old?.reason).toBe("historical log (dated 2025-12-01, before cutoff 2025-12-21)");
    expect(runCli(["session-log", "--context", "nope"], { cwd: dir }).code).toBe(2);
    expect(runCli(["session-log", "--cutoff", "yesterday"], { cwd: dir }).code).toBe(2);
    expect(runCli(["session-log", "--base=--output=x"], { cwd: dir }).code).toBe(2);
  });

  it("TC-052/TC-060/TC-061/TC-063: explicit missing log => exit 2 with one line (issue: nonexistent path); directory discovery validates every .md/.json", () => {
    const dir = makeRepo({ ...base, [LOG]: mdLog(), ".agents/sessions/README.md": "# readme\n" });
    const m = runCli(["session-log", ".agents/sessions/2026-01-09-session-9.md"], { cwd: dir });
    expect(m.code).toBe(2);
    expect(m.stdout).toBe("");
    expect(m.stderr.trim().split("\n")).toHaveLength(1);
    expect(m.stderr).toContain("2026-01-09-session-9.md");
    const all = json([], dir);
    expect(all.results.map((x) => x.file).sort()).toEqual([LOG, ".agents/sessions/README.md"]);
    expect(all.results.find((x) => x.file.endsWith("README.md"))?.findings.map((f) => f.ruleId)).toContain("SP-001");
    const empty = makeRepo(base);
    mkdirSync(join(empty, ".agents", "sessions"), { recursive: true });
    expect(json([], empty).results).toEqual([]);
  });
});

describe("session-md CLI: SP-120 creation mode for a log created from the template", () => {
  const findings = (r: { results: R[] }) => r.results.flatMap((x) => x.findings.filter((f) => f.severity === "error").map((f) => f.ruleId));

  it("SP-120: session-log --mode creation passes a fresh markdown log (Session End open), --mode full fails it on the session end", () => {
    const dir = makeRepo(base);
    writeTree(dir, { [LOG]: freshMdLog() });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "log");
    const c = json(["--mode", "creation", LOG], dir);
    expect(c.code, c.stdout + c.stderr).toBe(0);
    expect(c.results.map((x) => [x.file, x.verdict])).toEqual([[LOG, "pass"]]);
    const f = json(["--mode", "full", LOG], dir);
    expect(f.code).toBe(1);
    expect(findings(f)).toEqual(["SP-037", "SP-013", "SP-014"]);
    // creation mode still demands the session start and the structure
    writeTree(dir, { [LOG]: freshMdLog({ start: ["| MUST | Read memory-index, load task-relevant memories | [x] | memory-index |", "| MUST | Confirm not on main/master | [ ] | |"] }) });
    const open = json(["--mode", "creation", LOG], dir);
    expect(open.code).toBe(1);
    expect(findings(open)).toEqual(["SP-013"]);
    writeTree(dir, { [LOG]: freshMdLog({ endHeading: "## Closing" }) });
    expect(findings(json(["--mode", "creation", LOG], dir))).toEqual(["SP-010"]);
  });

  it("SP-120: a fresh log added in the commit being made passes check --staged unless it claims its end; check --changed (the branch) demands everything", () => {
    const dir = makeRepo(base);
    git(dir, "checkout", "-q", "-b", "feat/x");
    writeTree(dir, { [LOG]: freshMdLog() });
    git(dir, "add", "-A");
    const check = (args: string[]) => {
      const r = runCli(["check", ...args, "--format", "json"], { cwd: dir, env: { CI: undefined } });
      const res = (JSON.parse(r.stdout) as { results: (R & { validator: string; data?: { mode?: string } })[] }).results.find((x) => x.file === LOG)!;
      return { code: r.code, mode: res.data?.mode, errors: res.findings.filter((f) => f.severity === "error").map((f) => f.ruleId) };
    };
    expect(check(["--staged"])).toEqual({ code: 0, mode: "creation", errors: [] });
    // a ticked Session End MUST row claims the end: full mode (the commit row stays exempt before the commit exists)
    writeTree(dir, { [LOG]: freshMdLog({ end: ["| MUST | Route to qa agent (feature implementation) | [x] | QA report: `.agents/qa/042-parser.md` |", "| MUST | Commit all changes (including .serena/memories) | [ ] | |", "| MUST NOT | Update `.agents/HANDOFF.md` directly | [ ] | |"] }) });
    git(dir, "add", "-A");
    expect(check(["--staged"])).toEqual({ code: 1, mode: "full", errors: ["SP-014"] });
    writeTree(dir, { [LOG]: freshMdLog() });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "session log");
    const branch = check(["--changed", "--base", "main"]);
    expect(branch).toEqual({ code: 1, mode: "full", errors: ["SP-037", "SP-013", "SP-014"] });
  });
});

describe("session-md CLI: SP-120 record mode for a log that already existed", () => {
  const START_OPEN = ["| MUST | Read memory-index, load task-relevant memories | [x] | memory-index |", "| MUST | Confirm not on main/master | [ ] | |"];
  /** A committed log with historical gaps: an unticked Session Start MUST row, Session End still open. */
  const oldLog = (extra = "") => freshMdLog({ start: START_OPEN, extra });
  const check = (dir: string, args: string[]) => {
    const r = runCli(["check", ...args, "--format", "json"], { cwd: dir, env: { CI: undefined } });
    const res = (JSON.parse(r.stdout) as { results: (R & { data?: { mode?: string } })[] }).results.find((x) => x.file === LOG)!;
    return { code: r.code, mode: res.data?.mode, errors: res.findings.filter((f) => f.severity === "error").map((f) => f.ruleId) };
  };

  it("SP-120: an edited old markdown log staged for a commit passes check --staged in record mode; --strict and session-log --mode full demand its compliance (SP-013)", () => {
    const dir = makeRepo(base);
    writeTree(dir, { [LOG]: oldLog() });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "old session log");
    writeTree(dir, { [LOG]: oldLog("Did things. Fixed a typo later.") });
    git(dir, "add", "-A");
    expect(check(dir, ["--staged"])).toEqual({ code: 0, mode: "record", errors: [] });
    const strict = check(dir, ["--staged", "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.mode).toBe("full");
    expect(strict.errors).toContain("SP-013");
    const full = json(["--mode", "full", LOG], dir);
    expect(full.code).toBe(1);
    expect(full.results.flatMap((x) => x.findings.filter((f) => f.severity === "error").map((f) => f.ruleId))).toContain("SP-013");
    // record mode keeps the structure: a log whose Session End heading is gone still fails
    writeTree(dir, { [LOG]: freshMdLog({ start: START_OPEN, endHeading: "## Closing" }) });
    git(dir, "add", "-A");
    expect(check(dir, ["--staged"])).toMatchObject({ code: 1, mode: "record", errors: ["SP-010"] });
  });

  it("SP-120: a merge commit bringing an edit of an old markdown log passes check --staged (record), whatever the log's historical gaps", () => {
    const dir = makeRepo(base);
    writeTree(dir, { [LOG]: oldLog() });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "old session log");
    git(dir, "checkout", "-q", "-b", "feat/x");
    writeTree(dir, { [LOG]: oldLog("Did things. Edited on the branch.") });
    git(dir, "commit", "-q", "-am", "edit on the branch");
    git(dir, "checkout", "-q", "main");
    writeTree(dir, { "docs/other.md": "# other\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "main moves on");
    git(dir, "merge", "-q", "--no-ff", "--no-commit", "feat/x");
    expect(check(dir, ["--staged"])).toEqual({ code: 0, mode: "record", errors: [] });
  });
});

describe("session-md CLI: strict gate with git", () => {
  function committedRepo(evidence: (sha: string) => string) {
    const dir = makeRepo(base);
    const start = git(dir, "rev-parse", "--short=7", "HEAD");
    writeTree(dir, { [LOG]: "placeholder\n", "src/a.ts": "x\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "work");
    const sha = git(dir, "rev-parse", "--short=7", "HEAD");
    const protocol = `# P\n\n### Session Start (COMPLETE ALL before work)\n\n| Req | Step | Status | Evidence |\n|---|---|---|---|\n| MUST | Read memory-index, load task-relevant memories | [ ] | x |\n| MUST | Confirm not on main/master | [ ] | x |\n\n## Session End Checklist\n\n| Req | Step | Status | Evidence |\n|---|---|---|---|\n| MUST | Route to qa agent (feature implementation) | [ ] | x |\n| MUST | Commit all changes (including .serena/memories) | [ ] | x |\n| MUST NOT | Update \`.agents/HANDOFF.md\` directly | [ ] | x |\n`;
    const text = mdLog({
      info: `- **Date**: 2026-01-05\n- **Branch**: main\n- **Starting Commit**: \`${start}\``,
      end: ["| MUST | Route to qa agent (feature implementation) | [x] | QA report: `.agents/qa/042-parser.md` |",
        `| MUST | Commit all changes (including .serena/memories) | [x] | ${evidence(sha)} |`,
        "| MUST NOT | Update `.agents/HANDOFF.md` directly | [x] | unchanged |"],
    }).replace("`abc1234`", `\`${sha}\``);
    writeTree(dir, { [LOG]: text, ".agents/SESSION-PROTOCOL.md": protocol });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "log");
    return { dir, start, sha };
  }

  it("SP-038..SP-042: a committed, clean session with a real commit SHA passes --strict (context local)", () => {
    const { dir } = committedRepo((sha) => `Commit SHA: \`${sha}\``);
    const r = json(["--strict", "--base", "main", LOG], dir);
    // the protocol was committed today, after the log's date: drift is not compared (info)
    expect(r.results[0].findings.map((f) => [f.ruleId, f.severity])).toEqual([["SP-031", "info"]]);
    expect(r.code).toBe(0);
  });

  it("SP-039/SP-041: dirty tree and an unknown SHA fail --strict", () => {
    const { dir } = committedRepo(() => "Commit SHA: `deadbee`");
    writeFileSync(join(dir, "README.md"), "# dirty\n");
    const r = json(["--strict", "--base", "main", LOG], dir);
    expect(r.ids.sort()).toEqual(["SP-031", "SP-039", "SP-041"]);
    expect(r.results[0].findings.find((f) => f.ruleId === "SP-041")?.message).toBe("Commit SHA not found in git history: deadbee");
  });

  it("SP-041 landed / commitShaNotLanded: a cited commit squash merged passes, one on a branch never merged fails (issue 35 item 4: the classification of SP-130)", () => {
    const { dir } = committedRepo(() => "Commit SHA: `0000000`");
    const cite = (name: string, file: string, merge: boolean) => {
      git(dir, "checkout", "-q", "-b", name);
      writeTree(dir, { [file]: `${name}\n` });
      git(dir, "add", "-A");
      git(dir, "commit", "-q", "-m", name);
      const sha = git(dir, "rev-parse", "--short=7", "HEAD");
      git(dir, "checkout", "-q", "main");
      if (merge) {
        git(dir, "merge", "-q", "--squash", name);
        git(dir, "commit", "-q", "-m", `${name} (squash)`);
      }
      writeFileSync(join(dir, LOG), readFileSync(join(dir, LOG), "utf8").replace(/Commit SHA: `[0-9a-f]+`/, `Commit SHA: \`${sha}\``));
      git(dir, "commit", "-q", "-am", `log cites ${name}`);
      expect(() => git(dir, "merge-base", "--is-ancestor", sha, "HEAD")).toThrow();
      return json(["--strict", "--base", "main", LOG], dir);
    };
    expect(cite("squashed", "src/s.ts", true).ids).not.toContain("SP-041");
    const off = cite("unmerged", "src/u.ts", false);
    expect(off.results[0].findings.filter((f) => f.ruleId === "SP-041").map((f) => f.messageId)).toEqual(["commitShaNotLanded"]);
  });

  it("SP-041 merged markdown log (issue 35 item 3): a log another branch wrote, squash merged and gc'd, then merged into this branch: noted (SP-090 mergedLogNotVerifiable), not failed; on main, which the squash wrote it on, still SP-041", () => {
    const { dir } = committedRepo((sha) => `Commit SHA: \`${sha}\``);
    const LOG2 = ".agents/sessions/2026-01-05-session-43.md";
    git(dir, "checkout", "-q", "-b", "two");
    git(dir, "checkout", "-q", "-b", "one", "main");
    writeTree(dir, { "src/one.ts": "one\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "one: work");
    const sha = git(dir, "rev-parse", "--short=7", "HEAD");
    writeFileSync(join(dir, LOG2), readFileSync(join(dir, LOG), "utf8").replace(/Commit SHA: `[0-9a-f]+`/, `Commit SHA: \`${sha}\``));
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "one: log");
    git(dir, "checkout", "-q", "main");
    git(dir, "merge", "-q", "--squash", "one");
    git(dir, "commit", "-q", "-m", "one (squash)");
    git(dir, "branch", "-q", "-D", "one");
    forgetUnreachable(dir);
    expect(() => git(dir, "cat-file", "-e", `${sha}^{commit}`)).toThrow();
    const sp = (r: ReturnType<typeof json>) => r.results[0].findings.filter((f) => f.ruleId === "SP-041" || f.ruleId === "SP-090").map((f) => [f.ruleId, f.severity, (f as { messageId?: string }).messageId]);
    // main: the squash commit wrote the log, it is main's own
    expect(sp(json(["--strict", "--base", "main", LOG2], dir))).toEqual([["SP-041", "error", "commitShaNotFound"]]);
    git(dir, "checkout", "-q", "two");
    git(dir, "merge", "-q", "--no-ff", "-m", "catch-up merge of main", "main");
    expect(sp(json(["--strict", "--base", "main", LOG2], dir))).toEqual([["SP-090", "info", "mergedLogNotVerifiable"]]);
  });

  it("SP-039: git status failing (a corrupt index) is an error saying the tree was not checked, never a pass", () => {
    const { dir } = committedRepo((sha) => `Commit SHA: \`${sha}\``);
    writeFileSync(join(dir, ".git", "index"), "garbage\n"); // rev-parse and log still work, status fails
    const r = json(["--strict", "--base", "main", LOG], dir);
    const f = r.results[0].findings.filter((x) => x.ruleId === "SP-039");
    expect(f.map((x) => [x.severity, x.message])).toEqual([["error", "git status failed: the working tree could not be checked for uncommitted changes"]]);
    expect(r.code).toBe(1);
  });

  it("SP-039/SP-017: git status, the base ref and the HANDOFF.md diff are asked only when a markdown log is in the run (JSON logs alone never read them)", () => {
    const { dir } = committedRepo((sha) => `Commit SHA: \`${sha}\``);
    const JLOG = ".agents/sessions/2026-01-06-session-43.json";
    writeTree(dir, { [JLOG]: JSON.stringify({ schemaVersion: "1.0", session: { number: 43, date: "2026-01-06" } }) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "json log");
    writeFileSync(join(dir, "README.md"), "# dirty\n");
    const statusCalls = (args: string[]) => {
      const trace = join(tmpDir("agentcheck-trace-"), "trace.txt");
      const r = json(["--strict", "--base", "main", ...args], dir, { GIT_TRACE: trace });
      const lines = existsSync(trace) ? readFileSync(trace, "utf8").split("\n") : [];
      const calls = lines.filter((l) => l.includes("built-in: git status --porcelain") && !l.includes(" -- ")).length;
      const handoff = lines.filter((l) => l.includes("built-in: git diff") && l.includes(".agents/HANDOFF.md")).length;
      const baseRef = lines.filter((l) => l.includes("built-in: git rev-parse --verify -q") && l.includes("main^{commit}")).length;
      return { calls, handoff, baseRef, r };
    };
    const onlyJson = statusCalls([JLOG]);
    expect(onlyJson.calls).toBe(0);
    expect(onlyJson.handoff).toBe(0);
    expect(onlyJson.baseRef).toBe(0); // --base main is resolved only when something asks for it
    expect(onlyJson.r.ids).not.toContain("SP-039");
    const both = statusCalls([JLOG, LOG]);
    expect(both.calls).toBe(1);
    expect(both.handoff).toBe(1);
    expect(both.baseRef).toBe(1);
    expect(both.r.results.find((x) => x.file === LOG)?.findings.map((f) => f.ruleId)).toContain("SP-039");
  });

  it("SP-017: without a base ref, a run of JSON logs gets no 'cannot verify HANDOFF.md' warning (no log of it is judged by SP-017); a markdown log does", () => {
    const dir = makeRepo({ ...base, [LOG]: mdLog(), ".agents/sessions/2026-01-06-session-43.json": JSON.stringify({ schemaVersion: "1.0" }) });
    git(dir, "branch", "-m", "work"); // no main, no origin/main: no base ref
    const onlyJson = json([".agents/sessions/2026-01-06-session-43.json"], dir);
    expect(onlyJson.ids).not.toContain("SP-017");
    const withMd = json([LOG], dir);
    expect(withMd.results.flatMap((x) => x.findings).filter((f) => f.ruleId === "SP-017").map((f) => f.message)).toEqual([
      "Cannot verify HANDOFF.md is unchanged (for every log of this run): no base ref found (origin/main, origin/master, main, master): pass --base",
    ]);
  });

  it("SP-037: the changed files of several logs' ranges come from one git diff-tree, each log judged on its own range", () => {
    const dir = makeRepo(base);
    const c0 = git(dir, "rev-parse", "HEAD");
    writeTree(dir, { "src/a.ts": "a\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "code a");
    const c1 = git(dir, "rev-parse", "HEAD");
    writeTree(dir, { "docs/b.md": "# b\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "docs b");
    const skip = (start: string) => mdLog({
      info: `- **Date**: 2026-01-05\n- **Branch**: main\n- **Starting Commit**: \`${start}\``,
      end: ["| MUST | Route to qa agent | [x] | SKIPPED: docs-only |", "| MUST | Commit all changes | [x] | Commit SHA: `abcdef1` |", "| MUST NOT | Update HANDOFF.md | [x] | unchanged |"],
    });
    const L1 = ".agents/sessions/2026-01-05-session-51.md";
    const L2 = ".agents/sessions/2026-01-05-session-52.md";
    writeTree(dir, { [L1]: skip(c0), [L2]: skip(c1) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "logs");
    const trace = join(tmpDir("agentcheck-trace-"), "trace.txt");
    // committed, unchanged logs named on the command line are records (SP-120): --mode full judges them
    const r = json(["--mode", "full", "--base", "main", L1, L2], dir, { GIT_TRACE: trace });
    const cmds = readFileSync(trace, "utf8").split("\n").filter((l) => l.includes("built-in: git "));
    expect(cmds.filter((c) => c.includes("git diff-tree --stdin"))).toHaveLength(1);
    expect(cmds.filter((c) => /git diff --name-only --no-renames [0-9a-f]{40} [0-9a-f]{40}/.test(c))).toEqual([]);
    const sp037 = (f: string) => r.results.find((x) => x.file === f)!.findings.filter((x) => x.ruleId === "SP-037").map((x) => x.message);
    // L1's range (c0..its commit) holds src/a.ts: a docs-only skip it does not allow; L2's (c1..) only docs and logs
    expect(sp037(L1)).toHaveLength(1);
    expect(sp037(L1)[0]).toContain("src/a.ts");
    expect(sp037(L2)).toEqual([]);
  });

  it("SP-040/SP-042: Starting Commit equal to HEAD and a log not changed since then", () => {
    const dir = makeRepo(base);
    const head = git(dir, "rev-parse", "--short=7", "HEAD");
    writeTree(dir, { [LOG]: mdLog({ info: `- **Starting Commit**: ${head}` }) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "--amend", "--no-edit");
    const newHead = git(dir, "rev-parse", "--short=7", "HEAD");
    writeTree(dir, { [LOG]: mdLog({ info: `- **Starting Commit**: ${newHead}` }) });
    git(dir, "commit", "-q", "-am", "again", "--amend", "--no-edit");
    // Starting Commit now names a commit that is not HEAD's ancestor; use HEAD itself instead:
    const h = git(dir, "rev-parse", "--short=7", "HEAD");
    writeTree(dir, { [LOG]: mdLog({ info: `- **Starting Commit**: ${h}` }) });
    const r = json(["--strict", "--base", "main", LOG], dir);
    expect(r.ids).toContain("SP-040");
    expect(r.ids).toContain("SP-042");
    expect(r.ids).toContain("SP-039");
  });
});

describe("session-md CLI: paths, symlinks, no git", () => {
  it("TC-071/SP-003: a log that is a symlink to a file outside the sessions dir fails", () => {
    const dir = makeRepo({ ...base, "elsewhere/2026-01-05-session-7.md": mdLog() });
    mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
    symlinkSync(join(dir, "elsewhere", "2026-01-05-session-7.md"), join(dir, ".agents", "sessions", "2026-01-05-session-7.md"));
    const r = json([], dir);
    expect(r.ids).toContain("SP-003");
  });

  it("SP-024: a cited QA report that is a symlink out of the repository fails", () => {
    const outside = tmpDir();
    writeFileSync(join(outside, "r.md"), "# outside\n");
    const dir = makeRepo({ ...base, [LOG]: mdLog().replace(".agents/qa/042-parser.md", ".agents/qa/link.md") });
    symlinkSync(join(outside, "r.md"), join(dir, ".agents", "qa", "link.md"));
    const r = json([LOG], dir);
    expect(r.results[0].findings.find((f) => f.ruleId === "SP-024")?.message).toContain("symlink");
  });

  it("SP-090: outside a git repository git-bound rules are skipped with an info finding, exit 0", () => {
    const dir = tmpDir();
    writeTree(dir, { ...base, [LOG]: mdLog() });
    const r = json([], dir);
    expect(r.results[0].findings.map((f) => [f.ruleId, f.severity])).toEqual([["SP-090", "info"]]);
    expect(r.code).toBe(0);
    const s = json(["--strict"], dir);
    expect(s.results[0].findings.find((f) => f.ruleId === "SP-090")?.message).toContain("SP-038..SP-042");
  });

  it("SP-016: --memories-dir points the memory check at another folder", () => {
    const dir = tmpDir();
    writeTree(dir, { ...base, [LOG]: mdLog(), "mem/other-memory.md": "# m\n" });
    expect(json([], dir).ids).not.toContain("SP-016");
    expect(json(["--memories-dir", "mem"], dir).ids).toContain("SP-016");
  });

  it("SP-016: a memories folder that cannot be listed leaves the names unverified (a warning), a missing one makes them missing (an error)", () => {
    const dir = tmpDir();
    writeTree(dir, { ...base, [LOG]: mdLog(), "mem": "a file where the folder should be\n" });
    const blocked = json(["--memories-dir", "mem"], dir).results[0].findings.filter((f) => f.ruleId === "SP-016");
    expect(blocked.map((f) => f.severity)).toEqual(["warning"]);
    expect(blocked[0].message).toContain("not verified");
    const missing = json(["--memories-dir", "nowhere"], dir).results[0].findings.filter((f) => f.ruleId === "SP-016");
    expect(missing.map((f) => f.severity)).toEqual(["error"]);
  });
});
