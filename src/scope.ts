// Which files a run covers (--staged, --changed, explicit files) and, for session logs, the facts the
// core decides their validation mode from (assembly/validators/session-log/mode.ts, the one place
// that decides it, for `check` in every scope, session-log and pre-pr): how each log reaches the run
// (added, modified, renamed or copied, tracked and unchanged, untracked), whether a commit or a merge
// is being made, --strict, and a mode the user named.
import { existsSync, lstatSync, realpathSync, statSync, type Stats } from "node:fs";
import { lexists } from "./fsread.js";
import { join, sep } from "node:path";
import { gitDirs, gitOk, gitRaw, gitRawAsyncMemo, gitVerify, splitZ, type GitResult } from "./git-run.js";
import { UsageError } from "./report.js";
import { DEFAULT_PATHS } from "./config-paths.js";
import { FLAGS } from "./wasm/contract.js";

/**
 * How a path changed: git's name-status letters (A C D M R T U X) and "?" for an untracked file. The
 * one declaration: the run scope keeps the content to validate (ContentStatus), pre-pr every change.
 */
export type ChangeStatus = "A" | "C" | "D" | "M" | "R" | "T" | "U" | "X" | "?";
/** The changes whose content a run validates (a type change counts as M, an untracked file as A). */
export type ContentStatus = Extract<ChangeStatus, "A" | "C" | "M" | "R">;
/** The validation modes of a session log (the one declaration; session-log and the JSON facts use it). */
export const SESSION_MODES = ["full", "creation", "record"] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/** Where a session-log run stands: staged logs (pre-commit), logs changed against a base (ci), or the folder (local). */
export const SESSION_CONTEXTS = ["pre-commit", "ci", "local"] as const;
export type SessionContext = (typeof SESSION_CONTEXTS)[number];

/** `--context` / `context`, checked (undefined: not given). */
export function isSessionContext(v: unknown): v is SessionContext {
  return (SESSION_CONTEXTS as readonly unknown[]).includes(v);
}
const SL = FLAGS.sessionLog;
/** A mode the user named (--mode), as the core's document flag bits 0..1 (assembly/validators/session-log/mode.ts). */
export const MODE_FLAGS: Record<SessionMode, number> = { full: SL.MODE_FULL, creation: SL.MODE_CREATION, record: SL.MODE_RECORD };

/** How a session log reaches the run. */
export type LogStatus = ContentStatus | "tracked" | "untracked";
/** The facts the core decides a session log's mode from (assembly/validators/session-log/mode.ts). */
export interface SessionLogFacts {
  status: LogStatus;
  /** The run checks a commit being made (check --staged, hook frameworks). */
  precommit?: boolean;
  merge?: boolean;
  strict?: boolean;
  /** `check --mode` / `session-log --mode`: wins over everything. */
  override?: SessionMode;
}
// document flag bits of a session log (contract/interface.json flags.sessionLog)
const STATUS_CODE: Record<LogStatus, number> = {
  A: SL.STATUS_ADDED, M: SL.STATUS_MODIFIED, R: SL.STATUS_REPLACED, C: SL.STATUS_REPLACED, tracked: SL.STATUS_TRACKED, untracked: SL.STATUS_UNTRACKED,
};
/** Every bit a session log's mode facts use (the host's other document flags, MISSING, UNREAD and REAL_SELF, sit in bits 2..4). */
export const MODE_FACT_BITS = SL.MODE_MASK | (SL.STATUS_MASK << SL.STATUS_SHIFT) | SL.PRECOMMIT | SL.MERGE | SL.STRICT;

/** Encode a log's mode facts as document flags (no decision: the core makes it). */
export function sessionLogFlags(f: SessionLogFacts): number {
  if (f.override) return MODE_FLAGS[f.override];
  return (STATUS_CODE[f.status] << SL.STATUS_SHIFT) | (f.precommit ? SL.PRECOMMIT : 0) | (f.merge ? SL.MERGE : 0) | (f.strict ? SL.STRICT : 0);
}

