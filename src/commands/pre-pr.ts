// `agentcheck pre-pr`: everything CI will say, before the pull request.
import { withGitMemo } from "../git-run.js";
import { existsSync, readFileSync } from "node:fs";
import { namedFileRoot, writeFileConfined, WriteRefusedError } from "../fswrite.js";
import { DEFAULT_READ_LIMIT, readTextOrThrow } from "../fsread.js";
import { resolve } from "node:path";
import { loadConfig } from "../config.js";
import { DEFAULT_MAX_FILE_BYTES } from "../engine.js";
import { useColor } from "../format/text.js";
import { checkOutputFile, parseIntOption } from "../output.js";
import { capFindingList, DEFAULT_MAX_FINDINGS_PER_RULE, UsageError } from "../report.js";
import { version } from "../version.js";
import { CHECKS } from "../prepr/checks.js";
import { formatHeader, formatRow, formatSummary, painter, RowListing, toReport } from "../prepr/format.js";
import { countRows, isEnabled, planOf, runChecks, type CheckDef, type CheckRow, type RunOptions } from "../prepr/runner.js";
import { computeScope, workTreeTop } from "../scope.js";
import { ruleById } from "../wasm/loader.js";
import { cacheFilePath } from "../prepr/cache-dir.js";
import { msNow, writeErr, writeOut } from "../stdio.js";

export interface PrePrCliOptions {
  base?: string;
  all?: boolean;
  quick?: boolean;
  skipTests?: boolean;
  ci?: boolean;
  requireTools?: boolean;
  fix?: boolean;
  verbose?: boolean;
  cache?: boolean;
  prBody?: string;
  only?: string;
  skip?: string;
  reason?: string;
  list?: boolean;
  config?: string;
  format?: string;
  outputFile?: string;
  color?: boolean;
  maxFileSize?: string;
}

function envTrue(name: string): boolean {
  const v = process.env[name];
  return v !== undefined && /^(1|true)$/i.test(v.trim());
}

function ids(list: string | undefined, registry: CheckDef[], opt: string): string[] | undefined {
  if (list === undefined) return undefined;
  const out = list.split(",").map((s) => s.trim().toUpperCase()).filter(Boolean);
  for (const id of out) if (!registry.some((c) => c.id === id)) throw new UsageError(`${opt}: unknown check id ${id} (see agentcheck pre-pr --list)`);
  return out;
}

/** A registered check without an implementation is a configuration error (never PASS or SKIP). */
export function assertImplemented(registry: CheckDef[]): void {
  const seen = new Set<string>();
  for (const c of registry) {
    if (typeof c.run !== "function") throw new UsageError(`check ${c.id} (${c.name}) is registered without an implementation`);
    if (seen.has(c.id)) throw new UsageError(`check ${c.id} is registered twice`);
    if (ruleById(c.id)?.validator !== "pre-pr") throw new UsageError(`check ${c.id} (${c.name}) has no row rule in the core (assembly/validators/pre-pr/${c.id}.ts)`);
    seen.add(c.id);
  }
}

export async function runPrePrCommand(o: PrePrCliOptions, registry: CheckDef[] = CHECKS): Promise<number> {
  // each git question is asked once, so every check judges the repository as the run found it (only
  // --fix writes to it on purpose; a test command run by PP-002 may change the tree, the memoized
  // answers still describe its state at the start)
  return o.fix === true ? runPrePr(o, registry) : withGitMemo(() => runPrePr(o, registry));
}

