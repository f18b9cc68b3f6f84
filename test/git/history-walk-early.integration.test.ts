// Issue 39 (speed): HEAD's history walk started ahead (src/evidence/landed.ts startHeadWalk) also
// answers the markdown logs' "commit that last changed the log" (lastChangesFromWalk, instead of a
// `git log --name-only -- <folders>` of its own) and the commit lookups' `git rev-list HEAD`. Each
// answer read from the walk must be git's own; where the walk cannot tell (a merge that changed the
// folders: git's simplified history may then follow another parent) it gives none and git is asked.
import { describe, it, expect } from "vitest";
import { makeRepo, git, writeTree, commitAll } from "../helpers.js";
import { GitRepo } from "../../dist/git-run.js";
import { classifyCommits, headWalkStarted, historyBlobs, lastChangesFromWalk, startHeadWalk } from "../../dist/evidence/landed.js";


const LOG_A = ".agents/sessions/2026-01-01-session-1.md";
const LOG_B = ".agents/sessions/2026-01-02-session-2.md";
const LOG_C = ".agents/sessions/2026-01-03-session-3.md";
const FILES = [LOG_A, LOG_B, LOG_C];
const DIRS = [".agents/sessions"];

/** git's own answer: the first commit `git log --name-only --no-renames -- <dirs>` lists each file under. */
function gitsLastChanges(dir: string, dirs: string[], files: string[]): Map<string, string> {
  const out = new Map<string, string>();
  let commit = "";
  for (const l of git(dir, "log", "--format=%x01%H", "--name-only", "--no-renames", "--", ...dirs).split("\n")) {
    if (l.startsWith("\u0001")) commit = l.slice(1).trim();
    else if (l.length > 0 && files.includes(l) && !out.has(l)) out.set(l, commit);
  }
  return out;
}

async function fromWalk(dir: string, dirs = DIRS, files = FILES): Promise<Map<string, string> | undefined> {
  const g = new GitRepo(dir);
  startHeadWalk(g);
  return lastChangesFromWalk(g, dirs, files);
}

describe("issue 39: HEAD's walk started ahead answers the last change of each log", () => {
  it("a linear history: the walk names git's commits (a file changed twice: the later commit)", async () => {
    const dir = makeRepo({ [LOG_A]: "a\n", "README.md": "r\n" });
    writeTree(dir, { [LOG_B]: "b\n" });
    commitAll(dir, "b");
    writeTree(dir, { [LOG_A]: "a2\n", "src/x.ts": "x\n" });
    commitAll(dir, "a again");
    writeTree(dir, { "README.md": "r2\n" });
    commitAll(dir, "readme");
    const walk = await fromWalk(dir);
    expect(walk).toEqual(gitsLastChanges(dir, DIRS, FILES));
    expect(walk?.size).toBe(2);
  });

  it("a merge that discards the side's change to a log (merge -s ours): git never lists the side commit, nor does the walk", async () => {
    const dir = makeRepo({ [LOG_A]: "a\n" });
    git(dir, "checkout", "-q", "-b", "side");
    writeTree(dir, { [LOG_A]: "side edit\n", [LOG_C]: "side only\n" });
    const side = commitAll(dir, "side: edit log a, add log c");
    git(dir, "checkout", "-q", "main");
    writeTree(dir, { "README.md": "main\n" });
    commitAll(dir, "main: readme");
    git(dir, "merge", "-q", "-s", "ours", "-m", "merge side, keeping main's tree", "side");
    const walk = await fromWalk(dir);
    const own = gitsLastChanges(dir, DIRS, FILES);
    expect(walk).toEqual(own);
    expect([...own.values()]).not.toContain(side);
    expect(own.has(LOG_C)).toBe(false);
  });

  it("a merge that brought a log (the last change is the side's commit): the walk gives no answer, git's own log is asked", async () => {
    const dir = makeRepo({ [LOG_A]: "a\n", "README.md": "r\n" });
    git(dir, "checkout", "-q", "-b", "side");
    writeTree(dir, { [LOG_B]: "from side\n" });
    const side = commitAll(dir, "side: log b");
    git(dir, "checkout", "-q", "main");
    writeTree(dir, { "README.md": "r2\n" });
    commitAll(dir, "main: readme");
    git(dir, "merge", "-q", "--no-ff", "-m", "merge side", "side");
    expect(gitsLastChanges(dir, DIRS, FILES).get(LOG_B)).toBe(side);
    expect(await fromWalk(dir)).toBeUndefined();
  });

  it("found before a merge that changed the folders: the answer stands (git lists the same commits up to there)", async () => {
    const dir = makeRepo({ [LOG_A]: "a\n", "README.md": "r\n" });
    git(dir, "checkout", "-q", "-b", "side");
    writeTree(dir, { [LOG_B]: "from side\n" });
    commitAll(dir, "side: log b");
    git(dir, "checkout", "-q", "main");
    git(dir, "merge", "-q", "--no-ff", "-m", "merge side", "side");
    writeTree(dir, { [LOG_A]: "a2\n" });
    commitAll(dir, "main: log a");
    const walk = await fromWalk(dir, DIRS, [LOG_A]);
    expect(walk).toEqual(gitsLastChanges(dir, DIRS, [LOG_A]));
    expect(walk?.size).toBe(1);
  });

  it("no answer unless the walk was started, or for a folder git reads as a pattern", async () => {
    const dir = makeRepo({ [LOG_A]: "a\n" });
    expect(await lastChangesFromWalk(new GitRepo(dir), DIRS, FILES)).toBeUndefined();
    expect(await fromWalk(dir, [".agents/sess*"], FILES)).toBeUndefined();
    expect(await fromWalk(dir, ["."], [LOG_A])).toEqual(gitsLastChanges(dir, ["."], [LOG_A]));
  });
});

describe("issue 39: the walk started ahead, and ended with the run", () => {
  it("the commit lookups read HEAD's commits from the finished walk: the same classes as with rev-list", async () => {
    const dir = makeRepo({ [LOG_A]: "a\n" });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      writeTree(dir, { [`f${i}.txt`]: `${i}\n` });
      ids.push(commitAll(dir, `c${i}`));
    }
    git(dir, "checkout", "-q", "-b", "gone");
    writeTree(dir, { "off.txt": "off\n" });
    const off = commitAll(dir, "off history");
    git(dir, "checkout", "-q", "main");
    const shas = [...ids.map((s) => s.slice(0, 9)), off, "deadbeef"];
    const alone = await classifyCommits(new GitRepo(dir), shas);
    const g = new GitRepo(dir);
    startHeadWalk(g);
    await historyBlobs(g, new Set()); // the walk has finished
    const calls: string[] = [];
    const raw = g.raw.bind(g);
    g.raw = (args: string[], input?: Buffer | string) => {
      calls.push(args.join(" "));
      return raw(args, input);
    };
    expect(await classifyCommits(g, shas)).toEqual(alone);
    expect(calls.some((c) => c.startsWith("rev-list"))).toBe(false);
    expect(alone.get(off)?.[0]).toBe("off-history");
  });

  it("close() ends a walk no question awaited; a walk not started is not started by asking whether it was", async () => {
    const dir = makeRepo({ [LOG_A]: "a\n" });
    const g = new GitRepo(dir);
    expect(headWalkStarted(g)).toBe(false);
    startHeadWalk(g);
    expect(headWalkStarted(g)).toBe(true);
    g.close();
    // ended before it answered: no history (a caller keeps its own answer), never an exception
    expect(await historyBlobs(g, new Set([LOG_A]))).toBeUndefined();
  });
});
