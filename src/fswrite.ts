// The one confined file writer, twin of the bounded reader (src/fsread.ts): every file agentcheck
// writes, replaces, removes or creates a folder for inside a repository (configuration, .gitignore,
// hooks, settings, notes, task checkpoints, manifests, caches) goes through here (issue 33).
//
// Guarantees:
// - the folder a write lands in is resolved through its symbolic links and must be inside `root`;
//   a folder that is (or passes through) a dangling link or a link loop is refused: nothing is
//   created at a link's target;
// - a path that is itself a symbolic link is followed only to a target inside `root` (that target is
//   written); a link out of `root` and a dangling link are refused, so a write never creates or
//   changes a file outside the repository and never creates a dangling link's target;
// - a write is atomic: a temp file in the same folder (exclusive create, which never follows a link),
//   written, fsynced, renamed over the target, then the folder fsynced; a replaced file keeps its mode;
// - an append (`.gitignore`-style edit) is a bounded, confined read plus an atomic replace.
//
// A refusal is a WriteRefusedError (code "ECONFINED"): callers report it as their own
// I/O error; it never names a link's target.
import { closeSync, constants, fchmodSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isInside, lexists, realish } from "./fspath.js";

// the containment root of a file named on the command line (src/fspath.ts); named here too
export { namedFileRoot } from "./fspath.js";

export interface WriteOptions {
  /** The folder every write must stay in (the repository, the notes folder, the git directory). */
  root: string;
  /** What `root` is called in messages (default "the repository"). */
  rootLabel?: string;
  /** File mode of a new file (default 0o666 less the umask); a replaced file keeps its own mode. */
  mode?: number;
  /** Replaces fs.renameSync (tests simulate Windows sharing violations with it). */
  rename?: (from: string, to: string) => void;
  /** false: no fsync of the file and its folder (a cache that may be lost); default true. */
  durable?: boolean;
}

export class WriteRefusedError extends Error {
  readonly code = "ECONFINED";
  constructor(detail: string) {
    super(detail);
    this.name = "WriteRefusedError";
  }
}

/** The root with its links resolved (its existing part: a notes folder may not exist yet). */
function realRoot(root: string): string {
  return realish(root);
}

/**
 * `dir` with the links of its existing part resolved, checked to be inside `root`. A component that
 * exists but does not resolve (a dangling link, a loop) is refused: a folder is never created there.
 */
export function confinedDir(dir: string, opts: WriteOptions): string {
  const where = opts.rootLabel ?? "the repository";
  const tail: string[] = [];
  let cur = dir;
  let real: string;
  for (;;) {
    try {
      real = realpathSync.native(cur);
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" || lexists(cur)) throw new WriteRefusedError(`${dir}: passes through a dangling symbolic link or a link loop (not written)`);
      const up = dirname(cur);
      if (up === cur) throw new WriteRefusedError(`${dir}: no existing folder (not written)`);
      tail.push(basename(cur));
      cur = up;
    }
  }
  const out = tail.length ? tail.reverse().reduce((p, seg) => join(p, seg), real) : real;
  if (!isInside(out, realRoot(opts.root))) throw new WriteRefusedError(`${dir}: resolves outside ${where} (not written)`);
  return out;
}

/**
 * The real path a write to `abs` changes: its folder confined, and `abs` itself followed when it is a
 * link to a file inside `root`. A link out of `root`, a dangling link and a loop are refused.
 */
export function writeTarget(abs: string, opts: WriteOptions): string {
  const where = opts.rootLabel ?? "the repository";
  const dir = confinedDir(dirname(abs), opts);
  const p = join(dir, basename(abs));
  let isLink = false;
  try {
    isLink = lstatSync(p).isSymbolicLink();
  } catch {
    return p; // nothing there yet
  }
  if (!isLink) return p;
  let real: string;
  try {
    real = realpathSync.native(p);
  } catch {
    throw new WriteRefusedError(`${abs}: a dangling symbolic link or a link loop (not written; its target is never created)`);
  }
  if (!isInside(real, realRoot(opts.root))) throw new WriteRefusedError(`${abs}: symbolic link to a target outside ${where} (not written)`);
  return real;
}

/**
 * Open `abs` for a streamed write (created or truncated; not atomic: a report written piece by piece),
 * confined like writeTarget; the open never follows a link swapped in since the check (O_NOFOLLOW).
 */
export function openWriteConfined(abs: string, opts: WriteOptions): number {
  const target = writeTarget(abs, opts);
  return openSync(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0), opts.mode ?? 0o666);
}

/**
 * Caches live in <git directory>/agentcheck/<name>: what they are confined to (their git directory);
 * written without fsync (a lost cache is a miss).
 */
