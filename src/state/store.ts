// Embedded note store with compare-and-swap (spec §3, §4). Writers serialize on an exclusive lock
// file per note, re-read under the lock, check expectedVersion, and replace the note atomically
// (temp file + fsync + rename). Readers never lock. No zod here: the gate imports this module.
import {
  closeSync, constants as fsConstants, fstatSync, linkSync, lstatSync, openSync, readFileSync, readdirSync,
  renameSync, rmSync, unlinkSync, writeFileSync, existsSync, type Stats,
} from "node:fs";
import { hostname as osHostname } from "node:os";
import { dirname, join } from "node:path";
import { StateError } from "./errors.js";
import { notePaths, parseJsonNote, parseJsonNoteText, parsePointer, renderJsonNote, renderNote, type NoteType } from "./notes.js";
import { stateIssues } from "./check.js";
import { NOTE_MAX_BYTES, readTextBounded } from "../fsread.js";
import { confinedDir, mkdirConfined, removeConfined, writeFileConfined } from "../fswrite.js";
import { MAX_STATE_BYTES, isSessionId } from "./constants.js";
import type { SessionState } from "./schema.js";
import { migrateVerdictScale } from "./verdict-scale.js";
import type { ValidityCache } from "./valid-cache.js";
import { ownerGone, selfIdentity } from "./lock-owner.js";

export interface FsHooks {
  /** Replaces fs.renameSync (tests simulate Windows sharing violations with it). */
  rename?: (from: string, to: string) => void;
}

export interface StoreOptions {
  /** Give up acquiring a lock after this long (default 2000 ms). */
  lockTimeoutMs?: number;
  /** A lock of another host (or a malformed one) older than this is broken; a live holder on this host never is (default 10000 ms). */
  staleLockMs?: number;
  /** Random source for backoff jitter (tests). */
  random?: () => number;
  fs?: FsHooks;
  /** Write `.gitignore` (`*`) into a notes root this store creates (default root only). */
  ignoreRoot?: boolean;
  /**
   * The folder every read and write of this store stays in (default: the store's root). The default
   * notes root passes the worktree: a notes folder that is a link out of the repository is refused.
   */
  confine?: string;
}

/** Random hex for temp-file names and lock tokens (node:crypto is not loaded: the gate imports this module). */
function randomHex(bytes: number): string {
  let s = "";
  for (let i = 0; i < bytes; i++) s += Math.floor(Math.random() * 256).toString(16).padStart(2, "0");
  return s;
}

const SHARED = new Int32Array(new SharedArrayBuffer(4));
export function sleepSync(ms: number): void {
  Atomics.wait(SHARED, 0, 0, ms);
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Backoff before lock attempt n (0-based): min(500, 50·2ⁿ) ms plus 0–20 % jitter. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(500, 50 * 2 ** Math.min(attempt, 16));
  return base + base * 0.2 * random();
}

interface LockInfo {
  pid: number;
  hostname: string;
  acquiredAt: string;
  token: string;
  /** The owner's process identity (src/state/lock-owner.ts), absent without /proc and in older locks. */
  owner?: string;
}

const errCode = (e: unknown) => (e as NodeJS.ErrnoException)?.code;

function ioError(what: string, e: unknown): StateError {
  if (e instanceof StateError) return e;
  const err = e as NodeJS.ErrnoException;
  return new StateError("IO_ERROR", `${what}: ${err?.code ? `${err.code} ` : ""}${err?.message ?? String(e)}`);
}

export class Lock {
  constructor(readonly path: string, readonly token: string) {}
  /** Remove the lock file only if it is still ours. */
  release(): void {
    try {
      if (!lstatSync(this.path).isFile()) return; // replaced by something else: never open a FIFO
      const info = JSON.parse(readFileSync(this.path, "utf8")) as LockInfo | null;
      if (!info || info.token !== this.token) return;
      unlinkSync(this.path);
    } catch {
      /* gone or replaced: nothing to release */
    }
  }
}

