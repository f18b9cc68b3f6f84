// The one bounded file reader: every file agentcheck reads from a repository (session logs, memories,
// planning docs, specs, configs, markdownlint configs, state notes, hook input files) goes through here.
//
// Guarantees (issue 11):
// - the file type is checked before anything is opened: FIFOs, sockets, devices and directories are
//   refused (AC-901 "not a regular file"); the open itself uses O_NONBLOCK, and the opened descriptor
//   is checked again with fstat, so a file swapped for a FIFO between the check and the open cannot
//   block the process;
// - symbolic links are resolved; a dangling link, a link loop, or (when `root` is given) a target
//   outside the repository is refused (AC-901). The target of such a link is never read and never
//   quoted in a message;
// - the size limit applies before reading (AC-900), and a file that grows while being read is cut off
//   at the limit and refused, never read unbounded.
//
// Nothing here decides a rule: callers turn a refusal into a host finding (refusalFinding) or, for
// configs and state, into their own error.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, statSync, type Dirent, type Stats } from "node:fs";
import { sep } from "node:path";
import { isUtf8 } from "node:buffer";
import { isInside } from "./fspath.js";

// the containment helpers live one floor down (src/fspath.ts, shared with src/fswrite.ts); named here too
export { cleanTail, isInside, lexists, realish } from "./fspath.js";

export const DEFAULT_READ_LIMIT = 8 * 1024 * 1024;

export type RefusalReason = "too-large" | "missing" | "not-regular" | "directory" | "outside" | "dangling" | "loop" | "io";

export interface Refusal {
  /** AC-900 for the size limit, AC-901 for everything else. */
  ruleId: "AC-900" | "AC-901";
  reason: RefusalReason;
  /** errno code when the refusal comes from the file system (ENOENT, EACCES, ELOOP, ...). */
  code?: string;
  /** Human text, never containing a symlink target. */
  detail: string;
}

export interface ReadOptions {
  /** Refuse files larger than this many bytes (before opening them). */
  maxBytes: number;
  /**
   * Repository root: a path that resolves (through symlinks) outside it is refused. Omit only for
   * files the user named explicitly outside any repository (e.g. a hook input file).
   */
  root?: string;
  /** What `root` is called in messages (default "the repository"; notes use "the notes folder"). */
  rootLabel?: string;
  /**
   * Resolved folders, shared by the reads of one run (one realpath per folder, not one per file): a
   * path that is not itself a symbolic link resolves to its folder's resolved path plus its name.
   */
  realDirs?: Map<string, string>;
  /**
   * What the caller already knows of the path itself (its entry in a directory listing, or its lstat):
   * the read skips its own lstat. An entry of a regular file has no size: the limit is then applied to
   * the opened file's fstat, still before reading. An entry of another or an unknown type is ignored.
   */
  entry?: Stats | Dirent;
}

export interface FileInfo {
  /** Resolved path (no symlinks). */
  real: string;
  size: number;
  /** True when the path itself (not a parent directory) is a symbolic link. */
  viaLink: boolean;
}

export type Inspected = { ok: true; info: FileInfo } | { ok: false; refusal: Refusal };
export type BoundedRead = { ok: true; bytes: Buffer; info: FileInfo } | { ok: false; refusal: Refusal };

/** Thrown by readOrThrow; `code` mirrors errno-style codes so existing catch blocks keep working. */
export class ReadRefusedError extends Error {
  readonly code: string;
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
    this.name = "ReadRefusedError";
    this.code = refusal.code ?? (refusal.reason === "too-large" ? "EFBIG" : refusal.reason === "directory" ? "EISDIR" : "EINVAL");
  }
}

const realRoots = new Map<string, string>();
function realRoot(root: string): string {
  let r = realRoots.get(root);
  if (r === undefined) {
    try {
      r = realpathSync.native(root);
    } catch {
      r = root;
    }
    realRoots.set(root, r);
  }
  return r;
}

/** Whether `abs` is a symbolic link (dangling or not); false when nothing is there. */
export function isLink(abs: string): boolean {
  try {
    return lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

function specialName(st: Stats | Dirent): string {
  if (st.isFIFO()) return "a FIFO";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isDirectory()) return "a directory";
  return "a special file";
}

function refuse(reason: RefusalReason, detail: string, code?: string): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: { ruleId: reason === "too-large" ? "AC-900" : "AC-901", reason, detail, ...(code ? { code } : {}) } };
}

