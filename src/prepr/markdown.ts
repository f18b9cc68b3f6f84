// PP-003: markdown lint through the markdownlint library (never npx), with the repository's own
// markdownlint-cli2 / markdownlint configuration; only files in scope; optional fixes.
import { isMarkdown } from "../glob.js";
import type { RuleSettings } from "../run-settings.js";
import { createHash } from "node:crypto";
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { gitCacheConfinement, writeFileConfined } from "../fswrite.js";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";
import { availableParallelism } from "node:os";
import { setFlagsFromString } from "node:v8";
import { CONFIG_MAX_BYTES, inspectFile, lexists, ReadRefusedError, readTextOrThrow } from "../fsread.js";
import { execRefusal } from "../exec-policy.js";
import { stripJsonComments } from "../config.js";
import { InternalError, UsageError, type Finding } from "../report.js";
import { executeValidator, hostFinding, refusalFinding, type Facts } from "../engine.js";
import { KIND } from "../wasm/abi.js";
import { matchesAny, selectedByGlobs, validateGlobs } from "../glob.js";
import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { pushAll } from "../arrays.js";

/**
 * markdownlint `extends` must name a file inside the repository: a configuration must never make
 * agentcheck read (and quote) files outside it (/etc/passwd, ~/...). Throws a UsageError otherwise.
 */
export function checkExtends(root: string, file: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value !== "string") throw new UsageError(`${file}: "extends" must be a string`);
  const realRoot = (() => {
    try {
      return realpathSync(root);
    } catch {
      return resolve(root);
    }
  })();
  let target = value.startsWith("~") ? "/" + value : resolve(dirname(join(root, file)), value);
  try {
    target = realpathSync(target);
  } catch {
    /* a missing file is markdownlint's error to report */
  }
  const rel = relative(realRoot, target);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel) || value.startsWith("~")) {
    throw new UsageError(`${file}: "extends" points outside the repository (${value}); use a file inside the repository`);
  }
}

/** The markdownlint configuration is usable: globs compile and extends stays inside the repository (else UsageError). */
export async function validateMdConfig(root: string, cacheFile?: string): Promise<void> {
  // the parsed configuration from its cache when the files' bytes are unchanged (no YAML parser load)
  const cfg = await loadMdConfigCached(root, cacheFile);
  const src = cfg.sources[0] ?? "markdownlint configuration";
  validateGlobs(cfg.ignores, `${src} ignores`);
  validateGlobs(cfg.globs, `${src} globs`);
  for (const [i, o] of (cfg.overrides ?? []).entries()) validateGlobs(o.filter, `${src} overrides[${i}].filter`);
}

/**
 * One entry of markdownlint-cli2's `overrides` (0.23+): the files its `filter` globs match get `config`
 * merged over (`merge`) or instead of (`replace`) the configuration's own `config`.
 */
export interface MdOverride {
  filter: string[];
  config: Record<string, unknown>;
  combine: "merge" | "replace";
}

export interface MdConfig {
  /** markdownlint rule configuration (undefined = markdownlint defaults). */
  config?: Record<string, unknown>;
  ignores: string[];
  globs: string[];
  /** markdownlint-cli2 `overrides`, in order (the first whose filter matches a file applies to it). */
  overrides?: MdOverride[];
  /** Files the configuration came from (repo-relative). */
  sources: string[];
  /** Executable configuration files not run because of --no-exec / AGENTCHECK_NO_EXEC=1. */
  refused?: string[];
}

/** Read a markdownlint configuration file with the bounded reader (inside the repository only). */
function readConfigText(root: string, abs: string): string {
  return readTextOrThrow(abs, { maxBytes: CONFIG_MAX_BYTES, root });
}

/** File access for markdownlint's readConfig (and its `extends`): bounded, repository only. */
function boundedFs(root: string) {
  const access = (p: string) => {
    const r = inspectFile(p, { maxBytes: CONFIG_MAX_BYTES, root });
    if (!r.ok) throw new ReadRefusedError(r.refusal);
  };
  return {
    access: (p: string, cb: (err: Error | null) => void) => {
      try {
        access(p);
        cb(null);
      } catch (e) {
        cb(e as Error);
      }
    },
    accessSync: access,
    readFile: (p: string, _enc: string, cb: (err: Error | null, data?: string) => void) => {
      try {
        cb(null, readConfigText(root, p));
      } catch (e) {
        cb(e as Error);
      }
    },
    readFileSync: (p: string) => readConfigText(root, p),
  };
}

/** The lint caches live in the git directory; still read bounded (never a FIFO, never unbounded). */
const CACHE_MAX_BYTES = 256 * 1024 * 1024;

