// pre-pr on an unchanged branch (issue 39 item 4): a cached run asks git no history question. The
// answer "did this off-history commit land by content" (SP-130, src/evidence/landed.ts) is kept beside
// the core results under HEAD's commit id and the commit's (src/derived-cache.ts): served again only
// for exactly those objects, computed again when HEAD moves. Counted git processes, never timed.
import { describe, it, expect } from "vitest";
import { readFileSync, writeFileSync, chmodSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { git, makeRepo, ROOT, runCli, tmpDir, writeTree } from "../helpers.js";

const LOG = ".agents/sessions/2026-01-07-session-1.json";

/**
 * main: a base commit, then the squash of branch `side` (its commit S is off main's history, its
 * content on it: "landed"); `feature`: a JSON session log citing S as its ending commit.
 */
function squashedRepo(): { dir: string; side: string } {
  const dir = makeRepo({ "README.md": "# Repo\n", "src/a.ts": "export const a = 1;\n" });
  git(dir, "checkout", "-q", "-b", "side");
  writeTree(dir, { "src/a.ts": "export const a = 2;\n" });
  git(dir, "commit", "-q", "-am", "side work");
  const side = git(dir, "rev-parse", "HEAD");
  git(dir, "checkout", "-q", "main");
  git(dir, "merge", "-q", "--squash", "side");
  git(dir, "commit", "-q", "-m", "squash of side");
  const base = git(dir, "rev-parse", "HEAD~1");
  git(dir, "checkout", "-q", "-b", "feature");
  const example = readFileSync(join(ROOT, "examples", "workspace", ".agents", "sessions", "2026-01-07-session-3.json"), "utf8");
  writeTree(dir, { [LOG]: example.replace('"d4e5f60"', `"${base.slice(0, 7)}"`).replace('"9f8e7d6"', `"${side.slice(0, 7)}"`) });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "session log");
  return { dir, side };
}

/** A PATH whose git logs each call's arguments (one line per process) before running the real one. */
function countingGit(): { path: string; log: string } {
  const bin = tmpDir("agentcheck-gitlog-");
  const log = join(bin, "calls.txt");
  const real = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
  writeFileSync(join(bin, "git"), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`);
  chmodSync(join(bin, "git"), 0o755);
  return { path: `${bin}:${process.env.PATH}`, log };
}

function prePr(dir: string, path: string, ...extra: string[]) {
  const env = { PATH: path, CI: undefined, QUICK_MODE: undefined, SKIP_TESTS: undefined };
  const r = runCli(["pre-pr", "--base", "main", "--only", "PP-001", "-f", "json", ...extra], { cwd: dir, env });
  const rows = JSON.parse(r.stdout).checks as { id: string; status: string; durationMs?: number; findings: { ruleId: string; message: string }[] }[];
  // the row without its duration (the one field two runs of the same input do not share)
  const { durationMs: _ms, ...pp001 } = rows.find((c) => c.id === "PP-001")!;
  return { ...r, pp001 };
}

const calls = (log: string) => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
const historyWalks = (log: string) => calls(log).filter((l) => /\blog\b.*--raw/.test(l));

describe("pre-pr cached run on an unchanged branch (issue 39 item 4, SP-130)", () => {
  it("SP-130: the second run reads no history (no git log --raw) and reports the same PP-001 row; a moved HEAD reads it again", () => {
    const { dir } = squashedRepo();
    const g = countingGit();
    const cold = prePr(dir, g.path, "--no-cache");
    expect(cold.stderr).toBe("");
    expect(historyWalks(g.log).length).toBe(1); // the landed-by-content check ran
    const coldCalls = calls(g.log).length;
    writeFileSync(g.log, "");
    const first = prePr(dir, g.path); // writes the cache
    expect(first.pp001).toEqual(cold.pp001);
    writeFileSync(g.log, "");
    const warm = prePr(dir, g.path);
    expect(warm.pp001).toEqual(cold.pp001);
    expect(historyWalks(g.log)).toEqual([]);
    expect(calls(g.log).length).toBeLessThan(coldCalls);
    // a new commit on the branch: another HEAD, another key; the history is read again
    writeTree(dir, { "notes.md": "# Notes\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "more");
    writeFileSync(g.log, "");
    const moved = prePr(dir, g.path);
    expect(historyWalks(g.log).length).toBe(1);
    expect(moved.pp001).toEqual(prePr(dir, g.path, "--no-cache").pp001);
  });

  it("SP-130: a stored answer is served only for the same HEAD; an edited (poisoned) one of the wrong shape is never served", () => {
    const { dir, side } = squashedRepo();
    const g = countingGit();
    const cold = prePr(dir, g.path, "--no-cache");
    prePr(dir, g.path);
    const file = join(dir, ".git", "agentcheck", "core-cache.json");
    const c = JSON.parse(readFileSync(file, "utf8")) as { derived: Record<string, { g: number; v: unknown }> };
    const keys = Object.keys(c.derived).filter((k) => k.startsWith("landed\0") && k.endsWith(`\0${side}`));
    expect(keys.length).toBe(1);
    // poison: "written 1 file, never on HEAD's history" (a stored answer is all the run has: proof of a hit)
    c.derived[keys[0]].v = { written: 1, otherContent: [], absent: ["src/a.ts"] };
    writeFileSync(file, JSON.stringify(c));
    const served = prePr(dir, g.path);
    expect(served.pp001).not.toEqual(cold.pp001);
    // the wrong shape: recomputed, the same row as a run without a cache
    c.derived[keys[0]].v = { written: "1" };
    writeFileSync(file, JSON.stringify(c));
    writeFileSync(g.log, "");
    const fixed = prePr(dir, g.path);
    expect(historyWalks(g.log).length).toBe(1);
    expect(fixed.pp001).toEqual(cold.pp001);
  });
});