function fsError(e: unknown, abs?: string): { ok: false; refusal: Refusal } {
  const err = e as NodeJS.ErrnoException;
  const code = err.code;
  if (code === "ENOENT" || code === "ENOTDIR") return missing(code, abs);
  if (code === "ELOOP") return refuse("loop", "symbolic link loop (not read)", code);
  if (code === "EISDIR") return refuse("directory", "not a regular file (a directory)", code);
  return refuse("io", code ? `${code}: ${err.message}` : String(err), code);
}

/** Nothing at `abs` (ENOENT, or ENOTDIR: a part of its folder is a file). */
function missing(code: string, abs?: string): { ok: false; refusal: Refusal } {
  // a listed name holding bytes that are not UTF-8 comes back with U+FFFD in their place: that
  // name opens nothing, although the file is there
  const notUtf8 = code === "ENOENT" && abs !== undefined && abs.includes("\ufffd");
  return refuse("missing", notUtf8 ? "no such file by this name: the file name is not valid UTF-8 (not read; rename the file)" : "no such file", code);
}

/** realpath of `abs`, which is not a symbolic link itself: its folder's (cached in `dirs`) plus its name. */
function realByFolder(abs: string, dirs: Map<string, string> | undefined): string {
  const cut = abs.lastIndexOf("/");
  const name = abs.slice(cut + 1);
  if (dirs === undefined || sep !== "/" || cut <= 0 || name === "" || name === "." || name === "..") return realpathSync.native(abs);
  const dir = abs.slice(0, cut);
  let real = dirs.get(dir);
  if (real === undefined) {
    real = realpathSync.native(dir);
    dirs.set(dir, real);
  }
  return real === "/" ? `/${name}` : `${real}/${name}`;
}

/** Check what `abs` is without opening it: a regular file inside the limits, or why not. */
export function inspectFile(abs: string, opts: ReadOptions): Inspected {
  let lst: Stats | Dirent | undefined;
  try {
    const e = opts.entry;
    // nothing there (the usual answer for the settings files a run looks for: three configuration
    // names, .agentcheckignore) without an exception (ENOTDIR and the rest still throw)
    lst = e !== undefined && (e.isFile() || e.isSymbolicLink()) ? e : lstatSync(abs, { throwIfNoEntry: false });
  } catch (e) {
    return fsError(e, abs);
  }
  if (lst === undefined) return missing("ENOENT", abs);
  const viaLink = lst.isSymbolicLink();
  let real: string;
  try {
    real = viaLink ? realpathSync.native(abs) : realByFolder(abs, opts.realDirs);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (viaLink && (err.code === "ENOENT" || err.code === "ENOTDIR")) {
      return refuse("dangling", "dangling symbolic link (its target does not exist; not read)", err.code);
    }
    return fsError(e, abs);
  }
  if (opts.root !== undefined && !isInside(real, realRoot(opts.root))) {
    const where = opts.rootLabel ?? "the repository";
    return refuse("outside", viaLink ? `symbolic link to a target outside ${where} (not read)` : `resolves outside ${where} (not read)`);
  }
  let st: Stats | Dirent;
  try {
    st = viaLink ? statSync(real) : lst;
  } catch (e) {
    return fsError(e);
  }
  if (!st.isFile()) {
    return refuse(st.isDirectory() ? "directory" : "not-regular", `not a regular file (${specialName(st)}; not read)`, st.isDirectory() ? "EISDIR" : undefined);
  }
  // a listing's entry has no size (-1 here): readBounded applies the limit to the opened file
  const size = "size" in st ? st.size : -1;
  if (size > opts.maxBytes) return refuse("too-large", `${size} bytes, limit ${opts.maxBytes}`);
  return { ok: true, info: { real, size, viaLink } };
}

