// Validators that `agentcheck check` runs on a workspace. Each entry detects whether the
// workspace has its artifacts and runs the validator; modules are imported only when used.
import { presetOf } from "../protocol-preset.js";
import { existsSync, type Dirent } from "node:fs";
import { join } from "node:path";
import type { ValidatorOutput } from "../engine.js";
import type { FileSource } from "../source.js";
import type { RunScope } from "../scope.js";

/** Fixed inputs no `paths.*` key moves (consistency's roadmap, brain's per-feature layout). */
const ROADMAP_DIR = ".agents/roadmap";
const FEATURES_DIR = "docs/features";
import { resolveNotesRoot } from "../state/paths.js";
import { resolvePaths, type ResolvedPaths } from "../config.js";
import { ruleSettings, type RuleSettings, type ValidatorRunOptions } from "../run-settings.js";
import { discoverSessions } from "../manifest/discover.js";
import { commitChecksApply } from "./commit-checks.js";
import { UsageError } from "../report.js";

export interface WorkspaceContext {
  root: string;
  /** Where to read workspace files (working tree, or the git index for --staged). */
  source: FileSource;
  maxFileBytes: number;
  now?: string;
  /** The validators' options (typed: the command line's over the configuration section's). */
  options: ValidatorRunOptions;
  /** Project configuration (agentcheck.config.json); validators read their section and paths. */
  config?: import("../config.js").Config;
  /** The artifact folders (`paths.*` resolved); default: resolved from `config`. */
  paths?: ResolvedPaths;
  /** Rule options and severities of the run; default: those `config` gives. */
  rules?: RuleSettings;
  /**
   * Set for --staged, --changed and explicit file lists: the files in scope (repo-relative) and
   * the session-log mode of each scoped log. Per-file validators restrict themselves to
   * scope.files; cross-file validators read the whole tree through `source`. Absent = everything.
   */
  scope?: RunScope;
  /**
   * The run's bytes read from the working tree, by absolute path (AdoptionOptions.sources): consistency,
   * traceability and memory-index add the files they read, so the inline-directive pass does not read them again.
   */
  sources?: Map<string, Uint8Array>;
  /** What the run's directory listings said of files, by absolute path (AdoptionOptions.entries). */
  entries?: Map<string, Dirent>;
}

export interface WorkspaceValidator {
  name: string;
  /** Short reason used when the validator does not apply to the workspace. */
  /** `absent`: not part of this kind of run at all (no skip row is reported, nothing to say). */
  detect(ctx: WorkspaceContext): { applies: boolean; reason?: string; absent?: boolean };
  run(ctx: WorkspaceContext): Promise<ValidatorOutput>;
}

/**
 * Scoped runs (--staged, --changed, files): a validator whose inputs lie below `prefixes` runs only
 * when a scoped file is there (a README edit runs nothing it cannot affect). Undefined = no scope
 * restriction applies (whole-workspace run, or a scoped file is an input).
 */
function outOfScope(ctx: WorkspaceContext, prefixes: string[], what: string): { applies: false; reason: string } | undefined {
  const sc = ctx.scope;
  if (!sc) return undefined;
  const under = (f: string) => prefixes.some((p) => f === p || f.startsWith(`${p}/`));
  // a deletion counts: the folder's other files may refer to what the change removes
  if (sc.files.some(under) || (sc.deleted ?? []).some(under)) return undefined;
  return { applies: false, reason: `no ${sc.kind === "files" ? "given" : sc.kind} files under ${what}` };
}

/** The artifact folders of a run: the one resolved configuration's `paths.*`. */
export function pathsOf(ctx: WorkspaceContext): ResolvedPaths {
  return ctx.paths ?? resolvePaths(ctx.config);
}

/** The rule options and severities of a run: the one resolved configuration's. */
function rulesOf(ctx: WorkspaceContext): RuleSettings {
  return ctx.rules ?? ruleSettings(ctx.config);
}

