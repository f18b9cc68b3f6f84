// TOK-04: an always-loaded instruction file over its token budget (upstream's
// scripts/validation/passive_context_budget.py, CI `passive-context-budget`): each entry of option
// `budgets` is `path:tokens`; the host reads the files of those paths (pre-pr row PP-020) and this
// rule holds each to its budget with TOK-03's estimate, which is upstream's (token_budget.py's
// estimate_token_count, the one passive_context_budget.py imports).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { Doc } from "../../io";
import { SEV_ERROR } from "../../abi";
import { FAMILY_PCTX, PrePrCtx } from "./ctx";
import { estimateTokens } from "./tok";
import { universal } from "./mem";

export const TOK04 = defineRule("TOK-04", SEV_ERROR, check);
function TOK04_doc(): RuleDoc {
  return {
    id: "TOK-04",
    validator: "pre-pr",
    title: "Passive context over budget",
    description: "A file the agent loads into every session (`AGENTS.md`, `CLAUDE.md`, `.claude/CLAUDE.md` by default) has more estimated tokens than its budget in `budgets`. What is always loaded is paid for on every turn of every session: compress it (tables, pipe-delimited lists) or move details into skills and references the agent reads when it needs them. The estimate is TOK-03's and upstream's: characters / 4, raised for non-ASCII text, dense punctuation and digits, plus 5 %. A budget entry that is not `path:tokens` with a positive whole number is an error on that file. Port of upstream's `scripts/validation/passive_context_budget.py`.",
    options: {
      budgets: { type: "string[]", "default": ["AGENTS.md:2000", "CLAUDE.md:2000", ".claude/CLAUDE.md:4000"], description: "Each always-loaded file as `path:tokens` (repository-relative path, budget in estimated tokens); a later entry for the same path wins. The host reads the files these name." },
    },
    messages: {
      tokens: "about {{t}} tokens, over its budget of {{max}} ({{pct}} %): compress it or move details to skills and references read on demand",
      badBudget: "budget entry `{{entry}}` is not `path:tokens` with a positive whole number of tokens",
    },
  };
}

/** The budget entry of `path` in the option (the last one naming it), or null. */
function entryOf(entries: string[] | null, path: string): string | null {
  if (entries === null) return null;
  let found: string | null = null;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const c = e.lastIndexOf(":");
    const p = c < 0 ? e : e.substring(0, c);
    if (p == path) found = e;
  }
  return found;
}

/** The tokens of an entry, or -1 when they are not a positive whole number. */
function budgetOf(entry: string): i32 {
  const c = entry.lastIndexOf(":");
  if (c < 0) return -1;
  const t = entry.substring(c + 1).trim();
  if (t.length == 0 || t.length > 9) return -1;
  let v = 0;
  for (let i = 0; i < t.length; i++) {
    const d = t.charCodeAt(i);
    if (d < 48 || d > 57) return -1;
    v = v * 10 + (d - 48);
  }
  return v > 0 ? v : -1;
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_PCTX)) return;
  const entries = ctx.input.factLines("option.TOK-04.budgets");
  for (let i = 0; i < ctx.docs.length; i++) {
    const d: Doc = ctx.docs[i];
    const entry = entryOf(entries, d.name);
    if (entry === null) continue;
    const max = budgetOf(entry!);
    if (max < 0) {
      ctx.report(ctx.rule, loc(d), msg("badBudget").s("entry", entry!));
      continue;
    }
    const t = estimateTokens(universal(d.text()));
    ctx.results.put(d, "tokens", t.toString());
    if (t > max) {
      const pct = Math.round(<f64>t * 1000.0 / <f64>max) / 10.0;
      ctx.report(ctx.rule, loc(d), msg("tokens").i("t", t).i("max", max).s("pct", pct.toString()));
    }
  }
}
