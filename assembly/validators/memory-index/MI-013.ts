// MI-013: every reference of the root index names an existing file.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, U_ROOT, R_MISSING } from "./ctx";
import { rootModel } from "./rootindex";

export const MI013 = defineRule("MI-013", SEV_ERROR, check);
function MI013_doc(): RuleDoc {
  return {
    id: "MI-013",
    validator: "memory-index",
    title: "Root-index reference has no file",
    description: "A file referenced by `memory-index.md` has no `<name>.md` below the memory directory. Reference layout: only two-cell table rows are read (their second cell, comma-separated names or links; header words such as `File` or `Essential Memories` are skipped). Current layout: links anywhere outside tables and the second cell of table rows.",
    messages: {
      p1ValidityMemoryIndex: "P1 VALIDITY: memory-index references non-existent file: {{md}}",
    },
  };
}

function check(ctx: MiCtx): void {
  if (ctx.unit != U_ROOT) return;
  const m = rootModel(ctx);
  for (let i = 0; i < m.items.length; i++) {
    const it = m.items[i];
    if (it.r != R_MISSING) continue;
    ctx.seq = it.seq;
    ctx.report(ctx.rule, loc(m.doc!, it.line), msg("p1ValidityMemoryIndex").s("md", it.name + ".md"));
  }
}
