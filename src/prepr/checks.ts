// The registered pre-PR checks, in run order. Rule decisions live in the WASM core
// (assembly/validators/pre-pr/); these functions pick the files in scope, gather facts, run tools.
import { readdirSync } from "node:fs";
import { readTextOrThrow } from "../fsread.js";
import { execRefusal } from "../exec-policy.js";
import { isAbsolute, join } from "node:path";
import { configPath, validatorSection } from "../config.js";
import { executeValidator, loadFile, optionFacts, type ContentDoc, type Facts } from "../engine.js";
import type { Finding } from "../report.js";
import { DiskSource } from "../source.js";
import { KIND } from "../wasm/abi.js";
import { WORKSPACE_VALIDATORS } from "../validators/registry.js";
import { changedScope, type RunScope } from "../scope.js";
import { decodeList, encodeList } from "../wasm/list.js";
import { matchesAny } from "./glob.js";
import { isMarkdown, lintMarkdown, loadMdConfigCached, selectMarkdown } from "./markdown.js";
import type { CheckDef, CheckOutcome, PrePrContext } from "./runner.js";
import { Git, sizeFacts } from "./scope.js";
import { batches, capLines, findExecutable, runTool } from "./tools.js";
import { FLAGS } from "../wasm/contract.js";

// document roles (flags) understood by assembly/validators/pre-pr (contract/interface.json flags.prePr)
const R = FLAGS.prePr;
const ROLE = {
  workflow: R.WORKFLOW, action: R.ACTION, skill: R.SKILL, pathScan: R.PATH_SCAN, prBody: R.PR_BODY, size: R.SIZE, handoff: R.HANDOFF,
  driftLeft: R.DRIFT_LEFT, driftRight: R.DRIFT_RIGHT, planning: R.PLANNING,
} as const;

const INSTALL = {
  actionlint: "install: https://github.com/rhysd/actionlint (e.g. go install github.com/rhysd/actionlint/cmd/actionlint@latest)",
  yamllint: "install: pip install yamllint",
};

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
function optionValue(id: string, name: string, configured: unknown): unknown {
  return configured ?? optionFacts("pre-pr")[`option.${id}.${name}`];
}

function inScope(ctx: PrePrContext, pred: (p: string) => boolean): string[] {
  return ctx.scope.files.filter(pred);
}

function scopeNote(ctx: PrePrContext): string {
  return ctx.scope.kind === "all" ? "in the repository" : `changed since ${ctx.scope.base}`;
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
    const lf = loadFile(join(ctx.root, f.rel), f.rel, ctx.options.maxFileBytes, ctx.root);
    if (lf.problem) findings.push(lf.problem);
    else docs.push({ file: f.rel, kind: KIND.PREPR_FILE, flags: f.role, bytes: lf.bytes! });
  }
  if (docs.length === 0) return findings;
  const out = executeValidator("pre-pr", docs, { ...facts, family }, { separable: family !== "prd" && family !== "size" && family !== "drift" && family !== "plan" });
  if (out.internalErrors.length > 0) throw new Error(`internal error: ${out.internalErrors.join("; ")}`);
  for (const r of out.results) findings.push(...r.findings);
  return findings;
}

function summary(n: number, what: string, findings: Finding[]): string {
  const e = findings.filter((f) => f.severity === "error").length;
  const w = findings.filter((f) => f.severity === "warning").length;
  return `${n} ${what} checked${e || w ? `: ${e} error(s), ${w} warning(s)` : ", no findings"}`;
}

/** Missing tool: SKIP with the reason and install hint, or FAIL under --require-tools / --ci. */
function missingTool(ctx: PrePrContext, name: keyof typeof INSTALL): CheckOutcome {
  const msg = `tool not found: ${name} (${INSTALL[name]})`;
  if (ctx.options.requireTools || ctx.options.ci) {
    return { status: "FAIL", message: `${msg}; required by ${ctx.options.ci ? "--ci" : "--require-tools"}`, tool: { name } };
  }
  return { status: "SKIP", message: msg, tool: { name } };
}

