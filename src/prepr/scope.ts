// The set of files a pre-PR run looks at: everything changed since the merge-base with the base
// branch (committed, staged, unstaged, untracked), or the whole repository with --all.
// Git facts only; read NUL-delimited so any file name works. The name-status parser and the base-ref
// order are the run scope's (src/scope.ts); git runs through src/git-run.ts.
import { existsSync, lstatSync, realpathSync, statSync, type Stats } from "node:fs";
import { join, sep } from "node:path";
import { UsageError } from "../report.js";
import { GitRepo, gitDirs, gitVerify } from "../git-run.js";
import { parseNameStatusAll, resolveBaseRef } from "../scope.js";

export type ChangeStatus = "A" | "M" | "D" | "R" | "C" | "T" | "U" | "?";

export interface ChangedFile {
  /** Repo-relative path, forward slashes. */
  path: string;
  status: ChangeStatus;
  /** Previous path of a rename or copy. */
  oldPath?: string;
}

export interface Scope {
  kind: "changed" | "all";
  root: string;
  /** Base ref as given or resolved (changed scope only). */
  base?: string;
  mergeBase?: string;
  /** Every changed path (including deletions), sorted by path. */
  changes: ChangedFile[];
  /** Paths in scope that exist in the working tree, sorted. */
  files: string[];
  /**
   * What the scope's file test learned, for the bounded reads of the run's checks (src/fsread.ts
   * ReadOptions): each file's lstat, and the resolved folders (one realpath per folder).
   */
  reads?: { entries: Map<string, Stats>; realDirs: Map<string, string> };
}

/** pre-pr's checks ask git through the one git layer's handle (src/git-run.ts). */
export const Git = GitRepo;
export type Git = GitRepo;

function tryGit(cwd: string, args: string[]): string | undefined {
  return new GitRepo(cwd).try(args);
}

/** The git top-level of `cwd` (worktree aware); a usage error outside a work tree. */
export async function gitTopLevel(cwd: string): Promise<string> {
  if (!existsSync(cwd)) throw new UsageError(`no such directory: ${cwd}`);
  // the one git layer's answer (found from `.git` without a git process in the common layouts);
  // inside the git directory itself git's own answer (an error: not a work tree)
  const dirs = gitDirs(cwd);
  if (dirs) {
    const real = realpathSync(cwd);
    if (real !== dirs.gitDir && !real.startsWith(`${dirs.gitDir}${sep}`)) return dirs.top;
  }
  const out = tryGit(cwd, ["rev-parse", "--show-toplevel"])?.trim();
  if (!out) throw new UsageError(`not inside a git work tree: ${cwd} (pre-pr needs git for its scope)`);
  return out;
}

/** Base ref: the one base-ref policy of src/scope.ts (resolveBaseRef), with pre-pr's messages. */
export async function resolveBase(g: Git | string, explicit?: string): Promise<string> {
  const root = typeof g === "string" ? g : g.cwd;
  const b = resolveBaseRef(root, explicit);
  if (b.ref) return b.ref;
  if (b.explicit !== undefined) {
    throw new UsageError(`base ref '${b.explicit}' not found (fetch it first, e.g. git fetch origin ${b.explicit.replace(/^origin\//, "")}, or use --all)`);
  }
  throw new UsageError(`no base branch found (tried ${b.tried.join(", ")}); pass --base <ref> or use --all`);
}

function toChangedFiles(out: string): ChangedFile[] {
  return parseNameStatusAll(out).map((e) => ({ status: e.status as ChangeStatus, path: e.path, ...(e.from !== undefined ? { oldPath: e.from } : {}) }));
}

/**
 * A path the checks must see: a regular file, any symlink that does not lead to a directory (dangling
 * links, loops, links out of the repository included) and special files (FIFOs, sockets, devices).
 * The bounded reader refuses the unreadable ones with a visible AC-901; they never drop out of the
 * scope silently (issue 11, issue 18 "A leak"). Directories (submodules) are not files.
 */