const CLI2_FILES = [".markdownlint-cli2.jsonc", ".markdownlint-cli2.yaml", ".markdownlint-cli2.cjs", ".markdownlint-cli2.mjs"];
const MD_FILES = [".markdownlint.jsonc", ".markdownlint.json", ".markdownlint.yaml", ".markdownlint.yml"];

async function parseYaml(text: string): Promise<unknown> {
  const { parse } = await import("../yaml.js");
  return parse(text);
}

/** markdownlint-cli2's `overrides`: a list of { filter: [globs], config: {...}, combine: merge | replace }. */
function asOverrides(root: string, v: unknown, file: string): MdOverride[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new UsageError(`${file}: overrides must be a list`);
  return v.map((o: unknown, i) => {
    const where = `${file}: overrides[${i}]`;
    if (!o || typeof o !== "object" || Array.isArray(o)) throw new UsageError(`${where} must be an object with filter, config and combine`);
    const { filter, config, combine } = o as Record<string, unknown>;
    const globs = asStrings(filter, `overrides[${i}].filter`, file);
    if (globs.length === 0) throw new UsageError(`${where}.filter must list at least one glob`);
    if (!config || typeof config !== "object" || Array.isArray(config)) throw new UsageError(`${where}.config must be a markdownlint configuration object`);
    checkExtends(root, file, (config as Record<string, unknown>).extends);
    if (combine !== "merge" && combine !== "replace") throw new UsageError(`${where}.combine must be "merge" or "replace"`);
    return { filter: globs, config: config as Record<string, unknown>, combine };
  });
}

/**
 * Whether a file is one of an override's: micromatch's reading of a glob list (markdownlint-cli2
 * filters with micromatch, dot files included): any positive glob matches (every file when there
 * are only negated ones) and no "!" glob does.
 */
export function overrideMatches(path: string, filter: string[]): boolean {
  const pos = filter.filter((g) => !g.startsWith("!"));
  const neg = filter.filter((g) => g.startsWith("!")).map((g) => g.slice(1));
  return (pos.length === 0 || matchesAny(path, pos)) && !matchesAny(path, neg);
}

/**
 * The markdownlint configuration of each file: index 0 is the configuration's own `config`, index
 * i + 1 that of `overrides[i]` (merged over it or replacing it). As in markdownlint-cli2, a file
 * takes the first override whose filter matches it; a filter never adds a file to the lint.
 */
export function fileConfigs(cfg: MdConfig, files: string[]): { configs: Record<string, unknown>[]; which: Record<string, number> } {
  const base = cfg.config ?? { default: true };
  const overrides = cfg.overrides ?? [];
  const configs = [base, ...overrides.map((o) => (o.combine === "merge" ? { ...base, ...o.config } : o.config))];
  const which: Record<string, number> = {};
  if (overrides.length > 0) {
    for (const f of files) {
      const k = overrides.findIndex((o) => overrideMatches(f, o.filter));
      if (k >= 0) which[f] = k + 1;
    }
  }
  return { configs, which };
}

function asStrings(v: unknown, key: string, file: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw new UsageError(`${file}: ${key} must be a list of strings`);
  return v as string[];
}

/** Version of the parsed-configuration cache's content (2: cli2 `overrides` kept). */
const CONFIG_CACHE_FORMAT = "2";

/** Configurations parsed in this process, by the key of their files' bytes (loadMdConfigCached). */
const parsedConfigs = new Map<string, MdConfig>();

/**
 * The configuration, from a small cache beside the lint cache when the configuration files' bytes
 * are unchanged (saves loading the YAML parser); JS configs and `extends` are always re-read.
 */
