// Session-log validator host: selects the logs (SP-004), gathers repository facts (git through
// src/git-run.ts, file system through a FileSource), runs the WASM rules. Two passes over markdown logs:
// pass 1 ("extract") asks the core which SHAs, diffs and cited paths it needs; pass 2 validates
// with those facts. Every rule decision is made in the core.
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from "node:fs";
import { basename, join, resolve, sep } from "node:path";
import { KIND } from "../wasm/abi.js";
import type { RuleSettings } from "../run-settings.js";
import { executeValidator, problemResult, readArtifact, refusalFinding, type ContentDoc, type Facts, type ValidatorOutput } from "../engine.js";
import { findRepoRoot, listFiles, toRepoPath, isInside } from "../repo.js";
import { UsageError, isIsoDate, type FileResult } from "../report.js";
import { DiskSource, type FileSource } from "../source.js";
import { readBounded } from "../fsread.js";
import { GitRepo, diffNamesBatch, gitDirs, gitPath, pathLines, resolveCommitIds } from "../git-run.js";
import { DEFAULT_PATHS } from "../config-paths.js";
import { HANDOFF_FILE, PROTOCOL_FILE, QA_DIR } from "../config-paths.js";
import {
  changedScope, isSessionContext, parseSessionMode, PROTOCOL_STATE_NAME, MODE_FLAGS, resolveBaseRef, SESSION_CONTEXTS, stagedScope,
  type BaseChoice, type RunScope, type SessionContext, type SessionMode,
} from "../scope.js";
import { FLAGS } from "../wasm/contract.js";
import { decodeList } from "../wasm/list.js";
import { pushAll } from "../arrays.js";

const triedNote = (b: BaseChoice | undefined) => (b && b.tried.length > 1 ? ` (tried ${b.tried.join(", ")})` : "");

export { MODE_FLAGS, type SessionContext, type SessionMode };
/** Document flag: an explicitly named log that does not exist (SP-002). */
export const FLAG_MISSING = FLAGS.sessionLog.MISSING;
/** Document flag: the log resolves outside the repository and was not read (SP-003 only). */
export const FLAG_UNREAD = FLAGS.sessionLog.UNREAD;
/** The log's resolved path is its own name (no fact real.<name>; SP-003). */
const FLAG_REAL_SELF = FLAGS.sessionLog.REAL_SELF;


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


/**
 * Expand paths into candidate log files (.md, .json), sorted and de-duplicated; missing explicit paths
 * are kept. `entries`, when given, receives what the search learned of each file (its lstat, or its
 * directory entry) for the bounded read (ReadOptions.entry).
 */
export function discoverSessionLogs(root: string, cwd: string, paths: string[] | undefined, sessionsDir: string = DEFAULT_PATHS.sessions, entries?: Map<string, Stats | Dirent>): string[] {
  const named = paths !== undefined && paths.length > 0;
  // the folder as resolve would make it (a library caller may pass "repo/docs/.." or "a//b")
  const base = named ? resolve(cwd) : cwd;
  const inputs = named ? paths.map((p) => absPath(base, p)) : [join(root, sessionsDir)];
  const listed = named ? listedEntries(inputs) : undefined;
  const out = new Set<string>();
  for (const p of inputs) {
    // a regular file its folder's listing names (many files named in one folder): no lstat of its own
    const d = listed?.get(p);
    if (d !== undefined && d.isFile()) {
      out.add(p);
      entries?.set(p, d);
      continue;
    }
    let lst: Stats;
    try {
      lst = lstatSync(p);
    } catch {
      // A named path that does not exist is a usage error (exit 2, one line). SP-002 stays in the
      // core for library callers that pass a missing log with FLAG_MISSING.
      if (paths && paths.length > 0) throw new UsageError(`no such file or directory: ${p}`);
      continue; // no sessions directory: nothing to validate ("validate if present")
    }
    let dir = lst.isDirectory();
    if (lst.isSymbolicLink()) {
      try {
        dir = statSync(p).isDirectory();
      } catch {
        /* dangling symlink: read as a file (AC-901) */
      }
    }
    if (dir) {
      // the protocol's JSON fallback state lives in the sessions folder too: no session log
      for (const f of listFiles(p, [".md", ".json"], entries)) if (basename(f) !== PROTOCOL_STATE_NAME) out.add(f);
    } else {
      out.add(p);
      entries?.set(p, lst);
    }
  }
  return [...out].sort();
}

