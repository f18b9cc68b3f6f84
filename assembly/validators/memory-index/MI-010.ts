// MI-010: a file is listed at most once per skills domain index (exact parsed names).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx } from "./ctx";
import { StrMap } from "../../lib/strmap";

export const MI010 = defineRule("MI-010", SEV_ERROR, check);
function MI010_doc(): RuleDoc {
  return {
    id: "MI-010",
    validator: "memory-index",
    title: "File listed twice in one domain index",
    description: "A file name occurs in more than one row of the same `skills-<domain>-index.md` (exact comparison after link parsing: `a` and `[a](a.md)` are duplicates, `a` and `./a` are not). Reported once per duplicated name, at its second row. The same file in two different domain indices is fine.",
    messages: {
      duplicateEntryAppearsMultiple: "Duplicate entry: {{name}} appears multiple times in index",
    },
  };
}

function check(ctx: MiCtx): void {
  const ix = ctx.index();
  if (ix === null || !ix.skills) return;
  const seen = new StrMap();
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    const before = seen.get(e.name); // -1: not seen yet
    const n = before < 0 ? 1 : before + 1;
    seen.set(e.name, n);
    if (n == 2) ctx.report(ctx.rule, loc(ix.doc, e.line), msg("duplicateEntryAppearsMultiple").s("name", e.name));
  }
}
