// MI-018: each entry of a skills domain index has at least 5 keywords (advisory).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MiCtx } from "./ctx";

export const MI018 = defineRule("MI-018", SEV_WARNING, check);
function MI018_doc(): RuleDoc {
  return {
    id: "MI-018",
    validator: "memory-index",
    title: "Fewer than 5 keywords",
    description: "A row of a `skills-<domain>-index.md` has fewer than 5 keyword tokens (raw tokens of the keyword cell, not distinct). Few keywords make a lookup table miss tasks. Advisory: a warning that never fails the index.",
    messages: {
      insufficientKeywordsHasKeywords: "Insufficient keywords: {{name}} has {{keywordsCount}} keywords (need >=5)",
    },
  };
}

function check(ctx: MiCtx): void {
  const ix = ctx.index();
  if (ix === null || !ix.skills) return;
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    if (e.keywords.length < 5) {
      ctx.report(ctx.rule, loc(ix.doc, e.line), msg("insufficientKeywordsHasKeywords").s("name", e.name).i("keywordsCount", e.keywords.length));
    }
  }
}