export interface ReadResult {
  state: SessionState;
  /** The note's bytes as read (for byte-identical comparisons and sizes). */
  text: string;
}

export class NoteStore {
  readonly root: string;
  readonly lockTimeoutMs: number;
  readonly staleLockMs: number;
  private readonly random: () => number;
  private readonly renameImpl: (a: string, b: string) => void;
  private readonly ignoreRoot: boolean;
  /** Where this store's reads and writes stay (the confined reader's and writer's options). */
  readonly confine: { root: string; rootLabel: string };
  /** This host's name, asked for when a lock is first taken or judged (the gate never locks: no node:os call). */
  private hostName: string | undefined;
  private get host(): string {
    return (this.hostName ??= osHostname());
  }

  constructor(root: string, opts: StoreOptions = {}) {
    this.root = root;
    this.lockTimeoutMs = opts.lockTimeoutMs ?? 2000;
    this.staleLockMs = opts.staleLockMs ?? 10_000;
    this.random = opts.random ?? Math.random;
    this.renameImpl = opts.fs?.rename ?? renameSync;
    this.ignoreRoot = opts.ignoreRoot ?? false;
    this.confine = opts.confine !== undefined ? { root: opts.confine, rootLabel: "the repository" } : { root, rootLabel: "the notes folder" };
  }

  file(notePath: string): string {
    return join(this.root, `${notePath}.md`);
  }

  // ---------------------------------------------------------------- reading (never locks)

  /** Raw note text, or undefined when the note does not exist. */
  readText(notePath: string): string | undefined {
    // bounded reader: a FIFO, device or socket note never blocks, an oversized one is never read
    // and a note that links out of the notes root is refused (never read, never quoted)
    const r = readTextBounded(this.file(notePath), { maxBytes: NOTE_MAX_BYTES, ...this.confine });
    if (r.ok) return r.text;
    if (r.refusal.reason === "missing") return undefined;
    // a note that is no readable file (a FIFO, a folder, a link out of the notes root or nowhere, too
    // large, not UTF-8) is unreadable: CORRUPT (exit 4, the spec's table); IO_ERROR (exit 8,
    // retryable) only for what the file system itself failed to do
    if (r.refusal.reason !== "io" || r.refusal.code === "EILSEQ") {
      throw new StateError("CORRUPT", `cannot read ${notePath}: ${r.refusal.detail}`, { reason: r.refusal.reason });
    }
    throw new StateError("IO_ERROR", `cannot read ${notePath}: ${r.refusal.detail}`, { reason: r.refusal.reason });
  }

  /**
   * Whether anything is at a note's path, without following links or opening it: a dangling link,
   * a FIFO or a folder there counts (an existence test that reads would throw on them or block).
   */
  entryExists(notePath: string): boolean {
    try {
      lstatSync(this.file(notePath));
      return true;
    } catch (e) {
      if (errCode(e) === "ENOENT" || errCode(e) === "ENOTDIR") return false;
      throw ioError(`cannot inspect ${notePath}`, e);
    }
  }

  /**
   * The text of a state note, or undefined when there is none. A note over the reader's size limit
   * holds a state over the 1 MiB state limit: SCHEMA_INVALID (size), as the spec's table has it for a
   * state larger than 1 MiB; every other unreadable note is CORRUPT (readText).
   */
  readStateText(sessionId: string): string | undefined {
    const np = notePaths.state(sessionId);
    try {
      return this.readText(np);
    } catch (e) {
      if (e instanceof StateError && e.details?.reason === "too-large") {
        throw new StateError("SCHEMA_INVALID", `session state '${sessionId}' is invalid: ${e.message.replace(/^cannot read [^:]*: /, "")}`, {
          issues: [{ path: "$", message: `the note is larger than ${NOTE_MAX_BYTES} bytes, so the state exceeds the ${MAX_STATE_BYTES}-byte limit` }],
        });
      }
      throw e;
    }
  }

