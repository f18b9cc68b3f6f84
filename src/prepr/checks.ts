// The registered pre-PR checks, in run order. Rule decisions live in the WASM core
// (assembly/validators/pre-pr/): these functions pick the files in scope, gather facts and run tools;
// each returns what it did as facts, and the row's rule (PP-0xx) decides the status and message.
import { ruleSettings, type RuleSettings } from "../run-settings.js";
import { readdirSync, statSync } from "node:fs";
import { inspectFile, readTextOrThrow } from "../fsread.js";
import { execRefusal } from "../exec-policy.js";
import { join } from "node:path";
import { configPath, validatorSection } from "../config.js";
import { HANDOFF_FILE } from "../config-paths.js";
import { executeValidator, loadFile, optionFacts, type ContentDoc, type Facts } from "../engine.js";
import { cachedRunClock } from "../core-cache.js";
import { InternalError, cutoffOption, type Finding } from "../report.js";
import { DiskSource } from "../source.js";
// document roles (flags): declared once in assembly/abi.ts
import { KIND, PREPR_ROLE as ROLE } from "../wasm/abi.js";
import { WORKSPACE_VALIDATORS } from "../validators/registry.js";
import { changedScope, type RunScope } from "../scope.js";
import { encodeList } from "../wasm/list.js";
import { ruleById } from "../wasm/loader.js";
import { selectWorkflowFiles, workflowDocs, yamlErrors, type Selection } from "./workflow-files.js";
import { matchesAny } from "../glob.js";
import { isMarkdown, lintMarkdown, loadMdConfigCached, releaseLintWorker, selectMarkdown } from "./markdown.js";
import { type CheckDef, type CheckOutcome, type PrePrContext } from "./runner.js";
import { sizeFacts } from "./branch-size.js";
import { commandsDir, selectCommandFiles } from "./command-files.js";
import { cacheFilePath } from "./cache-dir.js";
import { batches, capLines, findExecutable, runTool } from "./tools.js";
import { decideRow } from "./row.js";
import { pushAll } from "../arrays.js";


/**
 * Rule options set through the pre-pr config sections (prePr.skills, prePr.prSize, ...): config keys
 * renamed to the rules' option facts; unset keys are left out, so the rule's declared default (or
 * rules.<ID>.options) applies. The defaults and every threshold live in the rule files.
 */
function options(id: string, values: Record<string, unknown>): Facts {
  const out: Facts = {};
  for (const [name, v] of Object.entries(values)) if (v !== undefined) out[`option.${id}.${name}`] = v as Facts[`option.${string}.${string}`];
  return out;
}

/** The value an option has in this run (config section, else rules.<ID>.options, else the rule's default): for row texts. */
function optionValue(ctx: PrePrContext, id: string, name: string, configured: unknown): unknown {
  return configured ?? optionFacts("pre-pr", rulesOf(ctx).options)[`option.${id}.${name}`];
}

/** The run's rule options and severities: the one resolved configuration's. */
function rulesOf(ctx: PrePrContext): RuleSettings {
  return ctx.rules ?? ruleSettings(ctx.config);
}

function inScope(ctx: PrePrContext, pred: (p: string) => boolean): string[] {
  return ctx.scope.files.filter(pred);
}

/** A repository file's text through the bounded reader (throws ReadRefusedError when refused). */
function readText(ctx: PrePrContext, rel: string): string {
  return readTextOrThrow(join(ctx.root, rel), { maxBytes: ctx.options.maxFileBytes, root: ctx.root });
}

