// Issue 33 ("Hostile input, round two"), item 8: "the SQLite index cuts strings at NUL" and "`check`
// passes an `.aibrain` task file that is a directory ('0 files checked') where `task load` fails".
// Real CLI processes in real repositories.
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, runCli } from "../helpers.js";
import { validManifest, writeSessions } from "../manifest/fixtures.js";

describe("issue 33 item 8: the SQLite session index keeps strings whole (NUL)", () => {
  it("`agentcheck index` then `sessions list`: topic, description, branch and base branch with NUL come back whole", () => {
    const id = "2026-02-14_feature-nul_a1b2c3";
    const m = validManifest(id);
    m.topic = "before\u0000after";
    m.description = "\u0000leading and trailing\u0000";
    m.git.branch = "feat/a\u0000b";
    m.git.worktree = "wt\u0000x";
    m.git.base_branch = "main\u0000";
    const root = writeSessions({ [id]: m }, { root: makeRepo() });
    const db = join(root, "index.sqlite");
    const idx = runCli(["index", "--root", root, "--db", db], { cwd: root });
    expect(idx.code, idx.stdout + idx.stderr).toBe(0);
    expect(JSON.parse(idx.stdout).added).toHaveLength(1);
    const ls = runCli(["sessions", "list", "--db", db], { cwd: root });
    expect(ls.code, ls.stderr).toBe(0);
    const [row] = JSON.parse(ls.stdout).sessions;
    expect(row).toMatchObject({
      session_id: id, topic: "before\u0000after", description: "\u0000leading and trailing\u0000",
      branch: "feat/a\u0000b", worktree: "wt\u0000x", base_branch: "main\u0000", checkpoints_completed: 2, commits: 1,
    });
    // filters still match (bound values are whole too)
    const byStatus = runCli(["sessions", "list", "--db", db, "--status", "active", "--phase", "build"], { cwd: root });
    expect(JSON.parse(byStatus.stdout).sessions.map((s: any) => s.session_id)).toEqual([id]);
    // unchanged on a second run: the stored manifest text hashes the same
    expect(JSON.parse(runCli(["index", "--root", root, "--db", db], { cwd: root }).stdout).unchanged).toBe(1);
  });
});

describe("issue 33 item 8: an .aibrain task file that is a directory", () => {
  for (const [where, rel] of [["active", ".aibrain/session-T1.md"], ["archived", ".aibrain/sessions/archive/session-T2.md"], ["a link to a folder", ".aibrain/session-T3.md"]] as const) {
    it(`${where}: check fails on it (AC-901, is a directory), as task load does; never "0 files checked"`, () => {
      const repo = makeRepo({ "README.md": "# r\n" });
      if (where === "a link to a folder") {
        mkdirSync(join(repo, ".aibrain", "sub"), { recursive: true });
        symlinkSync("sub", join(repo, rel));
      } else mkdirSync(join(repo, rel), { recursive: true });
      const r = runCli(["check", "--only", "aibrain", "--format", "json"], { cwd: repo });
      expect(r.code, r.stdout + r.stderr).toBe(1);
      const res = JSON.parse(r.stdout).results.filter((x: any) => x.validator === "aibrain");
      expect(res).toHaveLength(1);
      expect(res[0]).toMatchObject({ file: rel, verdict: "fail" });
      expect(res[0].findings.map((f: any) => f.ruleId)).toEqual(["AC-901"]);
      expect(res[0].findings[0].message).toMatch(/director/);
      if (where === "active") {
        const load = runCli(["task", "load", "T1"], { cwd: repo });
        expect(load.code).not.toBe(0);
        expect(load.stdout).toContain("a directory");
      }
    });
  }
});