  /** A session state, validated. NOT_FOUND, CORRUPT (after one 25 ms re-read) or SCHEMA_INVALID. */
  readState(sessionId: string, cache?: ValidityCache): ReadResult {
    if (!isSessionId(sessionId)) throw new StateError("INVALID_INPUT", `invalid session id '${sessionId}'`);
    const np = notePaths.state(sessionId);
    let text = this.readStateText(sessionId);
    if (text === undefined) throw new StateError("NOT_FOUND", `no session state '${sessionId}'`, { sessionId });
    let parsed: { value: unknown; json: string };
    try {
      parsed = parseJsonNoteText(text, np);
    } catch (e) {
      if (!(e instanceof StateError)) throw e;
      sleepSync(25); // a non-atomic external editor may be mid-write
      text = this.readStateText(sessionId);
      if (text === undefined) throw new StateError("NOT_FOUND", `no session state '${sessionId}'`, { sessionId });
      parsed = parseJsonNoteText(text, np);
    }
    const value = parsed.value;
    // the hook gate remembers the exact note texts the core found valid (src/state/valid-cache.ts)
    if (cache?.isValid(sessionId, text)) return { state: migrateVerdictScale(value as SessionState), text };
    // SS-002 in the core: schema, invariants, and the sessionId of the note's name
    const issues = stateIssues(value, undefined, sessionId, parsed.json); // (no size bound: the core measures)
    if (issues.length > 0) {
      throw new StateError("SCHEMA_INVALID", `session state '${sessionId}' is invalid: ${issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join("; ")}`, { issues });
    }
    cache?.remember(sessionId, text);
    return { state: migrateVerdictScale(value as SessionState), text };
  }

  /** The current session id from the pointer note. NO_CURRENT_SESSION or CORRUPT. */
  readPointer(): string {
    const text = this.readText(notePaths.pointer);
    if (text === undefined) throw new StateError("NO_CURRENT_SESSION", "no current session (run `agentcheck session create`)");
    const id = parsePointer(text);
    if (id === "") throw new StateError("NO_CURRENT_SESSION", "the current-session pointer is empty (run `agentcheck session create` or `session use <id>`)");
    if (!isSessionId(id)) throw new StateError("CORRUPT", `the current-session pointer holds an invalid id '${String(id).slice(0, 80)}'`);
    return id;
  }

  readJson(notePath: string): unknown {
    const text = this.readText(notePath);
    if (text === undefined) throw new StateError("NOT_FOUND", `no note '${notePath}'`);
    return parseJsonNote(text, notePath);
  }

  // ---------------------------------------------------------------- writing

  /** The folder of `abs`, created when missing; always checked to stay inside the confinement (locks included). */
  private ensureDir(abs: string): void {
    const dir = dirname(abs);
    try {
      if (existsSync(dir)) {
        confinedDir(dir, this.confine);
        return;
      }
      const rootExisted = existsSync(this.root);
      mkdirConfined(dir, this.confine);
      if (!rootExisted && this.ignoreRoot) writeFileConfined(join(this.root, ".gitignore"), "# session state churns on every tool call: never commit it\n*\n", this.confine);
    } catch (e) {
      throw ioError(`cannot create ${dir}`, e);
    }
  }

  /** Atomic replace: temp file in the same folder, fsync, rename (retried on EPERM/EBUSY/EACCES), fsync folder. */
  writeAtomic(notePath: string, content: string): void {
    // every reader refuses a note over NOTE_MAX_BYTES: a note written past it could never be read
    // again (get-state, validate and the gate would all call the state corrupt), so it is not written
    const bytes = Buffer.byteLength(content);
    if (bytes > NOTE_MAX_BYTES) {
      throw new StateError("INVALID_INPUT", `${notePath} would be ${bytes} bytes, over the ${NOTE_MAX_BYTES}-byte limit of every reader of a note; nothing was written`, { bytes, limit: NOTE_MAX_BYTES });
    }
    const target = this.file(notePath);
    this.ensureDir(target);
    try {
      // the confined writer: temp file in the same folder, fsync, rename (retried), folder fsync;
      // a note that links out of the confinement, or dangles, is refused
      writeFileConfined(target, content, { ...this.confine, rename: (a, b) => this.renameRetrying(a, b) });
    } catch (e) {
      throw ioError(`cannot write ${notePath}`, e);
    }
  }

