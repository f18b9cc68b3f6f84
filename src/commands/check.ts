import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { finish, prepareRun, type OutputOptions, type SettingsSource } from "../output.js";
import { BASELINE_FILE } from "../adoption.js";
import { DEFAULT_READ_LIMIT } from "../fsread.js";
import { maxFileBytes } from "../output.js";
import { UsageError, type FileResult } from "../report.js";
import { findRepoRoot } from "../repo.js";
import { WORKSPACE_VALIDATORS, type WorkspaceContext } from "../validators/registry.js";
import { DiskSource, type FileSource } from "../source.js";
import type { RunScope } from "../scope.js";
import { DEFAULT_PATHS, loadConfig, validatorOptions, validatorSection, type ValidatorRunOptions } from "../config.js";
import { gitTopLevel } from "../git-run.js";
import { hasConfigIn } from "../config-file.js";
import { MANIFEST_SESSIONS_DIR } from "../config-paths.js";
import { msNow, writeErr, writeErrProgress } from "../stdio.js";
import { pushAll } from "../arrays.js";

export interface CheckCliOptions extends OutputOptions {
  now?: string;
  config?: string;
  staged?: boolean;
  /** Hook frameworks (.pre-commit-hooks.yaml): `--staged` while git runs a commit hook, else nothing. */
  stagedWhenCommitting?: boolean;
  changed?: boolean;
  base?: string;
  all?: boolean;
  strict?: boolean;
  only?: string;
  cutoff?: string;
  profile?: string;
  /** JSON session logs: full | creation | record (checked by parseSessionMode). */
  mode?: string;
  /**
   * --cache: the core's results of unchanged inputs from a cache file (src/core-cache.ts); false
   * (library callers): no rule-core or markdownlint result cache at all.
   */
  cache?: boolean;
  /** --cache-location: the cache file, or a folder for agentcheck-cache.json (default: the git directory's). */
  cacheLocation?: string;
  /** Set by `agentcheck baseline`: write the findings to this file. */
  /** `agentcheck baseline`: the file to write, or true for the workspace's default (.agentcheck-baseline.json, where `check` looks). */
  writeBaseline?: string | true;
}