export async function loadMdConfigCached(root: string, cacheFile: string | undefined): Promise<MdConfig> {
  const present = [...CLI2_FILES, ...MD_FILES].filter((f) => lexists(join(root, f)));
  let texts: string[];
  try {
    texts = present.map((f) => readConfigText(root, join(root, f)));
  } catch (e) {
    throw new UsageError(`cannot read the markdownlint configuration: ${(e as Error).message}`);
  }
  // an `extends` key can only be spelled with the word itself or with an escape (JSON "\u0065xtends",
  // YAML "\x65xtends"): a text with either is re-read every time, as a JS configuration is
  const cacheable = !present.some((f) => /\.(c|m)js$/.test(f)) && !texts.some((t) => t.includes("extends") || t.includes("\\"));
  if (!cacheable) return loadMdConfig(root);
  const key = sha1(`${CACHE_FORMAT}\n${CONFIG_CACHE_FORMAT}\n${present.map((f, i) => `${f}\0${texts[i]}`).join("\0")}`);
  // within one process the same bytes give the same configuration (pre-pr reads it at start and
  // again for PP-003; --no-cache has no file to keep it in)
  const known = parsedConfigs.get(key);
  if (known) return known;
  if (!cacheFile) {
    const cfg = await loadMdConfig(root);
    parsedConfigs.set(key, cfg);
    return cfg;
  }
  const file = `${cacheFile}.config.json`;
  try {
    const c = JSON.parse(readTextOrThrow(file, { maxBytes: CACHE_MAX_BYTES, ...gitCacheConfinement(file) })) as { key: string; config: MdConfig };
    if (c.key === key && c.config && Array.isArray(c.config.ignores)) {
      parsedConfigs.set(key, c.config);
      return c.config;
    }
  } catch {
    /* not cached yet */
  }
  const cfg = await loadMdConfig(root);
  parsedConfigs.set(key, cfg);
  // a configuration JSON cannot hold as it is (YAML's .inf and .nan, a value left undefined) is not
  // kept: read back it would be another configuration (null for .inf: markdownlint's default)
  if (!jsonExact(cfg)) return cfg;
  try {
    writeFileConfined(file, JSON.stringify({ key, config: cfg }), gitCacheConfinement(file));
  } catch {
    /* no cache */
  }
  return cfg;
}

/** Read the repository's markdownlint configuration (cli2 file first, then .markdownlint.*). */
export async function loadMdConfig(root: string): Promise<MdConfig> {
  const out: MdConfig = { ignores: [], globs: [], sources: [] };
  for (const f of CLI2_FILES) {
    const abs = join(root, f);
    if (!lexists(abs)) continue;
    let obj: Record<string, unknown> | undefined;
    try {
      if (f.endsWith(".jsonc")) obj = JSON.parse(stripJsonComments(readConfigText(root, abs)));
      else if (f.endsWith(".yaml")) obj = (await parseYaml(readConfigText(root, abs))) as Record<string, unknown>;
      else if (execRefusal()) {
        // --no-exec: an executable configuration is never imported; the lint reports it
        out.refused = [...(out.refused ?? []), f];
        out.sources.push(f);
        break;
      } else {
        const ins = inspectFile(abs, { maxBytes: CONFIG_MAX_BYTES, root });
        if (!ins.ok) throw new ReadRefusedError(ins.refusal);
        const mod = await import(pathToFileURL(abs).href);
        obj = (mod.default ?? mod) as Record<string, unknown>;
      }
    } catch (e) {
      throw new UsageError(`cannot read ${f}: ${(e as Error).message}`);
    }
    obj = obj ?? {};
    if (obj.config !== undefined && obj.config !== null && typeof obj.config === "object") checkExtends(root, f, (obj.config as Record<string, unknown>).extends);
    if (obj.config !== undefined) out.config = obj.config as Record<string, unknown>;
    out.ignores = asStrings(obj.ignores, "ignores", f);
    out.globs = asStrings(obj.globs, "globs", f);
    const overrides = asOverrides(root, obj.overrides, f);
    if (overrides) out.overrides = overrides;
    out.sources.push(f);
    break;
  }
  for (const f of MD_FILES) {
    const abs = join(root, f);
    if (!lexists(abs)) continue;
    const ins = inspectFile(abs, { maxBytes: CONFIG_MAX_BYTES, root });
    if (!ins.ok) throw new UsageError(`cannot read ${f}: ${ins.refusal.detail}`);
    const { readConfig } = await import("markdownlint/sync");
    const { parse } = await import("../yaml.js");
    {
      // `extends` is checked before markdownlint follows it: never outside the repository
      let raw: unknown;
      try {
        const text = readTextOrThrow(abs, { maxBytes: CONFIG_MAX_BYTES, root });
        raw = f.endsWith(".json") || f.endsWith(".jsonc") ? JSON.parse(stripJsonComments(text)) : parse(text);
      } catch (e) {
        throw new UsageError(`cannot read ${f}: ${(e as Error).message}`);
      }
      if (raw && typeof raw === "object") checkExtends(root, f, (raw as Record<string, unknown>).extends);
    }
    try {
      out.config = readConfig(abs, [(t: string) => JSON.parse(stripJsonComments(t)), (t: string) => parse(t)], boundedFs(root) as never) as Record<string, unknown>;
      // as in markdownlint-cli2, a .markdownlint.* file beside the cli2 file is the configuration of
      // every file, the overrides' files included (cli2 lints with it before any options' config)
      delete out.overrides;
    } catch (e) {
      throw new UsageError(`cannot read ${f}: ${(e as Error).message}`);
    }
    out.sources.push(f);
    break;
  }
  return out;
}

export { isMarkdown };

