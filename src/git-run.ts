// Minimal synchronous git runner for the index and scope code paths (pre-commit speed matters:
// one short process per question, stdin for `cat-file --batch`). Paths are always -z lists.
import { spawn, spawnSync } from "node:child_process";
import { isMarkdown } from "./glob.js";
import { closeSync, existsSync, fstatSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { readScratch, readTextOrThrow } from "./fsread.js";
import { openScratch } from "./fswrite.js";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { UsageError } from "./report.js";

export interface GitResult {
  status: number;
  stdout: Buffer;
  stderr: string;
}

// Answers of read-only questions, kept for one command run that does not change the repository
// (pre-pr without --fix asks the same rev-parse, merge-base, ls-files and diff from several checks).
let memo: Map<string, GitResult> | undefined;
const MEMO_COMMANDS = new Set(["rev-parse", "merge-base", "ls-files", "diff"]);

/** Run fn with each read-only git question (no stdin) asked once per cwd and arguments. */
export async function withGitMemo<T>(fn: () => Promise<T>): Promise<T> {
  const outer = memo;
  memo = outer ?? new Map();
  try {
    return await fn();
  } finally {
    memo = outer;
  }
}

export function gitRaw(cwd: string, args: string[], input?: Buffer | string): GitResult {
  if (memo === undefined || input !== undefined || !MEMO_COMMANDS.has(args[0])) return gitSpawn(cwd, args, input);
  const key = `${cwd}\0${args.join("\0")}`;
  let r = memo.get(key);
  if (r === undefined) {
    r = gitSpawn(cwd, args);
    memo.set(key, r);
  }
  return r;
}

/**
 * git's output read as data, whatever the user's configuration, for every command in one place:
 * - paths as they are (UTF-8), not C-quoted octal escapes: with git's default core.quotePath a
 *   non-ASCII name such as `.agents/sessions/café.md` came back as `".agents/sessions/caf\303\251.md"`
 *   and matched no folder a rule asked about;
 * - no signature verification lines: with log.showSignature a `git log` printed "Good ... signature"
 *   lines among the file names and dates it was asked for;
 * - a delta base cache of 8 MiB instead of git's 96 MiB: the history walk and the diff-tree batches
 *   resolve every tree of a long history once, so the large cache mostly held trees never read
 *   again; on today's upstream it took those git processes' peak from 140-176 MB to 66-88 MB, the
 *   largest process of a whole-repository check, at equal or lower CPU (docs/benchmarks.md).
 */
const GIT_CONFIG_ARGS = ["-c", "core.quotePath=false", "-c", "log.showSignature=false", "-c", "core.deltaBaseCacheLimit=8m"];

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The most output a git process may give (spawnSync's maxBuffer; the async runner stops git past it). */
const GIT_MAX_OUTPUT = 1 << 30;

/** The error a git process that could not start (or gave too much output) is reported with. */
function spawnError(cwd: string, args: string[], err: NodeJS.ErrnoException): UsageError {
  // spawn reports a working directory that is not there as ENOENT too: say which it was
  if (err.code === "ENOENT" && !isDirectory(cwd)) return new UsageError(`not a directory: ${cwd} (git ${args[0]} cannot run there)`);
  return new UsageError(err.code === "ENOENT" ? "git is not installed or not on PATH" : `git ${args[0]}: ${err.message}`);
}

function gitSpawn(cwd: string, args: string[], input?: Buffer | string): GitResult {
  const r = spawnSync("git", [...GIT_CONFIG_ARGS, ...args], { cwd, input, maxBuffer: GIT_MAX_OUTPUT, windowsHide: true });
  if (r.error) throw spawnError(cwd, args, r.error as NodeJS.ErrnoException);
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr.toString("utf8").trim() };
}

/**
 * gitRaw without waiting: the git process runs while this one goes on (another git process started
 * the same way, on the other core), its output collected when it has ended. Never memoized. Rejects
 * as gitRaw throws (git missing, a working directory that is not there, output over the limit).
 *
 * git writes its output into a scratch file (src/fswrite.ts openScratch, read back once by
 * src/fsread.ts readScratch), not into a pipe: a pipe holds 64 KB, and it is emptied only when this
 * process's event loop runs, so git stopped for as long as this process ran synchronous work (the
 * core's passes, a spawnSync). HEAD's history walk (5.7 MB on today's upstream) started ahead of the
 * core's first pass then ended only after it (issue 39). Without a scratch file (the temp folder not
 * writable), a pipe as before.
 */
export function gitRawAsync(cwd: string, args: string[], input?: Buffer | string, signal?: AbortSignal): Promise<GitResult> {
  return new Promise((done, fail) => {
    let file = scratchFile();
    const release = () => {
      if (file !== undefined) closeSync(file);
      file = undefined;
    };
    // `signal`: aborted, the process is killed and the promise rejects (a walk started ahead that the run did not need)
    const child = spawn("git", [...GIT_CONFIG_ARGS, ...args], { cwd, windowsHide: true, stdio: ["pipe", file ?? "pipe", "pipe"], signal });
    const tooMuch = () => fail(spawnError(cwd, args, Object.assign(new Error("stdout maxBuffer length exceeded"), { code: "ENOBUFS" })));
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    child.stdout?.on("data", (b: Buffer) => {
      size += b.length;
      if (size <= GIT_MAX_OUTPUT) out.push(b);
      else if (child.kill()) tooMuch();
    });
    // the scratch file's bound: looked at while the event loop runs, and when git has ended
    const watch = file === undefined ? undefined : setInterval(() => {
      if (file !== undefined && fstatSync(file).size > GIT_MAX_OUTPUT && child.kill()) tooMuch();
    }, 250);
    watch?.unref();
    child.stderr!.on("data", (b: Buffer) => err.push(b));
    child.on("error", (e) => {
      clearInterval(watch);
      release();
      fail(spawnError(cwd, args, e));
    });
    child.on("close", (code) => {
      clearInterval(watch);
      let stdout: Buffer | undefined;
      if (file === undefined) stdout = Buffer.concat(out);
      else {
        const f = file;
        file = undefined;
        stdout = readScratch(f, GIT_MAX_OUTPUT);
      }
      if (stdout === undefined) tooMuch();
      else done({ status: code ?? -1, stdout, stderr: Buffer.concat(err).toString("utf8").trim() });
    });
    child.stdin!.on("error", () => undefined); // git that exits before reading its input: its status says why
    child.stdin!.end(input);
  });
}

/**
 * A scratch file for a git process's output in the temp folder, or undefined when none can be made there
 * (or on Windows, where a removed file still open is not the POSIX anonymous file: a pipe there).
 */
function scratchFile(): number | undefined {
  if (process.platform === "win32") return undefined;
  try {
    return openScratch(tmpdir());
  } catch {
    return undefined;
  }
}

/**
 * gitRawAsync for a read-only question whose answer joins the run's memo (withGitMemo): a later
 * gitRaw of the same question in the run gets it without a process (a memoized answer is returned
 * as is). For a question asked before the run's other git questions, beside them.
 */
export async function gitRawAsyncMemo(cwd: string, args: string[]): Promise<GitResult> {
  const m = MEMO_COMMANDS.has(args[0]) ? memo : undefined;
  const key = `${cwd}\0${args.join("\0")}`;
  const known = m?.get(key);
  if (known !== undefined) return known;
  const r = await gitRawAsync(cwd, args);
  if (m !== undefined && !m.has(key)) m.set(key, r);
  return m?.get(key) ?? r;
}

/** Run git; a non-zero exit is a usage/environment error with git's message. */
export function gitOk(cwd: string, args: string[], input?: Buffer | string): Buffer {
  const r = gitRaw(cwd, args, input);
  if (r.status !== 0) throw new UsageError(`git ${args.join(" ")} failed: ${r.stderr || `exit ${r.status}`}`);
  return r.stdout;
}

const C_ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 };

