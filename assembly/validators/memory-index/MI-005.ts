// MI-005: keyword uniqueness of each entry of a skills domain index.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx } from "./ctx";
import { lowUniqueness, rowDensity } from "./density";

export const MI005 = defineRule("MI-005", SEV_ERROR, check);
function MI005_doc(): RuleDoc {
  return {
    id: "MI-005",
    validator: "memory-index",
    title: "Keyword uniqueness below 40%",
    description: "In a `skills-<domain>-index.md` with two or more rows, each row's keywords (lower-cased as Python's `str.lower()` does, with the Unicode tables of the build, final sigma included; as a set keyed by file name; when a name occurs twice the last row's keywords count) must be at least 40% unique: the share of its keywords that no other file name of the index uses, rounded to two decimals as Python's `round(x, 2)` does, must be >= 0.40. A duplicated name that fails is reported once per row. The values are also reported as the index's `uniqueness` data.",
    messages: {
      lowKeywordUniquenessHas: "Low keyword uniqueness: {{name}} has {{n}}% unique keywords (need >=40%)",
    },
  };
}

function check(ctx: MiCtx): void {
  const ix = ctx.index();
  if (ix === null || !ix.skills) return;
  for (let i = 0; i < ix.entries.length; i++) {
    if (!lowUniqueness(ix, i)) continue;
    const e = ix.entries[i];
    ctx.report(ctx.rule, loc(ix.doc, e.line), msg("lowKeywordUniquenessHas").s("name", e.name).i("n", rowDensity(ix)[i]));
  }
}