/** Read a regular file completely, within the limits of `opts`; never blocks on a special file. */
export function readBounded(abs: string, opts: ReadOptions): BoundedRead {
  const ins = inspectFile(abs, opts);
  if (!ins.ok) return ins;
  let fd: number;
  try {
    fd = openSync(ins.info.real, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    return fsError(e, ins.info.real);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return refuse("not-regular", `not a regular file (${specialName(st)}; not read)`);
    if (st.size > opts.maxBytes) return refuse("too-large", `${st.size} bytes, limit ${opts.maxBytes}`);
    const cap = opts.maxBytes + 1;
    let buf = Buffer.allocUnsafe(Math.min(Math.max(st.size, 0), opts.maxBytes) + 1);
    let n = 0;
    for (;;) {
      if (n === buf.length) {
        if (buf.length >= cap) break;
        const bigger = Buffer.allocUnsafe(Math.min(cap, buf.length * 2));
        buf.copy(bigger, 0, 0, n);
        buf = bigger;
      }
      let got: number;
      try {
        got = readSync(fd, buf, n, buf.length - n, null);
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        if (err.code === "EAGAIN") return refuse("not-regular", "not a regular file (read would block; not read)", "EAGAIN");
        throw e;
      }
      if (got === 0) break;
      n += got;
      // a short read that ends exactly at the size fstat gave is the end of the file: no read of 0 bytes to learn it
      if (n === st.size && n < buf.length) break;
    }
    if (n > opts.maxBytes) return refuse("too-large", `more than ${opts.maxBytes} bytes (grew while read), limit ${opts.maxBytes}`);
    return { ok: true, bytes: buf.subarray(0, n), info: { ...ins.info, size: n } };
  } catch (e) {
    return fsError(e);
  } finally {
    try {
      closeSync(fd);
    } catch {
      /* already closed */
    }
  }
}

/**
 * What a scratch file holds (src/fswrite.ts openScratch: a child process's output), read from its
 * start, then the descriptor closed. Undefined, without reading, when it holds more than `maxBytes`.
 */
export function readScratch(fd: number, maxBytes: number): Buffer | undefined {
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) return undefined;
    const buf = Buffer.allocUnsafe(size);
    let n = 0;
    while (n < size) {
      const got = readSync(fd, buf, n, size - n, n);
      if (got === 0) break;
      n += got;
    }
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** Size bound of configuration files (agentcheck config, package.json, markdownlint configs). */
export const CONFIG_MAX_BYTES = 4 * 1024 * 1024;
/** Size bound of a session-state note (the state JSON is at most 1 MiB, plus the note around it). */
export const NOTE_MAX_BYTES = 4 * 1024 * 1024;

/** readBounded for code paths built on exceptions: throws ReadRefusedError (with a `code`). */
export function readOrThrow(abs: string, opts: ReadOptions): Buffer {
  const r = readBounded(abs, opts);
  if (!r.ok) throw new ReadRefusedError(r.refusal);
  return r.bytes;
}

/** The strict decoder, made on first use (node:internal/encoding's code; valid UTF-8 never needs it). */
let strictUtf8: TextDecoder | undefined;

/** readTextBounded for code paths built on exceptions: throws ReadRefusedError (with a `code`). */
export function readTextOrThrow(abs: string, opts: ReadOptions): string {
  const r = readTextBounded(abs, opts);
  if (!r.ok) throw new ReadRefusedError(r.refusal);
  return r.text;
}

/**
 * Read a text file (configs, notes): bounded, then decoded as strict UTF-8 with one leading BOM
 * dropped. Invalid UTF-8 is refused (reason "io", detail with the byte offset) instead of being
 * decoded into replacement characters.
 */
export function readTextBounded(abs: string, opts: ReadOptions): { ok: true; text: string; info: FileInfo } | { ok: false; refusal: Refusal } {
  const r = readBounded(abs, opts);
  if (!r.ok) return r;
  const bad = firstBadByte(r.bytes);
  if (bad >= 0) return refuse("io", `not valid UTF-8 text (first bad byte at offset ${bad})`, "EILSEQ");
  // valid UTF-8 (the native check firstBadByte made): Buffer#toString decodes it as the strict decoder
  // does, except that it keeps a leading BOM, which the decoder drops; anything else (the walk found no
  // bad byte where the native check did: never seen) goes through the strict decoder as before
  const b = r.bytes;
  let text = isUtf8(b) ? (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b).toString() : (strictUtf8 ??= new TextDecoder("utf-8", { fatal: true })).decode(b);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { ok: true, text, info: r.info };
}

/**
 * Byte offset of the first NUL byte or invalid UTF-8 sequence, or -1. Mirrors the core's
 * firstBadByte (assembly/validators/common.ts) for host-side reads that never reach the core
 * (configs, state notes); the rule findings themselves come from the core (AC-002).
 */
export function firstBadByte(b: Uint8Array): number {
  // valid UTF-8 (one native check): only a NUL byte can be bad; else the walk below finds the offset
  // (the typed array's own indexOf: Buffer#indexOf's code is compiled on its first call, about 0.3 M instructions in the gate)
  if (isUtf8(b)) return Uint8Array.prototype.indexOf.call(b, 0);
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i];
    if (c === 0) return i;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let cp: number;
    let min: number;
    if ((c & 0xe0) === 0xc0) [need, cp, min] = [1, c & 0x1f, 0x80];
    else if ((c & 0xf0) === 0xe0) [need, cp, min] = [2, c & 0x0f, 0x800];
    else if ((c & 0xf8) === 0xf0) [need, cp, min] = [3, c & 0x07, 0x10000];
    else return i;
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return i;
      const d = b[i + k];
      if ((d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}
