// Family "row": the status and the one-line message of a pre-pr report row, decided from the facts
// the host gathered around the check it ran (files in scope, tool found or not, exit code, timeout,
// error text, --ci / --require-tools, scope kind, merge base, PR body given, the severities of the
// row's findings). The host only renders the answer.
//
// Phase "plan" (fact "phase", before the check runs): PP-000 decides whether the check runs (status
// RUN) or is a SKIP row (--only, --skip, switched off, --quick, --skip-tests). Phase "result": PP-000
// decides the row of a check that threw (fact "error"); otherwise the row's own rule (fact "row",
// PP-0xx) decides. Phase "findings": the row's rule decides the severities of an external tool's
// findings (fact "tool.findings", one encoded [file, line, column, level, rule, text] per finding).
// Phase "overrides": PP-000 applies the configured severities (prePr.checks.<id>.severity) to a row's
// findings (facts "finding.rules", "severities", "overrides"; answer "severities", "off" drops one).
//
// The answer is global data: "row.status" (RUN | PASS | WARN | FAIL | SKIP), "row.rule" and
// "row.message" (the rule and messageId of the text), "row.data" (encoded list: name, value, ...),
// and for phase "findings" "row.severities" (encoded list, one per tool finding).
import { encodeList } from "../../lib/list";
import { Msg, msg, msgIdText } from "../../rules";
import { PrePrCtx } from "./ctx";

export const FAMILY_ROW = "row";
export const RUN = "RUN";
export const PASS = "PASS";
export const WARN = "WARN";
export const FAIL = "FAIL";
export const SKIP = "SKIP";

/** The row's answer: its status and message (null: no message, for RUN). */
export function emit(ctx: PrePrCtx, status: string, m: Msg | null): void {
  const r = ctx.results;
  r.putGlobal("row.status", status);
  if (m === null) return;
  r.putGlobal("row.rule", ctx.rule.id);
  r.putGlobal("row.message", msgIdText(m));
  const kv: string[] = [];
  for (let i = 0; i < m.count; i++) {
    kv.push(m.key(i));
    kv.push(m.val(i));
  }
  r.putGlobal("row.data", encodeList(kv));
}

/** The context when this call is a row call of `phase` (for any row), else null. */
export function rowPhase(ctx: PrePrCtx, phase: string): PrePrCtx | null {
  if (!ctx.runs(FAMILY_ROW)) return null;
  const p = ctx.input.fact("phase");
  return p !== null && p == phase ? ctx : null;
}

/** The context when this call decides `phase` of `c.rule`'s own row (and its check did not throw), else null. */
export function ownRow(c: PrePrCtx, phase: string): PrePrCtx | null {
  const ctx = rowPhase(c, phase);
  if (ctx === null) return null;
  const row = ctx.input.fact("row");
  if (row === null || row != c.rule.id || ctx.input.has("error")) return null;
  return ctx;
}

function count(ctx: PrePrCtx, severity: string): i32 {
  const s = ctx.input.factLines("severities");
  if (s === null) return 0;
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s[i] == severity) n++;
  return n;
}

/** Errors among the row's findings (fact "severities", after the configuration's overrides). */
export function errors(ctx: PrePrCtx): i32 {
  return count(ctx, "error");
}

export function warnings(ctx: PrePrCtx): i32 {
  return count(ctx, "warning");
}

/** Findings of the row, any severity. */
export function findings(ctx: PrePrCtx): i32 {
  const s = ctx.input.factLines("severities");
  return s === null ? 0 : s.length;
}

/** The status a checked row has from its findings: any error fails, warnings only warn. */
export function verdict(ctx: PrePrCtx): string {
  return errors(ctx) > 0 ? FAIL : warnings(ctx) > 0 ? WARN : PASS;
}

/** Emit a checked row: its status from its findings. */
export function checked(ctx: PrePrCtx, m: Msg): void {
  emit(ctx, verdict(ctx), m);
}

/** True when the run covers the branch's changes (fact "scope" = "branch"), false for --all. */
export function onBranch(ctx: PrePrCtx): bool {
  const s = ctx.input.fact("scope");
  return s !== null && s == "branch";
}

export function base(ctx: PrePrCtx): string {
  const b = ctx.input.fact("base");
  return b === null ? "" : b;
}

/** Message "nothing" (--all: nothing in the repository) or "nothingChanged" (nothing changed since the base). */
export function nothing(ctx: PrePrCtx): Msg {
  return onBranch(ctx) ? msg("nothingChanged").s("base", base(ctx)) : msg("nothing");
}

export function factStr(ctx: PrePrCtx, name: string): string {
  const v = ctx.input.fact(name);
  return v === null ? "" : v;
}

/** "files file(s) checked: e error(s), w warning(s)" or "files file(s) checked, no findings" (messages "checked" / "clean"). */
export function summary(ctx: PrePrCtx): void {
  const files = ctx.input.factInt("files", 0);
  const e = errors(ctx);
  const w = warnings(ctx);
  if (e > 0 || w > 0) checked(ctx, msg("checked").i("files", files).i("errors", e).i("warnings", w));
  else checked(ctx, msg("clean").i("files", files));
}

/**
 * A check that runs an external tool: the row when the tool did not run to completion (true), else
 * false. A missing tool is a visible SKIP ("toolMissing"), a FAIL under --ci or --require-tools
 * ("toolRequired"); a timeout ("timeout") or a tool that could not start ("couldNotRun") fails.
 */
export function toolProblem(ctx: PrePrCtx): bool {
  const input = ctx.input;
  if (!input.factBool("tool.found", true)) {
    const ci = input.factBool("ci", false);
    if (ci || input.factBool("requireTools", false)) emit(ctx, FAIL, msg("toolRequired").s("flag", ci ? "--ci" : "--require-tools"));
    else emit(ctx, SKIP, msg("toolMissing"));
    return true;
  }
  if (input.factBool("tool.timedOut", false)) {
    emit(ctx, FAIL, msg("timeout").i("seconds", input.factInt("timeout", 0)));
    return true;
  }
  const err = input.fact("tool.error");
  if (err !== null) {
    emit(ctx, FAIL, msg("couldNotRun").s("error", err));
    return true;
  }
  return false;
}

/**
 * A delegation to another validator (PP-001, PP-014): the row from what the validator did (facts
 * "validator", "validator.disabled", "validator.unavailable", "validator.applies",
 * "validator.reason", "files", "skipped").
 */
export function delegation(ctx: PrePrCtx): void {
  const input = ctx.input;
  const v = factStr(ctx, "validator");
  if (input.factBool("validator.disabled", false)) {
    emit(ctx, SKIP, msg("disabled").s("validator", v));
    return;
  }
  if (input.factBool("validator.unavailable", false)) {
    emit(ctx, SKIP, msg("unavailable").s("validator", v));
    return;
  }
  if (!input.factBool("validator.applies", true)) {
    const why = input.fact("validator.reason");
    checked(ctx, why === null ? msg("notApplicable") : msg("nothingToValidate").s("reason", why));
    return;
  }
  const files = input.factInt("files", 0);
  const skipped = input.factInt("skipped", 0);
  const e = errors(ctx);
  const w = warnings(ctx);
  const m = e > 0 || w > 0 ? msg(skipped > 0 ? "checkedSkipped" : "checked").i("errors", e).i("warnings", w) : msg(skipped > 0 ? "cleanSkipped" : "clean");
  m.s("validator", v).i("files", files);
  if (skipped > 0) m.i("skipped", skipped);
  checked(ctx, m);
}
