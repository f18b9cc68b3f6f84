// Issue 39 item 2: in a run that walks HEAD's history, the diff-tree of the files the cited commits
// wrote starts as soon as the logs' first pass names them (prefetchWritten), before they are
// classified. The classification must be the one a run without it gives, whichever of the commits
// the prefetch asked about (commits cited later are asked on their own), and however it ends.
import { afterEach, describe, expect, it } from "vitest";
import { git, makeRepo, tmpDir, writeTree } from "../helpers.js";
import { GitRepo, dateOrder, resolveCommitIds } from "../../dist/git-run.js";
import { classifyCommits, prefetchWritten, startHeadWalk } from "../../dist/evidence/landed.js";

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

const commitAll = (dir: string, msg: string) => {
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", msg);
  return git(dir, "rev-parse", "HEAD");
};

/**
 * main with commits of its own (ancestors), a squash-merged branch (its commits landed by content),
 * a branch never merged (off HEAD's history, not landed) and a commit that wrote nothing new.
 */
function history(): { dir: string; ancestors: string[]; landed: string[]; off: string[] } {
  const dir = makeRepo({ "README.md": "r\n", "src/keep.ts": "k\n" });
  const ancestors = [git(dir, "rev-parse", "HEAD")];
  for (let i = 0; i < 3; i++) {
    writeTree(dir, { [`docs/${i}.md`]: `${i}\n` });
    ancestors.push(commitAll(dir, `main ${i}`));
  }
  git(dir, "checkout", "-q", "-b", "feat");
  const landed: string[] = [];
  for (let i = 0; i < 3; i++) {
    writeTree(dir, { [`src/f${i}.ts`]: `f${i}\n` });
    landed.push(commitAll(dir, `feat ${i}`));
  }
  git(dir, "checkout", "-q", "main");
  git(dir, "merge", "-q", "--squash", "feat");
  ancestors.push(commitAll(dir, "squash feat"));
  git(dir, "checkout", "-q", "-b", "lost");
  const off: string[] = [];
  for (let i = 0; i < 3; i++) {
    writeTree(dir, { [`src/lost${i}.ts`]: `l${i}\n`, "src/keep.ts": `k${i}\n` });
    off.push(commitAll(dir, `lost ${i}`));
  }
  git(dir, "checkout", "-q", "main");
  return { dir, ancestors, landed, off };
}

/** classifyCommits in a run whose walk of HEAD was started, with or without the prefetch of `ahead`. */
async function classify(dir: string, shas: string[], ahead?: string[]): Promise<Map<string, string[]>> {
  const repo = new GitRepo(dir);
  try {
    startHeadWalk(repo);
    if (ahead !== undefined) prefetchWritten(repo, ahead);
    return await classifyCommits(repo, shas);
  } finally {
    repo.close();
  }
}

describe("the cited commits' diff-tree started ahead (prefetchWritten)", () => {
  it("classifies every commit as a run without it does: ancestors, landed, off-history, missing, short SHAs", async () => {
    const { dir, ancestors, landed, off } = history();
    const shas = [...ancestors, ...landed.map((s) => s.slice(0, 9)), ...off, "0123456789abcdef0123456789abcdef01234567", "deadbeef"];
    const plain = await classify(dir, shas);
    expect(plain.get(landed[0].slice(0, 9))?.[0]).toBe("landed");
    expect(plain.get(off[0])?.[0]).toBe("off-history");
    expect(plain.get(ancestors[1])?.[0]).toBe("ancestor");
    expect(plain.get("deadbeef")).toEqual(["missing"]);
    expect(await classify(dir, shas, shas)).toEqual(plain);
  });

  it("commits cited after the prefetch (a QA report's) are asked on their own, with the same answers", async () => {
    const { dir, ancestors, landed, off } = history();
    const shas = [...ancestors, ...landed, ...off];
    const plain = await classify(dir, shas);
    // the prefetch knew only some of the commits: the others' changes come from a diff-tree of their own
    expect(await classify(dir, shas, [...ancestors, landed[0], off[1], off[2], "deadbeef"])).toEqual(plain);
  });

  it("a run whose commits are all on HEAD's history, and a prefetch whose git fails, change nothing", async () => {
    const { dir, ancestors, landed, off } = history();
    expect(await classify(dir, ancestors, ancestors)).toEqual(await classify(dir, ancestors));
    // git gone after the prefetch started: the classification fails as it does without one (nothing checked)
    const shas = [...ancestors, ...landed, ...off];
    const repo = new GitRepo(dir);
    try {
      startHeadWalk(repo);
      prefetchWritten(repo, shas);
      process.env.PATH = tmpDir();
      const broken = await classifyCommits(repo, [...shas, "cafe1234"]);
      expect([...broken.values()].some((f) => f[0] === "landed")).toBe(false);
    } finally {
      repo.close();
    }
  });
});

describe("one run's answers kept by its repository handle", () => {
  it("resolveCommitIds asks git only for revisions the handle has not resolved", () => {
    const { dir, ancestors, off } = history();
    const repo = new GitRepo(dir);
    const first = resolveCommitIds(repo, [ancestors[0].slice(0, 8), off[0], "nope"]);
    expect(first?.get(off[0])).toBe(off[0]);
    expect(first?.get("nope")).toBeUndefined();
    process.env.PATH = tmpDir(); // no git from here on
    expect(resolveCommitIds(repo, [off[0], "nope"])).toEqual(new Map([[off[0], off[0]], ["nope", undefined]]));
    expect(resolveCommitIds(repo, [off[1]])).toBeUndefined();
  });

  it("dateOrder places commits of its last order without git, a few others after them", () => {
    const { dir, ancestors, landed, off } = history();
    const repo = new GitRepo(dir);
    const all = [...ancestors, ...landed, ...off];
    const order = dateOrder(repo, all);
    expect(new Set(order)).toEqual(new Set(all));
    process.env.PATH = tmpDir(); // no git from here on
    const some = [all[5], all[1], all[9], all[3]];
    expect(dateOrder(repo, some)).toEqual([...some].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    const unknown = "f".repeat(40);
    const most = [...all.slice(0, 10), unknown];
    expect(dateOrder(repo, most)).toEqual([...order.filter((id) => most.includes(id)), unknown]);
  });
});