/** `--mode` / `mode` option: a SessionMode, undefined when absent; a usage error otherwise. */
export function parseSessionMode(v: unknown, name = "--mode"): SessionMode | undefined {
  if (v === undefined) return undefined;
  if (typeof v === "string" && (SESSION_MODES as readonly string[]).includes(v)) return v as SessionMode;
  throw new UsageError(`${name} must be ${SESSION_MODES.slice(0, -1).join(", ")} or ${SESSION_MODES[SESSION_MODES.length - 1]}, got '${String(v)}'`);
}
export { cutoffOption } from "./report.js";
export type ScopeKind = "staged" | "changed" | "files";

export interface RunScope {
  kind: ScopeKind;
  /** Repo-relative paths (forward slashes), sorted, without deletions. */
  files: string[];
  status: Record<string, ContentStatus>;
  /** --staged, --changed: every change git listed (deletions included), in git's order. */
  changes?: ChangedFile[];
  /** --changed: the ref compared against and the merge base used. */
  base?: string;
  mergeBase?: string;
  /** A merge is being committed (MERGE_HEAD exists). */
  merge?: boolean;
  /** The run checks a commit being made (staged files, or hook-framework files while something is staged). */
  precommit?: boolean;
  /** The session logs in scope, each with its mode facts as document flags (sessionLogFlags). */
  sessionLogs: Record<string, number>;
  /** Human-readable notes about the scope (printed by text output on stderr). */
  notes: string[];
  /**
   * Paths the change deletes (staged or on the branch): no content to validate, but a validator whose
   * folder they were in still applies (a deleted memory file breaks the index that lists it).
   */
  deleted?: string[];
}

/**
 * Paths a change list takes away: D entries and the source of each rename (a file moved out of a
 * checked folder is gone from it as surely as a deleted one).
 */
function deletedOf(changes: ChangedFile[]): string[] {
  const out = new Set<string>();
  for (const e of changes) {
    if (e.status === "D") out.add(e.path);
    else if (e.status === "R" && e.oldPath) out.add(e.oldPath);
  }
  return [...out].sort();
}

/**
 * The session protocol's JSON fallback state (`agentcheck mcp` / `phase` without a memories folder,
 * .agents/sessions/.session-state.json): it sits in the sessions folder but is no session log.
 */
export const PROTOCOL_STATE_NAME = ".session-state.json";

/**
 * A session log path: directly in the sessions folder (`paths.sessions`, default .agents/sessions),
 * .md or .json, not the protocol's state file.
 */
export function isSessionLogPath(rel: string, dir: string = DEFAULT_PATHS.sessions): boolean {
  const d = dir === "." ? "" : `${dir}/`;
  if (!rel.startsWith(d)) return false;
  const name = rel.slice(d.length);
  return name.length > 0 && !name.includes("/") && /\.(md|json)$/i.test(name) && name !== PROTOCOL_STATE_NAME;
}

/** One changed path: how it changed, its repo-relative path (forward slashes) and, for a rename or copy, the previous one. */
export interface ChangedFile {
  path: string;
  status: ChangeStatus;
  /** Previous path of a rename or copy. */
  oldPath?: string;
}

/** One entry of `git diff --name-status -z` as parsed: the status letter, path, previous path. */
export interface NameStatusEntry {
  status: ChangeStatus;
  path: string;
  from?: string;
}

/**
 * Parse `git diff --name-status -z [-M]` output, every status (the one parser: the run scope keeps
 * the content to validate, pre-pr every change). Renames and copies carry the previous path in `from`.
 */
export function parseNameStatusAll(out: Buffer | string): NameStatusEntry[] {
  const f = typeof out === "string" ? out.split("\0") : splitZ(out);
  const res: NameStatusEntry[] = [];
  for (let i = 0; i < f.length; ) {
    const code = f[i++];
    if (!code) continue;
    const letter = code[0] as ChangeStatus;
    if (letter === "R" || letter === "C") {
      const from = f[i++];
      const to = f[i++];
      if (to !== undefined) res.push({ status: letter, path: to, from });
    } else {
      const path = f[i++];
      if (path === undefined) break;
      res.push({ status: letter, path });
    }
  }
  return res;
}