/** Markdown files in scope that the configuration does not exclude. */
export function selectMarkdown(files: string[], cfg: MdConfig, all: boolean): { targets: string[]; selected: string[] } {
  const targets = files.filter(isMarkdown);
  const negated = cfg.globs.filter((g) => g.startsWith("!")).map((g) => g.slice(1));
  const selected = targets.filter((p) => {
    if (matchesAny(p, cfg.ignores) || matchesAny(p, negated)) return false;
    // the config's globs select files only for a whole-repository run (explicit files otherwise)
    if (all && cfg.globs.some((g) => !g.startsWith("!"))) return selectedByGlobs(p, cfg.globs);
    return true;
  });
  return { targets, selected };
}

export interface MdResult {
  findings: Finding[];
  fixed: string[];
  /** How many of the files were not linted (refused read, stopped lint, refused configuration): their findings say why. */
  unlinted: number;
}

interface LintError {
  lineNumber: number;
  ruleNames: string[];
  ruleDescription: string;
  errorDetail: string | null;
  errorContext: string | null;
  errorRange: number[] | null;
  fixInfo?: unknown;
  severity?: "error" | "warning";
}

type CachedError = [number, string, string, number, string]; // line, rule, severity, column, message

interface MdCache {
  key: string;
  files: Record<string, { h: string; e: CachedError[] }>;
}

const CACHE_FORMAT = "1";

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/**
 * The key of the whole markdown lint cache: the cache format, markdownlint's version (which fixes its
 * rule set: agentcheck loads no custom rules) and the effective rule configuration. Each file's entry
 * is further keyed by the SHA-1 of the exact text linted; any change of these misses.
 */
export function lintCacheKey(markdownlintVersion: string, config: Record<string, unknown>): string {
  return sha1(`${CACHE_FORMAT}\n${markdownlintVersion}\n${exactJson(config)}`);
}

/** JSON text that also tells apart what JSON.stringify merges: Infinity, -Infinity, NaN (all null) and undefined (dropped). */
export function exactJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    typeof x === "number" && !Number.isFinite(x) ? `\u0000number:${x}` : x === undefined ? "\u0000undefined" : x);
}

/** The value survives JSON.stringify and JSON.parse unchanged (no value JSON cannot hold). */
function jsonExact(v: unknown): boolean {
  return exactJson(v) === JSON.stringify(v);
}

function readCache(file: string | undefined, key: string): MdCache {
  if (file) {
    try {
      const c = JSON.parse(readTextOrThrow(file, { maxBytes: CACHE_MAX_BYTES, ...gitCacheConfinement(file) })) as MdCache;
      if (c && c.key === key && c.files && typeof c.files === "object") return c;
    } catch {
      /* no cache or unreadable: start empty */
    }
  }
  return { key, files: {} };
}

function toFinding(file: string, e: LintError): Finding {
  const detail = e.errorDetail ? ` [${e.errorDetail}]` : "";
  const ctx = e.errorContext ? ` [Context: "${e.errorContext}"]` : "";
  return {
    ruleId: e.ruleNames.join("/"),
    severity: e.severity === "warning" ? "warning" : "error",
    file,
    line: e.lineNumber,
    column: e.errorRange ? e.errorRange[0] : 0,
    message: `${e.ruleDescription}${detail}${ctx}`,
  };
}

/** Per-file bound of one markdown lint (AGENTCHECK_LINT_TIMEOUT_MS overrides it). */
export const LINT_TIMEOUT_MS = 3000;

function lintTimeoutMs(): number {
  const v = Number(process.env.AGENTCHECK_LINT_TIMEOUT_MS);
  return Number.isFinite(v) && v > 0 ? v : LINT_TIMEOUT_MS;
}

/**
 * A file stopped at the bound is linted once more, alone in a fresh worker, with this many times the
 * bound before it is reported "not linted" (issue 36 item 6): on a loaded machine (a commit hook while
 * builds and tests run, load 20 on two cores) an ordinary file's lint passed 3 s of wall time and the
 * commit got a timeout instead of the lint's findings. A file that makes markdownlint run away is
 * still stopped, after bound × (1 + LINT_RETRY_FACTOR); its finding names the longer bound.
 */
export const LINT_RETRY_FACTOR = 4;

/** The bound a "stopped" finding reports: the retry's. */
function stoppedAfterMs(): number {
  return lintTimeoutMs() * LINT_RETRY_FACTOR;
}

function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  // under the test runner this module is the .ts source; the worker is always the built one
  if (here.endsWith(".ts")) return join(dirname(here), "..", "..", "dist", "prepr", "md-worker.js");
  // the bundled CLI: the CommonJS worker bundle through its code-cache loader (md-worker-load.cjs)
  const loader = join(dirname(here), "md-worker-load.cjs");
  return existsSync(loader) ? loader : join(dirname(here), "md-worker.js");
}