  /** rename, retried on the sharing violations of Windows (EPERM/EBUSY/EACCES). */
  private renameRetrying(from: string, to: string): void {
    for (let attempt = 0; ; attempt++) {
      try {
        this.renameImpl(from, to);
        return;
      } catch (e) {
        const c = errCode(e);
        if (attempt < 5 && (c === "EPERM" || c === "EBUSY" || c === "EACCES")) {
          sleepSync(20 + Math.floor(this.random() * 80));
          continue;
        }
        throw e;
      }
    }
  }

  writeJsonNote(notePath: string, type: NoteType, heading: string, value: unknown): void {
    this.writeAtomic(notePath, renderJsonNote(notePath, type, heading, value));
  }

  // ---------------------------------------------------------------- locking

  private lockFile(notePath: string): string {
    return `${this.file(notePath)}.lock`;
  }

  /** Try once to create the lock (content written before it becomes visible, via link()). */
  private tryCreateLock(lockPath: string): Lock | undefined {
    const token = `${Date.now().toString(36)}${randomHex(10)}`;
    const owner = selfIdentity();
    const info: LockInfo = { pid: process.pid, hostname: this.host, acquiredAt: new Date().toISOString(), token, ...(owner ? { owner } : {}) };
    const tmp = `${lockPath}.${process.pid}.${token}.tmp`;
    writeFileSync(tmp, JSON.stringify(info), { flag: "wx" });
    try {
      linkSync(tmp, lockPath);
      return new Lock(lockPath, token);
    } catch (e) {
      const c = errCode(e);
      if (c === "EEXIST") return undefined;
      if (c === "EPERM" || c === "ENOTSUP" || c === "EXDEV" || c === "ENOSYS") {
        // no hard links here: exclusive create (a reader may briefly see it empty)
        try {
          writeFileSync(lockPath, JSON.stringify(info), { flag: "wx" });
          return new Lock(lockPath, token);
        } catch (e2) {
          if (errCode(e2) === "EEXIST") return undefined;
          throw e2;
        }
      }
      throw e;
    } finally {
      try { unlinkSync(tmp); } catch { /* ignore */ }
    }
  }

  /**
   * What is at a lock path, without following links or opening anything but a regular file (a FIFO
   * would block). `problem` is set when it is not a well-formed lock of some holder: not a regular
   * file (directory, symbolic link, FIFO, socket, device), unreadable, or content that is not a lock
   * record (e.g. `null`). `id` identifies exactly this lock (its content, else its inode and time).
   */
  inspectLock(lockPath: string): { gone: true } | { gone: false; id: string; ageMs: number; problem?: string; info?: LockInfo } {
    let st: Stats;
    try {
      st = lstatSync(lockPath);
    } catch {
      return { gone: true };
    }
    const kind = st.isFile() ? "file" : st.isDirectory() ? "a directory" : st.isSymbolicLink() ? "a symbolic link"
      : st.isFIFO() ? "a FIFO" : st.isSocket() ? "a socket" : "a device or other special file";
    const ident = `${kind}:${st.dev}:${st.ino}:${st.mtimeMs}`;
    const age = Date.now() - st.mtimeMs;
    if (kind !== "file") return { gone: false, id: ident, ageMs: age, problem: `is ${kind}, not a lock file` };
    let raw: string;
    try {
      // O_NONBLOCK | O_NOFOLLOW: if the path was swapped for a FIFO or a link since lstat, never block or follow
      const fd = openSync(lockPath, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0) | (fsConstants.O_NOFOLLOW ?? 0));
      try {
        if (!fstatSync(fd).isFile()) return { gone: false, id: ident, ageMs: age, problem: "is not a regular file" };
        raw = readFileSync(fd, "utf8");
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      if (errCode(e) === "ENOENT") return { gone: true };
      return { gone: false, id: ident, ageMs: age, problem: `cannot be read (${errCode(e) ?? (e as Error).message})` };
    }
    let info: unknown;
    try {
      info = JSON.parse(raw);
    } catch {
      info = undefined;
    }
    const o = info as Partial<LockInfo> | null | undefined;
    const acquired = o && typeof o === "object" && typeof o.acquiredAt === "string" ? Date.parse(o.acquiredAt) : NaN;
    if (!o || typeof o !== "object" || typeof o.token !== "string" || !Number.isFinite(acquired)) {
      return { gone: false, id: `content:${raw}`, ageMs: age, problem: raw.length === 0 ? "is empty" : "does not hold a lock record" };
    }
    return { gone: false, id: `content:${raw}`, ageMs: Date.now() - Math.min(acquired, st.mtimeMs), info: o as LockInfo };
  }

