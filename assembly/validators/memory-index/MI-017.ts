// MI-017: an unindexed <domain>-* file (reference layout orphan scan).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MiCtx } from "./ctx";
import { orphanScan, refScan, candidateStems, reportOrphan } from "./orphanscan";
import { findUnit } from "../../lib/text";

export const MI017 = defineRule("MI-017", SEV_WARNING, check);
function MI017_doc(): RuleDoc {
  return {
    id: "MI-017",
    validator: "memory-index",
    title: "Unindexed <domain>-* file",
    description: "Reference layout: a top-level memory file `<domain>-*.md`, where `<domain>` is the domain of a discovered `skills-<domain>-index.md`, is named by no domain index. One finding per matching domain, in discovery order (nested domains such as `git` and `git-hooks` give two). Files that match no domain are not reported (the reference's prefix-based scan). Severity follows the option `level` (warn, error or off; --orphans).",
    options: {
      level: { type: "enum", values: ["warn", "error", "off"], "default": "warn", description: "Severity of the finding: warn, error or off (config validators.memoryIndex.orphans and --orphans set it for every orphan rule; they win over this option)." },
    },
    messages: {
      orphaned: "Orphaned file (not indexed): {{stem}} (should be in skills-{{domain}}-index)",
    },
  };
}

function check(ctx: MiCtx): void {
  if (!orphanScan(ctx, false)) return;
  const scan = refScan(ctx);
  const hits: i32[] = [];
  const stems = candidateStems(ctx);
  for (let i = 0; i < ctx.docs.length; i++) {
    const d = ctx.docs[i];
    const stem = stems[i];
    if (stem === null || stem.startsWith("skill-") || stem.startsWith("skills-") || scan.referenced.has(stem)) continue;
    // a stem's candidate domains are its prefixes ending before a '-', so matching costs the
    // stem's length, not the number of domains (each prefix looked up in place, not copied)
    hits.length = 0;
    for (let p = findUnit(stem, 45); p >= 0; p = findUnit(stem, 45, p + 1)) {
      const at = scan.domainAt.getRange(stem, 0, p);
      if (at >= 0) hits.push(at);
    }
    // report in discovery order (insertion sort: a stem matches very few domains)
    for (let a = 1; a < hits.length; a++) {
      const v = hits[a];
      let b = a - 1;
      while (b >= 0 && hits[b] > v) {
        hits[b + 1] = hits[b];
        b--;
      }
      hits[b + 1] = v;
    }
    for (let k = 0; k < hits.length; k++) {
      reportOrphan(ctx, ctx.rule, d, msg("orphaned").s("stem", stem).s("domain", ctx.indices[hits[k]].domain));
    }
  }
}
