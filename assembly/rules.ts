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

import { Input, Results } from "./io";
import { RuleRef } from "./rule-ref";

export { Msg, msg, msgIdText, msgItem } from "./msg";

/** A rule's logic: reads the context, reports findings through ctx.results. */
export type Check = (ctx: RuleCtx) => void;

function noCheck(ctx: RuleCtx): void {}

/**
 * Unmanaged: a rule lives as long as the module (declared once at start; its id is static text or
 * kept alive by `builtIds`), so the collector need not trace the 168 rule globals and every list of
 * them (about 2 KB of visitor code). Never give a Rule a string that nothing managed holds.
 */
// @ts-ignore: decorator
@unmanaged export class Rule extends RuleRef {
  constructor(id: string, severity: i32, index: i32, public check: Check) {
    super(id, severity, index);
  }
}

/** Placeholder for RuleCtx.rule outside runRules (not a declared rule). */
const NO_RULE = new Rule("", 0, -1, noCheck);

/**
 * What a rule's check receives. Each validator extends it with its own model (the parsed document,
 * the feature, the index...); a rule downcasts with `changetype<XCtx>(ctx)` to read that model.
 * `rule` is the rule whose check runs (set by runRules): a check reports with `ctx.rule`, because
 * AssemblyScript cannot compile a check that names its own `const X = defineRule(..., check)`
 * (TS2448, used before its declaration).
 */
export class RuleCtx {
  rule: Rule = NO_RULE;
  constructor(public input: Input, public results: Results) {}
}

let ruleCount: i32 = 0;

/**
 * Declares a rule: its id, default severity and check. A validator runs its RULES list with
 * runRules (rules without a check are run by their validator's own code).
 */
export function defineRule(id: string, severity: i32, check: Check = noCheck): Rule {
  return new Rule(id, severity, ruleCount++, check);
}

/**
 * defineRule as built: the build rewrites `defineRule("SP-001", ...)` to `defineRuleN("SP-", 1, 3, ...)`
 * (scripts/asc-size.mjs), so the module carries a few id prefixes instead of 168 id strings; the id
 * is put together once, when the module starts. Global: the rewritten calls do not import it.
 */
// @ts-ignore: decorator
@global export function defineRuleN(prefix: string, n: i32, digits: i32, severity: i32, check: Check = noCheck): Rule {
  const id = prefix + n.toString().padStart(digits, "0");
  builtIds.push(id);
  return defineRule(id, severity, check);
}

/** The ids put together by defineRuleN: a Rule is unmanaged, so this list keeps them from the collector. */
const builtIds: string[] = [];

/** Runs every rule of a validator's list on one context, in list (id) order. */
export function runRules(rules: Rule[], ctx: RuleCtx): void {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    ctx.rule = rule;
    const check = rule.check;
    check(ctx);
  }
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