  /**
   * Stale (spec §4.2): a well-formed lock of this host is stale exactly when its owner is gone — its pid
   * is dead, or is held by another process (pid reuse: another start time than the recorded owner's, or
   * a process started after the lock was taken; src/state/lock-owner.ts) — a live holder keeps its lock
   * however long it takes (breaking it would let two writers commit over each other); a lock of another host (whose pid cannot be checked from here) once older than staleLockMs;
   * anything that is not a well-formed lock record (directory, link, empty, garbage) once older than
   * staleLockMs.
   */
  private isStale(lockPath: string): { stale: boolean; id?: string; problem?: string } {
    const l = this.inspectLock(lockPath);
    if (l.gone) return { stale: false }; // vanished: just retry
    if (l.info && l.info.hostname === this.host && typeof l.info.pid === "number") {
      const acquired = Date.parse(l.info.acquiredAt);
      return { stale: ownerGone(l.info.pid, { identity: l.info.owner, madeAtMs: acquired }), id: l.id };
    }
    if (l.ageMs > this.staleLockMs) return { stale: true, id: l.id, problem: l.problem };
    return { stale: false, id: l.id, problem: l.problem };
  }

  /** Break a stale lock: rename it away (only one breaker wins), then delete it. */
  private breakLock(lockPath: string, id: string): boolean {
    const aside = `${lockPath}.stale.${process.pid}.${randomHex(4)}`;
    try {
      renameSync(lockPath, aside);
    } catch {
      return false; // someone else broke or released it
    }
    const now = this.inspectLock(aside);
    if (!now.gone && now.id !== id) {
      // we moved a fresh lock taken after our check: put it back if the slot is still free
      if (now.id.startsWith("content:")) {
        try { linkSync(aside, lockPath); } catch { /* slot taken again */ }
        try { unlinkSync(aside); } catch { /* ignore */ }
      } else if (!existsSync(lockPath)) {
        try { renameSync(aside, lockPath); } catch { /* ignore */ }
      }
      return false;
    }
    try { rmSync(aside, { recursive: true, force: true }); } catch { /* ignore */ }
    return true;
  }

  /** Remove the lock at lockPath when it is stale (gc); true when it was removed. */
  removeStaleLock(lockPath: string): boolean {
    const s = this.isStale(lockPath);
    return s.stale && s.id !== undefined ? this.breakLock(lockPath, s.id) : false;
  }

