// PRD-05 (opt-in): the PR description has the required sections and no unchecked checklist items.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { asciiLower } from "../../lib/text";
import { trim } from "./util";
import { FAMILY_PRD, PrePrCtx } from "./ctx";
import { outsideFences, headingText } from "./prd";

export const PRD05 = defineRule("PRD-05", SEV_ERROR, check);
function PRD05_doc(): RuleDoc {
  return {
    id: "PRD-05",
    validator: "pre-pr",
    title: "Sections, checklist",
    description: "Opt-in: the PR description has a `##`/`###` heading starting with each of `requiredSections` (case and a leading emoji or punctuation ignored, as PRD-02 reads headings), and, with `checklist`, no unchecked `- [ ]` items. Headings and items inside fenced blocks are examples and do not count.",
    options: {
      requiredSections: { type: "string[]", "default": [], description: "Headings the description must have (config prePr.prDescription.requiredSections sets it too)." },
      checklist: { type: "boolean", "default": false, description: "Report unchecked checklist items (config prePr.prDescription.checklist)." },
    },
    messages: {
      missingSection: "Missing section: {{req}}",
      ofItemsUnchecked: "{{openCount}} of {{total}} items unchecked: {{join}}",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_PRD) || ctx.docs.length == 0) return;
  const doc = ctx.docs[0];
  const lines = doc.lines();
  // headings and checklist items are read as PRD-02 reads the body: outside fenced blocks, heading
  // text without its leading emoji or punctuation (prd.ts)
  const plain = outsideFences(lines);
  const req = ctx.input.factLines("option.PRD-05.requiredSections");
  if (req !== null) {
    for (let r = 0; r < req.length; r++) {
      // the wanted name read as a heading too (lower case, leading emoji and punctuation dropped)
      const w = headingText("# " + req[r]);
      const want = w !== null ? w! : asciiLower(trim(req[r]));
      let ok = false;
      for (let i = 0; i < lines.length && !ok; i++) {
        const t = lines[i];
        if (!plain[i] || !(t.startsWith("## ") || t.startsWith("### "))) continue;
        const h = headingText(t);
        if (h !== null && h.startsWith(want)) ok = true;
      }
      if (!ok) ctx.report(ctx.rule, loc(doc), msg("missingSection").s("req", req[r]));
    }
  }
  if (!ctx.input.optionBool(ctx.rule, "checklist", false)) return;
  let total = 0;
  const open: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!plain[i]) continue;
    const t = trim(lines[i]);
    if (!(t.startsWith("- [") || t.startsWith("* ["))) continue;
    if (t.startsWith("- [x] ") || t.startsWith("* [x] ") || t.startsWith("- [X] ") || t.startsWith("* [X] ")) total++;
    else if (t.startsWith("- [ ] ") || t.startsWith("* [ ] ")) {
      total++;
      open.push(trim(t.substring(6)));
    }
  }
  if (open.length > 0) {
    ctx.report(ctx.rule, loc(doc), msg("ofItemsUnchecked").s("openCount", open.length.toString()).s("total", total.toString()).s("join", open.join("; ")));
  }
}