/** The changes in `git diff --name-status -z` output, as ChangedFile. */
function changesOf(out: Buffer): ChangedFile[] {
  return parseNameStatusAll(out).map((e) => (e.from !== undefined ? { status: e.status, path: e.path, oldPath: e.from } : { status: e.status, path: e.path }));
}

/**
 * The content to validate among `changes` (A/C/M/R; T counts as M, an untracked file as A): D, U and
 * X entries are not content.
 */
function contentOf(changes: ChangedFile[]): { path: string; status: ContentStatus }[] {
  const out: { path: string; status: ContentStatus }[] = [];
  for (const e of changes) {
    if (e.status === "A" || e.status === "M" || e.status === "R" || e.status === "C") out.push({ path: e.path, status: e.status });
    else if (e.status === "T") out.push({ path: e.path, status: "M" });
    else if (e.status === "?") out.push({ path: e.path, status: "A" });
  }
  return out;
}

/** Parse `git diff --name-status -z -M` output into content to validate (A/C/M/R; T counts as M). */
export function parseNameStatus(buf: Buffer): { path: string; status: ContentStatus }[] {
  return contentOf(changesOf(buf));
}

// ---- the one base-ref policy (docs/base-ref.md) ------------------------------------------------

export interface BaseChoice {
  /** The first candidate that resolves to a commit, or undefined. */
  ref?: string;
  /** Candidates in the order tried. */
  tried: string[];
  /** The explicitly named base (argument, configuration or AGENTCHECK_BASE_REF), when there was one. */
  explicit?: string;
}

/**
 * The base every "changed on this branch" question compares against (check --changed, pre-pr,
 * session-log --context ci|local). One order:
 *   1. an explicit ref (--base, prePr.base, else AGENTCHECK_BASE_REF): only that one;
 *   2. GitHub: the pull request's base (origin/$GITHUB_BASE_REF, then $GITHUB_BASE_REF), then the
 *      commit before a push ($GITHUB_EVENT_BEFORE, unless all zeros);
 *   3. the remote's default branch (origin/HEAD's target), origin/main, origin/master;
 *   4. the local main, master (not with `remoteOnly`: CI checkouts judge against the remote).
 */
export function resolveBaseRef(root: string, explicit?: string, o: { remoteOnly?: boolean } = {}): BaseChoice {
  const env = process.env;
  const named = explicit ?? (env.AGENTCHECK_BASE_REF || undefined);
  if (named !== undefined) return { ref: gitVerify(root, named) ? named : undefined, tried: [named], explicit: named };
  const c: string[] = [];
  if (env.GITHUB_BASE_REF) {
    c.push(`origin/${env.GITHUB_BASE_REF}`);
    if (!o.remoteOnly) c.push(env.GITHUB_BASE_REF);
  }
  if (env.GITHUB_EVENT_BEFORE && !/^0+$/.test(env.GITHUB_EVENT_BEFORE)) c.push(env.GITHUB_EVENT_BEFORE);
  const head = gitRaw(root, ["symbolic-ref", "-q", "--short", "refs/remotes/origin/HEAD"]);
  const headName = head.status === 0 ? head.stdout.toString("utf8").trim() : "";
  if (headName) c.push(headName);
  c.push("origin/main", "origin/master");
  if (!o.remoteOnly) c.push("main", "master");
  const tried = [...new Set(c)];
  for (const ref of tried) if (gitVerify(root, ref)) return { ref, tried };
  return { ref: undefined, tried };
}

// ---- the changes of a branch: one question for check --changed, session-log --context ci and pre-pr ----

