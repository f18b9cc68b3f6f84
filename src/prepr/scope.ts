// The set of files a pre-PR run looks at: everything changed since the merge-base with the base
// branch (committed, staged, unstaged, untracked), or the whole repository with --all.
// Git facts only; read NUL-delimited so any file name works.
import { existsSync, lstatSync, statSync } from "node:fs";
import { join } from "node:path";
import { simpleGit, type SimpleGit } from "simple-git";
import { UsageError } from "../report.js";

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
}

export class Git {
  readonly sg: SimpleGit;
  constructor(readonly cwd: string) {
    this.sg = simpleGit({ baseDir: cwd, trimmed: false });
  }
  /** Output of a git command, or undefined when it failed (exit != 0). */
  async try(args: string[]): Promise<string | undefined> {
    try {
      return await this.sg.raw(args);
    } catch {
      return undefined;
    }
  }
}

/** The git top-level of `cwd` (worktree aware); a usage error outside a work tree. */
export async function gitTopLevel(cwd: string): Promise<string> {
  if (!existsSync(cwd)) throw new UsageError(`no such directory: ${cwd}`);
  const g = new Git(cwd);
  const out = (await g.try(["rev-parse", "--show-toplevel"]))?.trim();
  if (!out) throw new UsageError(`not inside a git work tree: ${cwd} (pre-pr needs git for its scope)`);
  return out;
}

async function verify(g: Git, ref: string): Promise<boolean> {
  const out = await g.try(["rev-parse", "--verify", "-q", `${ref}^{commit}`]);
  return !!out && out.trim().length > 0;
}

/** Base ref: explicit, else origin's default branch, else main, else master (local or origin/). */
export async function resolveBase(g: Git, explicit?: string): Promise<string> {
  if (explicit) {
    if (!(await verify(g, explicit))) {
      throw new UsageError(`base ref '${explicit}' not found (fetch it first, e.g. git fetch origin ${explicit.replace(/^origin\//, "")}, or use --all)`);
    }
    return explicit;
  }
  const head = (await g.try(["symbolic-ref", "-q", "--short", "refs/remotes/origin/HEAD"]))?.trim();
  const candidates = [...(head ? [head] : []), "main", "master", "origin/main", "origin/master"];
  for (const c of candidates) if (await verify(g, c)) return c;
  throw new UsageError("no base branch found (no origin/HEAD, main or master); pass --base <ref> or use --all");
}

function parseNameStatus(out: string): ChangedFile[] {
  const t = out.split("\0");
  const res: ChangedFile[] = [];
  let i = 0;
  while (i < t.length) {
    const st = t[i];
    if (!st) {
      i++;
      continue;
    }
    const code = st[0] as ChangeStatus;
    if (code === "R" || code === "C") {
      res.push({ status: code, oldPath: t[i + 1], path: t[i + 2] });
      i += 3;
    } else {
      res.push({ status: code, path: t[i + 1] });
      i += 2;
    }
  }
  return res;
}

/**
 * A path the checks must see: a regular file, any symlink that does not lead to a directory (dangling
 * links, loops, links out of the repository included) and special files (FIFOs, sockets, devices).
 * The bounded reader refuses the unreadable ones with a visible AC-901; they never drop out of the
 * scope silently (issue 11, issue 18 "A leak"). Directories (submodules) are not files.
 */
function isFileOnDisk(root: string, rel: string): boolean {
  const abs = join(root, rel);
  let lst;
  try {
    lst = lstatSync(abs);
  } catch {
    return false;
  }
  if (lst.isDirectory()) return false;
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
  const out = (await g.try(["ls-files", "-z", "--others", "--exclude-standard"])) ?? "";
  return out.split("\0").filter(Boolean);
}

export async function computeScope(root: string, opts: { all?: boolean; base?: string }): Promise<Scope> {
  const g = new Git(root);
  if (opts.all) {
    const out = await g.try(["ls-files", "-z", "--cached"]);
    if (out === undefined) throw new UsageError(`git ls-files failed in ${root}`);
    const set = new Set(out.split("\0").filter(Boolean));
    for (const p of await untracked(g)) set.add(p);
    const files = [...set].filter((p) => isFileOnDisk(root, p)).sort();
    return { kind: "all", root, changes: files.map((path) => ({ path, status: "M" as const })), files };
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
    const hasHead = await verify(g, "HEAD");
    throw new UsageError(
      hasHead ? `no merge-base between '${base}' and HEAD (unrelated histories?); pass another --base or use --all`
        : "the repository has no commits yet; use --all",
    );
  }
  const diff = await g.try(["diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", mb, "--"]);
  if (diff === undefined) throw new UsageError(`git diff against ${base} failed`);
  const changes = parseNameStatus(diff);
  const seen = new Set(changes.map((c) => c.path));
  for (const p of await untracked(g)) if (!seen.has(p)) changes.push({ path: p, status: "?" });
  changes.sort(byPath);
  const files = changes.filter((c) => c.status !== "D" && isFileOnDisk(root, c.path)).map((c) => c.path);
  return { kind: "changed", root, base, mergeBase: mb, changes, files };
}

/** Commits and added lines since the merge-base (for the PR-size rule). */
export async function sizeFacts(root: string, mergeBase: string): Promise<{ commits: number; additions: number }> {
  const g = new Git(root);
  const count = Number((await g.try(["rev-list", "--count", `${mergeBase}..HEAD`]))?.trim() ?? "0") || 0;
  const num = (await g.try(["diff", "--numstat", "-z", "--no-ext-diff", mergeBase, "--"])) ?? "";
  let additions = 0;
  for (const rec of num.split("\0")) {
    const m = /^(\d+|-)\t/.exec(rec);
    if (m && m[1] !== "-") additions += Number(m[1]);
  }
  return { commits: count, additions };
}

