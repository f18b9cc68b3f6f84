// Path containment, the floor under the bounded reader (src/fsread.ts) and the confined writer
// (src/fswrite.ts): whether a path lies inside a root, a path with its existing links resolved, and the
// root a file named on the command line is confined to. It reads and writes no file (lstat and realpath
// only), so the reader and the writer share it without either importing the other.
import { lstatSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, posix, relative, resolve, sep } from "node:path";

/** Whether anything is at `abs`, a dangling or looping link included (existsSync follows links). */
export function lexists(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

/**
 * The part of `p` below `root` when `p` is exactly `root` + "/" + a clean tail (no empty, "." or ".."
 * segment), else undefined. POSIX only. The common case of isInside and toRepoPath, without the cost
 * of path.relative (about 10 µs per call before the JIT warms up: milliseconds over a few hundred logs).
 */
export function cleanTail(p: string, root: string): string | undefined {
  if (sep !== "/" || root.length < 2 || root.endsWith("/") || p.length <= root.length + 1) return undefined;
  if (p.charCodeAt(root.length) !== 47 || !p.startsWith(root) || root.charCodeAt(0) !== 47) return undefined;
  const tail = p.slice(root.length + 1);
  const t = `/${tail}/`;
  return t.includes("//") || t.includes("/./") || t.includes("/../") ? undefined : tail;
}

/** Whether `base` + "/" + `tail` is already the normalized join: `base` absolute and clean, `tail` a clean relative tail. */
function cleanJoin(base: string, tail: string): boolean {
  if (base.length < 2 || base.charCodeAt(0) !== 47 || tail === "" || tail.charCodeAt(0) === 47) return false;
  const t = `${base}/${tail}/`;
  return !(t.includes("//") || t.includes("/./") || t.includes("/../"));
}

/**
 * path.join(base, tail) for the common case of a clean absolute folder and a clean relative tail (a
 * listed name, a repository-relative path): the two put together, else path.join itself. Node's
 * path.join normalizes character by character in JavaScript: called per file, its loop becomes hot
 * enough that V8 compiles it with TurboFan (2.4-11 ms of a compiler thread in a lean command), and it
 * runs interpreted until then (issue 39 item 5).
 */
export function joinPath(base: string, tail: string): string {
  return sep === "/" && cleanJoin(base, tail) ? `${base}/${tail}` : join(base, tail);
}

/** posix.join(base, tail), with joinPath's shortcut (valid on every platform: POSIX separators). */
export function joinPosix(base: string, tail: string): string {
  return cleanJoin(base, tail) ? `${base}/${tail}` : posix.join(base, tail);
}

/** `p` with the symbolic links of its longest existing prefix resolved (Python's Path.resolve(strict=False)). */
export function realish(p: string): string {
  // resolve symlinks of the longest existing prefix (like Python's Path.resolve(strict=False))
  let cur = p;
  const tail: string[] = [];
  for (;;) {
    try {
      const r = realpathSync(cur);
      return tail.length ? resolve(r, ...tail.reverse()) : r;
    } catch {
      const up = dirname(cur);
      if (up === cur) return p;
      tail.push(basename(cur));
      cur = up;
    }
  }
}

/** True when `p` is `root` or below it (both absolute; the one containment test of the host). */
export function isInside(p: string, root: string): boolean {
  // the same path (the gate asks it of its own working tree): relative() would say "", at the cost
  // of compiling path.relative and path.normalize in a process that calls nothing else of them
  if (p === root || cleanTail(p, root) !== undefined) return true;
  const rel = relative(root, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * The root a file the user named on the command line (an output file, a baseline) is confined to:
 * the repository when the name lies in it, else the file's own folder (it must not link out of it).
 */
export function namedFileRoot(abs: string, repoRoot: string | undefined): string {
  return repoRoot !== undefined && isInside(abs, repoRoot) ? repoRoot : dirname(abs);
}