function isFileOnDisk(root: string, rel: string, entries?: Map<string, Stats>): boolean {
  const abs = join(root, rel);
  let lst;
  try {
    lst = lstatSync(abs);
  } catch (e) {
    // git names the file in bytes that are not UTF-8: the decoded name (U+FFFD in their place) opens
    // nothing, but the file is there. It stays in scope: the reader reports it (AC-901), never a drop.
    return (e as NodeJS.ErrnoException).code === "ENOENT" && rel.includes("\ufffd");
  }
  if (lst.isDirectory()) return false;
  entries?.set(rel, lst);
  if (!lst.isSymbolicLink()) return true;
  try {
    return !statSync(abs).isDirectory();
  } catch {
    return true; // dangling or a loop: reported by the reader
  }
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** Untracked, not ignored files. */
async function untracked(g: Git): Promise<string[]> {
  // a listing git cannot give is an error, never "no untracked files" (a new log would leave the scope)
  let out: string;
  try {
    out = g.raw(["ls-files", "-z", "--others", "--exclude-standard"]);
  } catch (e) {
    throw new UsageError(`git ls-files --others failed: ${(e as Error).message}`);
  }
  return out.split("\0").filter(Boolean);
}

export async function computeScope(root: string, opts: { all?: boolean; base?: string }): Promise<Scope> {
  const g = new Git(root);
  if (opts.all) {
    // tracked and untracked-not-ignored files in one git process (the ignore rules apply to the
    // untracked ones only; an unmerged path is listed once per stage, hence the set)
    const out = await g.try(["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
    if (out === undefined) throw new UsageError(`git ls-files failed in ${root}`);
    const set = new Set(out.split("\0").filter(Boolean));
    const reads = { entries: new Map<string, Stats>(), realDirs: new Map<string, string>() };
    const files = [...set].filter((p) => isFileOnDisk(root, p, reads.entries)).sort();
    return { kind: "all", root, changes: files.map((path) => ({ path, status: "M" as const })), files, reads };
  }
  const base = await resolveBase(g, opts.base);
  const mb = (await g.try(["merge-base", base, "HEAD"]))?.trim();
  if (!mb) {
    const shallow = (await g.try(["rev-parse", "--is-shallow-repository"]))?.trim() === "true";
    if (shallow) {
      throw new UsageError(
        `shallow clone: no merge-base of '${base}' and HEAD in the fetched history; fetch the full history ` +
          "(git fetch --unshallow, or actions/checkout with fetch-depth: 0) or use --all",
      );
    }
    const hasHead = gitVerify(root, "HEAD") !== undefined;
    throw new UsageError(
      hasHead ? `no merge-base between '${base}' and HEAD (unrelated histories?); pass another --base or use --all`
        : "the repository has no commits yet; use --all",
    );
  }
  // git's own reason (a missing object of a partial or damaged clone, …) goes into the message
  let diff: string;
  try {
    diff = g.raw(["diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", mb, "--"]);
  } catch (e) {
    throw new UsageError(`git diff against ${base} failed: ${(e as Error).message}`);
  }
  const changes = toChangedFiles(diff);
  const seen = new Set(changes.map((c) => c.path));
  for (const p of await untracked(g)) if (!seen.has(p)) changes.push({ path: p, status: "?" });
  changes.sort(byPath);
  const reads = { entries: new Map<string, Stats>(), realDirs: new Map<string, string>() };
  const files = changes.filter((c) => c.status !== "D" && isFileOnDisk(root, c.path, reads.entries)).map((c) => c.path);
  return { kind: "changed", root, base, mergeBase: mb, changes, files, reads };
}

/**
 * Commits and added lines since the merge-base (for the PR-size rule). A git command that fails
 * (a missing object in a partial clone or a damaged mirror) throws: the row says what failed
 * instead of sizing the branch at 0 commits or 0 added lines it never counted.
 */
export async function sizeFacts(root: string, mergeBase: string): Promise<{ commits: number; additions: number }> {
  const g = new Git(root);
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

