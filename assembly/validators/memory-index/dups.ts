// MI-010: a file is listed at most once per domain index (exact parsed names).
import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, Index } from "./ctx";

export const MI010 = defineRule("MI-010", "memory-index", SEV_ERROR, "File listed twice in one domain index", "File listed twice in one domain index");

export function checkDuplicates(ctx: MiCtx, ix: Index): void {
  const seen = new Map<string, i32>();
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    const n = seen.has(e.name) ? seen.get(e.name) + 1 : 1;
    seen.set(e.name, n);
    if (n == 2) {
      ctx.report(MI010, ix.doc, e.line, "Duplicate entry: " + e.name + " appears multiple times in index");
      ix.failed = true;
    }
  }
}