/** The validators selected by --only (comma-separated names); unknown names are usage errors. */
function selectValidators(only: string | undefined) {
  if (!only) return WORKSPACE_VALIDATORS;
  const names = only.split(",").map((s) => s.trim()).filter(Boolean);
  const known = WORKSPACE_VALIDATORS.map((v) => v.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw new UsageError(`--only: unknown validator ${unknown.join(", ")} (known: ${known.join(", ")})`);
  return WORKSPACE_VALIDATORS.filter((v) => names.includes(v.name));
}

function toRel(root: string, cwd: string, p: string): string {
  const rel = relative(root, resolve(cwd, p)).split(sep).join("/");
  if (rel.startsWith("..")) throw new UsageError(`path outside the repository: ${p}`);
  return rel;
}

export async function runCheckCommand(paths: string[] | string | undefined, o: CheckCliOptions): Promise<number> {
  const started = msNow();
  const args = paths === undefined ? [] : Array.isArray(paths) ? paths : [paths];
  const cwd = process.cwd();
  if (o.stagedWhenCommitting && (o.changed || o.all)) throw new UsageError(`--staged-when-committing and ${o.changed ? "--changed" : "--all"} cannot be combined`);
  // A hook framework's run inside `git commit` (pre-commit stashes unstaged changes but leaves untracked
  // files in place) validates what the commit records, as the git hook does: git names the index of
  // the commit being made in GIT_INDEX_FILE for its commit hooks (pre-commit, pre-merge-commit), and
  // only then. `pre-commit run --all-files`, CI and manual runs keep reading the working tree.
  if (o.stagedWhenCommitting && process.env.GIT_INDEX_FILE) o = { ...o, staged: true };
  const modes = [o.staged && "--staged", o.changed && "--changed", o.all && "--all"].filter(Boolean);
  if (modes.length > 1) throw new UsageError(`${modes.join(" and ")} cannot be combined`);
  if (o.base !== undefined && !o.changed) throw new UsageError("--base only applies to --changed");
  if (o.cacheLocation !== undefined && o.cache !== true) throw new UsageError("--cache-location only applies to --cache");
  const { parseSessionMode } = await import("../scope.js");
  const mode = parseSessionMode(o.mode);
  const validators = selectValidators(o.only);
  const cutoff = (await import("../scope.js")).cutoffOption(o.cutoff);

  if (!o.staged && !o.changed) {
    for (const a of args) if (!existsSync(resolve(cwd, a))) throw new UsageError(`not a directory: ${a} (no such file or directory)`);
  }
  let root: string;
  let source: FileSource;
  let scope: RunScope | undefined;
  // A directory argument is a workspace of its own (examples/workspace) unless it is a folder of the
  // enclosing repository holding none of a workspace's artifacts (`check .agents/sessions`, `check .`
  // run in a subfolder): that one stands for the files below it, as in a file list, instead of a
  // workspace where every validator skips and the run passes with nothing checked.
  const scoped = o.staged || o.changed || (!o.all && args.length > 0 && args.some((a) => !isDir(resolve(cwd, a)) || isRepoSubfolder(resolve(cwd, a))));
  if (scoped) {
    // a run from outside the repository on a folder of it (`agentcheck check /repo/.agents/sessions`)
    const first = args.length > 0 && !o.staged && !o.changed ? resolve(cwd, args[0]) : undefined;
    const top = gitTopLevel(cwd) ?? (first ? gitTopLevel(isDir(first) ? first : dirname(first)) : undefined);
    if (!top) throw new UsageError(`${o.staged ? "--staged" : o.changed ? "--changed" : "checking a list of files"} needs a git repository (cwd: ${cwd})`);
    root = top;
  } else {
    if (args.length > 1) throw new UsageError("give one workspace directory, or files with --staged/--changed");
    const dir = args[0];
    const target = resolve(cwd, dir ?? ".");
    if (!isDir(target)) throw new UsageError(`not a directory: ${dir ?? "."}`);
    // An explicit directory is the workspace; without one, the enclosing repository is.
    root = dir ? target : (findRepoRoot(target) ?? target);
  }
  // --staged: the settings (configuration, .agentcheckignore, default baseline) are the staged ones,
  // what CI reads after the commit; an untracked or unstaged file switches nothing off. A file named
  // with --config / --baseline is read from disk (the user chose it). One index listing, one batch read.
  let index: import("../index-source.js").IndexSource | undefined;
  let settings: SettingsSource | undefined;
  if (o.staged) {
    const { IndexSource } = await import("../index-source.js");
    const { IGNORE_FILE } = await import("../ignores.js");
    index = new IndexSource(root);
    const relCwd = relative(root, cwd).split(sep).join("/");
    index.prefetchSettings(relCwd, [IGNORE_FILE, BASELINE_FILE]);
    settings = { reader: index.settingsReader(), baselineReader: index.settingsReader(DEFAULT_READ_LIMIT) };
  }
  // the one resolved configuration: its paths decide what the scope selects and what every validator reads
  const loaded = await loadConfig(root, o.config, cwd, settings?.reader);
  const { config, paths: dirs } = loaded;
  if (scoped) {
    const S = await import("../scope.js");
    const filters = args.map((a) => toRel(root, cwd, a));
    const sopts = { strict: o.strict, mode, sessionsDir: dirs.sessions };
    if (index) {
      source = index;
      scope = S.restrictScope(S.stagedScope(root, sopts), filters);
    } else if (o.changed) {
      source = new DiskSource(root);
      scope = S.restrictScope(S.changedScope(root, o.base, sopts), filters);
    } else {
      // explicit files, as hook frameworks pass them (pre-commit already hid unstaged changes)
      source = new DiskSource(root);
      scope = S.filesScope(root, filters, sopts);
    }
    for (const n of scope.notes) writeErr(`agentcheck: ${n}\n`);
  } else source = new DiskSource(root);

  // the default baseline file is the workspace's, the one `check` on the same workspace reads
  const writeBaseline = o.writeBaseline === true ? join(root, ".agentcheck-baseline.json") : o.writeBaseline;
  const run = await prepareRun(o, root, { config, writeBaseline, settings });
  // --staged: inline directives are read from the staged content the findings are about
  if (source.kind !== "disk") run.adoption.source = source;
  // the validators' options, typed: what the command line says of them, nothing else
  const options: ValidatorRunOptions = { strict: o.strict, cutoff, mode, profile: o.profile, cache: o.cache };
  // --cache: the core's results of unchanged inputs come from a cache file (src/core-cache.ts: keyed
  // by every byte of each core call's input, git facts and rule settings included, and by this build)
  const coreCache = o.cache === true ? await openCheckCache(root, cwd, o.cacheLocation) : undefined;
  // a cached run's clock is the hour (the date rules decide the same within it; cachedRunClock)
  const now = o.now ?? (coreCache ? coreCache.cachedRunClock() : undefined);
  const ctx: WorkspaceContext = { root, source, maxFileBytes: maxFileBytes(o), now, options, config, paths: dirs, rules: loaded.rules, scope };
  const results: FileResult[] = [];
  const internal: string[] = [];
  // progress (files done / total) on stderr: only on a terminal and for the text format
  const { setProgress } = await import("../engine.js");
  const showProgress = Boolean(process.stderr.isTTY) && (o.format ?? "text") === "text" && !o.outputFile;
  try {
    await runValidators();
  } finally {
    coreCache?.closeCoreCache();
  }
  // the commit hook (check --staged) closes with one line: blocked or not, by which errors
  return finish(results, started, { ...o, hook: o.hook ?? (scope?.precommit === true && scope.kind !== "changed") }, internal, run);

  async function runValidators(): Promise<void> {
    for (const v of validators) {
      if (validatorSection(config, v.name)?.enabled === false) {
        results.push({ file: ".", validator: v.name, verdict: "skip", reason: "disabled in the configuration", findings: [] });
        continue;
      }
      const vctx = { ...ctx, options: validatorOptions(config, v.name, ctx.options) };
      const d = v.detect(vctx);
      if (!d.applies) {
        // a validator of another kind of run (the commit hook's checks outside a commit) has nothing to say
        if (d.absent) continue;
        results.push({ file: ".", validator: v.name, verdict: "skip", reason: d.reason ?? "not applicable", findings: [] });
        continue;
      }
      if (showProgress) {
        setProgress((done, total) => writeErrProgress(`agentcheck: ${v.name} ${done}/${total} files`));
      }
      let out;
      try {
        out = await v.run(vctx);
      } finally {
        if (showProgress) {
          setProgress(undefined);
          writeErrProgress("");
        }
      }
      pushAll(results, out.results);
      pushAll(internal, out.internalErrors);
    }
  }
}

/** The file `check --cache` keeps its results in (the git directory's, or --cache-location's). */
const CACHE_FILE = "check-cache.json";
/** The file in a folder given as --cache-location. */
const CACHE_FILE_IN_FOLDER = "agentcheck-cache.json";

/**
 * Open `check --cache`'s core-result cache: --cache-location (a file, or a folder), confined as a named
 * output file is (the repository when inside it, else its folder); by default
 * <git common dir>/agentcheck/check-cache.json, never in the work tree. Without a repository or a
 * location the run is not cached, and says so.
 */
async function openCheckCache(root: string, cwd: string, location: string | undefined) {
  const cache = await import("../core-cache.js");
  const warn = (m: string) => writeErr(`agentcheck: --cache: ${m}\n`);
  if (location !== undefined) {
    if (location === "") throw new UsageError("--cache-location must be a file or folder path");
    let file = resolve(cwd, location);
    if (isDir(file)) file = join(file, CACHE_FILE_IN_FOLDER);
    else if (!isDir(dirname(file))) throw new UsageError(`--cache-location: the folder ${dirname(file)} does not exist`);
    const { namedFileRoot } = await import("../fswrite.js");
    cache.openCoreCache(file, { confine: { root: namedFileRoot(file, root), durable: false }, warn });
    return cache;
  }
  const { cacheFilePath } = await import("../prepr/cache-dir.js");
  const file = cacheFilePath(root, CACHE_FILE);
  if (file === undefined) {
    warn("no git directory to keep the cache in (give --cache-location); running without a cache");
    return undefined;
  }
  cache.openCoreCache(file, { warn });
  return cache;
}

/**
 * Markers of a workspace of its own: one of the artifact folders (or a configuration: hasConfigIn; a
 * package.json counts only with an "agentcheck" key, so a monorepo package is a folder of the repository).
 */
const WORKSPACE_MARKERS = [
  ".agents", ".serena", ".aibrain", ".agent-notes",
  MANIFEST_SESSIONS_DIR, "docs/features", ...Object.values(DEFAULT_PATHS),
];

/**
 * A directory inside a git work tree, below its top level, that is not a workspace of its own (no
 * configuration, none of the artifact folders): a path in the enclosing repository.
 */
function isRepoSubfolder(dir: string): boolean {
  if (!isDir(dir)) return false;
  if (WORKSPACE_MARKERS.some((m) => existsSync(join(dir, m))) || hasConfigIn(dir)) return false;
  const top = gitTopLevel(dir);
  if (!top) return false;
  try {
    return realpathSync(top) !== realpathSync(dir);
  } catch {
    return false;
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
