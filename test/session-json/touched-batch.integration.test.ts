// SP-131's staleness check reads, per log, the files that differ between <qaCommit> and the end of its
// window (HEAD for a session in progress; fact git.diff.<range>, by content since issue 35). With
// many logs the host gathers all ranges with one cat-file and one `git diff-tree --stdin`
// (src/validators/session-json-facts.ts changedFacts) instead of one git process per range; the
// facts must be exactly what the per-range `git diff --name-only --no-renames a b` gives.
// Real git repositories with merges, a reverted change, a side branch and a commit that does not exist.
import { describe, it, expect } from "vitest";
import { readFileSync, existsSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { prepareJsonSessions } from "../../dist/validators/session-json-facts.js";
import { KIND } from "../../dist/wasm/abi.js";
import { runCli, makeRepo, git, tmpDir, writeTree, commitAll } from "../helpers.js";
import { validLog, item } from "./util.js";

const front = (log: string, sha: string) => `---\nqaVerdict: PASS\nqaSessionLog: ${log}\nqaCommit: ${sha}\n---\n# QA\n`;

/** What one `git log` of the range says: every file touched, once, sorted (the per-range fact). */
function perRange(dir: string, range: string): string[] {
  const out = git(dir, "log", "--no-renames", "--name-only", "--format=", range);
  return [...new Set(out.split("\n").map((l) => l.trim()).filter((l) => l.length > 0))].sort();
}

/**
 * main: c1 .. c6 with a merged side branch (its own commits and a merge commit), a change reverted
 * later, a file renamed; `side2` is a branch never merged. Logs cite QA reports at commits all over
 * that graph, including one on side2 (not an ancestor of HEAD) and one that does not exist.
 */
function graphRepo(): { dir: string; shas: Record<string, string> } {
  const dir = makeRepo({ "README.md": "# x\n", "src/keep.ts": "k" });
  const shas: Record<string, string> = { c0: git(dir, "rev-parse", "HEAD") };
  writeTree(dir, { "src/a.ts": "a" });
  shas.c1 = commitAll(dir, "c1");
  git(dir, "checkout", "-q", "-b", "side");
  writeTree(dir, { "src/side.ts": "s", "docs/side.md": "# s\n" });
  shas.s1 = commitAll(dir, "s1");
  git(dir, "checkout", "-q", "main");
  writeTree(dir, { "src/b.ts": "b" });
  shas.c2 = commitAll(dir, "c2");
  git(dir, "merge", "-q", "--no-ff", "-m", "merge side", "side");
  shas.m = git(dir, "rev-parse", "HEAD");
  writeTree(dir, { "src/tmp.ts": "t" });
  shas.c3 = commitAll(dir, "c3");
  git(dir, "revert", "--no-edit", "HEAD");
  shas.c4 = git(dir, "rev-parse", "HEAD");
  git(dir, "mv", "src/a.ts", "src/renamed.ts");
  shas.c5 = commitAll(dir, "c5");
  git(dir, "checkout", "-q", "-b", "side2", shas.c2);
  writeTree(dir, { "src/never.ts": "n" });
  shas.s2 = commitAll(dir, "s2");
  git(dir, "checkout", "-q", "main");
  writeTree(dir, { "src/last.ts": "l" });
  shas.c6 = commitAll(dir, "c6");
  shas.missing = "0123456789abcdef0123456789abcdef01234567";
  return { dir, shas };
}

/** One log per cited commit, each citing its own QA report; committed, so the logs are judged in full. */
function writeLogs(dir: string, cited: string[]): string[] {
  const files: string[] = [];
  const tree: Record<string, string> = {};
  cited.forEach((sha, i) => {
    const log = `.agents/sessions/2026-01-0${(i % 9) + 1}-session-${10 + i}.json`;
    const qa = `.agents/qa/${10 + i}-report.md`;
    const l = validLog();
    l.session.number = 10 + i;
    l.protocolCompliance.sessionEnd.qaValidation = item(true, `QA report: \`${qa}\``);
    l.endingCommit = ""; // a session in progress: SP-131's window after QA ends at HEAD
    tree[log] = JSON.stringify(l, null, 2);
    tree[qa] = front(log, sha);
    files.push(log);
  });
  writeTree(dir, tree);
  commitAll(dir, "logs");
  return files;
}

/** What `git diff --name-only --no-renames a b` says (the per-range fact, by content). */
const perDiff = (dir: string, a: string, b: string) =>
  [...new Set(git(dir, "diff", "--name-only", "--no-renames", a, b).split("\n").map((l) => l.trim()).filter((l) => l.length > 0))].sort();

describe("SP-131: changed files of many qaCommit..HEAD ranges (by content), gathered in one batch", () => {
  it("SP-131: every range's fact equals its own git diff (merges, revert, rename, side branch, root commit)", async () => {
    const { dir, shas } = graphRepo();
    const cited = [shas.c0, shas.c1, shas.s1, shas.c2, shas.m, shas.c3, shas.c5, shas.s2, shas.c6];
    const files = writeLogs(dir, cited);
    const docs = files.map((file) => ({ file, kind: KIND.SESSION_JSON, flags: 0, bytes: new Uint8Array(readFileSync(join(dir, file))) }));
    const facts = await prepareJsonSessions(dir, docs);
    for (const sha of cited) {
      const range = `${sha}..HEAD`;
      expect(facts[`git.diff.${range}`], range).toEqual(perDiff(dir, sha, "HEAD"));
    }
    // the side branch commit: what HEAD has that s2 has not
    expect(facts[`git.diff.${shas.s2}..HEAD`]).toContain("src/side.ts");
    // issue 35: by content, a change reverted later is no change
    expect(facts[`git.diff.${shas.c2}..HEAD`]).not.toContain("src/tmp.ts");
  });

  it("SP-131: a qaCommit that does not exist gets an error fact without a git process of its own; the others are batched", async () => {
    const { dir, shas } = graphRepo();
    const files = writeLogs(dir, [shas.c1, shas.missing, shas.c3]);
    const docs = files.map((file) => ({ file, kind: KIND.SESSION_JSON, flags: 0, bytes: new Uint8Array(readFileSync(join(dir, file))) }));
    const facts = await prepareJsonSessions(dir, docs);
    expect(facts[`git.diff.${shas.c1}..HEAD`]).toEqual(perDiff(dir, shas.c1, "HEAD"));
    expect(facts[`git.diff.${shas.c3}..HEAD`]).toEqual(perDiff(dir, shas.c3, "HEAD"));
    expect(facts[`git.diff.${shas.missing}..HEAD`]).toBeUndefined();
    expect(String(facts[`git.diffError.${shas.missing}..HEAD`])).toMatch(new RegExp(`^git diff failed for ${shas.missing}\\.\\.HEAD: .*${shas.missing}`));
  });

  it("SP-131: the CLI runs no git log or diff per range when there are several, and reports the same stale findings", () => {
    const { dir, shas } = graphRepo();
    const cited = [shas.c1, shas.c3, shas.c5];
    writeLogs(dir, cited);
    const trace = join(tmpDir("agentcheck-trace-"), "trace.txt");
    const r = runCli(["session-log", "--now", "2026-01-10T12:00:00Z", "-f", "json"], { cwd: dir, env: { GIT_TRACE: trace } });
    expect(r.code).toBe(1);
    const cmds = existsSync(trace) ? readFileSync(trace, "utf8").split("\n").filter((l) => l.includes("built-in: git ")) : [];
    expect(cmds.filter((c) => c.includes("..HEAD"))).toEqual([]);
    expect(cmds.filter((c) => c.includes("built-in: git diff-tree --stdin"))).toHaveLength(1);
    const stale = JSON.parse(r.stdout).results.flatMap((x: { findings: { ruleId: string; message: string }[] }) => x.findings)
      .filter((f: { ruleId: string; message: string }) => f.ruleId === "SP-131" && f.message.includes(" is stale: "))
      .map((f: { message: string }) => f.message).sort();
    // each report is stale when code differs between its commit and HEAD (.agents/ left out); the message names no file
    const expected = cited.map((sha, i) => {
      const code = perDiff(dir, sha, "HEAD").filter((f) => !f.startsWith(".agents/"));
      return code.length > 0 ? `QA report .agents/qa/${10 + i}-report.md is stale: code it covered changed after its commit ${sha}. Run QA again and commit a new report` : undefined;
    }).filter((m) => m !== undefined).sort();
    expect(stale.length).toBeGreaterThan(0);
    expect(stale).toEqual(expected);
  });
});

describe("SP-131: a folder's worth of logs, read in two parts (the newest third first)", () => {
  it("SP-131: the ranges of QA reports cited by old and new logs, and by both, equal their own git diff", async () => {
    const { dir, shas } = graphRepo();
    // 120 logs: the first two and the last three cite QA reports (one range in both parts), the others none
    const cited = [shas.c1, shas.c3, shas.c5, shas.s2, shas.c1];
    const tree: Record<string, string> = {};
    const files: string[] = [];
    for (let i = 0; i < 120; i++) {
      const log = `.agents/sessions/2026-03-01-session-${100 + i}.json`;
      const l = validLog();
      l.session.number = 100 + i;
      const k = i < 2 ? i : i >= 117 ? i - 115 : -1;
      if (k >= 0) {
        const qa = `.agents/qa/${100 + i}-report.md`;
        l.protocolCompliance.sessionEnd.qaValidation = item(true, `QA report: \`${qa}\``);
        l.endingCommit = "";
        tree[qa] = front(log, cited[k]);
      }
      tree[log] = JSON.stringify(l, null, 2);
      files.push(log);
    }
    writeTree(dir, tree);
    commitAll(dir, "logs");
    const docs = files.map((file) => ({ file, kind: KIND.SESSION_JSON, flags: 0, bytes: new Uint8Array(readFileSync(join(dir, file))) }));
    const keys = new Map<string, string[]>();
    const facts = await prepareJsonSessions(dir, docs, undefined, undefined, keys);
    for (const sha of new Set(cited)) expect(facts[`git.diff.${sha}..HEAD`], sha).toEqual(perDiff(dir, sha, "HEAD"));
    expect(keys.get(files[0])).toContain(`${shas.c1}..HEAD`);
    expect(keys.get(files[119])).toContain(`${shas.c1}..HEAD`);
    expect(keys.get(files[117])).toContain(`${shas.c5}..HEAD`);
    expect(keys.get(files[50]) ?? []).not.toContain(`${shas.c1}..HEAD`);
  });
});

describe("SP-132: changed files of many skip-scope ranges, one git diff-tree for all", () => {
  function skipLogs(dir: string, ranges: [string, string][]): string[] {
    const tree: Record<string, string> = {};
    const files = ranges.map(([a, b], i) => {
      const log = `.agents/sessions/2026-02-0${i + 1}-session-${30 + i}.json`;
      const l = validLog();
      l.session.number = 30 + i;
      l.session.startingCommit = a;
      l.endingCommit = b;
      l.protocolCompliance.sessionEnd.qaValidation = item(true, "SKIPPED: docs-only");
      tree[log] = JSON.stringify(l, null, 2);
      return log;
    });
    writeTree(dir, tree);
    commitAll(dir, "skip logs");
    return files;
  }

  it("SP-132: every range's fact equals its own git diff (a merge end, a side branch, an empty range, abbreviated SHAs)", async () => {
    const { dir, shas } = graphRepo();
    const ranges: [string, string][] = [
      [shas.c0, shas.c2], [shas.c1, shas.m], [shas.c2, shas.c2], [shas.s2, shas.c6], [shas.c3.slice(0, 9), shas.c5.slice(0, 12)],
    ];
    const files = skipLogs(dir, ranges);
    const docs = files.map((file) => ({ file, kind: KIND.SESSION_JSON, flags: 0, bytes: new Uint8Array(readFileSync(join(dir, file))) }));
    const facts = await prepareJsonSessions(dir, docs);
    for (const [a, b] of ranges) expect(facts[`git.diff.${a}..${b}`], `${a}..${b}`).toEqual(perDiff(dir, a, b));
    expect(facts[`git.diff.${shas.c2}..${shas.c2}`]).toEqual([]);
    expect(facts[`git.diff.${shas.c1}..${shas.m}`]).toContain("src/side.ts"); // the merge compared with c1, not with its own parents
  });

  it("SP-132: diff.ignoreSubmodules=all leaves a changed submodule out, as git diff does", async () => {
    const { dir, shas } = graphRepo();
    const gitlink = (sha: string, msg: string) => {
      git(dir, "update-index", "--add", "--cacheinfo", `160000,${sha},vendor/sm`);
      git(dir, "commit", "-q", "-m", msg);
      return git(dir, "rev-parse", "HEAD");
    };
    const g1 = gitlink(shas.c1, "submodule at c1");
    writeTree(dir, { "docs/n.md": "# n\n" });
    const d = commitAll(dir, "docs");
    const g2 = gitlink(shas.c2, "submodule at c2");
    git(dir, "config", "diff.ignoreSubmodules", "all");
    const ranges: [string, string][] = [[shas.c6, g2], [g1, g2], [shas.c6, d]];
    const files = skipLogs(dir, ranges);
    const docs = files.map((file) => ({ file, kind: KIND.SESSION_JSON, flags: 0, bytes: new Uint8Array(readFileSync(join(dir, file))) }));
    const facts = await prepareJsonSessions(dir, docs);
    for (const [a, b] of ranges) expect(facts[`git.diff.${a}..${b}`], `${a}..${b}`).toEqual(perDiff(dir, a, b));
    expect(facts[`git.diff.${g1}..${g2}`]).toEqual(["docs/n.md"]);
  });

  it("SP-132: a range with a commit that does not exist gets an error naming it, without a git process of its own; the CLI spawns one diff-tree for the rest", () => {
    const { dir, shas } = graphRepo();
    skipLogs(dir, [[shas.c0, shas.c2], [shas.c3, shas.c5], [shas.c1, shas.missing]]);
    const trace = join(tmpDir("agentcheck-trace-"), "trace.txt");
    const r = runCli(["session-log", "--now", "2026-02-10T12:00:00Z", "-f", "json"], { cwd: dir, env: { GIT_TRACE: trace } });
    expect(r.code).toBe(1);
    const cmds = readFileSync(trace, "utf8").split("\n").filter((l) => l.includes("built-in: git "));
    expect(cmds.filter((c) => c.includes("built-in: git diff-tree --stdin"))).toHaveLength(1);
    // the commit the cat-file batch found missing gets its error fact without a git diff of its own (issue 35)
    expect(cmds.filter((c) => c.includes("built-in: git diff --name-only --no-renames") && !c.includes(" -- "))).toEqual([]);
    const sp132 = JSON.parse(r.stdout).results.flatMap((x: { findings: { ruleId: string; message: string }[] }) => x.findings)
      .filter((f: { ruleId: string }) => f.ruleId === "SP-132").map((f: { message: string }) => f.message).sort();
    // c0..c2 and c3..c5 change code under a docs-only skip; the missing commit cannot be verified
    expect(sp132).toHaveLength(3);
    expect(sp132.filter((m: string) => m.startsWith("QA docs-only scope includes disqualifying changes: "))).toHaveLength(2);
    expect(sp132.some((m: string) => m.includes("cannot be verified") && m.includes(shas.missing))).toBe(true);
  });
});

describe("SP-131: signed commits under log.showSignature=true", () => {
  it.skipIf(spawnSync("ssh-keygen", ["-?"]).error !== undefined)("SP-131: signature lines never become touched files (log.showSignature=false for every git process)", async () => {
    const { dir, shas } = graphRepo();
    const key = join(tmpDir("agentcheck-key-"), "id");
    spawnSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key]);
    const signers = join(dir, "..", "allowed-signers");
    writeFileSync(signers, `test@example.com ${readFileSync(`${key}.pub`, "utf8")}`);
    for (const [k, v] of [["gpg.format", "ssh"], ["user.signingkey", key], ["commit.gpgsign", "true"], ["gpg.ssh.allowedSignersFile", signers], ["log.showSignature", "true"]]) git(dir, "config", k, v);
    writeTree(dir, { "src/signed.ts": "s" });
    const signed = commitAll(dir, "signed");
    expect(git(dir, "log", "--no-show-signature", "-1", "--format=%G?", signed)).toBe("G");
    expect(perRange(dir, `${shas.c6}..HEAD`).some((f) => /signature/i.test(f))).toBe(true); // what a plain git log gives here
    const cited = [shas.c5, shas.c6, signed];
    const files = writeLogs(dir, cited);
    const docs = files.map((file) => ({ file, kind: KIND.SESSION_JSON, flags: 0, bytes: new Uint8Array(readFileSync(join(dir, file))) }));
    const facts = await prepareJsonSessions(dir, docs);
    for (const sha of cited) {
      const list = facts[`git.diff.${sha}..HEAD`] as string[];
      expect(list.filter((f) => /signature/i.test(f)), sha).toEqual([]);
      expect(list).toEqual(perDiff(dir, sha, "HEAD"));
    }
    expect(facts[`git.diff.${shas.c6}..HEAD`]).toContain("src/signed.ts");
  });
});