/** Run one rule family of the pre-pr core over files (or in-memory texts) with facts. */
function runFamily(ctx: PrePrContext, family: string, files: { rel: string; role: number; text?: string }[], facts: Facts): Finding[] {
  const docs: ContentDoc[] = [];
  const findings: Finding[] = [];
  const enc = new TextEncoder();
  for (const f of files) {
    if (f.text !== undefined) {
      docs.push({ file: f.rel, kind: KIND.PREPR_FILE, flags: f.role, bytes: enc.encode(f.text) });
      continue;
    }
    const reads = ctx.scope.reads;
    const lf = loadFile(join(ctx.root, f.rel), f.rel, ctx.options.maxFileBytes, ctx.root, reads && { entry: reads.entries.get(f.rel), realDirs: reads.realDirs });
    if (lf.problem) findings.push(lf.problem);
    else docs.push({ file: f.rel, kind: KIND.PREPR_FILE, flags: f.role, bytes: lf.bytes! });
  }
  if (docs.length === 0) return findings;
  const out = executeValidator("pre-pr", docs, { ...facts, family }, { separable: family !== "prd" && family !== "size" && family !== "drift" && family !== "plan", rules: rulesOf(ctx) });
  if (out.internalErrors.length > 0) throw new InternalError(`internal error: ${out.internalErrors.join("; ")}`);
  // a file's findings are added in pieces: a spread overflows the call stack past ~100,000 (one per line of a big file)
  for (const r of out.results) pushAll(findings, r.findings);
  return findings;
}

/** The facts of an external tool that is not on the PATH (the row rule decides SKIP, or FAIL under --ci / --require-tools). */
function missingTool(ctx: PrePrContext, name: string, files: number): CheckOutcome {
  return { facts: { files, "tool.found": false, ci: ctx.options.ci, requireTools: ctx.options.requireTools }, tool: { name } };
}

function timeoutOf(ctx: PrePrContext, id: string, fallback = 300): number {
  return ctx.config.prePr?.checks?.[id]?.timeout ?? fallback;
}

// ---- delegations -------------------------------------------------------------------------------

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

async function delegate(ctx: PrePrContext, name: string, scope?: RunScope, more: Facts = {}): Promise<CheckOutcome> {
  const section = validatorSection(ctx.config, name);
  const facts: Facts = { ...more, validator: name };
  if (section?.enabled === false) return { facts: { ...facts, "validator.disabled": true } };
  const v = WORKSPACE_VALIDATORS.find((w) => w.name === name);
  if (!v) return { facts: { ...facts, "validator.unavailable": true } };
  const wctx = {
    root: ctx.root,
    source: new DiskSource(ctx.root),
    maxFileBytes: ctx.options.maxFileBytes,
    // the historical cutoff, as `check` and `session-log` read it (AGENTCHECK_CUTOFF)
    options: { cutoff: cutoffOption(undefined) },
    config: ctx.config,
    rules: rulesOf(ctx),
    scope,
    now: cachedRunClock(),
  };
  const d = v.detect(wctx);
  if (!d.applies) return { facts: { ...facts, "validator.applies": false, "validator.reason": d.reason } };
  let out;
  try {
    out = await v.run(wctx);
  } catch (e) {
    const m = (e as Error).message ?? String(e);
    if (/not available in this build/.test(m)) return { facts: { ...facts, "validator.unavailable": true } };
    throw e;
  }
  if (out.internalErrors.length > 0) throw new InternalError(`internal error in ${v.name}: ${out.internalErrors.join("; ")}`);
  // the configuration's ignores, inline directives and the repository's baseline, as `check` applies
  // them to the same validator's results (src/output.ts): one answer per file
  const { applyAdoption, BASELINE_FILE, loadBaseline } = await import("../adoption.js");
  const ignores = ctx.ignores ?? (await import("../ignores.js")).loadIgnores(ctx.root, ctx.config.ignores);
  const baseline = join(ctx.root, BASELINE_FILE);
  const results = applyAdoption(out.results, {
    root: ctx.root,
    ignores,
    maxFileBytes: ctx.options.maxFileBytes,
    baseline: isFile(baseline) ? loadBaseline(baseline, ctx.root) : undefined,
    rules: rulesOf(ctx),
  }).results;
  const findings = results.flatMap((r) => r.findings);
  // the validator section's overrides (validators.<name>.severity) were applied by the core's severity
  // policy (the run's rule settings -> engine.severityFacts) in the validator's own run
  return { facts: { ...facts, files: results.length, skipped: results.filter((r) => r.verdict === "skip").length }, findings };
}

/**
 * PP-001: the session logs changed on the branch, selected and moded by the same scope function
 * `check --changed` uses (src/scope.ts; the working tree and untracked files included), so both
 * commands give the same verdict on every log. With --all, every log, as `check` validates them.
 */
