// Issue 35 item 5: parallel branches and worktrees never block each other. Two branches each with a
// session on the same day; one is squash merged into main (its branch deleted and garbage collected),
// the other catches up with main. The logs that arrived through the merge of main were not authored on
// this branch: `check`, `check --changed`, `session-log --context ci` and `pre-pr` on it pass.
import { describe, it, expect } from "vitest";
import { runCli, makeRepo, git, writeTree, commitAll, squashAndDrop } from "../helpers.js";
import { validLog, item, type Json } from "./util.js";

const NOW = ["--now", "2026-01-06T12:00:00Z"];
const day = "2026-01-05";


function log(n: number, start: string, end: string, branch: string): Json {
  const l = validLog();
  l.session.number = n;
  l.session.date = day;
  l.session.branch = branch;
  l.session.startingCommit = start;
  l.endingCommit = end;
  l.protocolCompliance.sessionEnd.qaValidation = item(true, "SKIPPED: docs-only");
  return l;
}

/** A session on a new branch from main: one commit of work, then its log naming it as the ending commit. */
function session(dir: string, branch: string, n: number, file: string): void {
  git(dir, "checkout", "-q", "-b", branch, "main");
  const start = git(dir, "rev-parse", "HEAD");
  writeTree(dir, { [file]: `# ${branch}\n` });
  const end = commitAll(dir, `${branch}: work`);
  writeTree(dir, { [`.agents/sessions/${day}-session-${String(n).padStart(2, "0")}.json`]: JSON.stringify(log(n, start, end, `feat/${branch}`), null, 2) });
  commitAll(dir, `${branch}: session log`);
}


/**
 * Two same-day sessions on branches `one` and `two`; `one` squash merged into main, deleted and
 * garbage collected (its commits unreachable); `two` checked out, main merged into it (catch-up).
 */
function parallelRepo(): string {
  const dir = makeRepo({ "README.md": "# x\n", "src/keep.ts": "k\n" });
  session(dir, "one", 1, "docs/one.md");
  session(dir, "two", 2, "docs/two.md");
  squashAndDrop(dir, "one");
  git(dir, "checkout", "-q", "two");
  git(dir, "merge", "-q", "--no-ff", "-m", "catch-up merge of main", "main");
  return dir;
}

describe("issue 35 item 5: logs merged from another branch never block this one (SP-130)", () => {
  it("SP-130: check, check --changed, session-log --context ci and pre-pr pass on the branch that caught up with main", () => {
    const dir = parallelRepo();
    // pre-pr has no --now: the logs' date (2026-01-05) is in the past either way
    for (const args of [["check", ...NOW], ["check", "--changed", "--base", "main", ...NOW], ["session-log", "--context", "ci", "--base", "main", ...NOW], ["pre-pr", "--base", "main"]]) {
      const r = runCli(args, { cwd: dir });
      expect(r.code, `${args.join(" ")}\n${r.stdout}${r.stderr}`).toBe(0);
    }
  });

  it("SP-130: two worktrees with sessions on the same day: each worktree's session state stays out of git status, and after one is squash merged the other's check passes", () => {
    const dir = makeRepo({ "README.md": "# x\n", "src/keep.ts": "k\n" });
    session(dir, "one", 1, "docs/one.md");
    git(dir, "checkout", "-q", "main");
    const wt = `${dir}-two`;
    git(dir, "worktree", "add", "-q", "-b", "two", wt, "main");
    // a live session in each worktree, same day: each keeps its own state (never committed)
    const ids = [dir, wt].map((d) => {
      const c = runCli(["session", "create"], { cwd: d });
      expect(c.code, c.stderr).toBe(0);
      return String(JSON.parse(c.stdout).sessionId);
    });
    expect(ids[0]).not.toBe(ids[1]);
    git(dir, "checkout", "-q", "one");
    const start = git(wt, "rev-parse", "HEAD");
    writeTree(wt, { "docs/two.md": "# two\n" });
    const end = commitAll(wt, "two: work");
    writeTree(wt, { [`.agents/sessions/${day}-session-02.json`]: JSON.stringify(log(2, start, end, "feat/two"), null, 2) });
    commitAll(wt, "two: session log");
    squashAndDrop(dir, "one");
    git(wt, "merge", "-q", "--no-ff", "-m", "catch-up merge of main", "main");
    for (const d of [dir, wt]) expect(git(d, "status", "--porcelain", "--untracked-files=all")).toBe("");
    const ci = runCli(["session-log", "--context", "ci", "--base", "main", ...NOW], { cwd: wt });
    expect(ci.code, ci.stdout + ci.stderr).toBe(0);
    // check and check --changed: the logs pass; the only error is this worktree's own live session,
    // whose protocol start is not recorded yet (SS-001); nothing of the other worktree's session shows
    for (const args of [["check", ...NOW], ["check", "--changed", "--base", "main", ...NOW]]) {
      const r = runCli([...args, "-f", "json"], { cwd: wt });
      const errors = JSON.parse(r.stdout).results.flatMap((x: { file: string; findings: { ruleId: string; severity: string }[] }) => x.findings.filter((f) => f.severity === "error").map((f) => `${f.ruleId} ${x.file}`));
      expect(errors, args.join(" ")).toEqual([`SS-001 .agent-notes/sessions/session-${ids[1]}.md`]);
    }
  });

  it("SP-130: the log that arrived through the merge is noted (SP-090), not passed; on main, where the squash commit wrote it, it still fails", () => {
    const dir = parallelRepo();
    const r = runCli(["session-log", ...NOW, "-f", "json"], { cwd: dir });
    const all = JSON.parse(r.stdout).results.flatMap((x: { file: string; findings: { ruleId: string; messageId?: string; severity: string }[] }) => x.findings.map((f) => ({ file: x.file, ...f })));
    const one = all.filter((f: { file: string }) => f.file.endsWith("session-01.json")).map((f: { ruleId: string; messageId?: string; severity: string }) => `${f.ruleId} ${f.messageId} ${f.severity}`).sort();
    expect(one).toEqual(["SP-090 mergedLogNotVerifiable info", "SP-090 mergedLogNotVerifiable info"]);
    git(dir, "checkout", "-q", "main");
    const onMain = runCli(["session-log", ...NOW, "-f", "json"], { cwd: dir });
    expect(onMain.code).toBe(1);
    expect(JSON.parse(onMain.stdout).results.flatMap((x: { findings: { messageId?: string }[] }) => x.findings.map((f) => f.messageId))).toContain("endingCommitAbsent");
  });
});