/** Why the changes since a base cannot be listed; each command words it (its flags, its remedies). */
export class BranchChangesError extends Error {
  constructor(
    /** "no-head": no commit yet; "no-merge-base": unrelated histories or a shallow clone; "git": git failed (`message` is git's first line). */
    readonly reason: "no-head" | "no-merge-base" | "git",
    message: string,
    /** The clone is shallow (the usual cause of a missing merge base in CI). */
    readonly shallow: boolean,
  ) {
    super(message);
  }
}

const isShallow = (root: string) => gitRaw(root, ["rev-parse", "--is-shallow-repository"]).stdout.toString("utf8").trim() === "true";

/** The first line git wrote to stderr (its reason), or the exit status. */
function gitReason(r: { stderr: string; status: number | null }, what: string): string {
  return r.stderr.split("\n").map((l) => l.trim()).find((l) => l.length > 0) ?? `git ${what} exited ${r.status}`;
}

/**
 * Everything changed on this branch since `ref` (a commit): the diff from the merge base of `ref` and
 * HEAD to HEAD, with rename detection, deletions included. With `worktree` the diff runs to the
 * working tree and untracked, not ignored files are listed as "?" (a log not yet committed is part of
 * the change). One git process for the merge base and one for the diff, each under the run's git memo.
 * `untracked: "later"`: the caller lists the untracked files itself (computeScope: beside the diff).
 */
export function branchChanges(root: string, ref: string, o: { worktree?: boolean; untracked?: "later" } = {}): { mergeBase: string; changes: ChangedFile[] } {
  const mb = gitRaw(root, ["merge-base", ref, "HEAD"]);
  const mergeBase = mb.status === 0 ? mb.stdout.toString("utf8").trim() : "";
  if (!mergeBase) {
    const shallow = isShallow(root);
    if (!gitVerify(root, "HEAD")) throw new BranchChangesError("no-head", "the repository has no commits yet", shallow);
    throw new BranchChangesError("no-merge-base", `'${ref}' and HEAD have no merge base`, shallow);
  }
  // to the working tree (pre-pr) or to HEAD; git filters nothing (D and the rename sources are deletions)
  const args = ["diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", mergeBase, ...(o.worktree ? ["--"] : ["HEAD", "--"])];
  const r = gitRaw(root, args);
  if (r.status !== 0) throw new BranchChangesError("git", gitReason(r, "diff"), false);
  const changes = changesOf(r.stdout);
  if (o.worktree && o.untracked === undefined) addUntracked(changes, gitRaw(root, UNTRACKED));
  return { mergeBase, changes };
}

/** The untracked files git does not ignore (branchChanges to the working tree adds them). */
const UNTRACKED = ["ls-files", "-z", "--others", "--exclude-standard"];

/** `changes` with the untracked files of `u` (git's answer to UNTRACKED) not already in them. */
function addUntracked(changes: ChangedFile[], u: GitResult): void {
  // a listing git cannot give is an error, never "no untracked files" (a new log would leave the scope)
  if (u.status !== 0) throw new UsageError(`git ls-files --others failed: ${gitReason(u, "ls-files")}`);
  const seen = new Set(changes.map((c) => c.path));
  for (const p of splitZ(u.stdout)) if (!seen.has(p)) changes.push({ path: p, status: "?" });
}

function gitDir(root: string): string {
  const d = gitDirs(root);
  if (d) return d.gitDir;
  const p = gitOk(root, ["rev-parse", "--git-dir"]).toString("utf8").trim();
  return p.startsWith("/") || /^[A-Za-z]:/.test(p) ? p : join(root, p);
}

/** The session logs among `entries`, each with its mode facts as document flags. */
function logsFor(
  entries: { path: string; status: ContentStatus }[],
  facts: { strict?: boolean; merge?: boolean; precommit?: boolean; override?: SessionMode; sessionsDir?: string },
): Record<string, number> {
  const logs: Record<string, number> = {};
  const { sessionsDir, ...f } = facts;
  for (const e of entries) {
    if (isSessionLogPath(e.path, sessionsDir)) logs[e.path] = sessionLogFlags({ status: e.status, ...f });
  }
  return logs;
}

