// MI-016: a skills-* file that is no index (reference layout orphan scan).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MiCtx } from "./ctx";
import { orphanScan, candidateStems, reportOrphan } from "./orphanscan";

export const MI016 = defineRule("MI-016", SEV_WARNING, check);
function MI016_doc(): RuleDoc {
  return {
    id: "MI-016",
    validator: "memory-index",
    title: "skills-* file that is no index",
    description: "Reference layout: a top-level memory file whose name starts with `skills-` but does not end in `-index` is reported whether or not an index names it: the `skills-` prefix is reserved for domain indices. Rename it to `<domain>-<description>-index` or make it an atomic `<domain>-*` file (ADR-017). Severity follows the option `level` (warn, error or off; --orphans).",
    options: {
      level: { type: "enum", values: ["warn", "error", "off"], "default": "warn", description: "Severity of the finding: warn, error or off (config validators.memoryIndex.orphans and --orphans set it for every orphan rule; they win over this option)." },
    },
    messages: {
      orphaned: "Orphaned file (not indexed): {{stem}} (should be in Rename to {domain}-{description}-index format or move to atomic file per ADR-017)",
    },
  };
}

function check(ctx: MiCtx): void {
  if (!orphanScan(ctx, false)) return;
  const stems = candidateStems(ctx);
  for (let i = 0; i < ctx.docs.length; i++) {
    const stem = stems[i];
    if (stem === null || !stem.startsWith("skills-")) continue;
    reportOrphan(ctx, ctx.rule, ctx.docs[i], msg("orphaned").s("stem", stem));
  }
}
