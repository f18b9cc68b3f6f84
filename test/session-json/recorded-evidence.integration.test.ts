// Issue 35 items 2 and 4: every surface that records an ending commit or QA evidence records the content
// fingerprint too, and a check on main verifies the work after the branch is squash merged, deleted and
// garbage collected (git gc --prune=now) thanks to it; without it the same log fails. Real repositories,
// real child processes.
import { describe, it, expect } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { BIN, runCli, makeRepo, git, writeTree, commitAll, squashAndDrop, forgetUnreachable } from "../helpers.js";
import { completeJsonLog } from "../integrations/fixtures.js";
import { contentEvidence, recordLogEvidence } from "../../dist/evidence/record.js";
import { recordSessionStart } from "../../dist/commands/session-start.js";
import { openSessionStore } from "../../dist/state/ops.js";
import { parseHistory, renderHistory } from "../../dist/phase/format.js";
import { validLog, item } from "./util.js";

const CHECK_NOW = ["--now", "2026-01-06T12:00:00Z"];
const NOW = "2026-01-05T10:00:00.000Z";
const ID = "2026-01-05-session-01";
const SLOG = `.agents/sessions/${ID}.json`;

interface Finding { ruleId: string; severity: string; messageId?: string; message: string }
function ids(dir: string, rule: string, file: string): string[] {
  const r = runCli(["session-log", ...CHECK_NOW, "-f", "json", file], { cwd: dir });
  if (r.code === 2) throw new Error(r.stderr);
  return JSON.parse(r.stdout).results.flatMap((x: { findings: Finding[] }) => x.findings).filter((f: Finding) => f.ruleId === rule).map((f: Finding) => f.messageId ?? f.message);
}
const readJson = (dir: string, p: string) => JSON.parse(readFileSync(join(dir, p), "utf8"));

