// pre-pr's git facts beyond the scope: the size of the branch (the PR-size rule). Which files a
// pre-PR run covers is answered by the one scope module, src/scope.ts (computeScope).
import { GitRepo } from "../git-run.js";

/**
 * Commits and added lines since the merge-base (for the PR-size rule). A git command that fails
 * (a missing object in a partial clone or a damaged mirror) throws: the row says what failed
 * instead of sizing the branch at 0 commits or 0 added lines it never counted.
 */
export async function sizeFacts(root: string, mergeBase: string): Promise<{ commits: number; additions: number }> {
  const g = new GitRepo(root);
  const run = (what: string, args: string[]): string => {
    try {
      return g.raw(args);
    } catch (e) {
      throw new Error(`${what} failed: ${(e as Error).message}`);
    }
  };
  const count = Number(run("git rev-list --count", ["rev-list", "--count", `${mergeBase}..HEAD`]).trim());
  if (!Number.isInteger(count)) throw new Error("git rev-list --count gave no number");
  const num = run("git diff --numstat", ["diff", "--numstat", "-z", "--no-ext-diff", mergeBase, "--"]);
  let additions = 0;
  for (const rec of num.split("\0")) {
    const m = /^(\d+|-)\t/.exec(rec);
    if (m && m[1] !== "-") additions += Number(m[1]);
  }
  return { commits: count, additions };
}