function timeoutOf(ctx: PrePrContext, id: string, fallback = 300): number {
  return ctx.config.prePr?.checks?.[id]?.timeout ?? fallback;
}

// ---- delegations -------------------------------------------------------------------------------

async function delegate(ctx: PrePrContext, name: string, scope?: RunScope): Promise<CheckOutcome> {
  const configName = name;
  const section = validatorSection(ctx.config, configName);
  if (section?.enabled === false) return { status: "SKIP", message: `validator ${configName} is disabled in the configuration` };
  const v = WORKSPACE_VALIDATORS.find((w) => w.name === name);
  if (!v) return { status: "SKIP", message: `the ${name} validator is not available in this build yet` };
  const wctx = {
    root: ctx.root,
    source: new DiskSource(ctx.root),
    maxFileBytes: ctx.options.maxFileBytes,
    options: { config: ctx.config },
    config: ctx.config,
    scope,
  };
  const d = v.detect(wctx);
  if (!d.applies) return { status: "PASS", message: `nothing to validate: ${d.reason ?? "not applicable"}` };
  let out;
  try {
    out = await v.run(wctx);
  } catch (e) {
    const m = (e as Error).message ?? String(e);
    if (/not available in this build/.test(m)) return { status: "SKIP", message: `the ${v.name} validator is not available in this build yet` };
    throw e;
  }
  if (out.internalErrors.length > 0) throw new Error(`internal error in ${v.name}: ${out.internalErrors.join("; ")}`);
  const results = out.results;
  const findings = results.flatMap((r) => r.findings);
  const sev = section?.severity;
  const adj = sev ? findings.filter((f) => sev[f.ruleId] !== "off").map((f) => (sev[f.ruleId] ? { ...f, severity: sev[f.ruleId] as Finding["severity"] } : f)) : findings;
  const skipped = results.filter((r) => r.verdict === "skip").length;
  return {
    status: "PASS",
    message: `${v.name}: ${summary(results.length, "file(s)", adj)}${skipped ? `, ${skipped} skipped` : ""}`,
    findings: adj,
  };
}

/**
 * PP-001: the session logs changed on the branch, selected and moded by the same scope function
 * `check --changed` uses (src/scope.ts; the working tree and untracked files included), so both
 * commands give the same verdict on every log. With --all, every log, as `check` validates them.
 */
async function sessionLogs(ctx: PrePrContext): Promise<CheckOutcome> {
  if (ctx.scope.kind === "all") return delegate(ctx, "session-log");
  const scope = changedScope(ctx.root, ctx.scope.base, { worktree: true });
  if (Object.keys(scope.sessionLogs).length === 0) return { status: "PASS", message: `no session logs ${scopeNote(ctx)}` };
  return delegate(ctx, "session-log", scope);
}

async function traceability(ctx: PrePrContext): Promise<CheckOutcome> {
  const dir = configPath(ctx.config, "specs");
  const specs = inScope(ctx, (p) => p.startsWith(`${dir}/`) && isMarkdown(p));
  if (specs.length === 0) return { status: "PASS", message: `no spec files ${scopeNote(ctx)}` };
  // PP-014 is traceability (TR-*), never the consistency validator
  return delegate(ctx, "traceability");
}

// ---- built-in checks ---------------------------------------------------------------------------

/** A cache file inside the repository's git directory (shared by linked worktrees). */
async function cachePath(root: string, name: string): Promise<string | undefined> {
  const dir = (await new Git(root).try(["rev-parse", "--git-common-dir"]))?.trim();
  return dir ? join(isAbsolute(dir) ? dir : join(root, dir), "agentcheck", name) : undefined;
}

