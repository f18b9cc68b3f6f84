// MI-103: an unindexed memory file (current layout orphan scan).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING, MI_TYPE_MASK } from "../../abi";
import { MiCtx, T_FILE, canon } from "./ctx";
import { isProtocolMemory, orphanScan, reportOrphan } from "./orphanscan";
import { rootModel } from "./rootindex";
import { findUnit, find } from "../../lib/text";

export const MI103 = defineRule("MI-103", SEV_WARNING, check);
function MI103_doc(): RuleDoc {
  return {
    id: "MI-103",
    validator: "memory-index",
    title: "Unindexed memory file (current layout)",
    description: "Current layout: a memory file (any `*.md` below the directory except dot folders, `README.md`, `CLAUDE.md`, the top-level index files and the session protocol's live files `session-current-state.md`, `session-history.md` and `session-violations-log.md` at the top level, which the MCP server keeps there for Serena to read) is referenced neither by the root index nor by any top-level `*-index.md` (after removing a leading `./`). The finding names the index that references the most files of the file's domain (its first folder, else the part of its name before the first `-`), if there is one. Severity follows the option `level` (warn, error or off; --orphans).",
    options: {
      level: { type: "enum", values: ["warn", "error", "off"], "default": "warn", description: "Severity of the finding: warn, error or off (config validators.memoryIndex.orphans and --orphans set it for every orphan rule; they win over this option)." },
    },
    messages: {
      orphaned: "Orphaned file (not indexed): {{stem}} (should be in {{index}})",
      orphanedNoDomainIndex: "Orphaned file (not indexed): {{stem}} (should be in a domain index referenced by memory-index.md)",
    },
  };
}

/** Domain of a memory path: its first folder, else the stem before the first '-'. */
function domainOf(stem: string): string {
  const slash = findUnit(stem, 47);
  if (slash >= 0) return stem.substring(0, slash);
  const dash = findUnit(stem, 45);
  return dash > 0 ? stem.substring(0, dash) : stem;
}

function check(ctx: MiCtx): void {
  if (!orphanScan(ctx, true)) return;
  rootModel(ctx); // fills ctx.rootRefList
  const referenced = new Map<string, i32>();
  for (let i = 0; i < ctx.rootRefList.length; i++) referenced.set(ctx.rootRefList[i], 1);
  // domain -> index that references the most of its files (first in discovery order on ties)
  const best = new Map<string, string>();
  const bestN = new Map<string, i32>();
  for (let i = 0; i < ctx.indices.length; i++) {
    const ix = ctx.indices[i];
    const base = ix.doc.name.substring(0, ix.doc.name.length - 3);
    const mine = new Map<string, i32>();
    const count = new Map<string, i32>();
    const doms: string[] = [];
    for (let k = 0; k < ix.entries.length; k++) {
      const cn = canon(ix.entries[k].name);
      referenced.set(cn, 1);
      if (mine.has(cn)) continue;
      mine.set(cn, 1);
      const dom = domainOf(cn);
      if (!count.has(dom)) doms.push(dom);
      count.set(dom, count.has(dom) ? count.get(dom) + 1 : 1);
    }
    for (let k = 0; k < doms.length; k++) {
      const n = count.get(doms[k]);
      if (!bestN.has(doms[k]) || n > bestN.get(doms[k])) {
        bestN.set(doms[k], n);
        best.set(doms[k], base);
      }
    }
  }
  const entries = ctx.docs;
  for (let i = 0; i < entries.length; i++) {
    const d = entries[i];
    const n = d.name;
    if ((d.flags & MI_TYPE_MASK) != T_FILE || !n.endsWith(".md")) continue;
    if (n.startsWith(".") || find(n, "/.") >= 0) continue;
    const slash = n.lastIndexOf("/");
    const base = n.substring(slash + 1);
    if (base == "README.md" || base == "CLAUDE.md") continue;
    if (slash < 0 && (n.endsWith("-index.md") || isProtocolMemory(n))) continue;
    const stem = n.substring(0, n.length - 3);
    if (referenced.has(stem)) continue;
    const dom = domainOf(stem);
    reportOrphan(ctx, ctx.rule, d, best.has(dom) ? msg("orphaned").s("stem", stem).s("index", best.get(dom)) : msg("orphanedNoDomainIndex").s("stem", stem));
  }
}
