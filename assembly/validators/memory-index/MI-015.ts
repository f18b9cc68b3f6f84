// MI-015: an unindexed skill-* file (reference layout orphan scan).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MiCtx } from "./ctx";
import { orphanScan, refScan, candidateStems, reportOrphan } from "./orphanscan";

export const MI015 = defineRule("MI-015", SEV_WARNING, check);
function MI015_doc(): RuleDoc {
  return {
    id: "MI-015",
    validator: "memory-index",
    title: "Unindexed skill-* file",
    description: "Reference layout: a top-level memory file whose name starts with the deprecated `skill-` prefix is named by no domain index. It should be renamed to `<domain>-<description>` and indexed (ADR-017). A `skill-` file that is indexed is MI-003's business instead. Severity follows the option `level` (warn, error or off; --orphans).",
    options: {
      level: { type: "enum", values: ["warn", "error", "off"], "default": "warn", description: "Severity of the finding: warn, error or off (config validators.memoryIndex.orphans and --orphans set it for every orphan rule; they win over this option)." },
    },
    messages: {
      orphaned: "Orphaned file (not indexed): {{stem}} (should be in Rename to {domain}-{description} format per ADR-017)",
    },
  };
}

function check(ctx: MiCtx): void {
  if (!orphanScan(ctx, false)) return;
  const scan = refScan(ctx);
  const stems = candidateStems(ctx);
  for (let i = 0; i < ctx.docs.length; i++) {
    const stem = stems[i];
    if (stem === null || !stem.startsWith("skill-") || scan.referenced.has(stem)) continue;
    reportOrphan(ctx, ctx.rule, ctx.docs[i], msg("orphaned").s("stem", stem));
  }
}
