// Orphan scan. Reference layout (MI-015..MI-017): top-level atomic files, prefix-based, referenced =
// named by a skills domain index. Current layout (MI-103): every *.md below the directory (no dot
// folders, README/CLAUDE, root or top-level indices), referenced = named by the root index or any
// top-level index. Severity: --orphans warn|error|off.
import { defineRule, msg, Msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { Doc } from "../../io";
import { MiCtx, T_FILE } from "./ctx";
import { Rule } from "../../rules";
import { canon } from "./root";

export const MI015 = defineRule("MI-015", SEV_WARNING);
function MI015_doc(): RuleDoc {
  return {
    id: "MI-015",
    validator: "memory-index",
    title: "Unindexed skill-* file",
    description: "Unindexed skill-* file",
    messages: {
      orphaned: "Orphaned file (not indexed): {{stem}} (should be in Rename to {domain}-{description} format per ADR-017)",
    },
  };
}
export const MI016 = defineRule("MI-016", SEV_WARNING);
function MI016_doc(): RuleDoc {
  return {
    id: "MI-016",
    validator: "memory-index",
    title: "skills-* file that is no index",
    description: "skills-* file that is no index",
    messages: {
      orphaned: "Orphaned file (not indexed): {{stem}} (should be in Rename to {domain}-{description}-index format or move to atomic file per ADR-017)",
    },
  };
}
export const MI017 = defineRule("MI-017", SEV_WARNING);
function MI017_doc(): RuleDoc {
  return {
    id: "MI-017",
    validator: "memory-index",
    title: "Unindexed <domain>-* file",
    description: "Unindexed <domain>-* file",
    messages: {
      orphaned: "Orphaned file (not indexed): {{stem}} (should be in skills-{{domain}}-index)",
    },
  };
}
export const MI103 = defineRule("MI-103", SEV_WARNING);
function MI103_doc(): RuleDoc {
  return {
    id: "MI-103",
    validator: "memory-index",
    title: "Unindexed memory file (current layout)",
    description: "Unindexed memory file (current layout)",
    messages: {
      orphaned: "Orphaned file (not indexed): {{stem}} (should be in {{index}})",
      orphanedNoDomainIndex: "Orphaned file (not indexed): {{stem}} (should be in a domain index referenced by memory-index.md)",
    },
  };
}

function orphan(ctx: MiCtx, rule: Rule, doc: Doc, m: Msg): void {
  ctx.reportAs(rule, ctx.orphanSev, doc, 0, m);
}

function isFileLike(d: Doc): bool {
  const t = d.flags & 3;
  return t == T_FILE || (t == 2 && d.text().startsWith("f:"));
}

function scanReference(ctx: MiCtx, entries: Doc[]): void {
  const referenced = new Map<string, i32>();
  for (let i = 0; i < ctx.indices.length; i++) {
    const es = ctx.indices[i].entries;
    for (let k = 0; k < es.length; k++) referenced.set(es[k].name, 1);
  }
  // domain -> discovery position; a stem's candidate domains are its prefixes ending before a '-',
  // so matching costs the stem's length, not the number of domains
  const domainAt = new Map<string, i32>();
  for (let k = 0; k < ctx.indices.length; k++) domainAt.set(ctx.indices[k].domain, k);
  const hits: i32[] = [];
  for (let i = 0; i < entries.length; i++) {
    const d = entries[i];
    const n = d.name;
    if (n.indexOf("/") >= 0 || !n.endsWith(".md") || !isFileLike(d)) continue;
    const stem = n.substring(0, n.length - 3);
    if (stem.endsWith("-index")) continue;
    const ref = referenced.has(stem);
    if (stem.startsWith("skill-")) {
      if (!ref) orphan(ctx, MI015, d, msg("orphaned").s("stem", stem));
      continue;
    }
    if (stem.startsWith("skills-")) {
      orphan(ctx, MI016, d, msg("orphaned").s("stem", stem));
      continue;
    }
    if (ref) continue;
    hits.length = 0;
    for (let p = stem.indexOf("-"); p >= 0; p = stem.indexOf("-", p + 1)) {
      const dom = stem.substring(0, p);
      if (domainAt.has(dom)) hits.push(domainAt.get(dom));
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
      orphan(ctx, MI017, d, msg("orphaned").s("stem", stem).s("domain", ctx.indices[hits[k]].domain));
    }
  }
}

/** Domain of a memory path: its first folder, else the stem before the first '-'. */
function domainOf(stem: string): string {
  const slash = stem.indexOf("/");
  if (slash >= 0) return stem.substring(0, slash);
  const dash = stem.indexOf("-");
  return dash > 0 ? stem.substring(0, dash) : stem;
}

function scanCurrent(ctx: MiCtx, entries: Doc[]): void {
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
      const c = canon(ix.entries[k].name);
      referenced.set(c, 1);
      if (mine.has(c)) continue;
      mine.set(c, 1);
      const dom = domainOf(c);
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
  for (let i = 0; i < entries.length; i++) {
    const d = entries[i];
    const n = d.name;
    if ((d.flags & 3) != T_FILE || !n.endsWith(".md")) continue;
    if (n.startsWith(".") || n.indexOf("/.") >= 0) continue;
    const slash = n.lastIndexOf("/");
    const base = n.substring(slash + 1);
    if (base == "README.md" || base == "CLAUDE.md") continue;
    if (slash < 0 && n.endsWith("-index.md")) continue;
    const stem = n.substring(0, n.length - 3);
    if (referenced.has(stem)) continue;
    const dom = domainOf(stem);
    orphan(ctx, MI103, d, best.has(dom) ? msg("orphaned").s("stem", stem).s("index", best.get(dom)) : msg("orphanedNoDomainIndex").s("stem", stem));
  }
}

export function checkOrphans(ctx: MiCtx, entries: Doc[]): void {
  if (ctx.orphanSev < 0) return;
  if (ctx.current) scanCurrent(ctx, entries);
  else scanReference(ctx, entries);
}
