// The pre-PR runner: every registered check gets exactly one row (PASS, WARN, FAIL or SKIP with
// its reason), in order and without fail-fast. The core decides each row (rules PP-000..PP-020,
// assembly/validators/pre-pr/row.ts): before the check, whether it runs; after it, the status and
// message from the facts the check returns and the severities of its findings (a throw is a FAIL
// with the error text). The runner gathers facts and renders.
import type { RuleSettings } from "../run-settings.js";
import type { CheckId } from "../check-ids.js";
import type { IgnoreMatcher } from "../ignores.js";
import type { Config } from "../config.js";
import type { Facts } from "../engine.js";
import { InternalError, type Finding } from "../report.js";
import { decideRow, type CheckStatus, type RowAnswer } from "./row.js";
import type { Scope } from "../scope.js";

export type { CheckStatus };
export type CheckTag = "slow" | "tests" | "external-tool" | "delegation" | "repo-specific";

export interface ToolInfo {
  name: string;
  path?: string;
  exitCode?: number | null;
}

export interface CheckOutcome {
  /** What the check did, as facts for its row rule (PP-0xx in assembly/validators/pre-pr/). */
  facts: Facts;
  findings?: Finding[];
  tool?: ToolInfo;
  /** Extra lines (a tool's capped output). */
  details?: string[];
  /**
   * The check's own time, for a check whose work runs in the background (prepare: PP-003's lint beside
   * the rows ahead of it); the row's duration otherwise is the time from its turn to its result, which
   * for such a check is only what was left of the work, or the other rows' time when it was long done.
   */
  workMs?: number;
}

export interface RunOptions {
  quick: boolean;
  skipTests: boolean;
  ci: boolean;
  requireTools: boolean;
  fix: boolean;
  verbose: boolean;
  /** Do not read or write the markdownlint result cache. */
  noCache?: boolean;
  /** PR description text (from --pr-body). */
  prBody?: string;
  prBodyName?: string;
  maxFileBytes: number;
  /** Explicit selection. */
  only?: string[];
  skip?: string[];
  skipReason?: string;
}

export interface PrePrContext {
  root: string;
  scope: Scope;
  config: Config;
  options: RunOptions;
  /** The configuration's ignores (loaded once per run; the delegated rows apply them as `check` does). */
  ignores?: IgnoreMatcher;
  /** Rule options and severities of the run (default: those `config` gives). */
  rules?: RuleSettings;
}

export interface CheckDef {
  id: CheckId;
  name: string;
  tags: CheckTag[];
  /** Off unless switched on in the configuration. */
  defaultEnabled: boolean;
  run(ctx: PrePrContext): Promise<CheckOutcome> | CheckOutcome;
  /**
   * Optional: start the check's slow part in the background before the checks ahead of it run (the
   * markdown lint's worker threads); resolves once started. Its outcome is still reported by run(),
   * and the rows after it run while its run() waits (the rows are still reported in order).
   */
  prepare?(ctx: PrePrContext): Promise<void>;
  /**
   * With prepare(): the rows after this one still wait for its run() (its background work only
   * started early; a later row, such as PP-002's test command, may change what it reads).
   */
  inOrder?: boolean;
}

export interface CheckRow {
  id: string;
  name: string;
  status: CheckStatus;
  durationMs: number;
  message: string;
  reason?: string;
  /** The rule and messageId of the row's text (not in the JSON report). */
  ruleId?: string;
  messageId?: string;
  tool?: ToolInfo;
  findings: Finding[];
  details?: string[];
  /** The check failed on an internal error (the rule core trapped or aborted): the row is FAIL, the run exits 2. */
  internalError?: string;
}

export function isEnabled(def: CheckDef, config: Config): boolean {
  return config.prePr?.checks?.[def.id]?.enabled ?? def.defaultEnabled;
}

/** Facts of the run's flags for the core's decision whether a check runs (PP-000, phase "plan"). */
function planFacts(def: CheckDef, ctx: PrePrContext): Facts {
  const o = ctx.options;
  return {
    selected: !o.only || o.only.includes(def.id),
    "skip.reason": o.skip?.includes(def.id) ? (o.skipReason ?? "") : undefined,
    enabled: isEnabled(def, ctx.config),
    enabledByDefault: def.defaultEnabled,
    quick: o.quick,
    skipTests: o.skipTests,
    tags: def.tags,
  };
}

/** The core's plan for a check: RUN, or SKIP with the reason (PP-000). */
export function planOf(def: CheckDef, ctx: PrePrContext): RowAnswer {
  return decideRow(def.id, "plan", planFacts(def, ctx));
}

