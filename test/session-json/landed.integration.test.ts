// Issue 35: commit evidence verified by content, on real repositories. A session's ending commit
// (SP-130) and its QA report's commit (SP-131) are classified ancestor / landed by content / off
// history and not landed / absent; only the last two are findings. QA evidence goes stale only when
// the code it covered changes. Squash, rebase and cherry-pick merges, an amended ending commit, a
// catch-up merge of main, and `baseline` -> commit -> `check`.
import { describe, it, expect } from "vitest";
import { runCli, makeRepo, git, writeTree, commitAll, forgetUnreachable } from "../helpers.js";
import { contentEvidence } from "../../dist/evidence/record.js";
import { checkCommitEvidence } from "../../dist/commands/session-end.js";
import { validLog, item, type Json } from "./util.js";

const NOW = ["--now", "2026-01-06T12:00:00Z"];
const LOG = ".agents/sessions/2026-01-05-session-42.json";
const QA = ".agents/qa/042-parser.md";

interface Finding { ruleId: string; severity: string; message: string; messageId?: string }

function findings(dir: string, args: string[] = []): { code: number; all: Finding[] } {
  const r = runCli(["session-log", ...args, ...NOW, "-f", "json"], { cwd: dir });
  if (r.code === 2) throw new Error(r.stderr);
  return { code: r.code, all: JSON.parse(r.stdout).results.flatMap((x: { findings: Finding[] }) => x.findings) };
}
const ids = (dir: string, rule: string) => findings(dir).all.filter((f) => f.ruleId === rule).map((f) => f.messageId ?? f.message);

/**
 * main with a README; a feature branch `feat` with two commits of work (the second is the session's
 * ending commit). Returns the repository, the starting commit (main's tip) and the ending commit.
 */
function featureRepo(): { dir: string; start: string; end: string } {
  const dir = makeRepo({ "README.md": "# x\n", "src/keep.ts": "k\n" });
  const start = git(dir, "rev-parse", "HEAD");
  git(dir, "checkout", "-q", "-b", "feat");
  writeTree(dir, { "src/a.ts": "a1\n" });
  commitAll(dir, "work 1");
  writeTree(dir, { "src/b.ts": "b\n", "src/a.ts": "a2\n" });
  const end = commitAll(dir, "work 2");
  return { dir, start, end };
}

/** Squash merge `feat` onto main (checked out). */
function squashFeat(dir: string): void {
  git(dir, "checkout", "-q", "main");
  git(dir, "merge", "-q", "--squash", "feat");
  git(dir, "commit", "-q", "-m", "squash");
}

/** Delete `feat` and let git forget its commits: reflog expired, `git gc --prune=now`. */
function dropFeat(dir: string): void {
  git(dir, "branch", "-q", "-D", "feat");
  forgetUnreachable(dir);
}

/** Commit on main a finished log naming `end` (and `start`), QA not needed. */
function commitLog(dir: string, start: string, end: string, edit: (l: Json) => void = () => {}): void {
  const l = validLog();
  l.session.startingCommit = start;
  l.endingCommit = end;
  l.protocolCompliance.sessionEnd.qaValidation = item(true, "QA not needed here: see the SP-131 tests", "SHOULD");
  edit(l);
  writeTree(dir, { [LOG]: JSON.stringify(l, null, 2) });
  commitAll(dir, "session log");
}