async function sessionLogs(ctx: PrePrContext): Promise<CheckOutcome> {
  if (ctx.scope.kind === "all") return delegate(ctx, "session-log");
  const scope = changedScope(ctx.root, ctx.scope.base, { worktree: true, sessionsDir: configPath(ctx.config, "sessions") });
  const logs = Object.keys(scope.sessionLogs).length;
  if (logs === 0) return { facts: { logs } };
  return delegate(ctx, "session-log", scope, { logs });
}

async function traceability(ctx: PrePrContext): Promise<CheckOutcome> {
  const dir = configPath(ctx.config, "specs");
  const specs = inScope(ctx, (p) => p.startsWith(`${dir}/`) && isMarkdown(p));
  if (specs.length === 0) return { facts: { specs: 0 } };
  // PP-014 is traceability (TR-*), never the consistency validator
  return delegate(ctx, "traceability", undefined, { specs: specs.length });
}

// ---- built-in checks ---------------------------------------------------------------------------

/** A cache file inside the repository's git directory (shared by linked worktrees). */
async function cachePath(root: string, name: string): Promise<string | undefined> {
  return cacheFilePath(root, name);
}

/**
 * PP-003 runs in the background from the start of the run (its lint in worker threads overlaps the
 * checks ahead of it); `started` resolves once the workers run (or the check is already done).
 * Not with --fix: fixes rewrite files that other checks read.
 */
const markdownRuns = new WeakMap<PrePrContext, { started: Promise<void>; done: Promise<CheckOutcome> }>();
function markdownRun(ctx: PrePrContext): { started: Promise<void>; done: Promise<CheckOutcome> } {
  let r = markdownRuns.get(ctx);
  if (!r) {
    let signal!: () => void;
    const started = new Promise<void>((res) => (signal = res));
    // a prewarmed lint worker (commands/pre-pr.ts) that no lint took is stopped once PP-003 is done
    const done = markdown(ctx, signal).finally(releaseLintWorker);
    done.then(signal, signal);
    r = { started, done };
    markdownRuns.set(ctx, r);
  }
  return r;
}

async function markdown(ctx: PrePrContext, onStarted?: () => void): Promise<CheckOutcome> {
  const t0 = performance.now();
  const out = await markdownWork(ctx, onStarted);
  // the row's time is the lint's own: it starts before PP-001 and its row is reported after it
  return { ...out, workMs: performance.now() - t0 };
}

async function markdownWork(ctx: PrePrContext, onStarted?: () => void): Promise<CheckOutcome> {
  const cacheFile = ctx.options.noCache ? undefined : await cachePath(ctx.root, "markdownlint-cache.json");
  const cfg = await loadMdConfigCached(ctx.root, cacheFile);
  const { targets, selected } = selectMarkdown(ctx.scope.files, cfg, ctx.scope.kind === "all");
  const chosen = new Set(selected);
  const facts: Facts = { targets: targets.length, selected: selected.length, config: cfg.sources, excluded: targets.filter((t) => !chosen.has(t)) };
  if (targets.length === 0 || selected.length === 0) return { facts };
  const res = await lintMarkdown(ctx.root, selected, cfg, ctx.options.fix, (rel) => readText(ctx, rel), cacheFile, {
    onStarted,
    rules: rulesOf(ctx),
    // other checks run on this thread meanwhile unless PP-003 is the only one selected
    mainBusy: onStarted !== undefined && !(ctx.options.only?.length === 1),
  });
  return { facts: { ...facts, fixed: res.fixed.length, unlinted: res.unlinted }, findings: res.findings };
}

/** The files of the workflow and YAML checks, as the core selects them from the scope (family "select"). */
const selections = new WeakMap<PrePrContext, Selection>();
function selection(ctx: PrePrContext): Selection {
  let s = selections.get(ctx);
  if (!s) {
    s = selectWorkflowFiles(ctx.scope.files, ctx.rules?.cache);
    selections.set(ctx, s);
  }
  return s;
}
/** Workflows and actions with their document role. */
function workflowFiles(ctx: PrePrContext): { rel: string; role: number }[] {
  return workflowDocs(selection(ctx));
}