describe("SP-131/SP-132: non-ASCII file names reach the core as they are, not C-quoted", () => {
  it("SP-131: a commit after the QA report that only adds .agents/sessions/café.md leaves the report fresh; src/naïve.ts makes it stale, its name reaching the core as is", async () => {
    const { dir, shas } = graphRepo();
    const files = writeLogs(dir, [shas.c6, shas.c6]);
    writeTree(dir, { ".agents/sessions/café-notes.md": "# notes\n" });
    commitAll(dir, "notes");
    const run = () => JSON.parse(runCli(["session-log", ...files, "--now", "2026-01-10T12:00:00Z", "-f", "json"], { cwd: dir }).stdout).results
      .flatMap((x: { findings: { ruleId: string; message: string }[] }) => x.findings)
      .filter((f: { ruleId: string; message: string }) => f.ruleId === "SP-131" && f.message.includes(" is stale: "))
      .map((f: { message: string }) => f.message);
    // the logs' own commit (after c6) holds only .agents/ files: fresh
    expect(run()).toEqual([]);
    writeTree(dir, { "src/naïve.ts": "x" });
    commitAll(dir, "code");
    expect(run()).toHaveLength(2);
    const docs = files.map((file) => ({ file, kind: KIND.SESSION_JSON, flags: 0, bytes: new Uint8Array(readFileSync(join(dir, file))) }));
    const facts = await prepareJsonSessions(dir, docs);
    expect(facts[`git.diff.${shas.c6}..HEAD`]).toContain("src/naïve.ts");
  });
});
