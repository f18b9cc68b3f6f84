// MI-108: no symlink in a reference path or an index file (current layout references).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, U_ROOT, R_SYMLINK, ROOT_LINK } from "./ctx";
import { rootModel } from "./rootindex";

export const MI108 = defineRule("MI-108", SEV_ERROR, check);
function MI108_doc(): RuleDoc {
  return {
    id: "MI-108",
    validator: "memory-index",
    title: "Symlink in a reference path or index file",
    description: "Index files are never read through a symlink (a symlinked `*-index.md` or `memory-index.md` is reported and skipped). In the current layout a reference (from a domain index or the root index) whose path passes through a symlink in any component is rejected, so a link cannot smuggle a file from elsewhere into the index.",
    messages: {
      symlinkedIndexFileIs: "Symlinked index file is not read: {{n}}",
      symlinkInReferencePath: "Symlink in reference path: {{md}}",
      symlinkedIndexFileIs2: "Symlinked index file is not read: {{name}}",
    },
  };
}

function check(ctx: MiCtx): void {
  const ix = ctx.index();
  if (ix !== null) {
    for (let i = 0; i < ix.entries.length; i++) {
      const e = ix.entries[i];
      if (ctx.resolved(e) == R_SYMLINK) ctx.report(ctx.rule, loc(ix.doc, e.line), msg("symlinkInReferencePath").s("md", e.name + ".md"));
    }
    return;
  }
  if (ctx.unit != U_ROOT) return;
  for (let i = 0; i < ctx.linkedIndices.length; i++) {
    const d = ctx.linkedIndices[i];
    ctx.report(ctx.rule, loc(d), msg("symlinkedIndexFileIs").s("n", d.name));
  }
  const m = rootModel(ctx);
  if (m.state == ROOT_LINK) {
    ctx.report(ctx.rule, loc(m.doc!), msg("symlinkedIndexFileIs2").s("name", m.doc!.name));
    return;
  }
  for (let i = 0; i < m.items.length; i++) {
    const it = m.items[i];
    if (it.r != R_SYMLINK) continue;
    ctx.seq = it.seq;
    ctx.report(ctx.rule, loc(m.doc!, it.line), msg("symlinkInReferencePath").s("md", it.name + ".md"));
  }
}