function build(kind: ScopeKind, entries: { path: string; status: ContentStatus }[], sessionLogs: Record<string, number>, extra: Partial<RunScope> = {}): RunScope {
  const status: Record<string, ContentStatus> = {};
  for (const e of entries) status[e.path] = e.status;
  return { kind, files: Object.keys(status).sort(), status, sessionLogs, notes: [], ...extra };
}

/** Options of every scope: `sessionsDir` is the configuration's `paths.sessions` (default .agents/sessions). */
export interface ScopeOptions {
  strict?: boolean;
  mode?: SessionMode;
  sessionsDir?: string;
}

/** Files staged for the next commit (added, copied, modified, renamed; `changes` has the deletions too). */
export function stagedScope(root: string, opts: ScopeOptions = {}): RunScope {
  const args = ["diff", "--cached", "--name-status", "-z", "-M", "--no-ext-diff", "--diff-filter=ACDMRT"];
  let r = gitRaw(root, args);
  if (r.status !== 0) {
    // no commit yet: compare the index with the empty tree
    if (gitVerify(root, "HEAD")) throw new UsageError(`git ${args.join(" ")} failed: ${r.stderr || `exit ${r.status}`}`);
    const empty = gitOk(root, ["hash-object", "-t", "tree", "--stdin"], "").toString("utf8").trim();
    r = { ...r, stdout: gitOk(root, [...args, empty]), status: 0 };
  }
  const changes = changesOf(r.stdout);
  const entries = contentOf(changes);
  const merge = existsSync(join(gitDir(root), "MERGE_HEAD"));
  const modes = logsFor(entries, { strict: opts.strict, merge, precommit: true, override: opts.mode, sessionsDir: opts.sessionsDir });
  const scope = build("staged", entries, modes, { merge, precommit: true, deleted: deletedOf(changes), changes });
  if (merge) scope.notes.push("merge commit: staged session logs are validated as records (per-commit rules relaxed)");
  return scope;
}

/** The default base for --changed (resolveBaseRef's order); a usage error naming what was tried. */
export function defaultBase(root: string): string {
  const b = resolveBaseRef(root);
  if (b.ref) return b.ref;
  if (b.explicit) return b.explicit; // AGENTCHECK_BASE_REF that does not resolve: changedScope says so
  throw new UsageError("--changed: no base found (tried " + b.tried.join(", ") + "); pass --base <ref>");
}

/**
 * Files changed on this branch (branchChanges): to HEAD, or with `worktree` (pre-pr) to the working
 * tree with untracked files as added, so a log not yet committed is selected and moded by the same
 * rules as a committed one. `session-log --context ci` selects its logs from this scope.
 */
export function changedScope(root: string, base: string | undefined, opts: ScopeOptions & { worktree?: boolean } = {}): RunScope {
  const ref = base ?? defaultBase(root);
  if (ref.startsWith("-")) throw new UsageError(`--base: not a ref: '${ref}'`);
  if (!gitVerify(root, ref)) {
    throw new UsageError(
      `--changed: base '${ref}' is not a commit in this clone` +
        (isShallow(root) ? " (this is a shallow clone: check out with fetch-depth: 0 or fetch the base branch)" : ""),
    );
  }
  let found: { mergeBase: string; changes: ChangedFile[] };
  try {
    found = branchChanges(root, ref, { worktree: opts.worktree });
  } catch (e) {
    if (!(e instanceof BranchChangesError)) throw e;
    if (e.reason === "no-head") throw new UsageError("--changed: the repository has no commits yet");
    if (e.reason === "git") throw new UsageError(`git diff against ${ref} failed: ${e.message}`);
    throw new UsageError(`--changed: ${e.message}` + (e.shallow ? " (this is a shallow clone: use fetch-depth: 0 in actions/checkout)" : ""));
  }
  const { mergeBase, changes } = found;
  const entries = contentOf(changes);
  const modes = logsFor(entries, { strict: opts.strict, override: opts.mode, sessionsDir: opts.sessionsDir });
  return build("changed", entries, modes, { base: ref, mergeBase, deleted: deletedOf(changes), changes });
}