/** Facts every row's result has: the scope kind and base. */
function scopeFacts(ctx: PrePrContext): Facts {
  return { scope: ctx.scope.kind === "all" ? "all" : "branch", base: ctx.scope.base };
}

/**
 * The check's configured severity overrides (prePr.checks.<id>.severity) applied to its findings by
 * the core (PP-000, phase "overrides"): each finding gets the severity the core answers, "off" drops it.
 */
export function overrideSeverities(row: string, findings: Finding[], overrides: Record<string, string> | undefined): Finding[] {
  if (!overrides || findings.length === 0) return findings; // nothing configured: the core would answer the same severities
  const pairs = Object.entries(overrides).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flat();
  const d = decideRow(row, "overrides", { "finding.rules": findings.map((f) => f.ruleId), severities: findings.map((f) => f.severity), overrides: pairs });
  const sev = d.severities ?? [];
  if (sev.length !== findings.length) throw new InternalError(`internal error: the core gave ${sev.length} severities for ${findings.length} findings of check ${row}`);
  const out: Finding[] = [];
  findings.forEach((f, i) => {
    if (sev[i] === "off") return;
    out.push(sev[i] === f.severity ? f : { ...f, severity: sev[i] as Finding["severity"] });
  });
  return out;
}

export async function runChecks(defs: CheckDef[], ctx: PrePrContext, onRow?: (row: CheckRow) => void): Promise<CheckRow[]> {
  const plans = defs.map((def) => planOf(def, ctx));
  // start the slow work of the rows that will run (markdown lint workers) before the first row runs
  const prepared = defs.map((def, i) => def.prepare !== undefined && plans[i].status !== "SKIP");
  for (let i = 0; i < defs.length; i++) if (prepared[i]) await defs[i].prepare!(ctx);
  // a prepared row does not hold up the rows after it: they run while it waits for its workers;
  // rows are still reported (onRow) and returned in run order
  const rows: (CheckRow | undefined)[] = new Array(defs.length);
  let next = 0;
  const flush = () => {
    while (next < defs.length && rows[next] !== undefined) {
      const row = rows[next++]!;
      onRow?.(row);
    }
  };
  const waiting: Promise<void>[] = [];
  for (let i = 0; i < defs.length; i++) {
    const done = runRow(defs[i], plans[i], ctx).then((row) => {
      rows[i] = row;
      flush();
    });
    if (prepared[i] && !defs[i].inOrder) {
      done.catch(() => undefined); // awaited below
      waiting.push(done);
    } else await done;
  }
  await Promise.all(waiting);
  return rows as CheckRow[];
}

async function runRow(def: CheckDef, plan: RowAnswer, ctx: PrePrContext): Promise<CheckRow> {
  let row: CheckRow;
  if (plan.status === "SKIP") {
    row = { id: def.id, name: def.name, status: "SKIP", durationMs: 0, message: plan.label ?? plan.message, reason: plan.message, ruleId: plan.ruleId, messageId: plan.messageId, findings: [] };
  } else {
    const t0 = performance.now();
    let facts: Facts;
    let findings: Finding[] = [];
    let out: CheckOutcome | undefined;
    let internal: string | undefined;
    try {
      out = await def.run(ctx);
      facts = out.facts;
      findings = overrideSeverities(def.id, out.findings ?? [], ctx.config.prePr?.checks?.[def.id]?.severity);
    } catch (e) {
      const err = e as Error;
      facts = { error: err && err.message ? err.message : String(e) };
      out = undefined;
      // the rule core failed, not the check's subject: still a visible row, but the run exits 2
      if (e instanceof InternalError || e instanceof WebAssembly.RuntimeError) internal = String(facts.error);
    }
    const d = decideRow(def.id, "result", { ...scopeFacts(ctx), ...facts, severities: findings.map((f) => f.severity) });
    if (d.status === "RUN") throw new Error(`the core gave no result for check ${def.id}`);
    row = { id: def.id, name: def.name, status: d.status, durationMs: out?.workMs ?? performance.now() - t0, message: d.message, ruleId: d.ruleId, messageId: d.messageId, findings };
    if (d.status === "SKIP") row.reason = d.message;
    if (out?.tool) row.tool = out.tool;
    if (out?.details?.length) row.details = out.details;
    if (internal !== undefined) row.internalError = internal;
  }
  row.durationMs = Math.round(row.durationMs * 100) / 100;
  return row;
}

export interface Counts {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  warned: number;
}

export function countRows(rows: CheckRow[]): Counts {
  return {
    total: rows.length,
    passed: rows.filter((r) => r.status === "PASS").length,
    failed: rows.filter((r) => r.status === "FAIL").length,
    skipped: rows.filter((r) => r.status === "SKIP").length,
    warned: rows.filter((r) => r.status === "WARN").length,
  };
}