describe("SP-130: the ending commit classified by content (issue 35)", () => {
  it("SP-130 landed: a squash merge (branch kept) => no finding", () => {
    const { dir, start, end } = featureRepo();
    squashFeat(dir);
    commitLog(dir, start, end);
    expect(() => git(dir, "merge-base", "--is-ancestor", end, "HEAD")).toThrow();
    expect(ids(dir, "SP-130")).toEqual([]);
  });

  it("SP-130 landed: a rebase merge (the commits rewritten onto a moved main) => no finding", () => {
    const { dir, start, end } = featureRepo();
    git(dir, "checkout", "-q", "main");
    writeTree(dir, { "docs/other.md": "# other\n" });
    commitAll(dir, "main moved");
    git(dir, "checkout", "-q", "-b", "rebased", "feat");
    git(dir, "rebase", "-q", "main");
    git(dir, "checkout", "-q", "main");
    git(dir, "merge", "-q", "--ff-only", "rebased");
    git(dir, "branch", "-q", "-D", "rebased");
    commitLog(dir, start, end);
    expect(ids(dir, "SP-130")).toEqual([]);
  });

  it("SP-130 landed: a cherry-pick of the ending commit whose files are the same => no finding", () => {
    const dir = makeRepo({ "README.md": "# x\n" });
    const start = git(dir, "rev-parse", "HEAD");
    git(dir, "checkout", "-q", "-b", "feat");
    writeTree(dir, { "src/fix.ts": "fix\n" });
    const end = commitAll(dir, "fix");
    git(dir, "checkout", "-q", "main");
    writeTree(dir, { "docs/n.md": "# n\n" });
    commitAll(dir, "main moved");
    git(dir, "cherry-pick", end);
    commitLog(dir, start, end);
    expect(ids(dir, "SP-130")).toEqual([]);
  });

  it("SP-130 landed: an amended ending commit (the log records the SHA before the amend) => no finding", () => {
    const dir = makeRepo({ "README.md": "# x\n" });
    const start = git(dir, "rev-parse", "HEAD");
    writeTree(dir, { "src/a.ts": "a\n" });
    const before = commitAll(dir, "work");
    writeTree(dir, { "docs/a.md": "# a\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "--amend", "--no-edit");
    expect(git(dir, "rev-parse", "HEAD")).not.toBe(before);
    commitLog(dir, start, before);
    expect(ids(dir, "SP-130")).toEqual([]);
  });

  it("SP-130 endingCommitNotLanded: a branch never merged => an error, and a squash of a later version of the file does not count", () => {
    const { dir, start, end } = featureRepo();
    git(dir, "checkout", "-q", "main");
    commitLog(dir, start, end);
    expect(ids(dir, "SP-130")).toEqual(["endingCommitNotLanded"]);
    // the work landed, but changed again before it did: the ending commit's version of src/a.ts is not on main
    git(dir, "checkout", "-q", "feat");
    writeTree(dir, { "src/a.ts": "a3\n" });
    commitAll(dir, "after the session");
    squashFeat(dir);
    expect(ids(dir, "SP-130")).toEqual(["endingCommitNotLanded"]);
  });

  it("SP-130 endingCommitAbsent: squash merge, branch deleted, git gc --prune=now => the commit is gone: absent, its own message, no 'follow-up commit' remedy", () => {
    const { dir, start, end } = featureRepo();
    squashFeat(dir);
    dropFeat(dir);
    expect(() => git(dir, "cat-file", "-e", `${end}^{commit}`)).toThrow();
    commitLog(dir, start, end);
    const f = findings(dir).all.filter((x) => x.ruleId === "SP-130");
    expect(f.map((x) => x.messageId)).toEqual(["endingCommitAbsent"]);
    expect(f[0].message).not.toContain("follow-up commit");
  });
});

describe("SP-130 contentEvidence: evidence recorded from now on survives the branch (issue 35)", () => {
  it("SP-130 contentEvidence: squash merge, branch deleted, gc --prune=now => the recorded blobs find the work on main: no finding", () => {
    const { dir, start, end } = featureRepo();
    const recorded = contentEvidence(dir, start, end);
    expect(recorded?.files).toEqual({ "src/a.ts": git(dir, "rev-parse", `${end}:src/a.ts`), "src/b.ts": git(dir, "rev-parse", `${end}:src/b.ts`) });
    squashFeat(dir);
    dropFeat(dir);
    commitLog(dir, start, end, (l) => { l.contentEvidence = recorded; });
    expect(ids(dir, "SP-130")).toEqual([]);
    // the same log without it: absent (old logs keep the best classification available)
    commitLog(dir, start, end);
    expect(ids(dir, "SP-130")).toEqual(["endingCommitAbsent"]);
  });

  it("SP-130 contentEvidence: recorded blobs of work that never reached main => still an error", () => {
    const { dir, start, end } = featureRepo();
    const recorded = contentEvidence(dir, start, end);
    git(dir, "checkout", "-q", "main");
    dropFeat(dir);
    commitLog(dir, start, end, (l) => { l.contentEvidence = recorded; });
    expect(ids(dir, "SP-130")).toEqual(["endingCommitAbsent"]);
  });

  it("session end records contentEvidence with the ending commit (the blobs of the session's range)", () => {
    const { dir, start, end } = featureRepo();
    const state = { sessionId: "s1", protocolStartEvidence: { startingCommit: start } } as never;
    const out = checkCommitEvidence(dir, state);
    expect(out.ok).toBe(true);
    expect(out.evidence.endingCommit).toBe(end);
    expect(JSON.parse(out.evidence.contentEvidence)).toEqual(contentEvidence(dir, start, end));
  });
});

describe("SP-131: QA evidence stale only when what it covered changes (issue 35)", () => {
  const front = (sha: string) => `---\nqaVerdict: PASS\nqaSessionLog: ${LOG}\nqaCommit: ${sha}\n---\n# QA\n`;
  /** A session on main: start, code (src/a.ts), QA at that commit, the log ending at HEAD, committed. */
  function qaSession(): { dir: string; start: string; qa: string } {
    const dir = makeRepo({ "README.md": "# x\n", "src/other.ts": "o\n" });
    const start = git(dir, "rev-parse", "HEAD");
    writeTree(dir, { "src/a.ts": "a\n" });
    const qa = commitAll(dir, "code");
    writeTree(dir, { [QA]: front(qa) });
    const end = commitAll(dir, "qa report");
    const l = validLog();
    l.session.startingCommit = start;
    l.endingCommit = "";
    l.protocolCompliance.sessionEnd.qaValidation = item(true, `QA report: \`${QA}\``);
    writeTree(dir, { [LOG]: JSON.stringify(l, null, 2) });
    commitAll(dir, "session log");
    void end;
    return { dir, start, qa };
  }
  const stale = (dir: string) => ids(dir, "SP-131");

  it("SP-131 qaReportIsStale covered: a follow-up commit to other code, a docs commit, a catch-up merge of main keep the report valid", () => {
    const { dir } = qaSession();
    expect(stale(dir)).toEqual([]);
    writeTree(dir, { "src/other.ts": "o2\n" });
    commitAll(dir, "follow-up, other code");
    writeTree(dir, { "docs/guide.md": "# guide\n" });
    commitAll(dir, "docs");
    git(dir, "checkout", "-q", "-b", "side", "HEAD~2");
    writeTree(dir, { "src/side.ts": "s\n" });
    commitAll(dir, "side work");
    git(dir, "checkout", "-q", "main");
    git(dir, "merge", "-q", "--no-ff", "-m", "catch-up merge", "side");
    expect(stale(dir)).toEqual([]);
  });

  it("SP-131 qaReportIsStale: a change to the covered code stales it (true positive kept); reverting it makes it valid again", () => {
    const { dir } = qaSession();
    writeTree(dir, { "src/a.ts": "changed\n" });
    commitAll(dir, "change covered code");
    expect(stale(dir)).toEqual(["qaReportIsStale"]);
    writeTree(dir, { "src/a.ts": "a\n" });
    commitAll(dir, "revert");
    expect(stale(dir)).toEqual([]);
  });

  it("SP-131 landed: the QA commit squash merged onto main => the report is still bound (no qaCommitNotLanded)", () => {
    const dir = makeRepo({ "README.md": "# x\n" });
    const start = git(dir, "rev-parse", "HEAD");
    git(dir, "checkout", "-q", "-b", "feat");
    writeTree(dir, { "src/a.ts": "a\n" });
    const qa = commitAll(dir, "code");
    writeTree(dir, { [QA]: front(qa) });
    const end = commitAll(dir, "qa report");
    const l = validLog();
    l.session.startingCommit = start;
    l.endingCommit = end;
    l.protocolCompliance.sessionEnd.qaValidation = item(true, `QA report: \`${QA}\``);
    writeTree(dir, { [LOG]: JSON.stringify(l, null, 2) });
    commitAll(dir, "session log");
    squashFeat(dir);
    const f = findings(dir).all.filter((x) => x.ruleId === "SP-131" || x.ruleId === "SP-130");
    expect(f).toEqual([]);
    // later work on main, on the covered file, after the session ended: a finished log's verdict does not move
    writeTree(dir, { "src/a.ts": "later\n" });
    commitAll(dir, "later work");
    expect(ids(dir, "SP-131")).toEqual([]);
  });
});

describe("stable findings: baseline -> commit the baseline -> check exits 0 (issue 35)", () => {
  it("SP-131 qaReportIsStale: committing the baseline file, then an unrelated commit, changes no finding", () => {
    const dir = makeRepo({ "README.md": "# x\n" });
    const start = git(dir, "rev-parse", "HEAD");
    // a session in progress whose QA report went stale (SP-131): the window after QA ends at HEAD,
    // so every later commit is in it; before issue 35 the message listed the changed files and the
    // committed baseline file joined the list, a "new" finding
    writeTree(dir, { "src/q.ts": "q\n" });
    const qa = commitAll(dir, "code");
    writeTree(dir, { [QA]: `---\nqaVerdict: PASS\nqaSessionLog: ${LOG}\nqaCommit: ${qa}\n---\n# QA\n`, "src/q.ts": "q2\n" });
    commitAll(dir, "qa, then code changed");
    commitLog(dir, start, "", (l) => { l.protocolCompliance.sessionEnd.qaValidation = item(true, `QA report: \`${QA}\``); l.endingCommit = ""; });
    const before = findings(dir);
    expect(before.code).toBe(1);
    expect(before.all.map((f) => f.messageId).filter((m) => m === "qaReportIsStale")).toHaveLength(1);
    expect(runCli(["baseline", ...NOW], { cwd: dir }).code).toBe(0);
    commitAll(dir, "baseline");
    const r = runCli(["check", ...NOW], { cwd: dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    writeTree(dir, { "docs/unrelated.md": "# u\n" });
    commitAll(dir, "unrelated");
    const r2 = runCli(["check", ...NOW], { cwd: dir });
    expect(r2.code, r2.stdout + r2.stderr).toBe(0);
  });
});
