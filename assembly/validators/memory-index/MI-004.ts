// MI-004: an index entry must stay inside the memory directory.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, R_TRAVERSAL } from "./ctx";

export const MI004 = defineRule("MI-004", SEV_ERROR, check);
function MI004_doc(): RuleDoc {
  return {
    id: "MI-004",
    validator: "memory-index",
    title: "Index entry resolves outside the directory",
    description: "A row of a domain index names a path that leaves the memory directory: an absolute path, a `..` that climbs above the directory, or (reference layout) a symlink whose resolved target lies outside. Such an entry is not checked further and does not count as missing.",
    messages: {
      pathTraversalDetected: "Path traversal detected: {{md}}",
    },
  };
}

function check(ctx: MiCtx): void {
  const ix = ctx.index();
  if (ix === null) return;
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    if (ctx.resolved(e) == R_TRAVERSAL) ctx.report(ctx.rule, loc(ix.doc, e.line), msg("pathTraversalDetected").s("md", e.name + ".md"));
  }
}
