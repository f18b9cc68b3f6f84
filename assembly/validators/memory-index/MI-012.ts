// MI-012: every domain index is routed by the root index.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, U_ROOT, ROOT_OK } from "./ctx";
import { rootModel } from "./rootindex";
import { find } from "../../lib/text";

export const MI012 = defineRule("MI-012", SEV_ERROR, check);
function MI012_doc(): RuleDoc {
  return {
    id: "MI-012",
    validator: "memory-index",
    title: "Domain index not routed by the root index",
    description: "A discovered domain index is not referenced by `memory-index.md`. Reference layout: the index's base name (`skills-git-index`) must occur anywhere in the root index text (a case-sensitive substring test, as the reference does). Current layout: the root index must link to it (prose, comments and link labels do not count).",
    messages: {
      p1CompletenessDomainIndex: "P1 COMPLETENESS: Domain index not referenced in memory-index: {{base}}",
    },
  };
}

/**
 * Index names that occur as substrings of the root text (the reference's completeness test), found
 * in one pass: every "skills-" occurrence is tried against the "-index" ends within the longest
 * index name, instead of searching the whole text once per index.
 */
function mentions(ctx: MiCtx, text: string): Map<string, i32> {
  const names = new Map<string, i32>();
  let longest = 0;
  for (let i = 0; i < ctx.indices.length; i++) {
    const n = ctx.indices[i].doc.name;
    names.set(n.substring(0, n.length - 3), 1);
    if (n.length > longest) longest = n.length;
  }
  const ends: i32[] = [];
  for (let e = find(text, "-index"); e >= 0; e = find(text, "-index", e + 1)) ends.push(e);
  const found = new Map<string, i32>();
  let first = 0;
  for (let s = find(text, "skills-"); s >= 0; s = find(text, "skills-", s + 1)) {
    while (first < ends.length && ends[first] < s + 6) first++;
    for (let k = first; k < ends.length && ends[k] + 6 - s <= longest; k++) {
      const cand = text.substring(s, ends[k] + 6);
      if (names.has(cand)) found.set(cand, 1);
    }
  }
  return found;
}

function check(ctx: MiCtx): void {
  if (ctx.unit != U_ROOT) return;
  const m = rootModel(ctx);
  if (m.state != ROOT_OK) return;
  const root = m.doc!;
  const mentioned = ctx.current ? ctx.rootRefs : mentions(ctx, root.text());
  for (let i = 0; i < ctx.indices.length; i++) {
    const n = ctx.indices[i].doc.name;
    const base = n.substring(0, n.length - 3);
    if (mentioned.has(base)) continue;
    ctx.seq = m.seq; // after every item and link
    ctx.report(ctx.rule, loc(root), msg("p1CompletenessDomainIndex").s("base", base));
  }
}