function pinning(ctx: PrePrContext): CheckOutcome {
  const files = workflowFiles(ctx);
  if (files.length === 0) return { facts: { files: 0 } };
  return { facts: { files: files.length }, findings: runFamily(ctx, "pin", files, {}) };
}

async function workflowStructure(ctx: PrePrContext): Promise<CheckOutcome> {
  const files = workflowFiles(ctx);
  if (files.length === 0) return { facts: { files: 0 } };
  const errors = await yamlErrors(files.map((f) => f.rel), (rel) => {
    try {
      return readText(ctx, rel);
    } catch {
      return undefined; // reported by the core as unreadable
    }
  });
  return { facts: { files: files.length }, findings: runFamily(ctx, "wfs", files, { yamlErrors: errors }) };
}

function actionlint(ctx: PrePrContext): CheckOutcome {
  const files = selection(ctx).workflows;
  if (files.length === 0) return { facts: { files: 0 } };
  const exe = findExecutable("actionlint");
  if (!exe) return missingTool(ctx, "actionlint", files.length);
  const env = { ...process.env, SHELLCHECK_OPTS: `${process.env.SHELLCHECK_OPTS ?? ""} --severity=warning`.trim() };
  const timeout = timeoutOf(ctx, "PP-004");
  const facts: Facts = { files: files.length, timeout };
  let worst = 0;
  let output = "";
  for (const b of batches(files)) {
    const r = runTool(exe, b, { cwd: ctx.root, timeoutSec: timeout, env });
    if (r.timedOut) return { facts: { ...facts, "tool.timedOut": true }, tool: { name: "actionlint", path: exe } };
    if (r.error) return { facts: { ...facts, "tool.error": r.error }, tool: { name: "actionlint", path: exe } };
    if ((r.exitCode ?? 1) !== 0) worst = worst || (r.exitCode ?? 1);
    output += r.stdout || r.stderr;
  }
  const tool = { name: "actionlint", path: exe, exitCode: worst };
  if (worst === 0) return { facts: { ...facts, "tool.exit": 0 }, tool };
  const details = capLines(output, 20);
  return { facts: { ...facts, "tool.exit": worst, output: details.length }, tool, details };
}

function skills(ctx: PrePrContext): CheckOutcome {
  const dir = configPath(ctx.config, "skills");
  const files = inScope(ctx, (p) => p.startsWith(`${dir}/`) && p.endsWith("/SKILL.md"));
  if (files.length === 0) return { facts: { files: 0 } };
  const s = ctx.config.prePr?.skills;
  const findings = runFamily(ctx, "sfm", files.map((rel) => ({ rel, role: ROLE.skill })), options("SFM-10", { models: s?.models, tools: s?.tools }));
  return { facts: { files: files.length }, findings };
}

/**
 * PP-015's git questions (the commit count and the working tree's diff against the merge-base) start
 * from prepare(), before the first row, and run beside the rows ahead of it; `done` times the row by
 * its own work (the git processes' start to their answer).
 */
const sizeRuns = new WeakMap<PrePrContext, Promise<{ commits: number; additions: number; ms: number }>>();
function sizeRun(ctx: PrePrContext, mergeBase: string): Promise<{ commits: number; additions: number; ms: number }> {
  let r = sizeRuns.get(ctx);
  if (!r) {
    const t0 = performance.now();
    r = sizeFacts(ctx.root, mergeBase).then((f) => ({ ...f, ms: performance.now() - t0 }));
    r.catch(() => undefined); // awaited by the row (prSize)
    sizeRuns.set(ctx, r);
  }
  return r;
}

function prSizePrepare(ctx: PrePrContext): Promise<void> {
  if (!ctx.options.fix && ctx.scope.kind !== "all" && ctx.scope.mergeBase) sizeRun(ctx, ctx.scope.mergeBase);
  return Promise.resolve();
}