let buildId: string | undefined;

/**
 * The build of the markdownlint that lints: the installed CLI's worker is one bundle with its own
 * copy of markdownlint (its first line names the build, scripts/bundle-cli.mjs), which need not be
 * the version installed beside it; the cache key carries both. "" where the worker runs the
 * installed markdownlint itself (unbundled builds, tests).
 */
function lintBuildId(): string {
  if (buildId !== undefined) return buildId;
  buildId = "";
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return buildId;
  try {
    const fd = openSync(join(dirname(here), "md-worker.cjs"), "r");
    try {
      const head = Buffer.alloc(64);
      const n = readSync(fd, head, 0, 64, 0);
      const m = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(head.toString("latin1", 0, n));
      if (m) buildId = `+${m[1]}`;
    } finally {
      closeSync(fd);
    }
  } catch {
    /* no bundled worker */
  }
  return buildId;
}

/**
 * Young generation of a lint worker's heap, in MB (V8's default is 48 on 64-bit Node 20). micromark
 * allocates a token object per event, most of them short-lived: with the default about a fifth of
 * a large lint went to scavenges. 192 MB (semi-spaces of 64 MB) cut `pre-pr --all --no-cache` on
 * the corpus by 4 % of wall and 6 % of CPU for about 90 MB more peak RSS, and left a 5-file branch
 * unchanged (the space is only used when a lint fills it; docs/benchmarks.md).
 */
export const LINT_YOUNG_GENERATION_MB = 192;

/**
 * V8's interrupt budget while markdownlint runs (how much a function runs before V8 considers
 * optimizing it; Node 20's default is 132 KB of bytecode budget). micromark's tokenizer is many
 * small state functions whose feedback keeps changing early in a lint: with the default, TurboFan
 * compiled and recompiled them on a background thread for about as much CPU as the lint itself,
 * on the core the main thread needs for pre-pr's other checks. With 600,000 `pre-pr --all
 * --no-cache` on the corpus took 1.38-1.45 s instead of 1.65-1.78 s, and 1.8 s of CPU instead of
 * 2.4-2.7 (docs/benchmarks.md). A V8 flag is process-wide: it is set once, when the first lint
 * worker starts, and then also holds for the rest of this process (measured with it).
 */
export const LINT_INTERRUPT_BUDGET = 600_000;

let budgetSet = false;

/** Raise V8's interrupt budget for this process (LINT_INTERRUPT_BUDGET), once. */
function raiseInterruptBudget(): void {
  if (budgetSet) return;
  budgetSet = true;
  try {
    setFlagsFromString(`--interrupt-budget=${LINT_INTERRUPT_BUDGET}`);
  } catch {
    /* a runtime without the flag lints with its default */
  }
}

/** Options of every lint worker (one place for worker-level settings such as resourceLimits). */
export function lintWorkerOptions(workerData?: unknown): WorkerOptions {
  raiseInterruptBudget();
  const resourceLimits = { maxYoungGenerationSizeMb: LINT_YOUNG_GENERATION_MB };
  return workerData === undefined ? { resourceLimits } : { workerData, resourceLimits };
}

/** A lint worker started ahead of need (prewarmLintWorker), not yet given its files. */
let warm: Worker | undefined;

/**
 * Start one lint worker now, before the files to lint are known, so that its start-up and the
 * loading of markdownlint overlap the main thread's work (the scope's git processes). The first
 * lint takes it (lintOneWorker); releaseLintWorker() stops it when no lint needed it. Unreferenced
 * while idle: it never keeps the process alive. AGENTCHECK_LINT_PREWARM=0 turns this off.
 */
export function prewarmLintWorker(): void {
  if (warm || process.env.AGENTCHECK_LINT_PREWARM === "0") return;
  try {
    const w = new Worker(workerFile(), lintWorkerOptions());
    w.unref();
    w.on("error", () => {
      if (warm === w) warm = undefined;
    });
    warm = w;
  } catch {
    warm = undefined;
  }
}

/** Stop the prewarmed lint worker if no lint took it. */
export function releaseLintWorker(): void {
  const w = warm;
  warm = undefined;
  if (w) void w.terminate();
}

/** A worker for these files: the prewarmed one (sent the job as a message) or a fresh one. */
function lintWorker(job: LintJob): Worker {
  const w = warm;
  warm = undefined;
  if (w) {
    w.ref();
    w.postMessage(job);
    return w;
  }
  return new Worker(workerFile(), lintWorkerOptions(job));
}

