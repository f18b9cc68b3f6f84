// MI-010: a file is listed at most once per domain index (exact parsed names).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, Index } from "./ctx";

export const MI010 = defineRule("MI-010", SEV_ERROR);
function MI010_doc(): RuleDoc {
  return {
    id: "MI-010",
    validator: "memory-index",
    title: "File listed twice in one domain index",
    description: "File listed twice in one domain index",
    messages: {
      duplicateEntryAppearsMultiple: "Duplicate entry: {{name}} appears multiple times in index",
    },
  };
}

export function checkDuplicates(ctx: MiCtx, ix: Index): void {
  const seen = new Map<string, i32>();
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    const n = seen.has(e.name) ? seen.get(e.name) + 1 : 1;
    seen.set(e.name, n);
    if (n == 2) {
      ctx.report(MI010, ix.doc, e.line, msg("duplicateEntryAppearsMultiple").s("name", e.name));
      ix.failed = true;
    }
  }
}
