// The rule model of the core.
//
// Every rule is declared once, next to its logic, in two parts:
//   export const SP001 = defineRule("SP-001", SEV_ERROR);      // compiled: id + default severity
//   function SP001_doc(): RuleDoc { return { ... }; }           // build time only (never compiled)
// The doc function carries the validator, title, full description, options (with defaults and
// types) and the message templates by messageId. It is never called, so AssemblyScript does not
// compile it: scripts/gen-rules.mjs reads it from the source and generates the host's rule table
// (src/wasm/generated/rules.ts): titles, docs and the English message texts stay beside the rule
// but are not carried by the module. Each validator lists its rules explicitly, in id order
// (a `RULES` array in its index.ts); the generator checks that every rule is listed exactly once.
//
// A rule reports `ruleId + messageId + data` (see Msg); the host renders the text from the template.
// Its check is typed with its validator's context (`function check(ctx: MiCtx): void`, C inferred by
// defineRule) and reports through the one shape `ctx.report(rule, at: Loc, message)`; no rule casts.

import { Doc, Input, Results } from "./io";
import { RuleRef } from "./rule-ref";
import { Msg } from "./msg";

export { Msg, msg, msgIdText, msgItem } from "./msg";

/**
 * Where a finding points: a document (null: the validator's default document, or nothing to report
 * on), a 1-based line and column (0: the whole file / the whole line) and an order key for the
 * validators that put their findings back in a reference's order (0 otherwise). Each validator's
 * context builds its locations with its own helpers (a JSON value, an offset in a spec, a line of
 * the session log...); `loc` builds one from a document and a line.
 */
export class Loc {
  constructor(public doc: Doc | null, public line: i32 = 0, public column: i32 = 0, public key: i64 = 0) {}
}

/** A location in `doc` (line/column 1-based; 0 = whole file / whole line). */
export function loc(doc: Doc | null, line: i32 = 0, column: i32 = 0, key: i64 = 0): Loc {
  return new Loc(doc, line, column, key);
}

/**
 * What a rule's check receives. Each validator extends it with its own model (the parsed document,
 * the feature, the index...); a rule's check is typed with its validator's context (defineRule infers
 * it from the check) and never casts. `rule` is the rule whose check runs (set by runRules): a check
 * reports with `ctx.rule`, because AssemblyScript cannot compile a check that names its own
 * `const X = defineRule(..., check)` (TS2448, used before its declaration).
 *
 * Every finding goes through one shape, `report(rule, at: Loc, message)` (or `reportAs` with an
 * explicit severity); a validator that keeps book of its findings (error counts, report order)
 * overrides `reportAs`.
 */
export class RuleCtx {
  rule: Rule = NO_RULE;
  constructor(public input: Input, public results: Results) {}

  /** Report a finding of `rule` at its default severity. */
  report(rule: Rule, at: Loc, message: Msg): void {
    this.reportAs(rule, rule.severity, at, message);
  }

  /** Report with an explicit severity (rules whose severity depends on context). Nothing when `at` names no document. */
  reportAs(rule: Rule, severity: i32, at: Loc, message: Msg): void {
    const doc = at.doc;
    if (doc === null) return;
    this.results.reportAs(rule, severity, doc, at.line, at.column, message);
  }
}

/**
 * Unmanaged: a rule lives as long as the module (declared once at start; its id is static text or
 * kept alive by `builtIds`), so the collector need not trace the rule globals and every list of
 * them (about 2 KB of visitor code). Never give a Rule a string that nothing managed holds.
 * A Rule is what findings and rule lists name; its check is on RuleOf.
 */
// @ts-ignore: decorator
@unmanaged export class Rule extends RuleRef {
  constructor(id: string, severity: i32, index: i32) {
    super(id, severity, index);
  }
}

/** A rule with its check, typed with its validator's context C (run by runRules on a C). */
// @ts-ignore: decorator
@unmanaged export class RuleOf<C extends RuleCtx> extends Rule {
  constructor(id: string, severity: i32, index: i32, public check: (ctx: C) => void) {
    super(id, severity, index);
  }
}

function noCheck(ctx: RuleCtx): void {}

/** Placeholder for RuleCtx.rule outside runRules (not a declared rule). */
const NO_RULE = new Rule("", 0, -1);

let ruleCount: i32 = 0;

/**
 * Declares a rule: its id, default severity and check. The check's parameter says which context
 * the rule runs on (C is inferred from it: `function check(ctx: MiCtx): void`); a validator runs its
 * run lists (RuleOf<C>[]) with runRules, so a rule can only be listed where its context is built.
 * Rules without a check are run by their validator's own code.
 */
export function defineRule<C extends RuleCtx = RuleCtx>(id: string, severity: i32, check: (ctx: C) => void = noCheck): RuleOf<C> {
  return new RuleOf<C>(id, severity, ruleCount++, check);
}

/**
 * defineRule as built: the build rewrites `defineRule("SP-001", ...)` to `defineRuleN("SP-", 1, 3, ...)`
 * (scripts/asc-size.mjs), so the module carries a few id prefixes instead of 168 id strings; the id
 * is put together once, when the module starts. Global: the rewritten calls do not import it.
 */
// @ts-ignore: decorator
@global export function defineRuleN<C extends RuleCtx = RuleCtx>(prefix: string, n: i32, digits: i32, severity: i32, check: (ctx: C) => void = noCheck): RuleOf<C> {
  const id = prefix + n.toString().padStart(digits, "0");
  builtIds.push(id);
  return defineRule<C>(id, severity, check);
}

/** The ids put together by defineRuleN: a Rule is unmanaged, so this list keeps them from the collector. */
const builtIds: string[] = [];

/** Runs every rule of a run list on one context, in list (id) order. */
export function runRules<C extends RuleCtx>(rules: RuleOf<C>[], ctx: C): void {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    ctx.rule = rule;
    const check = rule.check;
    check(ctx);
  }
  ctx.rule = NO_RULE;
}

/**
 * Runs one check of `rule` on a context other than its run list's: for a rule with a second entry
 * point (SP-017 on the repository document, its check on the markdown logs). Typed like runRules.
 */
export function runCheck<C extends RuleCtx>(rule: Rule, check: (ctx: C) => void, ctx: C): void {
  ctx.rule = rule;
  check(ctx);
  ctx.rule = NO_RULE;
}

/** Number of rules declared (for the host's per-rule string cache). */
export function rulesDeclared(): i32 {
  return ruleCount;
}

// ---- Build-time declarations (types of the doc functions; never instantiated in the module) ----

export class OptionDoc {
  /** "integer" | "number" | "boolean" | "string" | "string[]" | "enum" */
  type: string = "";
  default: string = "";
  description: string = "";
  /** Allowed values for "enum". */
  values: string[] = [];
}

export class RuleDoc {
  id: string = "";
  validator: string = "";
  title: string = "";
  description: string = "";
  /** Why the rule exists (optional). */
  rationale: string = "";
  /** Option name -> declaration. Options reach the rule as facts "option.<RULE-ID>.<name>". */
  options: Map<string, OptionDoc> = new Map();
  /** messageId -> English template with {{placeholders}}. */
  messages: Map<string, string> = new Map();
  /** Texts a data value names by id (`msgItem(msg(id).s(...))`; a list item, a skip reason): termId -> English template. */
  terms: Map<string, string> = new Map();
}
