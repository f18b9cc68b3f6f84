// Issue 39 (speed): one walk of HEAD's history per run (src/evidence/landed.ts headWalk) answers the
// content check (containment, historyBlobs) and SP-130's merged-log question (arrivedByMerge), which
// had its own `git log --first-parent` over the logs' folders. The answer read from the shared walk
// must be the one git's own first-parent log gives, on histories with merges of every kind.
import { describe, it, expect } from "vitest";
import { makeRepo, git, writeTree, commitAll } from "../helpers.js";
import { GitRepo } from "../../dist/git-run.js";
import { arrivedByMerge, historyBlobs } from "../../dist/evidence/landed.js";


/** A history with a no-ff merge bringing a log, a merge that takes the side's version of a log main also wrote, a log main changed after a merge brought it, and an evil merge. */
function mergedHistory(): string {
  const dir = makeRepo({ "README.md": "r\n", ".agents/sessions/2026-01-01-session-1.json": "{}\n" });
  git(dir, "checkout", "-q", "-b", "side");
  writeTree(dir, { ".agents/sessions/2026-01-02-session-2.json": "{\"side\":1}\n", "src/a.ts": "a\n" });
  commitAll(dir, "side: log 2");
  writeTree(dir, { ".agents/sessions/2026-01-03-session-3.json": "{\"side\":3}\n" });
  commitAll(dir, "side: log 3");
  git(dir, "checkout", "-q", "main");
  writeTree(dir, { ".agents/sessions/2026-01-04-session-4.json": "{\"main\":4}\n" });
  commitAll(dir, "main: log 4");
  git(dir, "merge", "-q", "--no-ff", "-m", "merge side", "side");
  // main changes log 3 after the merge brought it: the branch's own from then on
  writeTree(dir, { ".agents/sessions/2026-01-03-session-3.json": "{\"main\":3}\n" });
  commitAll(dir, "main: edit log 3");
  // a second side branch whose merge also writes a file of its own (an evil merge)
  git(dir, "checkout", "-q", "-b", "side2");
  writeTree(dir, { ".agents/sessions/2026-01-05-session-5.json": "{\"side2\":5}\n", "docs/x.md": "x\n" });
  commitAll(dir, "side2: log 5");
  git(dir, "checkout", "-q", "main");
  writeTree(dir, { "docs/y.md": "y\n" });
  commitAll(dir, "main: docs");
  git(dir, "merge", "-q", "--no-ff", "--no-commit", "side2");
  writeTree(dir, { ".agents/sessions/2026-01-06-session-6.json": "{\"evil\":6}\n" });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "merge side2 (evil)");
  return dir;
}

const LOGS = [1, 2, 3, 4, 5, 6].map((n) => `.agents/sessions/2026-01-0${n}-session-${n}.json`).concat([".agents/sessions/never-committed.json", "top.json"]);

describe("issue 39: HEAD's history walked once per run (SP-130 merged logs)", () => {
  it("SP-130: arrivedByMerge read from the shared walk equals git's own first-parent log of the logs' folders", async () => {
    const dir = mergedHistory();
    const alone = await arrivedByMerge(new GitRepo(dir), LOGS);
    const shared = new GitRepo(dir);
    await historyBlobs(shared, new Set(LOGS)); // the walk the content check starts
    const fromWalk = await arrivedByMerge(shared, LOGS);
    expect(alone).toEqual([".agents/sessions/2026-01-02-session-2.json", ".agents/sessions/2026-01-05-session-5.json", ".agents/sessions/2026-01-06-session-6.json"]);
    expect(fromWalk).toEqual(alone);
  });

  it("SP-130: the root folder and a second folder are matched as git matches them, from the walk too", async () => {
    const dir = mergedHistory();
    const paths = [...LOGS, "README.md", "docs/x.md", "docs/y.md"];
    const alone = await arrivedByMerge(new GitRepo(dir), paths);
    const shared = new GitRepo(dir);
    await historyBlobs(shared, new Set(paths));
    expect(await arrivedByMerge(shared, paths)).toEqual(alone);
    expect(alone).toContain("docs/x.md");
    expect(alone).not.toContain("docs/y.md");
  });

  it("SP-130: a folder with glob characters is left to git's pathspec (same answer as the dedicated log)", async () => {
    const dir = makeRepo({ "logs[1]/a.json": "{}\n", "logs1/b.json": "{}\n" });
    git(dir, "checkout", "-q", "-b", "side");
    writeTree(dir, { "logs[1]/c.json": "{}\n", "logs1/d.json": "{}\n" });
    commitAll(dir, "side");
    git(dir, "checkout", "-q", "main");
    writeTree(dir, { "README.md": "r\n" });
    commitAll(dir, "main");
    git(dir, "merge", "-q", "--no-ff", "-m", "merge", "side");
    const paths = ["logs[1]/a.json", "logs[1]/c.json", "logs1/b.json", "logs1/d.json"];
    const alone = await arrivedByMerge(new GitRepo(dir), paths);
    const shared = new GitRepo(dir);
    await historyBlobs(shared, new Set(paths));
    expect(await arrivedByMerge(shared, paths)).toEqual(alone);
  });

  it("SP-130: one git log --raw for the content check and the merged-log question together", async () => {
    const dir = mergedHistory();
    const shared = new GitRepo(dir);
    const calls: string[][] = [];
    const once = shared.once.bind(shared);
    shared.once = <T>(args: string[], parse: (out: string | undefined) => T) => {
      calls.push(args);
      return once(args, parse);
    };
    const h = await historyBlobs(shared, new Set([".agents/sessions/2026-01-03-session-3.json"]));
    expect(h?.blobs.get(".agents/sessions/2026-01-03-session-3.json")?.size).toBe(2); // the side's version and main's edit
    await arrivedByMerge(shared, LOGS);
    await historyBlobs(shared, new Set(["README.md"]));
    expect(new Set(calls.map((a) => a.join(" "))).size).toBe(1);
  });
});