/** Explicit files (as hook frameworks pass them), with their staged / tracked status. */
export function filesScope(root: string, given: string[], opts: ScopeOptions = {}): RunScope {
  const staged = stagedScope(root, opts);
  // a directory stands for the files below it that are in the working tree: tracked ones and
  // untracked ones git does not ignore (two git calls for all directories)
  const dirs = given.filter((f) => isDirectory(join(root, f)));
  const files = given.filter((f) => !dirs.includes(f));
  const tracked = new Set(files.length > 0 ? splitZ(gitOk(root, ["ls-files", "-z", "--", ...files.map((f) => `:(literal)${f}`)])) : []);
  // files a directory stands for are judged as the whole-tree run judges them (no status: the
  // validator's default mode), so `check DIR` and `check` give one answer about each file
  const fromDir = new Set<string>();
  const wholeTree = opts.mode ? MODE_FLAGS[opts.mode] : 0; // no status: the mode a named --mode gives, else full
  if (dirs.length > 0) {
    const specs = dirs.map((d) => (d === "" ? "." : `:(literal)${d}`));
    const seen = new Set(files);
    const add = (f: string, isTracked: boolean) => {
      // a name git gives in bytes that are not UTF-8 (U+FFFD in their place) opens nothing but the
      // file is there: it stays in scope and the reader reports it (AC-901), never a silent drop
      if (seen.has(f) || !(lexists(join(root, f)) || f.includes("\ufffd"))) return;
      seen.add(f);
      files.push(f);
      fromDir.add(f);
      if (isTracked) tracked.add(f);
    };
    for (const f of splitZ(gitOk(root, ["ls-files", "-z", "-c", "--", ...specs]))) add(f, true);
    for (const f of splitZ(gitOk(root, ["ls-files", "-z", "-o", "--exclude-standard", "--", ...specs]))) add(f, false);
  }
  const entries: { path: string; status: ContentStatus }[] = [];
  const modes: Record<string, number> = {};
  for (const f of files) {
    const st = staged.status[f];
    if (st) {
      entries.push({ path: f, status: st });
      if (staged.sessionLogs[f] !== undefined) modes[f] = fromDir.has(f) ? wholeTree : staged.sessionLogs[f];
    } else {
      entries.push({ path: f, status: tracked.has(f) ? "M" : "A" });
      if (isSessionLogPath(f, opts.sessionsDir) && fromDir.has(f)) modes[f] = wholeTree;
      else if (isSessionLogPath(f, opts.sessionsDir)) {
        modes[f] = sessionLogFlags({
          status: tracked.has(f) ? "tracked" : "untracked", precommit: staged.files.length > 0, strict: opts.strict, override: opts.mode,
        });
      }
    }
  }
  return build("files", entries, modes, { merge: staged.merge, precommit: staged.files.length > 0 });
}

/** Keep only paths equal to or below one of `filters` (repo-relative). */
export function restrictScope(scope: RunScope, filters: string[]): RunScope {
  if (filters.length === 0) return scope;
  const keep = (p: string) => filters.some((f) => f === "" || f === "." || p === f || p.startsWith(f.endsWith("/") ? f : `${f}/`));
  const files = scope.files.filter(keep);
  const status: Record<string, ContentStatus> = {};
  const sessionLogs: Record<string, number> = {};
  for (const f of files) {
    status[f] = scope.status[f];
    if (scope.sessionLogs[f] !== undefined) sessionLogs[f] = scope.sessionLogs[f];
  }
  return { ...scope, files, status, sessionLogs, ...(scope.deleted ? { deleted: scope.deleted.filter(keep) } : {}) };
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}


// ---- pre-pr's scope: everything changed since the base (committed, staged, unstaged, untracked), or --all ----

/** The files a pre-PR run looks at (`computeScope`). */
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

