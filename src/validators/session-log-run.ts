// The session-log validator's run: the options a caller gives (SessionLogOptions), checked, and what
// every step of the run shares (RunOf: the workspace, the git handle, the facts, the base ref asked
// once). Built once per run by openRun; the steps are src/validators/session-log-select.ts (which
// logs), session-log-read.ts (their bytes), session-log-facts.ts (repository facts) and
// session-log-passes.ts (the core's passes and the results).
import { realpathSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { ContentDoc, Facts } from "../engine.js";
import { KIND } from "../wasm/abi.js";
import { findRepoRoot } from "../repo.js";
import { UsageError, isIsoDate } from "../report.js";
import { DiskSource, type FileSource } from "../source.js";
import { GitRepo, gitDirs } from "../git-run.js";
import { DEFAULT_PATHS, QA_DIR } from "../config-paths.js";
import type { RuleSettings } from "../run-settings.js";
import { decodeList } from "../wasm/list.js";
import { isSessionContext, parseSessionMode, resolveBaseRef, SESSION_CONTEXTS, type BaseChoice, type SessionContext, type SessionMode } from "../scope.js";

export interface SessionLogOptions {
  /** Working directory (the repository root is found from here unless `root` is given). */
  cwd: string;
  /** Workspace root; `agentcheck check DIR` passes DIR (which may sit inside another repository). */
  root?: string;
  /** Files or directories; default: selected by context (staged, changed vs base, or the whole sessions dir). */
  paths?: string[];
  mode?: SessionMode;
  /** Per log (repo-relative path, as in `files`): its mode; logs not named here take `mode`. */
  modes?: Record<string, SessionMode>;
  maxFileBytes: number;
  /** Fixed clock (ISO 8601) for deterministic runs; default now. */
  now?: string;
  /** Strict gate (template drift, git-bound post-commit checks). */
  strict?: boolean;
  /** pre-commit | ci | local (default local; never inferred from the environment). */
  context?: SessionContext;
  /** Base ref for "changed on the branch" (CI default origin/main). */
  base?: string;
  /** Logs dated before this YYYY-MM-DD are skipped as historical. */
  cutoff?: string;
  /** Sessions folder, repo-relative (`paths.sessions`; default: the loaded configuration's, else .agents/sessions). */
  sessionsDir?: string;
  /** Memories folder, repo-relative (`paths.memories`; default: the loaded configuration's, else .serena/memories). */
  memoriesDir?: string;
  /** The protocol preset requires a session log (protocol.preset, src/protocol-preset.ts); default true (SP-004). */
  logRequired?: boolean;
  /** Where workspace files are read from (default: the working tree). */
  source?: FileSource;
  /**
   * Run scope of `check --staged/--changed/FILE...`: exactly these repo-relative logs, read through
   * `source` (the git index for --staged).
   */
  files?: string[];
  /** Per scoped log: its mode facts as document flags (src/scope.ts sessionLogFlags); else `mode`. */
  logFlags?: Record<string, number>;
  /** Filled with the bytes of each log read from the working tree, by absolute path (for the directive pass). */
  sources?: Map<string, Uint8Array>;
  /** The run's rule options and severities (default: every rule's declared ones). */
  rules?: RuleSettings;
}

export type Git = GitRepo;

/** What every step of one session-log run shares. */
export interface LogRun {
  opts: SessionLogOptions;
  root: string;
  /** `root` with links resolved (the same resolver as the reads'). */
  realRoot: string;
  source: FileSource;
  context: SessionContext;
  sessionsDir: string;
  memDir: string;
  /** The repository, when the workspace is its top level (git facts are repo-relative). */
  git?: Git;
  /** Logs were named (paths): no selection by context. */
  explicit: boolean;
  /** The facts every core call gets; the steps add to them. */
  facts: Facts;
  /** The base ref of "changed on this branch" questions, resolved when first asked (undefined in a commit hook). */
  baseRef(): string | undefined;
  /** What baseRef tried, once it was asked. */
  baseChoice(): BaseChoice | undefined;
  /**
   * `git status --porcelain`, asked once and only when something needs it (or started ahead: a run
   * with markdown logs asks it, session-log.ts), without waiting for it.
   */
  status(): Promise<string | undefined>;
}

export const lines = (s: string | undefined) => (s ?? "").split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
/** A list the core attached to a result (src/wasm/list.ts), without empty entries. */
export const list = (s: string | undefined) => (s === undefined ? [] : decodeList(s).filter((l) => l.length > 0));


/**
 * Logs of one run from which on HEAD's history walk is started ahead (walksHistory): a folder's worth,
 * not the one or two logs of a commit hook, whose commits are mostly resolved without the walk.
 */
const EARLY_WALK_LOGS = 10;

/**
 * Whether the run starts HEAD's history walk before any question asks for it (landed.ts
 * startHeadWalk): it has EARLY_WALK_LOGS or more logs whose cited commits may be checked by content
 * (the JSON logs; every log in a strict run), not in a commit hook, and not all in record or creation
 * mode (no commit checks there). The walk alone costs about 0.2 ms of CPU per commit (0.5 s on a
 * 2,600-commit history); when the logs cite commits their squash merges left off HEAD's history, the
 * run needs it anyway, and started ahead it runs beside the core's first pass. A performance choice
 * only: the answers are the same whether or not it starts ahead.
 */
export function walksHistory(run: LogRun, docs: ContentDoc[]): boolean {
  if (run.context === "pre-commit" || run.opts.mode === "record" || run.opts.mode === "creation") return false;
  const citing = run.opts.strict ? docs.length : docs.filter((d) => d.kind === KIND.SESSION_JSON).length;
  return citing >= EARLY_WALK_LOGS;
}

async function openGit(root: string): Promise<Git | undefined> {
  if (!findRepoRoot(root)) return undefined;
  try {
    const top = gitDirs(root)?.top;
    // git facts are repo-relative: only usable when the workspace is the repository root
    return top && realpathSync(top) === realpathSync(root) ? new GitRepo(root) : undefined;
  } catch {
    return undefined; // git missing or not a repository: the core reports SP-090
  }
}

/** A library caller's options that cannot mean anything: a UsageError naming the option (never a run on a guess). */
function checkOptions(opts: SessionLogOptions): void {
  const bad = (msg: string) => new UsageError(`validateSessionLogs: ${msg}`);
  if (typeof opts.cwd !== "string" || opts.cwd.length === 0) throw bad(`cwd must be a directory path, got ${JSON.stringify(opts.cwd)}`);
  for (const [name, dir] of [["cwd", opts.cwd], ["root", opts.root]] as const) {
    if (dir === undefined) continue;
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      /* reported below */
    }
    if (!isDir) throw bad(`${name} is not a directory: ${dir}`);
  }
  if (!Number.isInteger(opts.maxFileBytes) || opts.maxFileBytes < 0) throw bad(`maxFileBytes must be a whole number >= 0, got ${String(opts.maxFileBytes)}`);
  parseSessionMode(opts.mode, "mode");
  for (const [file, m] of Object.entries(opts.modes ?? {})) parseSessionMode(m, `modes[${JSON.stringify(file)}]`);
  if (opts.context !== undefined && !isSessionContext(opts.context)) throw bad(`context must be ${SESSION_CONTEXTS.join(", ")}, got '${String(opts.context)}'`);
}

