// pre-pr's git facts beyond the scope: the size of the branch (the PR-size rule). Which files a
// pre-PR run covers is answered by the one scope module, src/scope.ts (computeScope).
import { gitRawAsync, type GitResult } from "../git-run.js";

/** git's answer, or an Error naming the command with git's first stderr line (GitRepo.raw's text). */
async function answer(root: string, what: string, args: string[]): Promise<string> {
  let r: GitResult;
  try {
    r = await gitRawAsync(root, args);
  } catch (e) {
    throw new Error(`${what} failed: ${(e as Error).message}`);
  }
  if (r.status !== 0) {
    const first = r.stderr.split("\n").map((l) => l.trim()).find((l) => l.length > 0);
    throw new Error(`${what} failed: ${first ?? `git ${args[0]} exited ${r.status}`}`);
  }
  return r.stdout.toString("utf8");
}

/**
 * Commits and added lines since the merge-base (for the PR-size rule). A git command that fails
 * (a missing object in a partial clone or a damaged mirror) throws: the row says what failed
 * instead of sizing the branch at 0 commits or 0 added lines it never counted.
 * Both git processes start at once and run while the caller goes on (the working-tree diff is the
 * slowest question of a cached run: about 60 ms on a 1,500-log repository); the caller awaits the answer.
 */
export async function sizeFacts(root: string, mergeBase: string): Promise<{ commits: number; additions: number }> {
  const counted = answer(root, "git rev-list --count", ["rev-list", "--count", `${mergeBase}..HEAD`]);
  const diffed = answer(root, "git diff --numstat", ["diff", "--numstat", "-z", "--no-ext-diff", mergeBase, "--"]);
  diffed.catch(() => undefined); // awaited below, after the count (whose failure is said first)
  const count = Number((await counted).trim());
  if (!Number.isInteger(count)) throw new Error("git rev-list --count gave no number");
  const num = await diffed;
  let additions = 0;
  for (const rec of num.split("\0")) {
    const m = /^(\d+|-)\t/.exec(rec);
    if (m && m[1] !== "-") additions += Number(m[1]);
  }
  return { commits: count, additions };
}
