// MI-014: root-index references stay inside the memory directory.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, U_ROOT, R_TRAVERSAL } from "./ctx";
import { rootModel } from "./rootindex";

export const MI014 = defineRule("MI-014", SEV_ERROR, check);
function MI014_doc(): RuleDoc {
  return {
    id: "MI-014",
    validator: "memory-index",
    title: "Root-index reference outside the directory",
    description: "A file referenced by `memory-index.md` resolves outside the memory directory (absolute path, `..` above the directory, or a symlink leading out), resolved as for MI-004.",
    messages: {
      p1ValidityPathTraversal: "P1 VALIDITY: Path traversal detected in memory-index: {{md}}",
    },
  };
}

function check(ctx: MiCtx): void {
  if (ctx.unit != U_ROOT) return;
  const m = rootModel(ctx);
  for (let i = 0; i < m.items.length; i++) {
    const it = m.items[i];
    if (it.r != R_TRAVERSAL) continue;
    ctx.seq = it.seq;
    ctx.report(ctx.rule, loc(m.doc!, it.line), msg("p1ValidityPathTraversal").s("md", it.name + ".md"));
  }
}