async function prSize(ctx: PrePrContext): Promise<CheckOutcome> {
  if (ctx.scope.kind === "all" || !ctx.scope.mergeBase) return { facts: { mergeBase: !!ctx.scope.mergeBase } };
  const { commits, additions, ms } = await sizeRun(ctx, ctx.scope.mergeBase);
  const c = ctx.config.prePr?.prSize;
  const findings = runFamily(ctx, "size", [{ rel: ".", role: ROLE.size, text: "" }], {
    "size.commits": commits,
    "size.files": ctx.scope.changes.length,
    "size.additions": additions,
    ...options("RDY-01", {
      commitsWarn: c?.commits?.warn, commitsFail: c?.commits?.fail,
      filesWarn: c?.files?.warn, filesFail: c?.files?.fail,
      additionsWarn: c?.additions?.warn, additionsFail: c?.additions?.fail,
    }),
  });
  return { facts: { mergeBase: true, commits, files: ctx.scope.changes.length, additions }, findings, workMs: ms };
}

function prDescription(ctx: PrePrContext): CheckOutcome {
  if (ctx.options.prBody === undefined || ctx.scope.kind === "all") return { facts: { prBody: ctx.options.prBody !== undefined } };
  const p = ctx.config.prePr?.prDescription;
  const changed = ctx.scope.changes.map((c) => c.path);
  const findings = runFamily(ctx, "prd", [{ rel: ctx.options.prBodyName ?? "(PR description)", role: ROLE.prBody, text: ctx.options.prBody }], {
    changed,
    ...options("PRD-02", { mentionExtensions: p?.mentionExtensions, contextSections: p?.contextSections, claimSections: p?.claimSections }),
    ...options("PRD-03", { significantExtensions: p?.significantExtensions, significantPaths: p?.significantPaths }),
    ...options("PRD-05", { requiredSections: p?.requiredSections, checklist: p?.checklist }),
  });
  return { facts: { prBody: true, changed: changed.length }, findings };
}

function testCommand(ctx: PrePrContext): CheckOutcome {
  const cmd = ctx.config.prePr?.testCommand;
  if (!cmd) throw new Error('PP-002 is enabled but "prePr.testCommand" is not set');
  const refused = execRefusal();
  // untrusted-change mode: the repository's command is reported, never run
  if (refused) return { facts: { command: cmd, refused }, tool: { name: cmd } };
  const t = timeoutOf(ctx, "PP-002", 600);
  const r = runTool(cmd, [], { cwd: ctx.root, timeoutSec: t, shell: true });
  const tool = { name: cmd, exitCode: r.exitCode };
  const facts: Facts = { command: cmd, timeout: t, "tool.exit": r.exitCode, "tool.timedOut": r.timedOut };
  if (r.timedOut || r.exitCode === 0) return { facts, tool };
  const out = `${r.stdout}\n${r.stderr}`.split(/\r?\n/).filter(Boolean);
  return { facts: { ...facts, output: out.length }, tool, details: out.slice(-20) };
}

function yamllint(ctx: PrePrContext): CheckOutcome {
  const files = selection(ctx).yaml;
  if (files.length === 0) return { facts: { files: 0 } };
  const exe = findExecutable("yamllint");
  if (!exe) return missingTool(ctx, "yamllint", files.length);
  const timeout = timeoutOf(ctx, "PP-005");
  const facts: Facts = { files: files.length, timeout };
  const parsed: string[][] = [];
  let worst = 0;
  const other: string[] = [];
  for (const b of batches(files)) {
    const r = runTool(exe, ["-f", "parsable", "--", ...b], { cwd: ctx.root, timeoutSec: timeout });
    if (r.timedOut) return { facts: { ...facts, "tool.timedOut": true }, tool: { name: "yamllint", path: exe } };
    if (r.error) return { facts: { ...facts, "tool.error": r.error }, tool: { name: "yamllint", path: exe } };
    worst = worst || (r.exitCode ?? 1);
    // the tool's parsable output, as structured facts: file, line, column, level, rule, text
    for (const line of (r.stdout + r.stderr).split(/\r?\n/)) {
      const m = /^(.*?):(\d+):(\d+): \[(error|warning)\] (.*?)(?: \(([\w-]+)\))?$/.exec(line);
      if (m) parsed.push([m[1], m[2], m[3], m[4], m[6] ?? "syntax", m[5]]);
      else if (line.trim()) other.push(line);
    }
  }
  const tool = { name: "yamllint", path: exe, exitCode: worst };
  const details = capLines(other.join("\n"), 20);
  const done: Facts = { ...facts, "tool.exit": worst, parsed: parsed.length, output: details.length };
  if (worst !== 0 && parsed.length === 0) return { facts: done, tool, details };
  // the severity of each finding is PP-005's decision
  const { severities = [] } = decideRow("PP-005", "findings", { "tool.findings": parsed.map((p) => encodeList(p)) });
  const findings: Finding[] = parsed.map(([file, line, column, , rule, text], i) => ({
    ruleId: `yamllint/${rule}`, severity: severities[i] as Finding["severity"], file, line: +line, column: +column, message: text,
  }));
  // output yamllint wrote that is not a finding (a crash in one batch, an unreadable file) stays
  // visible beside the findings of the other batches
  return { facts: done, tool, findings, ...(details.length > 0 ? { details } : {}) };
}