export const WORKSPACE_VALIDATORS: WorkspaceValidator[] = [
  {
    name: "session-log",
    detect: (ctx) => {
      if (ctx.scope) {
        // a commit touching .agents/ without a session log is itself a finding (SP-004)
        const agents = ctx.scope.precommit && ctx.scope.files.some((f) => f.startsWith(".agents/"));
        return Object.keys(ctx.scope.sessionLogs).length > 0 || agents
          ? { applies: true }
          : { applies: false, reason: ctx.scope.kind === "files" ? "no session logs among the given files" : `no ${ctx.scope.kind} session logs` };
      }
      const dir = pathsOf(ctx).sessions;
      return existsSync(join(ctx.root, dir))
        ? { applies: true }
        : { applies: false, reason: `no ${dir} directory` };
    },
    async run(ctx) {
      const { validateSessionLogs } = await import("./session-log.js");
      if (ctx.scope) {
        const sc = ctx.scope;
        const files = Object.keys(sc.sessionLogs).sort();
        return validateSessionLogs({
          cwd: ctx.root,
          root: ctx.root,
          maxFileBytes: ctx.maxFileBytes,
          now: ctx.now,
          files,
          source: ctx.source,
          logFlags: sc.sessionLogs,
          context: sc.precommit ? "pre-commit" : sc.kind === "changed" ? "ci" : "local",
          base: sc.base,
          sessionsDir: pathsOf(ctx).sessions,
          memoriesDir: pathsOf(ctx).memories,
          logRequired: presetOf(ctx.config).logRequired,
          strict: ctx.options.strict ? true : undefined,
          cutoff: ctx.options.cutoff,
          rules: rulesOf(ctx),
        }); // each scoped log's result says the mode the core validated it in (data.mode)
      }
      // pre-pr passes the session logs changed on the branch as options.paths (repo-relative)
      const { paths, mode, cutoff } = ctx.options;
      const p = pathsOf(ctx);
      return validateSessionLogs({
        cwd: ctx.root, root: ctx.root, maxFileBytes: ctx.maxFileBytes, now: ctx.now, paths, mode, cutoff,
        sessionsDir: p.sessions, memoriesDir: p.memories,
        strict: ctx.options.strict ? true : undefined, rules: rulesOf(ctx),
      });
    },
  },
  {
    name: "consistency",
    detect: (ctx) => {
      const dir = pathsOf(ctx).planning;
      return outOfScope(ctx, [dir, ROADMAP_DIR], `${dir} or ${ROADMAP_DIR}`) ??
        (ctx.source.list(dir)
          ? { applies: true }
          : { applies: false, reason: `no ${dir} directory` });
    },
    async run(ctx) {
      // advisory (warnings) unless --strict: specs/consistency.md §2.3
      const { validateConsistency, fixBits } = await import("./consistency.js");
      const o = ctx.options;
      return validateConsistency({
        root: ctx.root, source: ctx.source, maxFileBytes: ctx.maxFileBytes, planningDir: pathsOf(ctx).planning,
        fx: fixBits(o.profile), advisory: !o.strict, rules: rulesOf(ctx), sources: ctx.sources,
      });
    },
  },
  {
    name: "traceability",
    detect: (ctx) => {
      const dir = pathsOf(ctx).specs;
      return outOfScope(ctx, [dir, FEATURES_DIR], `${dir} or ${FEATURES_DIR}`) ??
        (ctx.source.list(dir) || ctx.source.list(FEATURES_DIR)
          ? { applies: true }
          : { applies: false, reason: `no ${dir} directory` });
    },
    async run(ctx) {
      const { validateTraceability } = await import("./traceability.js");
      const { fixBits } = await import("./consistency.js");
      const o = ctx.options;
      return validateTraceability({
        root: ctx.root, source: ctx.source, maxFileBytes: ctx.maxFileBytes, specs: pathsOf(ctx).specs,
        fx: fixBits(o.profile), rules: rulesOf(ctx), sources: ctx.sources,
      });
    },
  },
  {
    name: "memory-index",
    detect: (ctx) => {
      const dir = pathsOf(ctx).memories;
      const t = ctx.source.type(dir);
      // a link to a folder counts as the folder, as for `agentcheck memory-index` (which follows it)
      return outOfScope(ctx, [dir], dir) ??
        (t === "dir" || (t === "symlink" && ctx.source.list(dir) !== undefined)
          ? { applies: true }
          : { applies: false, reason: `no ${dir} directory` });
    },
    async run(ctx) {
      const { validateMemoryIndexDir } = await import("./memory-index.js");
      const o = ctx.options;
      return validateMemoryIndexDir({
        source: ctx.source,
        dir: pathsOf(ctx).memories,
        display: pathsOf(ctx).memories,
        layout: o.layout ?? "auto",
        orphans: o.orphans,
        naming: o.naming,
        maxFileBytes: ctx.maxFileBytes, rules: rulesOf(ctx), sources: ctx.sources, entries: ctx.entries,
      });
    },
  },
  {
    // State-dependent checks (SS-*) when the workspace has session state; CI checkouts have none,
    // which is a visible skip, never a failure.
    name: "session-state",
    detect(ctx) {
      // scoped runs: session state matters to commits that touch the agents' folder only
      const scoped = outOfScope(ctx, [".agents"], ".agents");
      if (scoped) return scoped;
      const r = resolveNotesRoot({ cwd: ctx.root, notesDir: ctx.options.notesDir });
      return existsSync(join(r.notesRoot, "sessions"))
        ? { applies: true }
        : { applies: false, reason: "no session state (state-dependent checks skipped)" };
    },
    async run(ctx) {
      const { validateSessionState } = await import("./session-state.js");
      return validateSessionState({ cwd: ctx.root, notesDir: ctx.options.notesDir, rules: rulesOf(ctx) });
    },
  },
  {
    // .aibrain task checkpoints (AB-*): JSON front matter, keys, status, timestamps, archive
    name: "aibrain",
    detect: (ctx) => {
      if (ctx.source.type(".aibrain") !== "dir") return { applies: false, reason: "no .aibrain directory" };
      return outOfScope(ctx, [".aibrain"], ".aibrain/") ?? { applies: true };
    },
    async run(ctx) {
      const { validateAibrain } = await import("./aibrain.js");
      return validateAibrain({ source: ctx.source, maxFileBytes: ctx.maxFileBytes, files: ctx.scope?.files, rules: rulesOf(ctx) });
    },
  },
  {
    // Per-session manifests (state.json v2): agents/sessions/*/state.json
    name: "manifest",
    detect: (ctx) =>
      manifestSessions(ctx).length > 0
        ? { applies: true }
        : { applies: false, reason: ctx.scope ? "no session manifests among the files in scope" : "no agents/sessions/*/state.json" },
    async run(ctx) {
      const { validateManifests } = await import("./manifest.js");
      return validateManifests({ root: ctx.root, source: ctx.source, maxFileBytes: ctx.maxFileBytes, sessions: manifestSessions(ctx), rules: rulesOf(ctx) });
    },
  },
  {
    // the commit hook's checks of staged memories, slash commands, workflows and markdown (src/validators/commit-checks.ts):
    // only while a commit is made (check --staged, a hook framework's files while committing)
    name: "commit-checks",
    detect: (ctx) => {
      const sc = ctx.scope;
      if (!sc || !sc.precommit || sc.kind === "changed") return { applies: false, reason: "runs in the commit hook only (check --staged)", absent: true };
      return commitChecksApply(sc, pathsOf(ctx).memories, ctx.config, rulesOf(ctx)) ? { applies: true } : { applies: false, reason: "no staged memories, commands, workflows or markdown to check" };
    },
    async run(ctx) {
      const { validateCommitFiles } = await import("./commit-checks.js");
      return validateCommitFiles({ root: ctx.root, source: ctx.source, maxFileBytes: ctx.maxFileBytes, scope: ctx.scope!, config: ctx.config, memoriesDir: pathsOf(ctx).memories, noCache: ctx.options.cache === false, rules: rulesOf(ctx) });
    },
  },
];

/** Session folders (agents/sessions/<name>/ with a state.json), limited to the scope's files when set. */
function manifestSessions(ctx: WorkspaceContext): string[] {
  // the one discovery (src/validators/manifest.ts): a state.json that is no regular file is listed, and
  // its read reports why it is not read
  const all = discoverSessions(ctx.source);
  if (!ctx.scope) return all;
  const touched = new Set(ctx.scope.files.filter((f) => f.startsWith("agents/sessions/")).map((f) => f.split("/")[2]));
  return all.filter((n) => touched.has(n));
}

/** The validators selected by --only (comma-separated names); unknown names are usage errors. */
export function selectValidators(only: string | undefined): readonly WorkspaceValidator[] {
  if (!only) return WORKSPACE_VALIDATORS;
  const names = only.split(",").map((s) => s.trim()).filter(Boolean);
  const known = WORKSPACE_VALIDATORS.map((v) => v.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw new UsageError(`--only: unknown validator ${unknown.join(", ")} (known: ${known.join(", ")})`);
  return WORKSPACE_VALIDATORS.filter((v) => names.includes(v.name));
}
