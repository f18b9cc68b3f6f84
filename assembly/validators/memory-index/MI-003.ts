// MI-003: an index entry must not use the deprecated skill- prefix (ADR-017).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, R_TRAVERSAL, R_SYMLINK } from "./ctx";

export const MI003 = defineRule("MI-003", SEV_ERROR, check);
function MI003_doc(): RuleDoc {
  return {
    id: "MI-003",
    validator: "memory-index",
    title: "Index entry uses the deprecated skill- prefix",
    description: "A row of a domain index names a file whose name starts with `skill-` (literal and case-sensitive; `skills-x` and `skillbook-x` are fine). ADR-017 renamed these files to `<domain>-<description>`. Independent of MI-002: a missing `skill-` file gets both findings. Entries that leave the directory (MI-004) or pass through a symlink (MI-108) are not judged.",
    messages: {
      indexReferencesDeprecatedSkill: "Index references deprecated 'skill-' prefix: {{md}} (ADR-017 violation)",
    },
  };
}

function check(ctx: MiCtx): void {
  const ix = ctx.index();
  if (ix === null) return;
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    if (!e.name.startsWith("skill-")) continue;
    const r = ctx.resolved(e);
    if (r != R_TRAVERSAL && r != R_SYMLINK) ctx.report(ctx.rule, loc(ix.doc, e.line), msg("indexReferencesDeprecatedSkill").s("md", e.name + ".md"));
  }
}
