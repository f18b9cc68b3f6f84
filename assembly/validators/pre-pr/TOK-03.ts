// TOK-03: the handoff file over its token budget (option maxTokens).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { FAMILY_TOK, PrePrCtx } from "./ctx";
import { estimateTokens } from "./tok";

export const TOK03 = defineRule("TOK-03", SEV_ERROR, check);
function TOK03_doc(): RuleDoc {
  return {
    id: "TOK-03",
    validator: "pre-pr",
    title: "Token budget",
    description: "The handoff file's estimated token count (characters / 4, raised for non-ASCII text, dense punctuation and digits) is over `maxTokens`; the handoff is read at the start of every session and must stay small.",
    options: {
      maxTokens: { type: "integer", "default": 5000, description: "Token budget of the handoff file (config prePr.tokenBudget.maxTokens sets it too)." },
    },
    messages: {
      tokens: "{{t}} tokens > {{max}}",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_TOK)) return;
  const max = ctx.input.optionInt(ctx.rule, "maxTokens", 5000);
  for (let d = 0; d < ctx.docs.length; d++) {
    const doc = ctx.docs[d];
    const t = estimateTokens(doc.text());
    ctx.results.put(doc, "tokens", t.toString());
    if (t > max) ctx.report(ctx.rule, loc(doc), msg("tokens").s("t", t.toString()).s("max", max.toString()));
  }
}