/** The run's shared state from the caller's options (a UsageError for options that cannot mean anything). */
export async function openRun(opts: SessionLogOptions): Promise<LogRun> {
  checkOptions(opts);
  const root = opts.root ? resolve(opts.root) : (findRepoRoot(opts.cwd) ?? resolve(opts.cwd));
  const realRoot = realpathSync.native(root); // the same resolver as realOf's
  const source: FileSource = opts.source ?? new DiskSource(root);
  const context: SessionContext = opts.context ?? "local";
  if (opts.cutoff !== undefined && !isIsoDate(opts.cutoff)) {
    throw new UsageError(`--cutoff must be a date YYYY-MM-DD, got '${opts.cutoff}'`);
  }
  if (opts.base !== undefined && (opts.base.length === 0 || opts.base.startsWith("-"))) {
    throw new UsageError(`--base must be a git ref, got '${opts.base}'`);
  }
  const memDir = (opts.memoriesDir ?? DEFAULT_PATHS.memories).replace(/\\/g, "/").replace(/\/+$/, "");
  const sessionsDir = (opts.sessionsDir ?? DEFAULT_PATHS.sessions).replace(/\\/g, "/").replace(/\/+$/, "");
  const git = await openGit(root);
  const facts: Facts = {
    now: opts.now ?? new Date().toISOString(),
    context,
    strict: opts.strict ? true : undefined,
    cutoff: opts.cutoff,
    git: git ? true : undefined,
    logRequired: opts.logRequired === false ? false : undefined,
    "sessions.dir": sessionsDir,
    "memories.dir": memDir,
    "qa.dir": QA_DIR,
  };
  let choice: BaseChoice | undefined;
  let status: Promise<string | undefined> | undefined;
  return {
    opts, root, realRoot, source, context, sessionsDir, memDir, git, facts,
    explicit: (opts.paths?.length ?? 0) > 0,
    // the one base-ref policy (src/scope.ts); CI judges against the remote only. A commit hook judges
    // the staged snapshot: no question of its asks for the base (HANDOFF.md from the staged list).
    // Resolved when first asked (CI's selection, SP-017 for markdown logs): up to five git processes
    baseRef() {
      if (!git || context === "pre-commit") return undefined;
      choice ??= resolveBaseRef(root, opts.base, { remoteOnly: context === "ci" });
      return choice.ref;
    },
    baseChoice: () => choice,
    // the clean-tree fact (SP-039, never judged in a commit hook) and the in-progress logs of logRanges
    status: () => (git ? (status ??= git.tryAsync(["status", "--porcelain"])) : Promise.resolve(undefined)),
  };
}