/**
 * Lint texts in a worker thread, one file at a time, with a watchdog: a file that takes longer than
 * the per-file bound is stopped (the worker is terminated) and listed in `timedOut`; the remaining
 * files go to a fresh worker. Nothing here can hold the process much longer than files × bound
 * (counted while the main thread is in its event loop).
 *
 * A file is judged by what the worker did, not by how long the main thread was away: pre-pr runs
 * the rows after PP-003 on this thread while the lint runs, and some block it synchronously for
 * seconds (spawnSync of actionlint, yamllint, the test command). When the thread comes back from
 * such a block in a check-phase or close callback, the expired timer runs before the poll phase
 * delivers the worker's queued messages (libuv 1.45+, Node 20: timers at the end of each turn, after
 * check and close), so the timer does not decide at once: it defers to the next check phase
 * (setImmediate), after the poll phase has delivered every message the worker posted meanwhile
 * (they wait in the port), and stops the worker only if no message came since the timer was armed
 * (`armed` counts the arms; each {started} and {file} arms anew, so the step from one file to the
 * next has the same bound). A file that really runs away posts nothing and is still stopped one
 * event-loop turn after its bound. Rows that come back from a thread-pool completion (a dynamic
 * import, fs promises) see the messages first anyway: libuv runs every pending async handle, the
 * worker's port among them, in the same pass.
 */
/** What a lint worker is given: the files (name, text, index into configs) and their configurations. */
interface LintJob {
  files: [string, string, number][];
  configs: Record<string, unknown>[];
}

/** Which of `configs` lints each file (fileConfigs); a file not listed takes configs[0]. */
interface LintConfigs {
  configs: Record<string, unknown>[];
  which: Record<string, number>;
}

async function lintOneWorker(todo: Record<string, string>, lc: LintConfigs): Promise<{ results: Record<string, LintError[]>; timedOut: string[] }> {
  const first = await lintWithBound(todo, lc, lintTimeoutMs());
  const timedOut: string[] = [];
  // each file stopped at the bound: once more, alone, with the longer bound (LINT_RETRY_FACTOR)
  for (const f of first.timedOut) {
    const again = await lintWithBound({ [f]: todo[f] }, lc, stoppedAfterMs());
    if (again.results[f] !== undefined) first.results[f] = again.results[f];
    else timedOut.push(f);
  }
  return { results: first.results, timedOut };
}

async function lintWithBound(todo: Record<string, string>, lc: LintConfigs, bound: number): Promise<{ results: Record<string, LintError[]>; timedOut: string[] }> {
  const results: Record<string, LintError[]> = {};
  const timedOut: string[] = [];
  let rest = Object.keys(todo);
  while (rest.length > 0) {
    const files = rest.map((f) => [f, todo[f], lc.which[f] ?? 0] as [string, string, number]);
    const current = await new Promise<string | undefined>((resolveRun, rejectRun) => {
      const w = lintWorker({ files, configs: lc.configs });
      let running: string | undefined;
      let timer: NodeJS.Timeout | undefined;
      // counts the arms (every {started} and {file} arms anew): a deferred decision of an older arm is dropped
      let armed = 0;
      let over = false;
      const arm = (ms: number) => {
        if (timer) clearTimeout(timer);
        const mine = ++armed;
        timer = setTimeout(() => {
          // let the poll phase deliver what the worker posted while this thread was blocked
          setImmediate(() => {
            if (over || armed !== mine) return;
            over = true;
            void w.terminate();
            resolveRun(running ?? files.find(([f]) => results[f] === undefined)?.[0]);
          });
        }, ms);
      };
      // loading markdownlint in the worker does not depend on the input: a generous bound of its own
      arm(Math.max(30_000, bound));
      w.on("message", (m: { started?: string; file?: string; errors?: LintError[]; done?: boolean }) => {
        if (over) return;
        if (m.started !== undefined) {
          running = m.started;
          arm(bound);
        } else if (m.file !== undefined) {
          results[m.file] = m.errors ?? [];
          running = undefined;
          // the step to the next file (or to {done}) has the same bound
          arm(bound);
        } else if (m.done) {
          over = true;
          if (timer) clearTimeout(timer);
          void w.terminate();
          resolveRun(undefined);
        }
      });
      w.on("error", (e) => {
        if (over) return;
        over = true;
        if (timer) clearTimeout(timer);
        rejectRun(e);
      });
    });
    if (current === undefined) break;
    timedOut.push(current);
    rest = rest.filter((f) => results[f] === undefined && !timedOut.includes(f));
  }
  return { results, timedOut };
}

/** Most lint workers AGENTCHECK_LINT_WORKERS can ask for. */
export const MAX_LINT_WORKERS = 16;

