import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { finish, formatterOf, parseOutputOptions, prepareRun, type OutputOptions, type ParsedOutput, type SettingsSource } from "../output.js";
import { BASELINE_FILE } from "../adoption.js";
import { DEFAULT_READ_LIMIT } from "../fsread.js";
import { UsageError, type FileResult } from "../report.js";
import { findRepoRoot } from "../repo.js";
import { selectValidators, type WorkspaceContext, type WorkspaceValidator } from "../validators/registry.js";
import { DiskSource, type FileSource } from "../source.js";
import type { RunScope, SessionMode } from "../scope.js";
import { DEFAULT_PATHS, loadConfig, validatorOptions, validatorSection, type ValidatorRunOptions } from "../config.js";
import { gitTopLevel } from "../git-run.js";
import { hasConfigIn } from "../config-file.js";
import { MANIFEST_SESSIONS_DIR } from "../config-paths.js";
import { msNow, stderrIsTTY, writeErr, writeErrProgress } from "../stdio.js";
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

function toRel(root: string, cwd: string, p: string): string {
  const rel = relative(root, resolve(cwd, p)).split(sep).join("/");
  if (rel.startsWith("..")) throw new UsageError(`path outside the repository: ${p}`);
  return rel;
}

/** `check`'s options, validated and typed once before any work. */
interface CheckSettings {
  /** The output options (parseOutputOptions). */
  readonly output: ParsedOutput;
  readonly validators: readonly WorkspaceValidator[];
  /** The validators' options, typed: what the command line says of them, nothing else. */
  readonly options: ValidatorRunOptions;
  /** --staged, or --staged-when-committing inside a commit hook. */
  readonly staged: boolean;
  /** --mode: the scope selects session logs by it too. */
  readonly mode?: SessionMode;
  /** --config: the configuration file named on the command line (loadConfig resolves it against cwd). */
  readonly configFile?: string;
  /** --cache: undefined = no cache; null = the default location; else --cache-location as given. */
  readonly cacheLocation?: string | null;
}

/**
 * Refuse the combinations of `check`'s options that mean nothing and type the values the validators
 * read.
 */
async function checkSettings(o: CheckCliOptions): Promise<CheckSettings> {
  if (o.stagedWhenCommitting && (o.changed || o.all)) throw new UsageError(`--staged-when-committing and ${o.changed ? "--changed" : "--all"} cannot be combined`);
  // A hook framework's run inside `git commit` (pre-commit stashes unstaged changes but leaves untracked
  // files in place) validates what the commit records, as the git hook does: git names the index of
  // the commit being made in GIT_INDEX_FILE for its commit hooks (pre-commit, pre-merge-commit), and
  // only then. `pre-commit run --all-files`, CI and manual runs keep reading the working tree.
  const staged = Boolean(o.staged || (o.stagedWhenCommitting && process.env.GIT_INDEX_FILE));
  const modes = [staged && "--staged", o.changed && "--changed", o.all && "--all"].filter(Boolean);
  if (modes.length > 1) throw new UsageError(`${modes.join(" and ")} cannot be combined`);
  if (o.base !== undefined && !o.changed) throw new UsageError("--base only applies to --changed");
  if (o.cacheLocation !== undefined && o.cache !== true) throw new UsageError("--cache-location only applies to --cache");
  // from the upper layers down: the validators, the output options, the scope's mode, the cutoff date
  const validators = selectValidators(o.only);
  const output = parseOutputOptions(o);
  const { parseSessionMode, cutoffOption } = await import("../scope.js");
  const mode = parseSessionMode(o.mode);
  const cutoff = cutoffOption(o.cutoff);
  return { output, validators, staged, mode, options: { strict: o.strict, cutoff, mode, profile: o.profile, cache: o.cache }, configFile: o.config, cacheLocation: o.cache === true ? (o.cacheLocation ?? null) : undefined };
}