async function runPrePr(o: PrePrCliOptions, registry: CheckDef[]): Promise<number> {
  const started = msNow();
  const startedAt = new Date().toISOString();
  assertImplemented(registry);
  const fmt = o.format ?? "text";
  if (fmt !== "text" && fmt !== "json") throw new UsageError(`--format: unknown format '${fmt}' (one of: text, json)`);
  parseIntOption("max-file-size", o.maxFileSize);
  const ci = !!o.ci || envTrue("CI");
  const fix = o.fix === true && !envTrue("SKIP_AUTOFIX");
  if (o.fix === true && ci) throw new UsageError("--fix cannot be combined with --ci (CI never rewrites files)");
  if (o.skip !== undefined && !o.reason) throw new UsageError("--skip needs --reason \"<why>\" (skips are reported)");
  // the session-log rows read AGENTCHECK_CUTOFF: a value that is no date is a usage error (exit 2), not a FAIL row
  (await import("../scope.js")).cutoffOption(undefined);

  const root = await workTreeTop(process.cwd());
  const { config, rules } = await loadConfig(root, o.config);
  for (const id of Object.keys(config.prePr?.checks ?? {})) {
    if (!registry.some((c) => c.id === id)) throw new UsageError(`invalid configuration: prePr.checks.${id}: unknown check id`);
  }
  if (registry.some((c) => c.id === "PP-002") && config.prePr?.checks?.["PP-002"]?.enabled && !config.prePr?.testCommand) {
    throw new UsageError('invalid configuration: prePr.testCommand: required when PP-002 is enabled');
  }

  if (o.list) {
    const lines = registry.map((c) => `${c.id}\t${isEnabled(c, config) ? "on " : "off"}\t${c.name}\t${c.tags.join(",") || "-"}`);
    writeOut(`${lines.join("\n")}\n`);
    return 0;
  }

  const options: RunOptions = {
    quick: !!o.quick || envTrue("QUICK_MODE"),
    skipTests: !!o.skipTests || envTrue("SKIP_TESTS"),
    ci,
    requireTools: !!o.requireTools || ci,
    fix,
    verbose: !!o.verbose,
    noCache: o.cache === false,
    maxFileBytes: parseIntOption("max-file-size", o.maxFileSize) ?? DEFAULT_MAX_FILE_BYTES,
    only: ids(o.only, registry, "--only"),
    skip: ids(o.skip, registry, "--skip"),
    skipReason: o.reason,
  };
  if (o.prBody !== undefined) {
    try {
      const abs = resolve(process.cwd(), o.prBody);
      options.prBody = o.prBody === "-" ? readFileSync(0, "utf8") : readTextOrThrow(abs, { maxBytes: DEFAULT_READ_LIMIT, root: namedFileRoot(abs, root) });
    } catch (e) {
      throw new UsageError(`cannot read --pr-body ${o.prBody}: ${(e as Error).message}`);
    }
    options.prBodyName = o.prBody === "-" ? "(PR description)" : o.prBody;
  }

  // the markdown lint's worker starts now (markdownlint loads while the scope's git processes run)
  // when PP-003 will run and will lint whatever markdown is in scope: without the lint cache
  // (--no-cache, or none written yet). With a cache most files hit it, and a worker started for
  // nothing costs about 50 ms of CPU: the worker then starts once the misses are known (prepare).
  // An unused prewarmed worker is stopped after PP-003.
  const lintRow = fix ? undefined : registry.find((c) => c.id === "PP-003");
  const lintCache = options.noCache ? undefined : cacheFilePath(root, "markdownlint-cache.json");
  if (lintRow && (lintCache === undefined || !existsSync(lintCache)) && planOf(lintRow, { root, scope: undefined as never, config, options }).status !== "SKIP") {
    (await import("../prepr/markdown.js")).prewarmLintWorker();
  }
  // configuration errors are exit 2 before any check runs (never a check FAIL)
  {
    const { validateMdConfig } = await import("../prepr/markdown.js");
    await validateMdConfig(root, options.noCache ? undefined : cacheFilePath(root, "markdownlint-cache.json"));
  }
  if (o.outputFile) checkOutputFile(o.outputFile);
  const { loadIgnores } = await import("../ignores.js");
  const ignores = loadIgnores(root, config.ignores);
  const scope = await computeScope(root, { all: !!o.all, base: o.base ?? config.prePr?.base });
  if (ignores.patterns.length > 0) scope.files = scope.files.filter((f) => !ignores.ignored(f));
  const ctx = { root, scope, config, options, ignores, rules };
  // what a row lists (text and JSON): report.maxFindingsPerRule per rule and file, as every report
  const maxPerRule = config.report?.maxFindingsPerRule ?? DEFAULT_MAX_FINDINGS_PER_RULE;
  const capRow = (row: CheckRow): CheckRow => {
    const findings = capFindingList(row.findings, maxPerRule);
    return findings === row.findings ? row : { ...row, findings };
  };
  const color = !ci && fmt === "text" && !o.outputFile && useColor(process.stdout, o.color);
  const p = painter(color);
  const stream = fmt === "text" && !o.outputFile;
  const scopeText = scope.kind === "all" ? `all files (${scope.files.length})`
    : `changed since ${scope.base} (merge-base ${scope.mergeBase?.slice(0, 10)}): ${scope.changes.length} path(s), ${scope.files.length} on disk`;
  const header = formatHeader({ root, quick: options.quick, scopeText, startedAt }, p);
  if (stream) writeOut(header);
  let text = stream ? "" : header;
  // the core's results of unchanged inputs come from a cache in the git directory (src/core-cache.ts)
  const coreCache = options.noCache ? undefined : await import("../core-cache.js");
  if (coreCache) {
    const file = cacheFilePath(root, "core-cache.json");
    // a cache that cannot be used is said, then rebuilt (never served: src/core-cache.ts)
    if (file) coreCache.openCoreCache(file, { warn: (m) => writeErr(`agentcheck: pre-pr: ${m}\n`) });
  }
  // summary-first: FAIL and WARN rows and at most FINDINGS_SHOWN findings; --verbose lists everything
  const listing = new RowListing(options.verbose);
  let rows;
  try {
    rows = await runChecks(registry, ctx, (row) => {
      if (!listing.shows(row)) return;
      const s = formatRow(capRow(row), p, options.verbose, listing);
      if (stream) writeOut(s);
      else text += s;
    });
  } finally {
    coreCache?.closeCoreCache();
    if (lintRow) (await import("../prepr/markdown.js")).releaseLintWorker();
  }
  const counts = countRows(rows);
  // a row that failed on an internal error (a trap or abort in the rule core) is an internal error of
  // the run: exit 2, as for every command (docs/cli.md), with the row still in the report
  const internal = rows.filter((r) => r.internalError !== undefined);
  const exitCode = internal.length > 0 ? 2 : counts.failed > 0 ? 1 : 0;
  const durationMs = msNow() - started;
  let out: string;
  if (fmt === "json") {
    const report = toReport(rows.map(capRow), counts, {
      version: version(), quick: options.quick, startedAt, durationMs, exitCode,
      scope: { kind: scope.kind, base: scope.base, mergeBase: scope.mergeBase, files: scope.files.length },
    });
    out = `${JSON.stringify(report, null, 2)}\n`;
  } else {
    out = text + formatSummary(rows, counts, durationMs, p, listing);
  }
  if (o.outputFile) {
    const abs = resolve(process.cwd(), o.outputFile);
    try {
      writeFileConfined(abs, out, { root: namedFileRoot(abs, root) });
    } catch (e) {
      throw new UsageError(`cannot write ${o.outputFile}: ${e instanceof WriteRefusedError ? (e as Error).message : ((e as NodeJS.ErrnoException).code ?? (e as Error).message)}`);
    }
  }
  else if (fmt === "json") writeOut(out);
  else writeOut(stream ? formatSummary(rows, counts, durationMs, p, listing) : out);
  for (const r of internal) writeErr(`agentcheck: internal error: ${r.id} (${r.name}): ${r.internalError}\n`);
  return exitCode;
}