/**
 * `p` made absolute against `cwd` as path.resolve does; a plain relative path (no `.`, `..` or empty
 * segment) is joined without resolve's normalising pass. `cwd` must already be resolved.
 */
function absPath(cwd: string, p: string): string {
  if (sep === "/" && cwd.startsWith("/") && !cwd.endsWith("/") && p.length > 0 && !p.startsWith("/") && !p.endsWith("/") && !`/${p}/`.includes("//") && !/\/\.\.?\//.test(`/${p}/`)) {
    return `${cwd}/${p}`;
  }
  return resolve(cwd, p);
}

/** Files named in one folder from which one listing answers what each is (fewer: an lstat each). */
const LIST_FOLDER_AT = 16;

/**
 * The folder listing's entry of each named path whose folder holds LIST_FOLDER_AT or more of the
 * named paths (a shell glob's list): one readdir instead of an lstat per name. A name the listing
 * does not have, or whose entry is not a plain file, takes the lstat path as before.
 */
function listedEntries(inputs: string[]): Map<string, Dirent> | undefined {
  if (inputs.length < LIST_FOLDER_AT) return undefined;
  const byDir = new Map<string, Set<string>>();
  for (const p of inputs) {
    const cut = p.lastIndexOf(sep);
    if (cut <= 0) continue;
    const dir = p.slice(0, cut);
    let names = byDir.get(dir);
    if (names === undefined) byDir.set(dir, (names = new Set()));
    names.add(p.slice(cut + 1));
  }
  const out = new Map<string, Dirent>();
  for (const [dir, names] of byDir) {
    if (names.size < LIST_FOLDER_AT) continue;
    let list: Dirent[];
    try {
      list = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // the lstat path reports what is wrong
    }
    for (const e of list) if (names.has(e.name)) out.set(`${dir}${sep}${e.name}`, e);
  }
  return out;
}

type Git = GitRepo;

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

/** Run git; on failure the command and git's first message line (for a repository-level finding). */
async function rawOrWhy(g: Git, args: string[]): Promise<{ out?: string; why?: string }> {
  try {
    return { out: g.raw(args) };
  } catch (e) {
    const msg = String((e as Error).message ?? e).split("\n").map((l) => l.trim()).find((l) => l.length > 0) ?? "failed";
    return { why: `\`git ${args.join(" ")}\` failed: ${msg}` };
  }
}

const lines = (s: string | undefined) => (s ?? "").split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
/** A list the core attached to a result (src/wasm/list.ts), without empty entries. */
const list = (s: string | undefined) => (s === undefined ? [] : decodeList(s).filter((l) => l.length > 0));

/** Resolve a repo-relative path: file | dir | missing | outside (symlinks followed). */
function pathFact(root: string, realRoot: string, rel: string): string {
  try {
    const real = realpathSync(join(root, rel));
    if (!isInside(real, realRoot)) return "outside";
    return statSync(real).isDirectory() ? "dir" : "file";
  } catch {
    return "missing";
  }
}