/** Below this much text one worker is enough (a second one costs its markdownlint load). */
const PARALLEL_MIN_BYTES = 256 * 1024;

/**
 * How many lint workers to run: AGENTCHECK_LINT_WORKERS when set (1 = one worker), else, when there
 * is enough text to share, one per two free cores (up to 4), a free core being one the main thread
 * does not need meanwhile (`mainBusy`: pre-pr's other checks); else one. Each worker loads
 * markdownlint and warms its JIT on its own, and V8's collector and optimizing compiler threads
 * keep about a second core busy beside it: on 2 cores a second worker made `pre-pr --all --only
 * PP-003` slower (2.1-3.7 s wall against 1.9-2.9 s, 0.9 s more CPU; docs/benchmarks.md).
 */
export function lintWorkerCount(files: number, bytes: number, mainBusy = false, cores = availableParallelism()): number {
  const env = Number(process.env.AGENTCHECK_LINT_WORKERS);
  // the variable asks for a number of threads, each loading markdownlint: never more than
  // MAX_LINT_WORKERS (AGENTCHECK_LINT_WORKERS=100000 started one per file and ran out of memory)
  const cap = Number.isInteger(env) && env > 0 ? Math.min(env, MAX_LINT_WORKERS) : Math.min(4, Math.floor((cores - (mainBusy ? 1 : 0)) / 2));
  if (!(Number.isInteger(env) && env > 0) && bytes < PARALLEL_MIN_BYTES) return 1;
  return Math.max(1, Math.min(cap, files));
}

/**
 * Split files into `n` shards of about equal text size (largest first onto the lightest shard), so
 * the workers finish together. Deterministic: ties go by name.
 */
export function shardBySize(sizes: Record<string, number>, n: number): string[][] {
  const shards: string[][] = Array.from({ length: n }, () => []);
  const load = new Array<number>(n).fill(0);
  const order = Object.keys(sizes).sort((a, b) => sizes[b] - sizes[a] || (a < b ? -1 : a > b ? 1 : 0));
  for (const f of order) {
    let k = 0;
    for (let i = 1; i < n; i++) if (load[i] < load[k]) k = i;
    shards[k].push(f);
    load[k] += sizes[f];
  }
  return shards.filter((s) => s.length > 0);
}

/**
 * Lint texts in one or more worker threads (lintWorkerCount), each with its own per-file watchdog.
 * Results do not depend on the split: every file is linted alone with the same configuration.
 */
async function lintBounded(todo: Record<string, string>, config: LintConfigs, mainBusy = false): Promise<{ results: Record<string, LintError[]>; timedOut: string[] }> {
  const names = Object.keys(todo);
  let bytes = 0;
  const sizes: Record<string, number> = {};
  for (const f of names) {
    sizes[f] = todo[f].length;
    bytes += sizes[f];
  }
  const n = lintWorkerCount(names.length, bytes, mainBusy);
  if (n <= 1) return lintOneWorker(todo, config);
  const parts = await Promise.all(shardBySize(sizes, n).map((shard) => lintOneWorker(Object.fromEntries(shard.map((f) => [f, todo[f]])), config)));
  const results: Record<string, LintError[]> = {};
  const timedOut: string[] = [];
  for (const p of parts) {
    Object.assign(results, p.results);
    pushAll(timedOut, p.timedOut);
  }
  timedOut.sort();
  return { results, timedOut };
}

/** Same text whatever the line endings: one BOM dropped, CRLF and lone CR read as LF. */
export function normalizeMarkdown(text: string): string {
  let t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (t.includes("\r")) t = t.replace(/\r\n?/g, "\n");
  return t;
}

/** PP-003's findings on files that were not linted, reported by the core from these facts (assembly/validators/pre-pr/PP-003.ts). */
function notLinted(files: string[], facts: Facts, rules: RuleSettings | undefined): Finding[] {
  const docs = files.map((file) => ({ file, kind: KIND.PREPR_FILE, flags: 0, bytes: new Uint8Array(0) }));
  const out = executeValidator("pre-pr", docs, { ...facts, family: "row", row: "PP-003", phase: "findings" }, { rules });
  if (out.internalErrors.length > 0) throw new InternalError(`internal error: ${out.internalErrors.join("; ")}`);
  return out.results.flatMap((r) => r.findings);
}

/**
 * Lint files with markdownlint. Results are cached per file content (keyed by the markdownlint
 * version and the configuration) in `cacheFile` when given; fix mode always lints afresh.
 * `read` goes through the bounded reader: a file it refuses (over the size limit, not a regular
 * file, a link out of the repository, not UTF-8) is not linted and gets a visible error finding;
 * so does a file whose lint runs past the per-file time bound, and every file when an executable
 * configuration was refused by --no-exec. `run.onStarted` is called once the lint runs in its worker
 * threads (not called when nothing needs linting); `run.mainBusy` says this thread has other work
 * meanwhile (one core fewer for lint workers).
 */
