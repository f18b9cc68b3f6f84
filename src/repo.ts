// Repository location and path helpers (no rule logic).
import { existsSync, statSync, readdirSync, type Dirent, type Stats } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { cleanTail, isInside } from "./fsread.js";

/** The nearest ancestor of `start` (inclusive) that has a .git entry, or undefined. */
export function findRepoRoot(start: string): string | undefined {
  let dir = resolve(start);
  try {
    if (!statSync(dir).isDirectory()) dir = dirname(dir);
  } catch {
    dir = dirname(dir);
  }
  for (;;) {
    if (existsSync(join(dir, ".git"))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** Path relative to root with forward slashes. */
export function toRepoPath(abs: string, root: string): string {
  const tail = cleanTail(abs, root);
  if (tail !== undefined) return tail;
  const rel = relative(root, abs);
  return rel.split(sep).join("/");
}

export { isInside };

/**
 * Entries directly in `dir` whose names end with one of `exts` (lower-case), sorted: regular files,
 * symlinks and special files (FIFOs, sockets, devices), so that the bounded reader refuses the
 * latter with a visible AC-901 instead of them being skipped silently. Directories are left out.
 */
export function listFiles(dir: string, exts: string[], entries?: Map<string, Dirent | Stats>): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) continue;
    const lower = e.name.toLowerCase();
    if (!exts.some((x) => lower.endsWith(x))) continue;
    const f = join(dir, e.name);
    out.push(f);
    entries?.set(f, e); // for the bounded read (src/fsread.ts ReadOptions.entry)
  }
  return out.sort();
}