function realOf(abs: string, realRoot: string): string | undefined {
  try {
    const real = realpathSync.native(abs); // one realpath(3) call, not an lstat per path component
    return isInside(real, realRoot) ? toRepoPath(real, realRoot) : real;
  } catch {
    return undefined;
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

export async function validateSessionLogs(opts: SessionLogOptions): Promise<ValidatorOutput> {
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
    "sessions.dir": sessionsDir,
    "memories.dir": memDir,
    "qa.dir": QA_DIR,
  };

  // --- selection (SP-004) -----------------------------------------------------------------
  const explicit = opts.paths && opts.paths.length > 0;
  let staged: string[] | undefined;
  let baseChoice: BaseChoice | undefined;
  // the one base-ref policy (src/scope.ts); CI judges against the remote only. A commit hook judges
  // the staged snapshot: no question of its asks for the base (HANDOFF.md from the staged list).
  // Resolved when first asked (CI's selection, SP-017 for markdown logs): up to five git processes
  const baseRef = (): string | undefined => {
    if (!git || context === "pre-commit") return undefined;
    baseChoice ??= resolveBaseRef(root, opts.base, { remoteOnly: context === "ci" });
    return baseChoice.ref;
  };
  // a commit hook judges the staged snapshot: the one scope module's staged scope (`check --staged`'s)
  let stagedRun: RunScope | undefined;
  if (git && context === "pre-commit") {
    // as for CI: a staged list git cannot give is an error, never "nothing staged"
    try {
      stagedRun = stagedScope(root, { sessionsDir, strict: opts.strict });
    } catch (e) {
      throw new UsageError(`--context pre-commit: cannot list the staged files: ${(e as Error).message}`);
    }
    // what the commit adds, copies, modifies, renames (to) or deletes
    staged = (stagedRun.changes ?? []).filter((c) => c.status !== "T").map((c) => c.path);
    facts.staged = staged;
  }
  // a commit hook's logs take their mode facts from the staged snapshot, as `check --staged` gives them
  // (added or modified, pre-commit, merge): one mode per log whichever command the hook runs
  let logFlags = opts.logFlags ?? (opts.modes && Object.fromEntries(Object.entries(opts.modes).map(([f, m]) => [f.replace(/\\/g, "/"), MODE_FLAGS[m]])));
  if (logFlags === undefined && stagedRun && !opts.mode) logFlags = stagedRun.sessionLogs;
  let files: string[];
  /** What discovery learned of each file (ReadOptions.entry): the read does not lstat it again. */
  const entries = new Map<string, Stats | Dirent>();
  // files discoverSessionLogs found (listed, or named and checked present): no second lstat each
  let discovered = false;
  if (opts.files) files = opts.files.map((f) => join(root, f));
  else if (explicit) {
    files = discoverSessionLogs(root, opts.cwd, opts.paths, sessionsDir, entries);
    discovered = true;
  }
  else if (stagedRun) {
    files = Object.keys(stagedRun.sessionLogs).map((p) => join(root, p));
  } else if (context === "ci" && git) {
    const base = baseRef();
    if (!base) throw new UsageError(`base ref '${baseChoice?.tried[0] ?? "origin/main"}' not found${triedNote(baseChoice)}: fetch it (shallow clone?) or pass --base`);
    // the logs `check --changed --base <base>` selects (one scope module). A diff that fails (no merge
    // base: unrelated histories, or a shallow clone's base) is an error, never "no logs changed": that
    // would pass a CI run with nothing checked
    let changed: RunScope;
    try {
      changed = changedScope(root, base, { sessionsDir });
    } catch (e) {
      const why = (e as Error).message;
      throw new UsageError(`--context ci: cannot list the logs changed since '${base}': ${why.startsWith("--changed: ") ? why.slice(11) : why}`);
    }
    files = Object.keys(changed.sessionLogs).map((p) => join(root, p));
  } else {
    files = discoverSessionLogs(root, opts.cwd, undefined, sessionsDir, entries);
    discovered = true;
  }

  // logs named on the command line take the mode facts `check <files>` gives the same files (src/scope.ts
  // filesScope: a log staged while something is staged is part of a commit being made); logs found in a
  // folder that was named get none, as in `check DIR`: the whole-tree default (full), one answer per file
  if (logFlags === undefined && git && explicit && !opts.mode && context === "local") {
    const named = new Set((opts.paths ?? []).map((p) => resolve(opts.cwd, p)).filter((p) => {
      try {
        return !statSync(p).isDirectory();
      } catch {
        return true;
      }
    }));
    const rels = files.filter((f) => named.has(resolve(f)) && isInside(f, root)).map((f) => toRepoPath(f, root));
    if (rels.length > 0) {
      const { filesScope } = await import("../scope.js");
      try {
        logFlags = filesScope(root, rels, { sessionsDir, strict: opts.strict }).sessionLogs;
      } catch {
        /* the index cannot be read (the rules that need git report it): each log's own git status decides */
      }
    }
  }
  const docs: ContentDoc[] = [];
  const problems: FileResult[] = [];
  const enc = new TextEncoder();
  // pre-commit: validate what will be committed (the staged blob), not the working tree
  const fromIndex = context === "pre-commit" && git !== undefined && !explicit;
  let indexSource: FileSource | undefined;
  /**
   * A log on disk through the bounded reader. A log that resolves outside the repository is never
   * read: the core gets it unread (FLAG_UNREAD) with its resolution, and reports SP-003.
   */
  const realDirs = new Map<string, string>();
  /** A read log; its resolved path (links followed) as the flag REAL_SELF when it is its own name (the usual case), else as the fact real.<name>. */
  const addLog = (rel: string, kind: number, flags: number, bytes: Uint8Array, real: string): void => {
    if (real === rel) docs.push({ file: rel, kind, flags: flags | FLAG_REAL_SELF, bytes });
    else {
      docs.push({ file: rel, kind, flags, bytes });
      facts[`real.${rel}`] = real;
    }
  };
  const loadLog = (abs: string, rel: string, kind: number, flags: number, missingFlag: boolean): void => {
    // a path named outside the workspace is the user's explicit choice: read it (SP-003 reports it)
    const within = isInside(abs, root) ? root : undefined;
    // one bounded read (it inspects the path first: a log resolving outside is refused unread)
    const r = readBounded(abs, { maxBytes: opts.maxFileBytes, root: within, realDirs, entry: entries.get(abs) });
    // (a name that is not UTF-8 is there under its bytes: the reader's AC-901 says so, below)
    if (!r.ok && missingFlag && r.refusal.reason === "missing" && !rel.includes("\ufffd")) {
      // a named log that is not there (SP-002): the path itself does not exist (a dangling link is AC-901)
      docs.push({ file: rel, kind, flags: flags | FLAG_MISSING, bytes: new Uint8Array(0) });
      return;
    }
    if (!r.ok && r.refusal.reason === "outside") {
      docs.push({ file: rel, kind, flags: flags | FLAG_UNREAD, bytes: new Uint8Array(0) });
      facts[`real.${rel}`] = realOf(abs, realRoot) ?? "/";
      return;
    }
    if (!r.ok) {
      problems.push(problemResult("session-log", refusalFinding(rel, r.refusal)));
      return;
    }
    // the resolved path of the read, repo-relative when inside
    addLog(rel, kind, flags, r.bytes, isInside(r.info.real, realRoot) ? toRepoPath(r.info.real, realRoot) : r.info.real);
    opts.sources?.set(abs, r.bytes);
  };
  for (const abs of files.sort()) {
    const rel = isInside(abs, root) ? toRepoPath(abs, root) : abs.split("\\").join("/");
    const kind = abs.toLowerCase().endsWith(".json") ? KIND.SESSION_JSON : KIND.SESSION_MD;
    const flags = logFlags?.[rel] ?? MODE_FLAGS[opts.mode ?? "full"];
    if (opts.files && source.kind === "disk") {
      // scoped run over the working tree: same bounded reader as a full run (SP-003 included)
      loadLog(abs, rel, kind, flags, true);
      continue;
    }
    if (opts.files || fromIndex) {
      // scoped run: read through the run's source (the git index for --staged); a pre-commit run
      // without a scope reads the staged blob. One bounded read either way (readArtifact).
      const src = opts.files ? source : (indexSource ??= new (await import("../index-source.js")).IndexSource(root));
      if (src.size(rel) === undefined && src.type(rel) === undefined) {
        docs.push({ file: rel, kind, flags: flags | FLAG_MISSING, bytes: new Uint8Array(0) });
        continue;
      }
      const r = readArtifact(src, rel, opts.maxFileBytes);
      if (r.problem) problems.push(problemResult("session-log", r.problem));
      // a staged symlink is read through its target in the index: that is its resolved path (SP-003)
      else addLog(rel, kind, flags, r.bytes!, src.resolvedPath && src.type(rel) === "symlink" ? src.resolvedPath(rel) : rel);
      continue;
    }
    loadLog(abs, rel, kind, flags, !discovered);
  }

  // --- repository facts -------------------------------------------------------------------------
  // the memory names: none when the folder does not exist; unknown (no fact: SP-016 says the names
  // were not verified) when it exists but cannot be listed (permissions, a file in its place)
  const memList = source.list(memDir);
  if (memList) facts.memories = memList.filter((e) => e.type !== "dir" && e.name.toLowerCase().endsWith(".md")).map((e) => e.name.slice(0, -3));
  else if (source.type(memDir) === undefined) facts.memories = [];
  facts["handoff.exists"] = source.type(HANDOFF_FILE) !== undefined;
  // markdown logs are the ones SP-017 (HANDOFF.md) and SP-039 (clean tree) judge: a run of JSON logs
  // alone asks git neither (two to three git processes, 65 ms of `git status` on a 9,500-file tree)
  const md = docs.filter((d) => d.kind === KIND.SESSION_MD && d.bytes.length > 0);
  const hasMd = md.length > 0;
  // `git status --porcelain`, asked once and only when something needs it: the clean-tree fact
  // (SP-039, never judged in a commit hook) and the in-progress logs of logRanges
  let status: { out?: string } | undefined;
  const statusOf = (g: Git): string | undefined => (status ??= { out: g.try(["status", "--porcelain"]) }).out;
  if (git) {
    // asked as gitVerify(root, "HEAD") asks it: one git process per run under pre-pr's memo (SP-040)
    const head = hasMd ? git.try(["rev-parse", "--verify", "-q", "HEAD^{commit}"])?.trim() : undefined;
    if (head) facts.head = head;
    if (context !== "pre-commit" && hasMd) {
      const st = statusOf(git);
      if (st !== undefined) facts.clean = lines(st).length === 0;
    }
    // SP-017: HANDOFF.md changed on the branch (asked only for markdown logs, see hasMd)
    if (hasMd) {
      const base = baseRef();
      if (context === "pre-commit") facts["handoff.changed"] = (staged ?? []).includes(HANDOFF_FILE);
      else if (base) {
        // only HANDOFF.md matters: the pathspec keeps the output to one name at most
        const { out: diff, why } = await rawOrWhy(git, ["diff", "--name-only", `${base}...HEAD`, "--", HANDOFF_FILE]);
        if (diff === undefined) facts["handoff.why"] = why;
        else {
          let changed = pathLines(diff).includes(HANDOFF_FILE);
          if (context === "local") changed ||= lines(git.try(["status", "--porcelain", "--", HANDOFF_FILE])).length > 0;
          facts["handoff.changed"] = changed;
        }
      } else {
        facts["handoff.why"] = context === "ci" || baseChoice?.explicit !== undefined
          ? `base ref '${baseChoice?.tried[0] ?? "origin/main"}' not found (shallow clone? fetch it or pass --base)`
          : `no base ref found (${baseChoice?.tried.join(", ") ?? "origin/main, main"}): pass --base`;
      }
    }
  }

  // A git failure that is not about one log (the HANDOFF.md diff against the base) is reported once,
  // on the repository, not on every log: every pass says so to the logs' rules.
  const repoLevel = facts["handoff.why"] !== undefined && git !== undefined && docs.length > 0;
  if (repoLevel) facts["repo.once"] = true;
  /** The facts every log's call of the last pass gets: changed-file lists go only to their own logs' calls. */
  const sharedFacts = (): Facts => {
    const shared: Facts = {};
    for (const [k, v] of Object.entries(facts)) if (!k.startsWith("diff.") && !k.startsWith("git.diff.")) shared[k as keyof Facts] = v;
    return shared;
  };

  // --- pass 1: what the core needs resolved (the markdown logs, md above) -----------------------
  const needSha = new Set<string>();
  /** Per log: [Starting Commit, Ending Commit or ""] of a log whose rules need its changed files. */
  const needDiff = new Map<string, [string, string]>();
  const needPath = new Set<string>();
  // Pass 1 also runs every rule with the facts known so far: a log that needs nothing more
  // (no cited paths; no commits or diffs to look up in git) keeps its pass-1 result, so most logs
  // are parsed once. Strict mode validates all logs together with the protocol in pass 2.
  const final = new Map<string, FileResult>();
  const p1Internal: string[] = [];
  if (md.length > 0) {
    const p1 = executeValidator("session-log", md, { ...facts, phase: "extract" }, { separable: true, rules: opts.rules });
    pushAll(p1Internal, p1.internalErrors);
    for (const r of p1.results) {
      const sha = list(r.data?.["need.sha"]);
      const diff = lines(r.data?.["need.diff"]);
      const paths = list(r.data?.["need.paths"]);
      for (const s of sha) needSha.add(s);
      if (diff.length > 0) needDiff.set(r.file, [diff[0], (r.data?.["end.sha"] ?? "").trim()]);
      for (const s of paths) needPath.add(s);
      const needsMore = paths.length > 0 || (git !== undefined && (sha.length > 0 || diff.length > 0));
      if (!opts.strict && !needsMore && r.data) {
        const data: Record<string, string> = {};
        for (const [k, v] of Object.entries(r.data)) if (!k.startsWith("need.") && k !== "start.sha" && k !== "rows") data[k] = v;
        if (Object.keys(data).length > 0) r.data = data;
        else delete r.data;
        final.set(r.file, r);
      }
    }
  }
  for (const p of [...needPath].sort()) facts[`path.${p}`] = pathFact(root, realRoot, p);
  if (git) {
    if (needSha.size > 0) {
      const shas = [...needSha].sort();
      const full = lines(git.try(["log", "--no-walk=unsorted", "--ignore-missing", "--format=%H", ...shas]));
      facts.commits = shas.filter((s) => full.some((f) => f.startsWith(s)));
    }
    await logRanges(git, needDiff, () => statusOf(git), facts);
  }

  // JSON logs: per-log mode (SP-120), schema and git facts (src/validators/session-json-facts.ts)
  const jsonDocs = docs.filter((d) => d.kind === KIND.SESSION_JSON && d.bytes.length > 0);
  /** Per JSON log, the ranges whose git.diff.<range> list it reads (one range list per log, as "diff." for markdown). */
  const jsonDiffKeys = new Map<string, string[]>();
  if (jsonDocs.length > 0) {
    const { prepareJsonSessions } = await import("./session-json-facts.js");
    // strict mode validates every log with the protocol in the last pass (as for markdown above)
    const pass1 = opts.strict ? undefined : { facts: sharedFacts(), final };
    Object.assign(facts, await prepareJsonSessions(root, jsonDocs, opts.mode, logFlags, jsonDiffKeys, pass1, opts.rules));
  }

  // --- pass 2 ---------------------------------------------------------------------------------
  const extra: ContentDoc[] = [];
  if (opts.strict && source.type(PROTOCOL_FILE) !== undefined) {
    try {
      extra.push({ file: PROTOCOL_FILE, kind: KIND.PROTOCOL, bytes: source.read(PROTOCOL_FILE) });
      if (git) {
        const d = git.try(["log", "-1", "--format=%cs", "--", PROTOCOL_FILE])?.trim();
        if (d) facts["protocol.date"] = d;
      }
    } catch {
      /* unreadable: the core reports SP-005 */
    }
  }
  if (context === "pre-commit" && git && !explicit) {
    extra.push({ file: `${sessionsDir}/`, kind: KIND.SESSION_SET, bytes: enc.encode("") });
  }
  const rest = docs.filter((d) => !final.has(d.file));
  // Changed-file lists go only to the calls of the logs they belong to (a fact handed to every call
  // would grow with the number of historical logs); logs sharing a range share a call.
  const perRange = new Map<string, ContentDoc[]>();
  const plain: ContentDoc[] = [];
  const jsonRanged: ContentDoc[] = [];
  for (const d of rest) {
    const key = facts[`range.${d.file}`];
    if (typeof key === "string" && facts[`diff.${key}`] !== undefined) {
      const g = perRange.get(key);
      if (g) g.push(d);
      else perRange.set(key, [d]);
    } else if ((jsonDiffKeys.get(d.file) ?? []).some((k) => facts[`git.diff.${k}`] !== undefined)) jsonRanged.push(d);
    else plain.push(d);
  }
  // made when a call needs it (a run whose logs all kept their first-pass result makes none)
  let sharedMemo: Facts | undefined;
  const shared = (): Facts => (sharedMemo ??= sharedFacts());
  // the protocol (strict template drift) goes with the logs of every call, the sessions-dir document once
  const protocol = extra.filter((d) => d.kind === KIND.PROTOCOL);
  const all = plain.length > 0 || perRange.size + jsonRanged.length === 0 ? [...plain, ...extra] : extra.filter((d) => d.kind !== KIND.PROTOCOL);
  const out: ValidatorOutput = all.length > 0
    ? executeValidator("session-log", all, shared(), { separable: extra.length === 0, rules: opts.rules })
    : { results: [], global: {}, internalErrors: [] };
  const calls: [ContentDoc[], Facts][] = [];
  for (const [key, group] of [...perRange.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) calls.push([group, { [`diff.${key}`]: facts[`diff.${key}`] }]);
  pushAll(calls, groupByDiffLists(jsonRanged, jsonDiffKeys, facts));
  for (const [docsOfCall, own] of calls) {
    const o = executeValidator("session-log", [...docsOfCall, ...protocol], { ...shared(), ...own }, { separable: protocol.length === 0, rules: opts.rules });
    pushAll(out.results, o.results.filter((r) => !(r.file === PROTOCOL_FILE && out.results.some((x) => x.file === PROTOCOL_FILE))));
    pushAll(out.internalErrors, o.internalErrors);
  }
  if (repoLevel) {
    const o = executeValidator("session-log", [{ file: ".", kind: KIND.SESSION_REPO, bytes: new Uint8Array(0) }], shared(), { rules: opts.rules });
    pushAll(out.results, o.results);
    pushAll(out.internalErrors, o.internalErrors);
  }
  pushAll(pushAll(out.results, final.values()), problems);
  // in path order, whichever pass judged a log (pre-pr and the gates list findings as returned)
  out.results.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  pushAll(out.internalErrors, p1Internal.filter((e) => !out.internalErrors.includes(e)));
  return out;
}


/** Path characters of git.diff lists per core call of JSON logs (groupByDiffLists): about 4 MB of UTF-16. */
export const JSON_DIFF_CALL_UNITS = 2_000_000;

/**
 * The core calls of JSON logs that read git.diff lists (SP-131's touched files, SP-132's changed
 * files): runs of logs, in order, whose lists add up to about `limit` path characters, each call with
 * only its own logs' lists. The lists grow with the history and the number of logs (18 MB for the 190
 * QA ranges of today's upstream tree); handed to every call they were copied into each batch.
 */
export function groupByDiffLists(docs: ContentDoc[], keysOf: Map<string, string[]>, facts: Facts, limit = JSON_DIFF_CALL_UNITS): [ContentDoc[], Facts][] {
  const calls: [ContentDoc[], Facts][] = [];
  let group: ContentDoc[] = [];
  let lists: Facts = {};
  let units = 0;
  const flush = () => {
    if (group.length > 0) calls.push([group, lists]);
    group = [];
    lists = {};
    units = 0;
  };
  for (const d of docs) {
    for (const k of keysOf.get(d.file) ?? []) {
      const v = facts[`git.diff.${k}`];
      if (!Array.isArray(v) || `git.diff.${k}` in lists) continue;
      lists[`git.diff.${k}`] = v;
      for (const p of v) units += String(p).length + 1;
    }
    group.push(d);
    if (units >= limit) flush();
  }
  flush();
  return calls;
}

/**
 * The commit range each log describes (issue 10: a historical verdict never changes as the
 * repository grows): from its Starting Commit to its Ending Commit when it names one that resolves,
 * else to the commit that last changed the log when the log is committed and unmodified, else (a log
 * in progress: new or modified in the working tree) to HEAD. Sets "range.<log>" = "<start>..<end>"
 * and "diff.<start>..<end>" = the names changed in that range (unresolvable start: no diff fact, the
 * core reports the changed files as unknown).
 */
async function logRanges(git: Git, need: Map<string, [string, string]>, statusOf: () => string | undefined, facts: Facts): Promise<void> {
  const dirty = new Set<string>();
  if (need.size === 0) return;
  for (const l of (statusOf() ?? "").split("\n")) {
    if (l.length < 4) continue;
    const p = l.slice(3);
    const arrow = p.indexOf(" -> ");
    dirty.add(gitPath(arrow >= 0 ? p.slice(arrow + 4) : p));
  }
  // every ref the ranges can ask for, resolved by one `cat-file --batch-check` (resolveCommitIds); a
  // ref the batch cannot carry (whitespace), or a failed batch, falls back to one rev-parse each below
  const refs = new Set<string>(["HEAD"]);
  for (const [start, endSha] of need.values()) {
    refs.add(start);
    if (endSha) refs.add(endSha);
  }
  const resolved = new Map<string, string | undefined>(resolveCommitIds(git, [...refs].sort()) ?? []);
  const resolve = async (ref: string) => {
    if (!resolved.has(ref)) resolved.set(ref, git.try(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])?.trim() || undefined);
    return resolved.get(ref);
  };
  // the commit that last changed each log: one history walk limited to the logs' folders, only
  // when a committed, unmodified log needs it (a new or modified log ends at HEAD; a staged log in a
  // commit hook is one of those, and the walk over the folders' whole history is the costliest git
  // call of `check --staged`)
  const last = new Map<string, string>();
  const committed = [...need.keys()].filter((f) => !dirty.has(f));
  const dirs = [...new Set(committed.map((f) => f.slice(0, Math.max(0, f.lastIndexOf("/"))) || "."))].sort();
  const walk = dirs.length > 0 ? git.try(["log", "--format=%x01%H", "--name-only", "--no-renames", "--", ...dirs]) : undefined;
  let commit = "";
  for (const l of (walk ?? "").split("\n")) {
    if (l.startsWith("\u0001")) commit = l.slice(1).trim();
    else if (l.length > 0 && commit) {
      const p = gitPath(l);
      if (!last.has(p)) last.set(p, commit);
    }
  }
  // the changed names of every range: one `git diff-tree --stdin` for all (diffNamesBatch), a git
  // diff per range only when the batch fails
  const pairs = new Map<string, [string, string]>();
  for (const file of [...need.keys()].sort()) {
    const [start, endSha] = need.get(file)!;
    const s = await resolve(start);
    if (!s) continue;
    let end = endSha ? await resolve(endSha) : undefined;
    if (!end && !dirty.has(file)) end = last.get(file);
    if (!end) end = await resolve("HEAD");
    if (!end) continue;
    const key = `${start}..${end.slice(0, 12)}`;
    facts[`range.${file}`] = key;
    if (facts[`diff.${key}`] === undefined && !pairs.has(key)) pairs.set(key, [s, end]);
  }
  const keys = [...pairs.keys()];
  const names = keys.length > 1 ? diffNamesBatch(git, keys.map((k) => pairs.get(k)!)) : undefined;
  keys.forEach((key, i) => {
    const out = names !== undefined ? names[i] : git.try(["diff", "--name-only", "--no-renames", ...pairs.get(key)!]);
    if (out !== undefined) facts[`diff.${key}`] = pathLines(out);
  });
}
