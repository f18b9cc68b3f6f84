// Repository-bound JSON rules through the real CLI in temporary git repositories:
// mode selection (SP-120), SP-130, SP-131, SP-132 and SP-090 (spec §11.17).
import { describe, it, expect } from "vitest";
import { writeFileSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { runCli, makeRepo, git, tmpDir, writeTree, commitAll } from "../helpers.js";
import { validLog, item, type Json } from "./util.js";

const LOG = ".agents/sessions/2026-01-05-session-42.json";
const NOW = ["--now", "2026-01-06T12:00:00Z"];

interface Out {
  code: number;
  results: { file: string; verdict: string; data?: Record<string, string>; findings: { ruleId: string; severity: string; message: string }[] }[];
}

function check(cwd: string, args: string[] = []): Out {
  const r = runCli(["session-log", ...args, ...NOW, "-f", "json"], { cwd });
  if (r.code === 2) throw new Error(r.stderr);
  return { code: r.code, results: JSON.parse(r.stdout).results };
}
const findings = (o: Out, file = LOG) => o.results.find((r) => r.file === file)!.findings;
const byRule = (o: Out, id: string) => findings(o).filter((f) => f.ruleId === id);
const write = (dir: string, path: string, v: Json | string) => writeTree(dir, { [path]: typeof v === "string" ? v : JSON.stringify(v, null, 2) });

/** A repo with one commit (a README); returns [dir, sha]. */
function repo(): [string, string] {
  const dir = makeRepo({ "README.md": "# x\n" });
  return [dir, git(dir, "rev-parse", "HEAD")];
}

describe("mode selection on the host (SP-120)", () => {
  it("TC-574 / TC-576 (policy of issue 10): a log claiming completion is held to full mode whether untracked, staged, committed or modified; --mode wins", () => {
    const [dir] = repo();
    const fresh = validLog();
    fresh.protocolCompliance.sessionStart.handoffRead = item(false, "");
    write(dir, LOG, fresh);
    let o = check(dir);
    expect(o.results[0].data?.mode).toBe("full");
    expect(o.code).toBe(1);
    git(dir, "add", "-A");
    expect(check(dir).results[0].data?.mode).toBe("full");
    commitAll(dir);
    o = check(dir);
    expect(o.results[0].data?.mode).toBe("full");
    expect(check(dir, ["--mode", "record"]).results[0].data?.mode).toBe("record");
    expect(byRule(check(dir, ["--mode", "record"]), "SP-108")).toEqual([]);
    writeFileSync(join(dir, LOG), JSON.stringify(fresh));
    expect(check(dir).results[0].data?.mode).toBe("full");
    expect(check(dir, ["--mode", "creation"]).results[0].data?.mode).toBe("creation");
  });
  it("outside a git repository every log is validated in full mode and git rules are skipped with SP-090", () => {
    const dir = tmpDir();
    write(dir, LOG, validLog());
    const o = check(dir);
    expect(o.results[0].data?.mode).toBe("full");
    const infos = byRule(o, "SP-090");
    expect(infos.length).toBeGreaterThan(0);
    expect(infos[0].severity).toBe("info");
    expect(infos[0].message).toContain("not a git repository");
    expect(o.code).toBe(0);
  });
  it("TC-368 / TC-425 / TC-430: a missing JSON log => exit 2 and a one-line message naming it", () => {
    const [dir] = repo();
    const r = runCli(["session-log", "nope/2026-01-05-session-1.json", "-f", "json"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("2026-01-05-session-1.json");
  });
});

describe("SP-130 ending commit reachable", () => {
  function logAt(end: string): Json {
    const l = validLog();
    l.endingCommit = end;
    l.protocolCompliance.sessionEnd.qaValidation = item(true, "QA not needed for this test: see SP-131 tests", "SHOULD");
    return l;
  }
  it("TC-577 / TC-583: a reachable ending commit passes", () => {
    const [dir, sha] = repo();
    write(dir, LOG, logAt(sha.slice(0, 10)));
    const o = check(dir);
    expect(byRule(o, "SP-130")).toEqual([]);
    expect(byRule(o, "SP-090")).toEqual([]);
  });
  it("TC-578 / TC-582: a SHA that is no object, and a real commit off HEAD's history => errors naming the problem", () => {
    const [dir] = repo();
    git(dir, "checkout", "-q", "-b", "side");
    writeFileSync(join(dir, "side.txt"), "x");
    const side = commitAll(dir, "side");
    git(dir, "checkout", "-q", "main");
    write(dir, LOG, logAt("deadbeefdeadbeef"));
    let f = byRule(check(dir), "SP-130");
    expect(f).toHaveLength(1);
    expect(f[0].message).toContain("names no commit in this repository");
    write(dir, LOG, logAt(side));
    f = byRule(check(dir), "SP-130");
    expect(f).toHaveLength(1);
    expect(f[0].message).toContain("is not on HEAD's history and its changes are not either");
  });
  it("TC-577 / TC-578 / TC-582: a few commits are asked with merge-base --is-ancestor, many with one history walk; the verdicts are the same", () => {
    const [dir, first] = repo();
    writeFileSync(join(dir, "b.txt"), "b");
    const second = commitAll(dir, "second");
    git(dir, "checkout", "-q", "-b", "side");
    writeFileSync(join(dir, "side.txt"), "x");
    const side = commitAll(dir, "side");
    git(dir, "checkout", "-q", "main");
    const ends = [first.slice(0, 10), second, side, side.slice(0, 12), "deadbeefdeadbeef", "0123456"];
    const logs = ends.map((_, i) => `.agents/sessions/2026-01-05-session-${i + 1}.json`);
    ends.forEach((e, i) => write(dir, logs[i], logAt(e)));
    const traced = (args: string[]) => {
      const trace = join(tmpDir("agentcheck-trace-"), "trace.txt");
      const r = runCli(["session-log", ...args, ...NOW, "-f", "json"], { cwd: dir, env: { GIT_TRACE: trace } });
      const cmds = readFileSync(trace, "utf8").split("\n").filter((l) => l.includes("built-in: git ")).map((l) => l.slice(l.indexOf("built-in: git ") + 14));
      return { results: JSON.parse(r.stdout).results as Out["results"], cmds };
    };
    const sp130 = (rs: Out["results"], f: string) => rs.find((r) => r.file === f)!.findings.filter((x) => x.ruleId === "SP-130").map((x) => x.message);
    const all = traced(logs);
    expect(all.cmds.some((c) => c.startsWith("rev-list HEAD"))).toBe(true);
    expect(all.cmds.some((c) => c.startsWith("merge-base --is-ancestor"))).toBe(false);
    const verdicts = logs.map((l) => sp130(all.results, l));
    expect(verdicts.map((v) => v.length)).toEqual([0, 0, 1, 1, 1, 1]);
    for (const [i, l] of logs.entries()) {
      const one = traced([l]);
      expect(sp130(one.results, l)).toEqual(verdicts[i]);
      expect(one.cmds.some((c) => c.startsWith("rev-list HEAD"))).toBe(false);
    }
    expect(traced([logs[2]]).cmds.filter((c) => c.startsWith("merge-base --is-ancestor"))).toEqual([`merge-base --is-ancestor ${side} HEAD`]);
  });
  it("TC-577 / TC-582: a short SHA two commits share, and an annotated tag's id: one log gives the verdict five logs give", () => {
    // two root commits whose ids share the prefix 7174d7d (messages m15700 and m19388, fixed dates):
    // the first is HEAD's root, the second an unreachable object
    const dir = tmpDir("agentcheck-ambiguous-");
    git(dir, "init", "-q", "-b", "main");
    const env = { GIT_AUTHOR_NAME: "a", GIT_AUTHOR_EMAIL: "a@b", GIT_AUTHOR_DATE: "1700000000 +0000", GIT_COMMITTER_NAME: "a", GIT_COMMITTER_EMAIL: "a@b", GIT_COMMITTER_DATE: "1700000000 +0000" };
    const empty = execFileSync("git", ["hash-object", "-t", "tree", "-w", "--stdin"], { cwd: dir, input: "", encoding: "utf8" }).trim();
    const root = execFileSync("git", ["commit-tree", empty, "-m", "m15700"], { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8" }).trim();
    const other = execFileSync("git", ["commit-tree", empty, "-m", "m19388"], { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8" }).trim();
    expect([root.slice(0, 7), other.slice(0, 7)]).toEqual(["7174d7d", "7174d7d"]);
    git(dir, "reset", "-q", root);
    git(dir, "tag", "-a", "v1", "-m", "release");
    const tagId = git(dir, "rev-parse", "v1");
    const ends = ["7174d7d", tagId, root, "deadbee", "0123456"];
    const logs = ends.map((_, i) => `.agents/sessions/2026-01-05-session-${i + 1}.json`);
    ends.forEach((e, i) => write(dir, logs[i], logAt(e)));
    commitAll(dir, "logs");
    const sp130 = (o: Out, f: string) => findings(o, f).filter((x) => x.ruleId === "SP-130").map((x) => x.message);
    const all = check(dir, [...logs]);
    for (const [i, l] of logs.entries()) expect(sp130(check(dir, [l]), l)).toEqual(sp130(all, l));
    expect(sp130(all, logs[0])).toEqual([]);
    expect(sp130(all, logs[1])).toHaveLength(1);
  });
  it("TC-579: a value starting with '-' never reaches git (schema error only)", () => {
    const [dir] = repo();
    write(dir, LOG, logAt("--output=/tmp/x"));
    const o = check(dir);
    expect(byRule(o, "SP-130")).toEqual([]);
    expect(byRule(o, "SP-102").length).toBe(1);
  });
  it("TC-580: shallow clone => skipped with SP-090", () => {
    const [src] = repo();
    writeFileSync(join(src, "b.txt"), "b");
    commitAll(src);
    const dir = join(tmpDir(), "clone");
    git(tmpDir(), "clone", "-q", "--depth", "1", `file://${src}`, dir);
    write(dir, LOG, logAt("deadbeefdeadbeef"));
    const o = check(dir);
    expect(byRule(o, "SP-130")).toEqual([]);
    expect(byRule(o, "SP-090").map((f) => f.message).join()).toContain("shallow clone");
  });
  it("TC-584: record mode (--mode record) never rechecks the ending commit", () => {
    const [dir] = repo();
    write(dir, LOG, logAt("deadbeefdeadbeef"));
    commitAll(dir);
    const o = check(dir, ["--mode", "record"]);
    expect(o.results[0].data?.mode).toBe("record");
    expect(byRule(o, "SP-130")).toEqual([]);
  });
});

describe("SP-132 QA skip scope", () => {
  function scopeRepo(files: Record<string, string>, label = "SKIPPED: docs-only"): string {
    const [dir, start] = repo();
    writeTree(dir, files);
    const end = commitAll(dir, "work");
    const l = validLog();
    l.session.startingCommit = start;
    l.endingCommit = end;
    l.protocolCompliance.sessionEnd.qaValidation = item(true, label);
    write(dir, LOG, l);
    return dir;
  }
  it("TC-568: docs-only changes => eligible", () => {
    expect(byRule(check(scopeRepo({ "docs/a.md": "x", ".agents/sessions/other.json": "{}" })), "SP-132")).toEqual([]);
  });
  it("TC-569: code in a docs-only scope => error naming the paths", () => {
    const f = byRule(check(scopeRepo({ "docs/a.md": "x", "src/a.ts": "x" })), "SP-132");
    expect(f).toHaveLength(1);
    expect(f[0].message).toBe("QA docs-only scope includes disqualifying changes: src/a.ts");
  });
  it("TC-569: investigation-only allows only the allowlist", () => {
    const label = "SKIPPED: investigation-only";
    expect(byRule(check(scopeRepo({ ".agents/analysis/a.md": "x", ".serena/memories/m.md": "x" }, label)), "SP-132")).toEqual([]);
    const f = byRule(check(scopeRepo({ ".agents/analysis/a.md": "x", ".agents/planning/p.md": "x" }, label)), "SP-132");
    expect(f[0].message).toBe("QA investigation-only scope includes disqualifying changes: .agents/planning/p.md");
  });
  it("TC-568 / TC-569: names git prints C-quoted (a quote, a backslash, a tab) are read as the names themselves, one log or two", () => {
    const files = { 'docs/say "hi".md': "x", "docs/back\\slash.md": "x", "docs/tab\there.md": "x", "docs/caf\u00e9.md": "x" };
    const dir = scopeRepo(files);
    expect(byRule(check(dir), "SP-132")).toEqual([]);
    // two logs: the ranges go through one git diff-tree (the batch) instead of one git diff
    const other = ".agents/sessions/2026-01-05-session-43.json";
    const copy = JSON.parse(readFileSync(join(dir, LOG), "utf8"));
    copy.session.startingCommit = copy.session.startingCommit.slice(0, 10); // another range key: two ranges, one batch
    write(dir, other, copy);
    const o = check(dir);
    expect(byRule(o, "SP-132")).toEqual([]);
    expect(findings(o, other).filter((f) => f.ruleId === "SP-132")).toEqual([]);
    const bad = scopeRepo({ ...files, 'src/"q".ts': "x" });
    expect(byRule(check(bad), "SP-132").map((f) => f.message)).toEqual(['QA docs-only scope includes disqualifying changes: src/"q".ts']);
  });
  it("TC-569 (fail closed): an unknown commit in the range => cannot be verified", () => {
    const dir = scopeRepo({ "docs/a.md": "x" });
    const l = JSON.parse(readFileSync(join(dir, LOG), "utf8"));
    l.session.startingCommit = "abcdef1234567";
    write(dir, LOG, l);
    const f = byRule(check(dir), "SP-132");
    expect(f[0].message).toMatch(/^QA docs-only scope cannot be verified: git diff failed/);
  });
  it("SP-132: skip evidence without start and end commits => error, in every mode", () => {
    const [dir] = repo();
    const l = validLog();
    l.endingCommit = "";
    l.protocolCompliance.sessionEnd.changesCommitted = item(false, "");
    l.protocolCompliance.sessionEnd.qaValidation = item(true, "SKIPPED: docs-only");
    write(dir, LOG, l);
    for (const mode of ["full", "creation", "record"]) {
      const f = byRule(check(dir, ["--mode", mode]), "SP-132");
      expect(f[0].message).toBe("QA docs-only scope cannot be verified: startingCommit and endingCommit are required");
    }
  });
});

describe("SP-131 QA report bound to the session", () => {
  const QA = ".agents/qa/042-parser.md";
  function qaRepo(front: (sha: string) => string, after?: Record<string, string>): string {
    const [dir] = repo();
    writeTree(dir, { "src/a.ts": "x" });
    const qaSha = commitAll(dir, "code");
    writeTree(dir, { [QA]: front(qaSha) + "\n# QA report\n" });
    commitAll(dir, "qa");
    if (after) { writeTree(dir, after); commitAll(dir, "after"); }
    const l = validLog();
    l.endingCommit = git(dir, "rev-parse", "HEAD");
    l.protocolCompliance.sessionEnd.qaValidation = item(true, `QA report: \`${QA}\``);
    write(dir, LOG, l);
    return dir;
  }
  const fm = (verdict: string, log: string, commit: string) => `---\nqaVerdict: ${verdict}\nqaSessionLog: ${log}\nqaCommit: ${commit}\n---`;
  const good = (sha: string) => fm("PASS", LOG, sha);
  it("TC-544 / TC-551 / TC-562: a passing report for this session and commit => accepted", () => {
    expect(byRule(check(qaRepo(good)), "SP-131")).toEqual([]);
  });
  it("TC-552 / TC-558 / TC-566: only evidence files changed after the QA commit => accepted", () => {
    expect(byRule(check(qaRepo(good, { ".agents/sessions/notes.md": "x", ".serena/memories/m.md": "y" })), "SP-131")).toEqual([]);
  });
  it("TC-553 / TC-564: code changed after the QA commit => stale", () => {
    const f = byRule(check(qaRepo(good, { "src/b.ts": "y" })), "SP-131");
    expect(f[0].message).toMatch(/^QA report \.agents\/qa\/042-parser\.md is stale: code it covered changed after its commit [0-9a-f]{40}\./);
  });
  it("TC-560 (by content since issue 35): code touched then reverted after QA => the content QA saw is unchanged, accepted", () => {
    const dir = qaRepo(good, { "src/c.ts": "tmp" });
    git(dir, "rm", "-q", "src/c.ts");
    git(dir, "commit", "-q", "-m", "revert");
    const l = JSON.parse(readFileSync(join(dir, LOG), "utf8"));
    l.endingCommit = git(dir, "rev-parse", "HEAD");
    write(dir, LOG, l);
    expect(byRule(check(dir), "SP-131")).toEqual([]);
  });
  it.each(["DEFERRED", "FAIL", "WARN", "UNKNOWN", "pass"])("TC-546 / TC-564: verdict %s => rejected", (v) => {
    const f = byRule(check(qaRepo((sha) => fm(v, LOG, sha))), "SP-131");
    expect(f[0].message).toContain(`qaVerdict is '${v}', not PASS`);
  });
  it("TC-547: missing, unclosed, incomplete and duplicated front matter => rejected with reasons", () => {
    const cases: [(sha: string) => string, string][] = [
      [() => "# no front matter", "no YAML front matter"],
      [(sha) => `---\nqaVerdict: PASS\nqaCommit: ${sha}\n`, "not closed"],
      [(sha) => `---\nqaVerdict: PASS\nqaCommit: ${sha}\n---`, "needs qaVerdict, qaSessionLog and qaCommit"],
      [(sha) => `---\nqaVerdict: PASS\nqaVerdict: PASS\nqaSessionLog: ${LOG}\nqaCommit: ${sha}\n---`, "repeats the key qaVerdict"],
    ];
    for (const [front, why] of cases) expect(byRule(check(qaRepo(front)), "SP-131")[0].message).toContain(why);
  });
  it.each([
    ["/abs/x.json", "absolute"], ["../x.json", "'..'"], [".agents\\sessions\\x.json", "backslashes"],
    [".agents/sessions/2026-01-05-session-42.md", "does not name a .json"], ["docs/x.json", "outside .agents/sessions/"],
    [".agents/sessions/2026-01-05-session-7.json", "not this session"],
  ])("TC-548 / TC-550: qaSessionLog %s => rejected (%s)", (p, why) => {
    expect(byRule(check(qaRepo((sha) => fm("PASS", p, sha))), "SP-131")[0].message).toContain(why);
  });
  it("TC-549: qaCommit of 39 / 41 chars, upper case, 10 chars => rejected", () => {
    for (const bad of [(s: string) => s.slice(0, 39), (s: string) => s + "a", (s: string) => s.toUpperCase(), (s: string) => s.slice(0, 10)]) {
      expect(byRule(check(qaRepo((sha) => fm("PASS", LOG, bad(sha)))), "SP-131")[0].message).toContain("qaCommit must be a full 40-character");
    }
  });
  it("SP-131 / SP-114: a required qaValidation demoted to SHOULD, incomplete and justified, still needs a report (was a pass)", () => {
    const [dir] = repo();
    const l = validLog();
    l.endingCommit = git(dir, "rev-parse", "HEAD");
    l.protocolCompliance.sessionEnd.qaValidation = item(false, "QA agent unavailable in this harness", "SHOULD");
    write(dir, LOG, l);
    const o = check(dir);
    expect(byRule(o, "SP-114")).toEqual([]);
    expect(byRule(o, "SP-131").map((f) => f.message)).toEqual([
      "QA evidence must name a report under .agents/qa/ (or be exactly 'SKIPPED: docs-only' or 'SKIPPED: investigation-only')",
    ]);
    expect(o.code).toBe(1);
  });
  it("SP-131: an incomplete qaValidation naming a passing report bound to this session => the report is read and accepted", () => {
    const dir = qaRepo(good);
    const l = JSON.parse(readFileSync(join(dir, LOG), "utf8"));
    l.protocolCompliance.sessionEnd.qaValidation.complete = false;
    l.protocolCompliance.sessionEnd.qaValidation.level = "SHOULD";
    write(dir, LOG, l);
    expect(byRule(check(dir), "SP-131")).toEqual([]);
    const stale = qaRepo(good, { "src/b.ts": "y" });
    const s = JSON.parse(readFileSync(join(stale, LOG), "utf8"));
    s.protocolCompliance.sessionEnd.qaValidation.complete = false;
    s.protocolCompliance.sessionEnd.qaValidation.level = "SHOULD";
    write(stale, LOG, s);
    expect(byRule(check(stale), "SP-131")[0].message).toContain(" is stale: code it covered changed");
  });
  it("TC-561: a QA commit outside the history => fail closed", () => {
    const f = byRule(check(qaRepo(() => fm("PASS", LOG, "1".repeat(40)))), "SP-131");
    expect(f[0].message).toContain("names no commit in this repository");
  });
  it("TC-545 / TC-564: report missing, or evidence naming no report => error", () => {
    const [dir] = repo();
    const l = validLog();
    l.endingCommit = git(dir, "rev-parse", "HEAD");
    l.protocolCompliance.sessionEnd.qaValidation = item(true, "QA report: .agents/qa/none.md.");
    write(dir, LOG, l);
    expect(byRule(check(dir), "SP-131")[0].message).toBe("QA report not found: .agents/qa/none.md (no such file)");
    l.protocolCompliance.sessionEnd.qaValidation = item(true, "qa agent approved");
    write(dir, LOG, l);
    expect(byRule(check(dir), "SP-131")[0].message).toContain("QA evidence must name a report under .agents/qa/");
  });
  it("TC-565 / TC-567: verified skip evidence needs no report; record and creation modes defer the binding", () => {
    const [dir] = repo();
    const l = validLog();
    l.protocolCompliance.sessionEnd.qaValidation = item(true, "qa agent approved");
    write(dir, LOG, l);
    expect(byRule(check(dir, ["--mode", "record"]), "SP-131")).toEqual([]);
    expect(byRule(check(dir, ["--mode", "creation"]), "SP-131")).toEqual([]);
  });
  it("TC-555 / TC-556 / TC-563: endingCommit disagreeing with episodeMetrics.comparison.head => warning only", () => {
    const dir = qaRepo(good);
    const l = JSON.parse(readFileSync(join(dir, LOG), "utf8"));
    l.episodeMetrics = { comparison: { head: "abcdef0123456" } };
    write(dir, LOG, l);
    let f = byRule(check(dir), "SP-131");
    expect(f).toHaveLength(1);
    expect(f[0].severity).toBe("warning");
    l.episodeMetrics.comparison.head = l.endingCommit.slice(0, 9);
    write(dir, LOG, l);
    expect(byRule(check(dir), "SP-131")).toEqual([]);
  });
});
