// MEM-03: a memory file named with the deprecated `skill-` prefix (upstream's validate_skill_format.py;
// ADR-017 names memories `<domain>-<description>`). MI-003 judges the same prefix in index rows.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { FAMILY_MEM, PrePrCtx } from "./ctx";
import { baseName, skillFiles } from "./mem";

export const MEM03 = defineRule("MEM-03", SEV_ERROR, check);
function MEM03_doc(): RuleDoc {
  return {
    id: "MEM-03",
    validator: "pre-pr",
    title: "Memory named skill-*",
    description: "A memory file's name starts with `skill-` (case-sensitive; `*-observations.md` files are exempt, as upstream exempts them): memories are named `<domain>-<description>` so the domain index and the orphan scan find them. Port of the naming part of upstream's `validate_skill_format.py`; MI-003 is the same rule for index rows.",
    messages: {
      skillPrefix: "named with the deprecated 'skill-' prefix: rename it <domain>-<description>.md",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_MEM)) return;
  const docs = skillFiles(ctx);
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    const n = baseName(d.name);
    if (n.startsWith("skill-") && !n.endsWith("-observations.md")) ctx.report(ctx.rule, loc(d), msg("skillPrefix"));
  }
}