export async function runCheckCommand(paths: string[] | string | undefined, o: CheckCliOptions): Promise<number> {
  const started = msNow();
  const args = paths === undefined ? [] : Array.isArray(paths) ? paths : [paths];
  const cwd = process.cwd();
  const { output, validators, staged, mode, options, configFile, cacheLocation } = await checkSettings(o);

  if (!staged && !o.changed) {
    for (const a of args) if (!existsSync(resolve(cwd, a))) throw new UsageError(`not a directory: ${a} (no such file or directory)`);
  }
  let root: string;
  let source: FileSource;
  let scope: RunScope | undefined;
  // A directory argument is a workspace of its own (examples/workspace) unless it is a folder of the
  // enclosing repository holding none of a workspace's artifacts (`check .agents/sessions`, `check .`
  // run in a subfolder): that one stands for the files below it, as in a file list, instead of a
  // workspace where every validator skips and the run passes with nothing checked.
  const scoped = staged || o.changed || (!o.all && args.length > 0 && args.some((a) => !isDir(resolve(cwd, a)) || isRepoSubfolder(resolve(cwd, a))));
  if (scoped) {
    // a run from outside the repository on a folder of it (`agentcheck check /repo/.agents/sessions`)
    const first = args.length > 0 && !staged && !o.changed ? resolve(cwd, args[0]) : undefined;
    const top = gitTopLevel(cwd) ?? (first ? gitTopLevel(isDir(first) ? first : dirname(first)) : undefined);
    if (!top) throw new UsageError(`${staged ? "--staged" : o.changed ? "--changed" : "checking a list of files"} needs a git repository (cwd: ${cwd})`);
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
  if (staged) {
    const { IndexSource } = await import("../index-source.js");
    const { IGNORE_FILE } = await import("../ignores.js");
    index = new IndexSource(root);
    const relCwd = relative(root, cwd).split(sep).join("/");
    index.prefetchSettings(relCwd, [IGNORE_FILE, BASELINE_FILE]);
    settings = { reader: index.settingsReader(), baselineReader: index.settingsReader(DEFAULT_READ_LIMIT) };
  }
  // the one resolved configuration: its paths decide what the scope selects and what every validator reads
  const loaded = await loadConfig(root, configFile, cwd, settings?.reader);
  const { config, paths: dirs } = loaded;
  // each selected validator with its configuration section resolved once: enabled, and its options
  // (the command line's over the section's)
  const planned = validators.map((v) => ({ v, enabled: validatorSection(config, v.name)?.enabled !== false, options: validatorOptions(config, v.name, options) }));
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
  // the commit hook (check --staged) closes with one line: blocked or not, by which errors
  const hook = output.output.hook ?? (scope?.precommit === true && scope.kind !== "changed");
  const run = await prepareRun({ ...output, output: { ...output.output, hook } }, root, { config, writeBaseline, settings });
  // --staged: inline directives are read from the staged content the findings are about
  if (source.kind !== "disk") run.adoption.source = source;
  // --cache: the core's results of unchanged inputs come from a cache file (src/core-cache.ts: keyed
  // by every byte of each core call's input, git facts and rule settings included, and by this build);
  // the cache is this run's, carried to every core call in its rule settings (RuleSettings.cache)
  const cached = cacheLocation !== undefined ? await (await import("../check-cache.js")).openCheckCache(root, cwd, cacheLocation ?? undefined) : undefined;
  // a cached run's clock is the hour (the date rules decide the same within it; cachedRunClock)
  const now = run.now ?? (cached ? cached.mod.cachedRunClock() : undefined);
  const rules = cached ? { ...loaded.rules, cache: cached.cache } : loaded.rules;
  const ctx: WorkspaceContext = { root, source, maxFileBytes: run.output.maxFileBytes, now, options, config, paths: dirs, rules, scope, sources: run.adoption.sources, entries: run.adoption.entries };
  const results: FileResult[] = [];
  const internal: string[] = [];
  // progress (files done / total) on stderr: only on a terminal and for the text format
  const { setProgress } = await import("../engine.js");
  const showProgress = run.formatter === formatterOf("text") && !run.output.outputFile && stderrIsTTY();
  try {
    await runValidators();
  } finally {
    cached?.mod.closeCoreCache(cached.cache);
  }
  return finish(results, started, internal, run);

  async function runValidators(): Promise<void> {
    for (const { v, enabled, options: vopts } of planned) {
      if (!enabled) {
        results.push({ file: ".", validator: v.name, verdict: "skip", reason: "disabled in the configuration", findings: [] });
        continue;
      }
      const vctx = { ...ctx, options: vopts };
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