/**
 * A path as git prints it outside -z output: a name with a double quote, a backslash or a control
 * character comes C-quoted ("a\tb.md", octal escapes for bytes; non-ASCII is printed as is under the
 * core.quotePath=false every git process here runs with). Returns the name itself; an unquoted
 * name is returned unchanged (a name that starts with a quote is always printed quoted).
 */
export function gitPath(p: string): string {
  if (p.length < 2 || p.charCodeAt(0) !== 34 || p.charCodeAt(p.length - 1) !== 34) return p;
  const bytes: number[] = [];
  const body = Buffer.from(p.slice(1, -1), "utf8");
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== 92 || i + 1 >= body.length) {
      bytes.push(c);
      continue;
    }
    const octal = (k: number) => body[k] >= 48 && body[k] <= 55; // '0'..'7'
    const n = String.fromCharCode(body[i + 1]);
    if (i + 3 < body.length && octal(i + 1) && octal(i + 2) && octal(i + 3)) {
      bytes.push(((body[i + 1] - 48) << 6) | ((body[i + 2] - 48) << 3) | (body[i + 3] - 48));
      i += 3;
    } else if (C_ESCAPES[n] !== undefined) {
      bytes.push(C_ESCAPES[n]);
      i += 1;
    } else bytes.push(c);
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * The non-empty lines of a git output listing paths, one per line (see gitPath). Spaces are part of a
 * name (git neither quotes nor trims them): a line is taken as it is.
 */