async function markdown(ctx: PrePrContext): Promise<CheckOutcome> {
  const cacheFile = ctx.options.noCache ? undefined : await cachePath(ctx.root, "markdownlint-cache.json");
  const cfg = await loadMdConfigCached(ctx.root, cacheFile);
  const { targets, selected } = selectMarkdown(ctx.scope.files, cfg, ctx.scope.kind === "all");
  const cfgNote = cfg.sources.length ? ` (config: ${cfg.sources.join(", ")})` : " (markdownlint defaults)";
  if (targets.length === 0) return { status: "PASS", message: `no markdown files ${scopeNote(ctx)}` };
  if (selected.length === 0) {
    return { status: "PASS", message: `linted 0 of ${targets.length} markdown file(s): all excluded by the configuration${cfgNote}` };
  }
  const res = await lintMarkdown(ctx.root, selected, cfg, ctx.options.fix, (rel) => readText(ctx, rel), cacheFile);
  const fixed = res.fixed.length ? `; fixed ${res.fixed.length} file(s)` : "";
  return {
    status: "PASS",
    message: `linted ${selected.length} of ${targets.length} markdown file(s)${cfgNote}: ${res.findings.length} finding(s)${fixed}`,
    findings: res.findings,
  };
}

/** The files of the workflow and YAML checks, as the core selects them from the scope (family "select"). */
interface Selection {
  workflows: string[];
  actions: string[];
  yaml: string[];
}
const selections = new WeakMap<PrePrContext, Selection>();
function selection(ctx: PrePrContext): Selection {
  let s = selections.get(ctx);
  if (!s) {
    const out = executeValidator("pre-pr", [], { family: "select", files: ctx.scope.files });
    if (out.internalErrors.length > 0) throw new Error(`internal error: ${out.internalErrors.join("; ")}`);
    const list = (k: string) => (out.global[k] === undefined ? [] : decodeList(out.global[k]));
    s = { workflows: list("workflows"), actions: list("actions"), yaml: list("yaml") };
    selections.set(ctx, s);
  }
  return s;
}
/** Workflows and actions with their document role. */
function workflowFiles(ctx: PrePrContext): { rel: string; role: number }[] {
  const s = selection(ctx);
  return [...s.workflows.map((rel) => ({ rel, role: ROLE.workflow })), ...s.actions.map((rel) => ({ rel, role: ROLE.action }))].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

function pinning(ctx: PrePrContext): CheckOutcome {
  const files = workflowFiles(ctx);
  if (files.length === 0) return { status: "PASS", message: `no workflow or action files ${scopeNote(ctx)}` };
  const findings = runFamily(ctx, "pin", files, {});
  return { status: "PASS", message: summary(files.length, "workflow/action file(s)", findings), findings };
}

async function workflowStructure(ctx: PrePrContext): Promise<CheckOutcome> {
  const files = workflowFiles(ctx);
  if (files.length === 0) return { status: "PASS", message: `no workflow or action files ${scopeNote(ctx)}` };
  const { parseDocument } = await import("../yaml.js");
  const yamlErrors: string[] = [];
  for (const { rel } of files) {
    let text: string;
    try {
      text = readText(ctx, rel);
    } catch {
      continue; // reported by the core as unreadable
    }
    const doc = parseDocument(text, { uniqueKeys: false });
    const err = doc.errors[0];
    if (err) yamlErrors.push(encodeList([rel, String(err.linePos?.[0]?.line ?? 0), err.message.split("\n")[0]]));
  }
  const findings = runFamily(ctx, "wfs", files, { yamlErrors: yamlErrors });
  return { status: "PASS", message: summary(files.length, "workflow/action file(s)", findings), findings };
}

function actionlint(ctx: PrePrContext): CheckOutcome {
  const files = selection(ctx).workflows;
  if (files.length === 0) return { status: "PASS", message: `no workflow files ${scopeNote(ctx)}` };
  const exe = findExecutable("actionlint");
  if (!exe) return missingTool(ctx, "actionlint");
  const env = { ...process.env, SHELLCHECK_OPTS: `${process.env.SHELLCHECK_OPTS ?? ""} --severity=warning`.trim() };
  let worst = 0;
  let output = "";
  for (const b of batches(files)) {
    const r = runTool(exe, b, { cwd: ctx.root, timeoutSec: timeoutOf(ctx, "PP-004"), env });
    if (r.timedOut) return { status: "FAIL", message: `timeout after ${timeoutOf(ctx, "PP-004")} s`, tool: { name: "actionlint", path: exe } };
    if (r.error) return { status: "FAIL", message: `actionlint could not run: ${r.error}`, tool: { name: "actionlint", path: exe } };
    if ((r.exitCode ?? 1) !== 0) worst = worst || (r.exitCode ?? 1);
    output += r.stdout || r.stderr;
  }
  const tool = { name: "actionlint", path: exe, exitCode: worst };
  if (worst === 0) return { status: "PASS", message: `actionlint: ${files.length} workflow file(s), no issues`, tool };
  const details = capLines(output, 20);
  return {
    status: "FAIL",
    message: `actionlint exited with exit code ${worst} on ${files.length} workflow file(s)${details.length ? "" : " and no output"}`,
    tool,
    details,
  };
}

function skills(ctx: PrePrContext): CheckOutcome {
  const dir = configPath(ctx.config, "skills");
  const files = inScope(ctx, (p) => p.startsWith(`${dir}/`) && p.endsWith("/SKILL.md"));
  if (files.length === 0) return { status: "PASS", message: `no SKILL.md files ${scopeNote(ctx)}` };
  const s = ctx.config.prePr?.skills;
  const findings = runFamily(ctx, "sfm", files.map((rel) => ({ rel, role: ROLE.skill })), options("SFM-10", { models: s?.models, tools: s?.tools }));
  return { status: "PASS", message: summary(files.length, "SKILL.md file(s)", findings), findings };
}

async function prSize(ctx: PrePrContext): Promise<CheckOutcome> {
  if (ctx.scope.kind === "all" || !ctx.scope.mergeBase) return { status: "SKIP", message: "needs a base branch (not with --all)" };
  const { commits, additions } = await sizeFacts(ctx.root, ctx.scope.mergeBase);
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
  return {
    status: "PASS",
    message: `${commits} commit(s), ${ctx.scope.changes.length} changed file(s), ${additions} added line(s) since ${ctx.scope.base}`,
    findings,
  };
}

function prDescription(ctx: PrePrContext): CheckOutcome {
  if (ctx.options.prBody === undefined) return { status: "SKIP", message: "no PR description given (--pr-body FILE, or --pr-body - for stdin)" };
  if (ctx.scope.kind === "all") return { status: "SKIP", message: "needs the branch diff (not with --all)" };
  const p = ctx.config.prePr?.prDescription;
  const changed = ctx.scope.changes.map((c) => c.path);
  const findings = runFamily(ctx, "prd", [{ rel: ctx.options.prBodyName ?? "(PR description)", role: ROLE.prBody, text: ctx.options.prBody }], {
    changed,
    ...options("PRD-02", { mentionExtensions: p?.mentionExtensions, contextSections: p?.contextSections, claimSections: p?.claimSections }),
    ...options("PRD-03", { significantExtensions: p?.significantExtensions, significantPaths: p?.significantPaths }),
    ...options("PRD-05", { requiredSections: p?.requiredSections, checklist: p?.checklist }),
  });
  const e = findings.filter((x) => x.severity === "error").length;
  const w = findings.length - e;
  return { status: "PASS", message: `description checked against ${changed.length} changed file(s): ${e} error(s), ${w} warning(s)`, findings };
}

function testCommand(ctx: PrePrContext): CheckOutcome {
  const cmd = ctx.config.prePr?.testCommand;
  if (!cmd) throw new Error('PP-002 is enabled but "prePr.testCommand" is not set');
  const refused = execRefusal();
  if (refused) {
    // untrusted-change mode: the repository's command is reported, never run
    return { status: "FAIL", message: `not run: the configured test command is refused by ${refused} (${cmd})`, tool: { name: cmd } };
  }
  const t = timeoutOf(ctx, "PP-002", 600);
  const r = runTool(cmd, [], { cwd: ctx.root, timeoutSec: t, shell: true });
  const tool = { name: cmd, exitCode: r.exitCode };
  if (r.timedOut) return { status: "FAIL", message: `timeout after ${t} s: ${cmd}`, tool };
  if (r.exitCode === 0) return { status: "PASS", message: `${cmd}: exit code 0`, tool };
  const out = `${r.stdout}\n${r.stderr}`.split(/\r?\n/).filter(Boolean);
  return { status: "FAIL", message: `${cmd}: exit code ${r.exitCode}${out.length ? "" : " and no output"}`, tool, details: out.slice(-20) };
}

function yamllint(ctx: PrePrContext): CheckOutcome {
  const files = selection(ctx).yaml;
  if (files.length === 0) return { status: "PASS", message: `no YAML files ${scopeNote(ctx)}` };
  const exe = findExecutable("yamllint");
  if (!exe) return missingTool(ctx, "yamllint");
  const findings: Finding[] = [];
  let worst = 0;
  const other: string[] = [];
  for (const b of batches(files)) {
    const r = runTool(exe, ["-f", "parsable", "--", ...b], { cwd: ctx.root, timeoutSec: timeoutOf(ctx, "PP-005") });
    if (r.timedOut) return { status: "FAIL", message: `timeout after ${timeoutOf(ctx, "PP-005")} s`, tool: { name: "yamllint", path: exe } };
    if (r.error) return { status: "FAIL", message: `yamllint could not run: ${r.error}`, tool: { name: "yamllint", path: exe } };
    worst = worst || (r.exitCode ?? 1);
    for (const line of (r.stdout + r.stderr).split(/\r?\n/)) {
      const m = /^(.*?):(\d+):(\d+): \[(error|warning)\] (.*?)(?: \(([\w-]+)\))?$/.exec(line);
      if (m) findings.push({ ruleId: `yamllint/${m[6] ?? "syntax"}`, severity: "warning", file: m[1], line: +m[2], column: +m[3], message: m[5] });
      else if (line.trim()) other.push(line);
    }
  }
  const tool = { name: "yamllint", path: exe, exitCode: worst };
  if (worst !== 0 && findings.length === 0) {
    return { status: "FAIL", message: `yamllint exited with exit code ${worst}${other.length ? "" : " and no output"}`, tool, details: capLines(other.join("\n"), 20) };
  }
  // advisory: style findings are warnings, never a failure
  return { status: "PASS", message: `yamllint: ${files.length} YAML file(s), ${findings.length} style finding(s) (advisory)`, tool, findings };
}

function pathNormalization(ctx: PrePrContext): CheckOutcome {
  const pn = ctx.config.prePr?.pathNormalization;
  // which files PATH-01 reads: its options (declared with their defaults in the rule file)
  const exts = (optionValue("PATH-01", "extensions", pn?.extensions) as string[]).map((e) => (e.startsWith(".") ? e : `.${e}`).toLowerCase());
  const excludes = optionValue("PATH-01", "excludes", pn?.excludes) as string[];
  const files = inScope(ctx, (p) => exts.some((e) => p.toLowerCase().endsWith(e)) && !matchesAny(p, excludes));
  if (files.length === 0) return { status: "PASS", message: `no ${exts.join("/")} files ${scopeNote(ctx)}` };
  const findings = runFamily(ctx, "path", files.map((rel) => ({ rel, role: ROLE.pathScan })), {});
  return { status: "PASS", message: summary(files.length, "file(s)", findings), findings };
}

function tokenBudget(ctx: PrePrContext): CheckOutcome {
  const file = ctx.config.prePr?.tokenBudget?.file ?? ".agents/HANDOFF.md";
  if (!ctx.scope.files.includes(file)) return { status: "PASS", message: `${file} ${ctx.scope.kind === "all" ? "not found" : "not changed"}` };
  const max = ctx.config.prePr?.tokenBudget?.maxTokens;
  const findings = runFamily(ctx, "tok", [{ rel: file, role: ROLE.handoff }], options("TOK-03", { maxTokens: max }));
  return { status: "PASS", message: `${file}: budget ${optionValue("TOK-03", "maxTokens", max)} tokens`, findings };
}

function agentDrift(ctx: PrePrContext): CheckOutcome {
  const d = ctx.config.prePr?.agentDrift;
  const left = (d?.left ?? "src/claude").replace(/\/+$/, "");
  const right = (d?.right ?? "src/vs-code-agents").replace(/\/+$/, "");
  const direct = (dir: string, p: string) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes("/");
  const touched = inScope(ctx, (p) => (direct(left, p) && p.endsWith(".md")) || (direct(right, p) && p.endsWith(".agent.md")));
  if (touched.length === 0) return { status: "PASS", message: `no agent definitions under ${left}/ or ${right}/ ${scopeNote(ctx)}` };
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
  const threshold = optionValue("DRIFT-04", "threshold", d?.threshold);
  return { status: "PASS", message: `${lefts.length} agent(s) in ${left}/ compared with ${right}/ (threshold ${threshold}%)`, findings };
}

function planning(ctx: PrePrContext): CheckOutcome {
  const dir = configPath(ctx.config, "planning");
  const direct = (p: string) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes("/") && isMarkdown(p);
  if (inScope(ctx, direct).length === 0) return { status: "PASS", message: `no planning documents ${scopeNote(ctx)}` };
  // roles and cross-document rules need the whole folder
  let files: string[] = [];
  try {
    files = readdirSync(join(ctx.root, dir), { withFileTypes: true }).filter((e) => e.isFile() && isMarkdown(e.name)).map((e) => `${dir}/${e.name}`).sort();
  } catch {
    files = [];
  }
  const findings = runFamily(ctx, "plan", files.map((rel) => ({ rel, role: ROLE.planning })), options("PLAN-01", { threshold: ctx.config.prePr?.planning?.estimateThreshold }));
  return { status: "PASS", message: summary(files.length, "planning document(s)", findings), findings };
}

/** Every check, in run order (spec section 10.5). */
export const CHECKS: CheckDef[] = [
  { id: "PP-001", name: "Session End Validation", tags: ["delegation"], defaultEnabled: true, run: sessionLogs },
  { id: "PP-003", name: "Markdown Linting", tags: [], defaultEnabled: true, run: markdown },
  { id: "PP-009", name: "GitHub Actions SHA Pinning", tags: [], defaultEnabled: true, run: pinning },
  { id: "PP-010", name: "Workflow Structure", tags: [], defaultEnabled: true, run: workflowStructure },
  { id: "PP-004", name: "Workflow YAML Validation (actionlint)", tags: ["external-tool"], defaultEnabled: true, run: actionlint },
  { id: "PP-011", name: "Skill Frontmatter", tags: [], defaultEnabled: true, run: skills },
  { id: "PP-015", name: "PR Size", tags: [], defaultEnabled: true, run: prSize },
  { id: "PP-012", name: "PR Description vs Diff", tags: [], defaultEnabled: true, run: prDescription },
  { id: "PP-014", name: "Spec Traceability", tags: ["delegation"], defaultEnabled: true, run: traceability },
  { id: "PP-002", name: "Test Command", tags: ["tests", "repo-specific"], defaultEnabled: false, run: testCommand },
  { id: "PP-005", name: "YAML Style Validation (yamllint)", tags: ["slow", "external-tool"], defaultEnabled: true, run: yamllint },
  { id: "PP-006", name: "Path Normalization", tags: ["slow"], defaultEnabled: true, run: pathNormalization },
  { id: "PP-007", name: "Planning Artifacts", tags: ["slow", "repo-specific"], defaultEnabled: false, run: planning },
  { id: "PP-008", name: "Agent Drift Detection", tags: ["slow", "repo-specific"], defaultEnabled: false, run: agentDrift },
  { id: "PP-013", name: "HANDOFF Token Budget", tags: ["repo-specific"], defaultEnabled: false, run: tokenBudget },
];