export function gitCacheConfinement(file: string): { root: string; rootLabel: string; durable: false } {
  return { root: dirname(dirname(file)), rootLabel: "the git directory", durable: false };
}

/** Create `abs` (and its missing parents) inside `root`; `exclusive` fails with EEXIST when it is there. */
export function mkdirConfined(abs: string, opts: WriteOptions & { exclusive?: boolean }): string {
  const real = confinedDir(abs, opts);
  if (opts.exclusive) {
    mkdirSync(dirname(real), { recursive: true });
    mkdirSync(real);
  } else mkdirSync(real, { recursive: true });
  return real;
}

/**
 * `n` random hex digits for a temp file's name. Not node:crypto (the lean commands load none, and
 * the name need not be secret): the file is created exclusively (`wx`), so a clash is an error, never a shared file.
 */
function randomHex(n: number): string {
  let s = "";
  while (s.length < n) s += Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, "0");
  return s.slice(0, n);
}

/**
 * An anonymous scratch file for a child process's output (git's: src/git-run.ts gitRawAsync): created
 * exclusively in `dir` (the temp folder; an exclusive create never follows a link), readable by its
 * owner only, and removed by name at once, so that nothing is left behind whatever becomes of the
 * process. The descriptor writes and reads it until it is closed (src/fsread.ts readScratch).
 */
export function openScratch(dir: string): number {
  const p = join(dir, `.agentcheck-${process.pid}-${randomHex(12)}.tmp`);
  const fd = openSync(p, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    unlinkSync(p);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  return fd;
}

/** Write `data` to `abs` atomically (temp + fsync + rename + folder fsync), confined to `root`. Returns the real path written. */
export function writeFileConfined(abs: string, data: string | Uint8Array, opts: WriteOptions): string {
  const target = writeTarget(abs, opts);
  const dir = dirname(target);
  let mode = opts.mode ?? 0o666;
  if (opts.mode === undefined) {
    try {
      const st = statSync(target);
      if (st.isFile()) mode = st.mode & 0o7777;
    } catch {
      /* a new file */
    }
  }
  const tmp = join(dir, `.${basename(target)}.${process.pid}.${randomHex(8)}.tmp`);
  let fd: number | undefined;
  try {
    // the folder is created when the exclusive create finds it missing (the common write into an
    // existing folder makes no mkdir call; issue 39 item 3)
    try {
      fd = openSync(tmp, "wx", mode);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      mkdirSync(dir, { recursive: true });
      fd = openSync(tmp, "wx", mode);
    }
    // an explicit mode holds even when the umask narrowed the create: set through the temp file's
    // descriptor, before the rename gives it the target's name (best effort)
    if (opts.mode !== undefined) {
      try { fchmodSync(fd, opts.mode); } catch { /* best effort */ }
    }
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    if (opts.durable !== false) fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    (opts.rename ?? renameSync)(tmp, target);
  } catch (e) {
    if (fd !== undefined) try { closeSync(fd); } catch { /* ignore */ }
    try { unlinkSync(tmp); } catch { /* ignore */ }
    throw e;
  }
  if (opts.durable !== false) fsyncDir(dir);
  return target;
}

/** fsync a folder after a rename in it (best effort: not supported everywhere). */
export function fsyncDir(dir: string): void {
  try {
    const dfd = openSync(dir, "r");
    try { fsyncSync(dfd); } finally { closeSync(dfd); }
  } catch {
    /* best effort */
  }
}

/** Remove `abs` (a link itself, never its target), whose folder must be inside `root`; missing is fine. */
export function removeConfined(abs: string, opts: WriteOptions & { recursive?: boolean }): void {
  const p = join(confinedDir(dirname(abs), opts), basename(abs));
  if (opts.recursive) rmSync(p, { recursive: true, force: true });
  else {
    try {
      unlinkSync(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
}

/** Hard-link `from` (the name itself, never followed) as `to` (EEXIST when taken), both in folders inside `root`. */
export function linkConfined(from: string, to: string, opts: WriteOptions): void {
  const a = join(confinedDir(dirname(from), opts), basename(from));
  const b = join(confinedDir(dirname(to), opts), basename(to));
  linkSync(a, b);
}

/** Rename `from` to `to`, both in folders inside `root` (the names themselves are moved, never followed). */
export function renameConfined(from: string, to: string, opts: WriteOptions): void {
  const a = join(confinedDir(dirname(from), opts), basename(from));
  const b = join(confinedDir(dirname(to), opts), basename(to));
  (opts.rename ?? renameSync)(a, b);
}
