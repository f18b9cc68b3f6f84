// Where pre-pr keeps its caches: <git common dir>/agentcheck/ (shared by linked worktrees, never in
// the work tree). Found from the file system when it can be (no git process), else by asking git.
import { existsSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { readTextOrThrow } from "../fsread.js";
import { gitDirs, GitRepo } from "../git-run.js";

const memo = new Map<string, string | undefined>();

function commonDir(root: string): string | undefined {
  const d = gitDirs(root);
  if (d && !process.env.GIT_COMMON_DIR) {
    const f = join(d.gitDir, "commondir");
    if (!existsSync(f)) return d.gitDir;
    try {
      const rel = readTextOrThrow(f, { maxBytes: 64 * 1024, root: d.gitDir, rootLabel: "the git directory" }).trim();
      if (rel) return isAbsolute(rel) ? rel : resolve(d.gitDir, rel);
    } catch {
      /* ask git */
    }
  }
  const out = new GitRepo(root).try(["rev-parse", "--git-common-dir"])?.trim();
  return out ? (isAbsolute(out) ? out : join(root, out)) : undefined;
}

/** A cache file's path inside the repository's git directory, or undefined outside a repository. */
export function cacheFilePath(root: string, name: string): string | undefined {
  let dir = memo.get(root);
  if (!memo.has(root)) {
    dir = commonDir(root);
    memo.set(root, dir);
  }
  return dir ? join(dir, "agentcheck", name) : undefined;
}