function pathNormalization(ctx: PrePrContext): CheckOutcome {
  const pn = ctx.config.prePr?.pathNormalization;
  // which files PATH-01 reads: its options (declared with their defaults in the rule file)
  const exts = (optionValue(ctx, "PATH-01", "extensions", pn?.extensions) as string[]).map((e) => (e.startsWith(".") ? e : `.${e}`).toLowerCase());
  const excludes = optionValue(ctx, "PATH-01", "excludes", pn?.excludes) as string[];
  const files = inScope(ctx, (p) => exts.some((e) => p.toLowerCase().endsWith(e)) && !matchesAny(p, excludes));
  if (files.length === 0) return { facts: { files: 0, exts } };
  return { facts: { files: files.length, exts }, findings: runFamily(ctx, "path", files.map((rel) => ({ rel, role: ROLE.pathScan })), {}) };
}

function skillViolations(ctx: PrePrContext): CheckOutcome {
  // SKV-01's options (declared with their defaults in the rule file) say where the skills are and which files to read
  const skillsDir = (optionValue(ctx, "SKV-01", "skillsDir", undefined) as string).replace(/\/+$/, "");
  const exts = (optionValue(ctx, "SKV-01", "extensions", undefined) as string[]).map((e) => (e.startsWith(".") ? e : `.${e}`).toLowerCase());
  // the folder must be a directory inside the repository: a link out of it is never followed
  const where = inspectFile(join(ctx.root, skillsDir), { maxBytes: 0, root: ctx.root });
  const found: Facts = { ghSkillsFound: !where.ok && where.refusal.reason === "directory", ghSkillsDir: skillsDir, exts };
  if (!found.ghSkillsFound) return { facts: found };
  const excludes = optionValue(ctx, "SKV-01", "excludes", undefined) as string[];
  const files = inScope(ctx, (p) => exts.some((e) => p.toLowerCase().endsWith(e)) && !matchesAny(p, excludes));
  if (files.length === 0) return { facts: { ...found, files: 0 } };
  return { facts: { ...found, files: files.length }, findings: runFamily(ctx, "skv", files.map((rel) => ({ rel, role: ROLE.skillScan })), {}) };
}

/**
 * PP-017: the memories in scope (`*.md` below paths.memories) through the memory rules (MEM-01..03);
 * a memory the branch adds (or an untracked one) has its own role: MEM-01 blocks it.
 */
function memoryHealth(ctx: PrePrContext): CheckOutcome {
  const memDir = configPath(ctx.config, "memories");
  const added = new Set(ctx.scope.kind === "all" ? [] : ctx.scope.changes.filter((c) => c.status === "A" || c.status === "?").map((c) => c.path));
  const files = inScope(ctx, (p) => p.startsWith(`${memDir}/`) && p.toLowerCase().endsWith(".md"));
  if (files.length === 0) return { facts: { files: 0, memDir } };
  const docs = files.map((rel) => ({ rel, role: added.has(rel) ? ROLE.memoryNew : ROLE.memory }));
  return { facts: { files: files.length, memDir }, findings: runFamily(ctx, "mem", docs, {}) };
}