  /**
   * Remove what killed writers leave in the folder `rel` of the root: stale locks (by the definition of
   * stale above, malformed ones included), temp files and broken-lock leftovers of dead processes (or
   * older than a minute). Returns the removed paths relative to the root. `session gc` and every task
   * write call it.
   */
  sweepDebris(rel: string): string[] {
    const removed: string[] = [];
    const dir = rel ? join(this.root, rel) : this.root;
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return removed;
    }
    const mtimeOf = (f: string) => {
      try {
        return lstatSync(f).mtimeMs;
      } catch {
        return undefined;
      }
    };
    const old = (f: string) => Date.now() - (mtimeOf(f) ?? Date.now()) > 60_000;
    const shown = (n: string) => (rel ? `${rel}/${n}` : n);
    for (const n of names) {
      const f = join(dir, n);
      // every stale lock (malformed or not a file included), by the store's own definition of stale
      if (n.endsWith(".lock")) {
        if (this.removeStaleLock(f)) removed.push(shown(n));
        continue;
      }
      const tmp = /\.(\d+)\.[0-9a-z]+\.tmp$/.exec(n);
      const aside = tmp ? undefined : /\.lock\.stale\.(\d+)\.[0-9a-z]+$/.exec(n);
      if (!tmp && !aside) continue;
      // a temp file is its writer's from its creation on: a process with its pid that started later is
      // another one (pid reuse). A lock moved aside keeps the lock's time, older than its breaker: only
      // a dead breaker counts there.
      const gone = tmp ? ownerGone(Number(tmp[1]), { madeAtMs: mtimeOf(f) }) : ownerGone(Number(aside![1]));
      if (gone || old(f)) {
        try {
          removeConfined(f, { ...this.confine, recursive: true });
          removed.push(shown(n));
        } catch {
          /* raced */
        }
      }
    }
    return removed;
  }

  async lock(notePath: string): Promise<Lock> {
    const lockPath = this.lockFile(notePath);
    this.ensureDir(lockPath);
    const started = Date.now();
    for (let attempt = 0; ; ) {
      let got: Lock | undefined;
      try {
        got = this.tryCreateLock(lockPath);
      } catch (e) {
        throw ioError(`cannot create lock ${lockPath}`, e);
      }
      if (got) return got;
      const s = this.isStale(lockPath);
      if (s.stale && s.id !== undefined) {
        this.breakLock(lockPath, s.id);
        continue;
      }
      const waited = Date.now() - started;
      if (waited >= this.lockTimeoutMs) {
        if (s.problem) {
          throw new StateError(
            "LOCK_TIMEOUT",
            `could not lock ${notePath}: ${lockPath} ${s.problem}, so it is not a lock of a live holder; ` +
              `it counts as stale once older than ${this.staleLockMs} ms (then \`agentcheck session gc\` or the next write removes it), ` +
              `or remove it now: rm -rf '${lockPath.replace(/'/g, "'\\''")}'`,
            { lock: lockPath, problem: s.problem },
          );
        }
        throw new StateError("LOCK_TIMEOUT", `could not lock ${notePath} within ${this.lockTimeoutMs} ms (held by another process; retry)`, { lock: lockPath });
      }
      await sleep(Math.min(backoffMs(attempt++, this.random), Math.max(1, this.lockTimeoutMs - waited)));
    }
  }

  async withLock<T>(notePath: string, fn: () => T | Promise<T>): Promise<T> {
    const l = await this.lock(notePath);
    try {
      return await fn();
    } finally {
      l.release();
    }
  }

  // ---------------------------------------------------------------- pointer

  async writePointer(sessionId: string): Promise<void> {
    await this.withLock(notePaths.pointer, () => this.writePointerLocked(sessionId));
  }

  /** Write the pointer; the caller holds the pointer lock. */
  writePointerLocked(sessionId: string): void {
    this.writeAtomic(notePaths.pointer, renderNote(notePaths.pointer, "session-pointer", null, sessionId, false));
  }

  async clearPointer(ifSessionId?: string): Promise<void> {
    await this.withLock(notePaths.pointer, () => {
      let text: string | undefined;
      try {
        text = this.readText(notePaths.pointer);
      } catch (e) {
        // an unreadable pointer names no session, so it does not point at this one: left as it is
        if (ifSessionId !== undefined && e instanceof StateError && e.code === "CORRUPT") return;
        throw e;
      }
      if (text === undefined) return;
      if (ifSessionId !== undefined && parsePointer(text) !== ifSessionId) return;
      try { removeConfined(this.file(notePaths.pointer), this.confine); } catch (e) { throw ioError("cannot remove the pointer", e); }
    });
  }

  // ---------------------------------------------------------------- housekeeping

  /** Names in the sessions folder (for gc). */
  listSessionsDir(): string[] {
    try {
      return readdirSync(join(this.root, "sessions")).sort();
    } catch {
      return [];
    }
  }
}