export async function lintMarkdown(
  root: string, files: string[], cfg: MdConfig, fix: boolean, read: (rel: string) => string, cacheFile?: string,
  run: { onStarted?: () => void; mainBusy?: boolean; rules?: RuleSettings } = {},
): Promise<MdResult> {
  const config = fileConfigs(cfg, files);
  const pre: Finding[] = [];
  if (cfg.refused && cfg.refused.length > 0) {
    const why = execRefusal() ?? "--no-exec";
    pushAll(pre, notLinted(files, { "config.refused": cfg.refused, policy: why }, run.rules));
    return { findings: pre, fixed: [], unlinted: files.length };
  }
  const strings: Record<string, string> = {};
  const readable: string[] = [];
  for (const f of files) {
    try {
      const t = read(f);
      strings[f] = fix ? t : normalizeMarkdown(t);
      readable.push(f);
    } catch (e) {
      const r = e instanceof ReadRefusedError ? e.refusal : undefined;
      // the same AC-900 / AC-901 finding every other command reports for a file the bounded reader refuses
      pre.push(r ? refusalFinding(f, r) : hostFinding("AC-901", f, (e as Error).message));
    }
  }
  const refusedReads = files.length - readable.length;
  files = readable;
  const timeoutFinding = (f: string) => notLinted([f], { stopped: true, timeoutMs: stoppedAfterMs() }, run.rules)[0];
  if (!fix) {
    const { getVersion } = await import("./mdversion.js");
    // the overrides are part of the key: a file's entry was linted with the configuration they chose
    const key = lintCacheKey(`${getVersion()}${lintBuildId()}`, cfg.overrides ? { config: config.configs[0], overrides: cfg.overrides } : config.configs[0]);
    const cache = readCache(cacheFile, key);
    const hashes: Record<string, string> = {};
    const todo: Record<string, string> = {};
    for (const f of files) {
      // without a cache file (--no-cache) nothing is looked up or stored: no hash to compute
      hashes[f] = cacheFile ? sha1(strings[f]) : "";
      if (!cacheFile || cache.files[f]?.h !== hashes[f]) todo[f] = strings[f];
    }
    const stopped = new Set<string>();
    if (Object.keys(todo).length > 0) {
      const pending = lintBounded(todo, config, run.mainBusy);
      // the workers are running: the caller may go on with other work on this thread
      run.onStarted?.();
      const { results: res, timedOut } = await pending;
      for (const f of timedOut) stopped.add(f);
      for (const f of Object.keys(todo)) {
        if (stopped.has(f)) continue;
        cache.files[f] = { h: hashes[f], e: (res[f] ?? []).map((e) => { const x = toFinding(f, e); return [x.line, x.ruleId, x.severity, x.column, x.message]; }) };
      }
      if (cacheFile) {
        try {
          writeFileConfined(cacheFile, JSON.stringify(cache), gitCacheConfinement(cacheFile));
        } catch {
          /* a read-only git dir just means no cache */
        }
      }
    }
    const findings: Finding[] = [...pre];
    for (const f of files) {
      if (stopped.has(f)) {
        findings.push(timeoutFinding(f));
        continue;
      }
      for (const [line, ruleId, severity, column, message] of cache.files[f].e) {
        findings.push({ ruleId, severity: severity as Finding["severity"], file: f, line, column, message });
      }
    }
    return { findings, fixed: [], unlinted: refusedReads + stopped.size };
  }
  const first = await lintBounded(strings, config);
  let results = first.results;
  const stopped = new Set(first.timedOut);
  const fixed: string[] = [];
  const { applyFixes } = await import("markdownlint");
  const again: Record<string, string> = {};
  for (const f of files) {
    if (stopped.has(f) || !results[f]?.some((e) => e.fixInfo)) continue;
    const text = applyFixes(strings[f], results[f] as never);
    if (text !== strings[f]) {
      writeFileConfined(join(root, f), text, { root });
      again[f] = text;
      fixed.push(f);
    }
  }
  if (fixed.length > 0) {
    const re = await lintBounded(again, config);
    for (const f of re.timedOut) stopped.add(f);
    results = { ...results, ...re.results };
  }
  const findings: Finding[] = [...pre];
  for (const f of files) {
    if (stopped.has(f)) findings.push(timeoutFinding(f));
    else for (const e of results[f] ?? []) findings.push(toFinding(f, e));
  }
  return { findings, fixed, unlinted: refusedReads + stopped.size };
}