/** The git top-level of `cwd` (worktree aware); a usage error outside a work tree. */
export async function workTreeTop(cwd: string): Promise<string> {
  if (!existsSync(cwd)) throw new UsageError(`no such directory: ${cwd}`);
  // the one git layer's answer (found from `.git` without a git process in the common layouts);
  // inside the git directory itself git's own answer (an error: not a work tree)
  const dirs = gitDirs(cwd);
  if (dirs) {
    const real = realpathSync(cwd);
    if (real !== dirs.gitDir && !real.startsWith(`${dirs.gitDir}${sep}`)) return dirs.top;
  }
  const r = gitRaw(cwd, ["rev-parse", "--show-toplevel"]);
  const out = r.status === 0 ? r.stdout.toString("utf8").trim() : "";
  if (!out) throw new UsageError(`not inside a git work tree: ${cwd} (pre-pr needs git for its scope)`);
  return out;
}

/** Base ref: the one base-ref policy (resolveBaseRef), with pre-pr's messages. */
export async function resolveBase(root: string, explicit?: string): Promise<string> {
  const b = resolveBaseRef(root, explicit);
  if (b.ref) return b.ref;
  if (b.explicit !== undefined) {
    throw new UsageError(`base ref '${b.explicit}' not found (fetch it first, e.g. git fetch origin ${b.explicit.replace(/^origin\//, "")}, or use --all)`);
  }
  throw new UsageError(`no base branch found (tried ${b.tried.join(", ")}); pass --base <ref> or use --all`);
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

/** pre-pr's scope: the branch's changes to the working tree (branchChanges, as `changedScope` with `worktree`), or every file with `all`. */
export async function computeScope(root: string, opts: { all?: boolean; base?: string }): Promise<Scope> {
  const reads = { entries: new Map<string, Stats>(), realDirs: new Map<string, string>() };
  if (opts.all) {
    // tracked and untracked-not-ignored files in one git process (the ignore rules apply to the
    // untracked ones only; an unmerged path is listed once per stage, hence the set)
    const r = gitRaw(root, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
    if (r.status !== 0) throw new UsageError(`git ls-files failed in ${root}`);
    const files = [...new Set(splitZ(r.stdout))].filter((p) => isFileOnDisk(root, p, reads.entries)).sort();
    return { kind: "all", root, changes: files.map((path) => ({ path, status: "M" as const })), files, reads };
  }
  // the untracked listing (a walk of the working tree, as slow as the diff on a large one) runs beside
  // the base's resolution and the diff; its answer is added after theirs (their errors come first)
  const untracked = gitRawAsyncMemo(root, UNTRACKED);
  untracked.catch(() => undefined); // awaited below, unless the diff failed first
  const base = await resolveBase(root, opts.base);
  let found: { mergeBase: string; changes: ChangedFile[] };
  try {
    found = branchChanges(root, base, { worktree: true, untracked: "later" });
  } catch (e) {
    if (!(e instanceof BranchChangesError)) throw e;
    // git's own reason (a missing object of a partial or damaged clone, …) goes into the message
    if (e.reason === "git") throw new UsageError(`git diff against ${base} failed: ${e.message}`);
    if (e.shallow) {
      throw new UsageError(
        `shallow clone: no merge-base of '${base}' and HEAD in the fetched history; fetch the full history ` +
          "(git fetch --unshallow, or actions/checkout with fetch-depth: 0) or use --all",
      );
    }
    throw new UsageError(
      e.reason === "no-merge-base" ? `no merge-base between '${base}' and HEAD (unrelated histories?); pass another --base or use --all`
        : "the repository has no commits yet; use --all",
    );
  }
  addUntracked(found.changes, await untracked);
  const changes = found.changes.sort(byPath);
  const files = changes.filter((c) => c.status !== "D" && isFileOnDisk(root, c.path, reads.entries)).map((c) => c.path);
  return { kind: "changed", root, base, mergeBase: found.mergeBase, changes, files, reads };
}
