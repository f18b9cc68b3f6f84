// The pre-PR runner: every registered check gets exactly one row (PASS, WARN, FAIL or SKIP with
// its reason), sequentially and without fail-fast; a check's status comes only from the result it
// returns (a throw is a FAIL with the error text).
import type { Config } from "../config.js";
import type { Finding } from "../report.js";
import type { Scope } from "./scope.js";

export type CheckStatus = "PASS" | "WARN" | "FAIL" | "SKIP";
export type CheckTag = "slow" | "tests" | "external-tool" | "delegation" | "repo-specific";

export interface ToolInfo {
  name: string;
  path?: string;
  exitCode?: number | null;
}

export interface CheckOutcome {
  status: CheckStatus;
  /** One line: what was checked, or why not. */
  message: string;
  findings?: Finding[];
  tool?: ToolInfo;
  /** Extra lines (a tool's capped output). */
  details?: string[];
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
}

export interface CheckDef {
  id: string;
  name: string;
  tags: CheckTag[];
  /** Off unless switched on in the configuration. */
  defaultEnabled: boolean;
  run(ctx: PrePrContext): Promise<CheckOutcome> | CheckOutcome;
  /**
   * Optional: start the check's slow part in the background before the checks ahead of it run (the
   * markdown lint's worker threads); resolves once started. Its outcome is still reported by run().
   */
  prepare?(ctx: PrePrContext): Promise<void>;
}

export interface CheckRow {
  id: string;
  name: string;
  status: CheckStatus;
  durationMs: number;
  message: string;
  reason?: string;
  tool?: ToolInfo;
  findings: Finding[];
  details?: string[];
}

export function isEnabled(def: CheckDef, config: Config): boolean {
  return config.prePr?.checks?.[def.id]?.enabled ?? def.defaultEnabled;
}

/** Why a check is not run, or undefined when it runs. */
export function skipReason(def: CheckDef, ctx: PrePrContext): string | undefined {
  const o = ctx.options;
  if (o.only && !o.only.includes(def.id)) return "not selected (--only)";
  if (o.skip?.includes(def.id)) return `skipped by user: ${o.skipReason}`;
  if (!isEnabled(def, ctx.config)) {
    return `off by default; enable with "prePr": { "checks": { "${def.id}": { "enabled": true } } }`;
  }
  if (o.quick && def.tags.includes("slow")) return "quick mode (--quick)";
  if (o.skipTests && def.tags.includes("tests")) return "--skip-tests";
  return undefined;
}

/** Apply configured severity overrides of a check ("off" drops the rule's findings). */
export function applySeverities(findings: Finding[], overrides: Record<string, string> | undefined): Finding[] {
  if (!overrides) return findings;
  const out: Finding[] = [];
  for (const f of findings) {
    const o = overrides[f.ruleId];
    if (o === "off") continue;
    out.push(o ? { ...f, severity: o as Finding["severity"] } : f);
  }
  return out;
}

/** PASS / WARN / FAIL from findings: any error fails, warnings only warn. */
export function statusOf(findings: Finding[]): CheckStatus {
  if (findings.some((f) => f.severity === "error")) return "FAIL";
  if (findings.some((f) => f.severity === "warning")) return "WARN";
  return "PASS";
}

export async function runChecks(defs: CheckDef[], ctx: PrePrContext, onRow?: (row: CheckRow) => void): Promise<CheckRow[]> {
  const rows: CheckRow[] = [];
  for (const def of defs) if (def.prepare && !skipReason(def, ctx)) await def.prepare(ctx);
  for (const def of defs) {
    const why = skipReason(def, ctx);
    let row: CheckRow;
    if (why) {
      row = { id: def.id, name: def.name, status: "SKIP", durationMs: 0, message: "Skipped", reason: why, findings: [] };
    } else {
      const t0 = performance.now();
      try {
        const out = await def.run(ctx);
        const overrides = ctx.config.prePr?.checks?.[def.id]?.severity;
        const findings = applySeverities(out.findings ?? [], overrides);
        let status = out.status;
        // findings decide unless the check already failed or skipped for its own reason
        if (status === "PASS" || status === "WARN") {
          const s = statusOf(findings);
          status = s === "PASS" && out.status === "WARN" && !overrides ? "WARN" : s;
        }
        row = { id: def.id, name: def.name, status, durationMs: performance.now() - t0, message: out.message, findings };
        if (status === "SKIP") row.reason = out.message;
        if (out.tool) row.tool = out.tool;
        if (out.details?.length) row.details = out.details;
      } catch (e) {
        const err = e as Error;
        row = {
          id: def.id, name: def.name, status: "FAIL", durationMs: performance.now() - t0,
          message: `Validation error: ${err && err.message ? err.message : String(e)}`, findings: [],
        };
      }
    }
    row.durationMs = Math.round(row.durationMs * 100) / 100;
    rows.push(row);
    onRow?.(row);
  }
  return rows;
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