/** The direct entries of a repository folder (none when it is missing, not a folder, or a link out of the repository). */
function listDir(ctx: PrePrContext, dir: string): import("node:fs").Dirent[] {
  const where = inspectFile(join(ctx.root, dir), { maxBytes: 0, root: ctx.root });
  if (where.ok || where.refusal.reason !== "directory") return [];
  try {
    return readdirSync(join(ctx.root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}

/**
 * PP-018: the sum of every skill's description (SKB-01) is a property of all skills, so when the
 * branch changes one SKILL.md (or under --all) the core gets every `<paths.skills>/*\/SKILL.md`.
 */
function skillDescriptionBudget(ctx: PrePrContext): CheckOutcome {
  const dir = configPath(ctx.config, "skills");
  const changed = ctx.scope.changes.some((c) => c.path.startsWith(`${dir}/`) && c.path.endsWith("/SKILL.md"));
  if (ctx.scope.kind !== "all" && !changed) return { facts: { files: 0, skillsDir: dir } };
  const files = listDir(ctx, dir).filter((e) => e.isDirectory() && isFile(join(ctx.root, dir, e.name, "SKILL.md"))).map((e) => `${dir}/${e.name}/SKILL.md`);
  if (files.length === 0) return { facts: { files: 0, skillsDir: dir } };
  // the folder itself (no content) carries the finding: the sum belongs to no one skill
  const docs = [{ rel: dir, role: ROLE.skillsDir, text: "" }, ...files.map((rel) => ({ rel, role: ROLE.skill }))];
  return { facts: { files: files.length, skillsDir: dir }, findings: runFamily(ctx, "skb", docs, {}) };
}

/** PP-019: the slash-command files in scope (`*.md` directly in CMD-01's option `dir`) through CMD-01. */
function commandSize(ctx: PrePrContext): CheckOutcome {
  const dir = commandsDir(rulesOf(ctx).options);
  const files = selectCommandFiles(ctx.scope.files, dir);
  if (files.length === 0) return { facts: { files: 0, commandsDir: dir } };
  return { facts: { files: files.length, commandsDir: dir }, findings: runFamily(ctx, "cmd", files.map((rel) => ({ rel, role: ROLE.command })), {}) };
}

/** PP-020: the always-loaded files TOK-04's option `budgets` names (`path:tokens`) that are in scope. */
function passiveContextBudget(ctx: PrePrContext): CheckOutcome {
  const entries = optionValue(ctx, "TOK-04", "budgets", undefined) as string[];
  const paths = new Set(entries.map((e) => (e.lastIndexOf(":") < 0 ? e : e.slice(0, e.lastIndexOf(":")))));
  const files = inScope(ctx, (p) => paths.has(p));
  if (files.length === 0) return { facts: { files: 0 } };
  return { facts: { files: files.length }, findings: runFamily(ctx, "pctx", files.map((rel) => ({ rel, role: ROLE.passiveContext })), {}) };
}

function tokenBudget(ctx: PrePrContext): CheckOutcome {
  const file = ctx.config.prePr?.tokenBudget?.file ?? HANDOFF_FILE;
  if (!ctx.scope.files.includes(file)) return { facts: { file, present: false } };
  const max = ctx.config.prePr?.tokenBudget?.maxTokens;
  const findings = runFamily(ctx, "tok", [{ rel: file, role: ROLE.handoff }], options("TOK-03", { maxTokens: max }));
  return { facts: { file, present: true, max: String(optionValue(ctx, "TOK-03", "maxTokens", max)) }, findings };
}

function agentDrift(ctx: PrePrContext): CheckOutcome {
  const d = ctx.config.prePr?.agentDrift;
  const left = (d?.left ?? "src/claude").replace(/\/+$/, "");
  const right = (d?.right ?? "src/vs-code-agents").replace(/\/+$/, "");
  const direct = (dir: string, p: string) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes("/");
  const touched = inScope(ctx, (p) => (direct(left, p) && p.endsWith(".md")) || (direct(right, p) && p.endsWith(".agent.md")));
  if (touched.length === 0) return { facts: { touched: 0, left, right } };
  // a pair needs both sides: read both folders whole
  const list = (dir: string, suffix: string) => {
    try {
      return readdirSync(join(ctx.root, dir), { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => `${dir}/${e.name}`).sort();
    } catch {
      return [];
    }
  };
  const lefts = list(left, ".md");
  const rights = list(right, ".agent.md");
  const findings = runFamily(ctx, "drift", [...lefts.map((rel) => ({ rel, role: ROLE.driftLeft })), ...rights.map((rel) => ({ rel, role: ROLE.driftRight }))],
    options("DRIFT-04", { threshold: d?.threshold, sections: d?.sections }));
  const threshold = optionValue(ctx, "DRIFT-04", "threshold", d?.threshold);
  return { facts: { touched: touched.length, left, right, agents: lefts.length, threshold: String(threshold) }, findings };
}

function planning(ctx: PrePrContext): CheckOutcome {
  const dir = configPath(ctx.config, "planning");
  const direct = (p: string) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes("/") && isMarkdown(p);
  const inScopeDocs = inScope(ctx, direct).length;
  if (inScopeDocs === 0) return { facts: { inScope: 0 } };
  // roles and cross-document rules need the whole folder
  let files: string[] = [];
  try {
    files = readdirSync(join(ctx.root, dir), { withFileTypes: true }).filter((e) => e.isFile() && isMarkdown(e.name)).map((e) => `${dir}/${e.name}`).sort();
  } catch {
    files = [];
  }
  const findings = runFamily(ctx, "plan", files.map((rel) => ({ rel, role: ROLE.planning })), options("PLAN-01", { threshold: ctx.config.prePr?.planning?.estimateThreshold }));
  return { facts: { inScope: inScopeDocs, files: files.length }, findings };
}

/** A check as declared below; its row title is its row rule's title (assembly/validators/pre-pr/PP-0NN.ts), declared there only. */
function checkDef(def: Omit<CheckDef, "name">): CheckDef {
  const title = ruleById(def.id)?.title;
  if (title === undefined) throw new InternalError(`pre-pr check ${def.id} has no row rule in the core`);
  return { ...def, name: title };
}

/** Every check, in run order (spec section 10.5). */
export const CHECKS: CheckDef[] = [
  checkDef({ id: "PP-001", tags: ["delegation"], defaultEnabled: true, run: sessionLogs }),
  checkDef({
    id: "PP-003", tags: [], defaultEnabled: true,
    prepare: (ctx) => (ctx.options.fix ? Promise.resolve() : markdownRun(ctx).started),
    run: (ctx) => (ctx.options.fix ? markdown(ctx) : markdownRun(ctx).done),
  }),
  checkDef({ id: "PP-009", tags: [], defaultEnabled: true, run: pinning }),
  checkDef({ id: "PP-010", tags: [], defaultEnabled: true, run: workflowStructure }),
  checkDef({ id: "PP-004", tags: ["external-tool"], defaultEnabled: true, run: actionlint }),
  checkDef({ id: "PP-011", tags: [], defaultEnabled: true, run: skills }),
  checkDef({ id: "PP-015", tags: [], defaultEnabled: true, prepare: prSizePrepare, inOrder: true, run: prSize }),
  checkDef({ id: "PP-012", tags: [], defaultEnabled: true, run: prDescription }),
  checkDef({ id: "PP-014", tags: ["delegation"], defaultEnabled: true, run: traceability }),
  checkDef({ id: "PP-002", tags: ["tests", "repo-specific"], defaultEnabled: false, run: testCommand }),
  checkDef({ id: "PP-005", tags: ["slow", "external-tool"], defaultEnabled: true, run: yamllint }),
  checkDef({ id: "PP-006", tags: ["slow"], defaultEnabled: true, run: pathNormalization }),
  checkDef({ id: "PP-007", tags: ["slow", "repo-specific"], defaultEnabled: false, run: planning }),
  checkDef({ id: "PP-008", tags: ["slow", "repo-specific"], defaultEnabled: false, run: agentDrift }),
  checkDef({ id: "PP-013", tags: ["repo-specific"], defaultEnabled: false, run: tokenBudget }),
  checkDef({ id: "PP-016", tags: ["slow"], defaultEnabled: true, run: skillViolations }),
  checkDef({ id: "PP-017", tags: [], defaultEnabled: true, run: memoryHealth }),
  checkDef({ id: "PP-018", tags: [], defaultEnabled: true, run: skillDescriptionBudget }),
  checkDef({ id: "PP-019", tags: [], defaultEnabled: true, run: commandSize }),
  checkDef({ id: "PP-020", tags: [], defaultEnabled: true, run: passiveContextBudget }),
];
