// MI-006: a domain index holds no title (ADR-017: a pure lookup table).
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx } from "./ctx";
import { formatHits, F_TITLE } from "./lineclass";

export const MI006 = defineRule("MI-006", SEV_ERROR, check);
function MI006_doc(): RuleDoc {
  return {
    id: "MI-006",
    validator: "memory-index",
    title: "Title in a domain index",
    description: "A line of a domain index is a Markdown heading (one or more `#` followed by white space, any level), also after the table. Domain indices are pure lookup tables (ADR-017): titles, metadata and navigation cost tokens on every lookup.",
    messages: {
      prohibited: "Line {{line}}: Title detected - '{{text}}' (prohibited per ADR-017)",
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<MiCtx>(c);
  const ix = ctx.index();
  if (ix === null) return;
  const hits = formatHits(ix);
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i];
    if (h.rule == F_TITLE) ctx.report(ctx.rule, ix.doc, h.line, msg("prohibited").i("line", h.line).s("text", h.text));
  }
}