describe("issue-35 item 2: session end --write-log records the fingerprint in the JSON log", () => {
  /** A feature branch with a started session, its work committed and its complete log (no ending commit yet) committed. */
  async function sessionRepo(files: Record<string, string> = {}) {
    const dir = makeRepo({ "README.md": "# Project\n", ".serena/memories/parser-notes.md": "# Parser notes\n\nNotes.\n", ".gitignore": ".agent-notes/\n", ...files });
    git(dir, "checkout", "-q", "-b", "feat/guide");
    const start = git(dir, "rev-parse", "HEAD");
    expect((await recordSessionStart({ cwd: dir, now: NOW })).state.sessionId).toBe(ID);
    writeTree(dir, { "docs/guide.md": "# Guide\n\nHow the parser works.\n" });
    const work = commitAll(dir, "docs: guide");
    writeTree(dir, { [SLOG]: completeJsonLog({ n: 1, date: "2026-01-05", branch: "feat/guide", startingCommit: start, endingCommit: "", memory: "parser-notes" }) });
    const logCommit = commitAll(dir, "session log");
    return { dir, start, work, logCommit };
  }

  it("SP-130 contentEvidence via session end --write-log: squash merge, branch deleted, gc --prune=now => check on main passes; the same log without it => endingCommitAbsent", async () => {
    const { dir, start, logCommit } = await sessionRepo();
    const first = runCli(["session", "end", "--write-log", "--now", NOW], { cwd: dir });
    expect(first.code).toBe(1);
    expect(JSON.parse(first.stdout).missing[0]).toBe(`${SLOG} now records its ending commit and content evidence: commit it, then run session end again`);
    const log = readJson(dir, SLOG);
    expect(log.endingCommit).toBe(logCommit); // HEAD when the log named none
    expect(log.contentEvidence.files["docs/guide.md"]).toBe(git(dir, "rev-parse", "HEAD:docs/guide.md"));
    expect(log.contentEvidence).toEqual(contentEvidence(dir, start, logCommit));
    commitAll(dir, "session log: ending commit and content evidence");
    // the log already records it: nothing more to write, the end is recorded
    const second = runCli(["session", "end", "--write-log", "--now", NOW], { cwd: dir });
    expect(second.code, second.stdout + second.stderr).toBe(0);
    const s = openSessionStore({ cwd: dir });
    expect(JSON.parse(s.getSync(ID).protocolEndEvidence.contentEvidence).files["docs/guide.md"]).toBe(log.contentEvidence.files["docs/guide.md"]);
    squashAndDrop(dir, "feat/guide");
    expect(() => git(dir, "cat-file", "-e", `${logCommit}^{commit}`)).toThrow();
    expect(ids(dir, "SP-130", SLOG)).toEqual([]);
    // the same log without the fingerprint (what a plain `session end` left before): the commit is gone
    const bare = readJson(dir, SLOG);
    delete bare.contentEvidence;
    writeFileSync(join(dir, SLOG), JSON.stringify(bare, null, 2) + "\n");
    commitAll(dir, "log without the fingerprint");
    expect(ids(dir, "SP-130", SLOG)).toEqual(["endingCommitAbsent"]);
  });

  it("Stop hook under hooks.writeLog: true writes the fingerprint into the log and blocks until it is committed; squash merge, branch deleted, gc => SP-130 passes on main", async () => {
    const { dir, logCommit } = await sessionRepo({ "agentcheck.config.json": JSON.stringify({ hooks: { writeLog: true } }) });
    await openSessionStore({ cwd: dir }).setMode(undefined, "coding");
    const h = JSON.parse(runCli(["hooks", "claude", "--bin", `'${process.execPath}' '${BIN}'`], { cwd: dir }).stdout).hooks;
    const stop = () => {
      const r = spawnSync("sh", ["-c", h.Stop[0].hooks[0].command], { cwd: dir, input: JSON.stringify({ cwd: dir, hook_event_name: "Stop", stop_hook_active: false }), encoding: "utf8", env: { ...process.env, CLAUDE_PROJECT_DIR: dir, NO_COLOR: "1" } });
      return { code: r.status, stderr: r.stderr };
    };
    const first = stop();
    expect(first.code).toBe(2);
    expect(first.stderr).toContain(`${SLOG} now records its ending commit and content evidence: commit it`);
    const log = readJson(dir, SLOG);
    expect(log.endingCommit).not.toBe("");
    expect(log.contentEvidence.files["docs/guide.md"]).toBe(git(dir, "rev-parse", "HEAD:docs/guide.md"));
    commitAll(dir, "session log: ending commit and content evidence");
    const second = stop();
    expect(second.code, second.stderr).toBe(0);
    expect(openSessionStore({ cwd: dir }).getSync(ID).protocolEndComplete).toBe(true);
    squashAndDrop(dir, "feat/guide");
    expect(() => git(dir, "cat-file", "-e", `${logCommit}^{commit}`)).toThrow();
    expect(ids(dir, "SP-130", SLOG)).toEqual([]);
  });

  it("session end without --write-log leaves the log alone (the fingerprint is in protocolEndEvidence only)", async () => {
    const { dir, work } = await sessionRepo();
    const log = readJson(dir, SLOG);
    log.endingCommit = work;
    writeFileSync(join(dir, SLOG), JSON.stringify(log, null, 2) + "\n");
    commitAll(dir, "log names its ending commit");
    const before = readFileSync(join(dir, SLOG), "utf8");
    const r = runCli(["session", "end", "--now", NOW], { cwd: dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(join(dir, SLOG), "utf8")).toBe(before);
    expect(JSON.parse(r.stdout).evidence.contentEvidence).toBeDefined();
  });
});

describe("issue-35 item 2 (QA fingerprint): qaContentEvidence judges SP-131 when qaCommit is gone", () => {
  const QA = ".agents/qa/042-parser.md";
  const LOG = ".agents/sessions/2026-01-05-session-42.json";
  const front = (sha: string) => `---\nqaVerdict: PASS\nqaSessionLog: ${LOG}\nqaCommit: ${sha}\n---\n# QA\n`;
  /** feat: code (src/a.ts) = the QA commit, the QA report, `after` (more commits before the log), the log, its evidence recorded. */
  function qaBranch(after: (dir: string) => void = () => {}) {
    const dir = makeRepo({ "README.md": "# x\n", "src/other.ts": "o\n" });
    const start = git(dir, "rev-parse", "HEAD");
    git(dir, "checkout", "-q", "-b", "feat");
    writeTree(dir, { "src/a.ts": "a1\n" });
    const qa = commitAll(dir, "code");
    writeTree(dir, { [QA]: front(qa) });
    commitAll(dir, "qa report");
    after(dir);
    const l = validLog();
    l.session.startingCommit = start;
    l.endingCommit = "";
    l.protocolCompliance.sessionEnd.qaValidation = item(true, `QA report: \`${QA}\``);
    writeTree(dir, { [LOG]: JSON.stringify(l, null, 2) });
    commitAll(dir, "session log");
    const r = recordLogEvidence(dir, LOG, start);
    expect(r.written).toBe(true);
    expect(r.qaContentEvidence).toEqual({ commit: qa, files: { "src/a.ts": git(dir, "rev-parse", `${qa}:src/a.ts`) } });
    commitAll(dir, "log evidence");
    return { dir, qa };
  }
  const withoutQaFingerprint = (dir: string) => {
    const l = readJson(dir, LOG);
    delete l.qaContentEvidence;
    writeFileSync(join(dir, LOG), JSON.stringify(l, null, 2) + "\n");
    commitAll(dir, "log without the QA fingerprint");
  };

  it("SP-131 qaContentEvidence: squash merge, branch deleted, gc --prune=now => the covered code is on main as QA saw it: no finding; without it => qaCommitAbsent", () => {
    const { dir, qa } = qaBranch();
    squashAndDrop(dir, "feat");
    expect(() => git(dir, "cat-file", "-e", `${qa}^{commit}`)).toThrow();
    expect(ids(dir, "SP-131", LOG)).toEqual([]);
    expect(ids(dir, "SP-130", LOG)).toEqual([]);
    withoutQaFingerprint(dir);
    expect(ids(dir, "SP-131", LOG)).toEqual(["qaCommitAbsent"]);
  });

  it("SP-131 qaContentEvidence stale: a rebase merge (QA's version landed) then the covered code changed before the end => qaReportIsStale (the true positive kept); other code changing keeps it valid", () => {
    const land = (after: (dir: string) => void) => {
      const { dir, qa } = qaBranch(after);
      git(dir, "checkout", "-q", "-b", "rebased", "feat");
      git(dir, "checkout", "-q", "main");
      writeTree(dir, { "docs/main.md": "# main moved\n" });
      commitAll(dir, "main moved");
      git(dir, "checkout", "-q", "rebased");
      git(dir, "rebase", "-q", "main");
      git(dir, "checkout", "-q", "main");
      git(dir, "merge", "-q", "--ff-only", "rebased");
      git(dir, "branch", "-q", "-D", "rebased");
      git(dir, "branch", "-q", "-D", "feat");
      forgetUnreachable(dir);
      expect(() => git(dir, "cat-file", "-e", `${qa}^{commit}`)).toThrow();
      return dir;
    };
    const stale = land((dir) => { writeTree(dir, { "src/a.ts": "a2\n" }); commitAll(dir, "covered code changed after QA"); });
    expect(ids(stale, "SP-131", LOG)).toEqual(["qaReportIsStale"]);
    const valid = land((dir) => { writeTree(dir, { "src/other.ts": "o2\n" }); commitAll(dir, "other code"); });
    expect(ids(valid, "SP-131", LOG)).toEqual([]);
  });
});

describe("issue-35 item 2: manifests and the MCP history record the fingerprint with the commit", () => {
  it("manifest commit records content_evidence (the blobs the commit wrote against its first parent); the manifest stays valid", () => {
    const dir = makeRepo({ "README.md": "# x\n" });
    expect(runCli(["manifest", "create", "--topic", "t", "--id", "m1", "--checkpoints", "1"], { cwd: dir }).code).toBe(0);
    writeTree(dir, { "src/a.ts": "a\n", "README.md": "# y\n" });
    git(dir, "add", "src/a.ts", "README.md"); // the work only (the manifest folder stays out of it)
    git(dir, "commit", "-q", "-m", "work");
    const sha = git(dir, "rev-parse", "HEAD");
    const r = runCli(["manifest", "commit", "m1", "HEAD", "--checkpoint", "1"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const show = runCli(["manifest", "show", "m1"], { cwd: dir });
    expect(show.code, show.stderr).toBe(0);
    const m = JSON.parse(show.stdout);
    const c = (m.manifest ?? m).commits[0];
    expect(c.sha).toBe(sha);
    expect(c.content_evidence).toEqual({ files: { "README.md": git(dir, "rev-parse", "HEAD:README.md"), "src/a.ts": git(dir, "rev-parse", "HEAD:src/a.ts") } });
    expect(c.content_evidence).toEqual(contentEvidence(dir, undefined, sha));
  });

  it("MCP session history: an entry's Content Evidence renders and parses back; entries without it (older files) still parse", () => {
    const e = { id: "s1", objective: "o", outcome: "COMPLETE" as const, commit: "a".repeat(40), summary: "s", decisions: [], nextNotes: "" };
    const withIt = { ...e, contentEvidence: { "src/a.ts": "b".repeat(40), "old.ts": "0" } };
    const text = renderHistory([withIt, e]);
    expect(text).toContain(`- **Content Evidence**: {"src/a.ts":"${"b".repeat(40)}","old.ts":"0"}`);
    expect(parseHistory(text)).toEqual([withIt, e]);
    expect(() => parseHistory(text.replace(`"old.ts":"0"`, `"old.ts":"nope"`))).toThrow(/Content Evidence/);
  });
});
