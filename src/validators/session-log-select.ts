// Which session logs a run validates (SP-004) and the mode facts each gets: the logs named (paths,
// or `check`'s scoped files), else by context through the one scope module (src/scope.ts): the staged
// logs (`check --staged`'s), the logs changed on the branch (`check --changed`'s), or the folder.
import { lstatSync, readdirSync, statSync, type Dirent, type Stats } from "node:fs";
import { basename, join, resolve, sep } from "node:path";
import { listFiles, toRepoPath, isInside } from "../repo.js";
import { UsageError } from "../report.js";
import { DEFAULT_PATHS } from "../config-paths.js";
import { changedScope, filesScope, PROTOCOL_STATE_NAME, MODE_FLAGS, stagedScope, type BaseChoice, type RunScope } from "../scope.js";
import type { LogRun } from "./session-log-run.js";

const triedNote = (b: BaseChoice | undefined) => (b && b.tried.length > 1 ? ` (tried ${b.tried.join(", ")})` : "");


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

/** The logs of one run. */
export interface Selection {
  /** Absolute paths, in no particular order. */
  files: string[];
  /** Found by discoverSessionLogs (listed, or named and checked present): `entries` has what it learned, a missing one is SP-002. */
  discovered: boolean;
  /** What discovery learned of each file (ReadOptions.entry): the read does not lstat it again. */
  entries: Map<string, Stats | Dirent>;
  /** Per log (repo-relative): its mode facts as document flags; else the run's `mode`. */
  logFlags?: Record<string, number>;
  /** A commit hook: the paths the commit adds, copies, modifies, renames (to) or deletes. */
  staged?: string[];
}

/** Select the run's logs; a commit hook's staged list goes into the facts (`staged`). */
export async function selectLogs(run: LogRun): Promise<Selection> {
  const { opts, root, git, context, sessionsDir, explicit, facts } = run;
  let staged: string[] | undefined;
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
    const base = run.baseRef();
    const tried = run.baseChoice();
    if (!base) throw new UsageError(`base ref '${tried?.tried[0] ?? "origin/main"}' not found${triedNote(tried)}: fetch it (shallow clone?) or pass --base`);
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
      try {
        logFlags = filesScope(root, rels, { sessionsDir, strict: opts.strict }).sessionLogs;
      } catch {
        /* the index cannot be read (the rules that need git report it): each log's own git status decides */
      }
    }
  }
  return { files, discovered, entries, logFlags, staged };
}
