// MEM-02: a memory that bundles several skills (upstream's validate_skill_format.py: more than one
// `## Skill-<Name>-<N>:` heading; ADR-017, one skill per file).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { FAMILY_MEM, PrePrCtx } from "./ctx";
import { memOf, skillFiles } from "./mem";

export const MEM02 = defineRule("MEM-02", SEV_ERROR, check);
function MEM02_doc(): RuleDoc {
  return {
    id: "MEM-02",
    validator: "pre-pr",
    title: "Bundled skills in one memory",
    description: "A memory file holds more than one skill heading (a line starting `## Skill-<letters>-<digits>:`, fenced code included, as upstream matches it): one skill per file, so an agent loads only the one it needs and an index row names exactly one. Domain indices (`skills-…-index.md`) are not skill files. Port of the bundled-format part of upstream's `validate_skill_format.py` (lefthook `memory-skill-format`).",
    messages: {
      bundled: "{{count}} skills in one file: split them into one file per skill",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_MEM)) return;
  const docs = skillFiles(ctx);
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    const m = memOf(ctx, d);
    if (m !== null && m.bundled > 1) ctx.report(ctx.rule, loc(d), msg("bundled").i("count", m.bundled));
  }
}