export function pathLines(s: string | undefined): string[] {
  const out: string[] = [];
  for (const l of (s ?? "").split("\n")) if (l.length > 0) out.push(gitPath(l));
  return out;
}

/** Split a -z output into its fields (no trailing empty field). */
export function splitZ(buf: Buffer): string[] {
  const s = buf.toString("utf8");
  const parts = s.split("\0");
  if (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/**
 * The same answer without a git process for the common layouts: the nearest ancestor with a `.git`
 * directory, or a `.git` file naming the git dir (linked worktrees, submodules).
 */
function dirsFromFs(cwd: string): { top: string; gitDir: string } | undefined {
  let dir = resolve(cwd);
  for (;;) {
    const dotgit = join(dir, ".git");
    try {
      const st = statSync(dotgit);
      if (st.isDirectory()) return existsSync(join(dotgit, "HEAD")) ? { top: realpathSync(dir), gitDir: realpathSync(dotgit) } : undefined;
      if (st.isFile()) {
        const m = /^gitdir:\s*(.+?)\s*$/m.exec(readTextOrThrow(dotgit, { maxBytes: 64 * 1024, root: dir }));
        if (!m) return undefined;
        const gd = isAbsolute(m[1]) ? m[1] : resolve(dir, m[1]);
        return existsSync(join(gd, "HEAD")) ? { top: realpathSync(dir), gitDir: realpathSync(gd) } : undefined;
      }
    } catch {
      /* no .git here */
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

const dirsCache = new Map<string, { top: string; gitDir: string } | null>();

/** Work-tree top level and absolute git dir of a directory (one git call, cached), or undefined. */
export function gitDirs(cwd: string): { top: string; gitDir: string } | undefined {
  const hit = dirsCache.get(cwd);
  if (hit !== undefined) return hit ?? undefined;
  const fast = process.env.GIT_DIR || process.env.GIT_WORK_TREE ? undefined : dirsFromFs(cwd);
  if (fast) {
    dirsCache.set(cwd, fast);
    return fast;
  }
  const r = gitRaw(cwd, ["rev-parse", "--show-toplevel", "--absolute-git-dir"]);
  const [top, gitDir] = r.stdout.toString("utf8").split("\n").map((s) => s.trim());
  const v = r.status === 0 && top && gitDir ? { top, gitDir } : null;
  dirsCache.set(cwd, v);
  return v ?? undefined;
}

/** The repository top level for a directory, or undefined outside a work tree. */
export function gitTopLevel(cwd: string): string | undefined {
  return gitDirs(cwd)?.top;
}

/** Resolve a revision to a commit id, or undefined (no error) when it does not exist. */
export function gitVerify(cwd: string, rev: string): string | undefined {
  if (rev.startsWith("-")) return undefined; // never pass option-like values to git
  const r = gitRaw(cwd, ["rev-parse", "--verify", "-q", `${rev}^{commit}`]);
  const out = r.stdout.toString("utf8").trim();
  return r.status === 0 && out ? out : undefined;
}

/**
 * A repository handle over the one git layer (this module): every git question agentcheck asks goes
 * through gitRaw, so there is one way to spawn git, one error text and one place for the environment.
 */
export class GitRepo {
  /** Answers of once(), by arguments: the walks this handle's questions share. */
  private readonly shared = new Map<string, Promise<unknown>>();
  /** Ends the git processes of tryAsync()/once() still running when close() is called. */
  private readonly ender = new AbortController();
  constructor(readonly cwd: string) {}
  /**
   * The handle's run is over: a git process of tryAsync() or once() still running is killed (a walk
   * started ahead of a question the run never asked; its answer is undefined). Nothing else changes.
   */
  close(): void {
    this.ender.abort();
  }
  /**
   * tryAsync() asked once per handle and arguments, its output read by `parse` once: later calls share
   * the first one's answer (a handle lives for one run of a command that does not change the
   * repository, so the answer holds; only the parsed answer is kept). Every call with the same
   * arguments must pass the same parse.
   */
  once<T>(args: string[], parse: (out: string | undefined) => T): Promise<T> {
    const key = args.join("\0");
    let p = this.shared.get(key) as Promise<T> | undefined;
    if (p === undefined) this.shared.set(key, (p = this.tryAsync(args).then(parse)));
    return p;
  }
  /** Commit ids of the revisions resolveCommitIds() resolved through this handle (undefined: no such commit). */
  readonly commitIds = new Map<string, string | undefined>();
  /** Each commit's place in the largest date order dateOrder() asked git for in this run (0: newest). */
  dateRanks: Map<string, number> | undefined;
  /** Answers of config(), by key. */
  private readonly configs = new Map<string, string | undefined>();
  /** `git config --get <key>`, trimmed, asked once per handle (undefined: not set, or git failed). */
  config(key: string): string | undefined {
    if (!this.configs.has(key)) this.configs.set(key, this.try(["config", "--get", key])?.trim());
    return this.configs.get(key);
  }
  /** Whether once() was called with these arguments (its answer is there or on its way). */
  asked(args: string[]): boolean {
    return this.shared.has(args.join("\0"));
  }
  /** stdout of a git command; an Error with git's first stderr line when it fails. */
  raw(args: string[], input?: Buffer | string): string {
    return this.bytes(args, input).toString("utf8");
  }
  /** stdout as bytes (blobs); throws like raw(). */
  bytes(args: string[], input?: Buffer | string): Buffer {
    const r = gitRaw(this.cwd, args, input);
    if (r.status !== 0) {
      const first = r.stderr.split("\n").map((l) => l.trim()).find((l) => l.length > 0);
      throw new Error(first ?? `git ${args[0]} exited ${r.status}`);
    }
    return r.stdout;
  }
  /** stdout of a git command, or undefined when it failed (non-zero exit, or git missing). */
  try(args: string[], input?: Buffer | string): string | undefined {
    try {
      return this.raw(args, input);
    } catch {
      return undefined;
    }
  }
  /**
   * try() without waiting (gitRawAsync): git runs while the caller starts other work. `stop`, aborted,
   * ends that process as close() does (a question asked ahead that the run turned out not to need).
   */
  async tryAsync(args: string[], input?: Buffer | string, stop?: AbortSignal): Promise<string | undefined> {
    let signal = this.ender.signal;
    if (stop !== undefined) {
      const both = new AbortController();
      for (const s of [stop, this.ender.signal]) {
        if (s.aborted) both.abort();
        else s.addEventListener("abort", () => both.abort(), { once: true });
      }
      signal = both.signal;
    }
    try {
      const r = await gitRawAsync(this.cwd, args, input, signal);
      return r.status === 0 ? r.stdout.toString("utf8") : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * Many revisions resolved to commit ids with one `git cat-file --batch-check` (the `<rev>^{commit}`
 * lookup rev-parse --verify makes): every revision asked maps to its commit id, or to undefined when
 * it names no commit. A revision the batch cannot carry (empty, or with whitespace: one line per
 * revision) is not in the map. Undefined when git itself failed.
 */
export function resolveCommitIds(git: GitRepo, revs: string[]): Map<string, string | undefined> | undefined {
  const asked = [...new Set(revs)].filter((r) => r.length > 0 && !/\s/.test(r));
  // a revision the handle's run resolved before is not asked again (a handle lives for one run of a
  // command that does not change the repository: the cited commits, then the same commits as ranges' ends)
  const known = git.commitIds;
  const todo = asked.filter((r) => !known.has(r));
  if (todo.length > 0) {
    const out = git.try(["cat-file", "--batch-check=%(objectname) %(objecttype)"], todo.map((r) => `${r}^{commit}`).join("\n") + "\n");
    if (out === undefined) return undefined;
    const rows = out.split("\n");
    todo.forEach((r, i) => known.set(r, /^([0-9a-f]{40}|[0-9a-f]{64}) commit$/.exec(rows[i] ?? "")?.[1]));
  }
  return new Map(asked.map((r) => [r, known.get(r)]));
}

/**
 * The output of `git diff --name-only --no-renames <a> <b>` for each pair of commit ids, from one
 * `git diff-tree --stdin` (each line "<b> <a>": b compared with a given as its parent, so a merge is
 * compared with a only, as git diff does). `--always` prints a header (a lone U+0001 line, which no
 * quoted path can be) for every pair, identical pairs included, so the answers line up with the pairs.
 * Undefined when git failed or the answers do not line up: the caller then asks per pair.
 */
export function diffNamesBatch(git: GitRepo, pairs: [string, string][]): string[] | undefined {
  if (pairs.length === 0) return [];
  const q = diffNamesQuery(git, pairs);
  return diffNamesAnswers(git.try(q.args, q.input), pairs.length);
}

/**
 * diffNamesBatch without waiting: the diff-tree runs while the caller starts other git processes. A
 * pair of one commit with itself is answered without git (no names: what git diff prints); the others
 * are asked newest first (dateOrder: 20-30 % less git CPU on today's upstream), the answers returned
 * in the order of `pairs`.
 */
export async function diffNamesBatchAsync(git: GitRepo, pairs: [string, string][]): Promise<string[] | undefined> {
  const asked: number[] = [];
  pairs.forEach(([a, b], i) => {
    if (a !== b) asked.push(i);
  });
  const out: string[] = pairs.map(() => "");
  if (asked.length === 0) return out;
  const rank = new Map(dateOrder(git, [...new Set(asked.map((i) => pairs[i][1]))]).map((id, k) => [id, k]));
  asked.sort((i, j) => rank.get(pairs[i][1])! - rank.get(pairs[j][1])! || i - j);
  // a large batch goes to two git processes, the newer and the older half (each still in date order)
  const halves = asked.length >= SPLIT_PAIRS ? [asked.slice(0, asked.length >> 1), asked.slice(asked.length >> 1)] : [asked];
  const answers = await Promise.all(halves.map((part) => {
    const q = diffNamesQuery(git, part.map((i) => pairs[i]));
    return git.tryAsync(q.args, q.input).then((text) => diffNamesAnswers(text, part.length));
  }));
  if (answers.some((a) => a === undefined)) return undefined;
  halves.forEach((part, h) => part.forEach((i, k) => (out[i] = answers[h]![k])));
  return out;
}

/**
 * Pairs from which on diffNamesBatchAsync asks two git processes, each half of them: the ranges of a
 * whole-repository check (421 on today's upstream, 0.26 s of git CPU) were the run's last git process,
 * on one core while the other waited (issue 39). Each pair's answer depends on that pair alone.
 */
const SPLIT_PAIRS = 64;

/**
 * Commit ids (distinct) newest first, as `git rev-list --no-walk=sorted` lists them (by commit date),
 * for a batch of diff-tree questions: consecutive questions then read trees that are close in
 * history, which git's delta base cache still holds (on today's upstream 733 commits' changes took
 * 0.19 s of git CPU in this order, 0.42 s in id order). The order changes no answer (each is keyed by
 * its commit); `ids` as given when git fails or lists something else. Asked at once (spawnSync, about
 * 10 ms): the batch it orders starts right after it, not when this process's event loop next turns.
 */
export function dateOrder(git: GitRepo, ids: string[]): string[] {
  if (ids.length < 2) return ids;
  // commits the last order holds keep their places in it (a batch of the same run's commits: the
  // ranges' ends are mostly commits the logs cite), the few others after them
  const ranks = git.dateRanks;
  if (ranks !== undefined && ids.filter((id) => !ranks.has(id)).length * 10 <= ids.length) {
    const place = (id: string) => ranks.get(id) ?? ranks.size;
    return [...ids].sort((a, b) => place(a) - place(b));
  }
  const out = git.try(["rev-list", "--no-walk=sorted", "--stdin"], ids.join("\n") + "\n");
  const listed = out?.split("\n").filter((l) => l.length > 0);
  if (listed === undefined || listed.length !== ids.length) return ids;
  const want = new Set(ids);
  if (!listed.every((id) => want.delete(id))) return ids;
  // the largest order of the run stays (a later, smaller batch's would place the next batches' commits after git again)
  if (ranks === undefined || listed.length > ranks.size) git.dateRanks = new Map(listed.map((id, k) => [id, k]));
  return listed;
}

/** The `git diff-tree --stdin` arguments and input of diffNamesBatch. */
function diffNamesQuery(git: GitRepo, pairs: [string, string][]): { args: string[]; input: string } {
  // git diff honours diff.ignoreSubmodules, the plumbing does not: the same setting, passed on
  const ignore = git.config("diff.ignoreSubmodules");
  const args = ["diff-tree", "--stdin", "-r", "--name-only", "--no-renames", "--always", "--format=%x01"];
  if (ignore) args.push(`--ignore-submodules=${ignore}`);
  return { args, input: pairs.map(([a, b]) => `${b} ${a}`).join("\n") + "\n" };
}

/** diffNamesBatch's answers, one per pair, or undefined when git failed or they do not line up. */
function diffNamesAnswers(out: string | undefined, n: number): string[] | undefined {
  if (out === undefined) return undefined;
  const parts = out.split("\u0001\n");
  if (parts.length !== n + 1 || parts[0] !== "") return undefined;
  return parts.slice(1);
}

/**
 * Markdown files changed during the session: committed since the starting commit, staged, unstaged,
 * untracked. Paths are relative to `root` and limited to it (`root` may be a subfolder of the repository).
 */
export function changedMarkdown(root: string, startingCommit: string | undefined): string[] {
  const files = new Set<string>();
  const add = (buf: Buffer) => {
    for (const p of splitZ(buf)) if (isMarkdown(p)) files.add(p);
  };
  const head = gitVerify(root, "HEAD");
  if (startingCommit && head && gitVerify(root, startingCommit)) {
    add(gitRaw(root, ["diff", "--name-only", "-z", "--relative", "--diff-filter=ACMR", startingCommit, "HEAD"]).stdout);
  }
  if (head) add(gitRaw(root, ["diff", "--name-only", "-z", "--relative", "--diff-filter=ACMR", "HEAD"]).stdout);
  add(gitRaw(root, ["ls-files", "-z", "--others", "--exclude-standard"]).stdout);
  return [...files].filter((f) => existsSync(join(root, f))).sort();
}
