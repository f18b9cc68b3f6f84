// MEM-01: a memory over upstream's size limits (test_memory_size.py: characters, `## ` skills and
// categories per file). A memory the branch adds is an error, a modified one a warning (upstream's
// hook blocks new files and warns on modified ones).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR, SEV_WARNING, PREPR_ROLE_MEMORY_NEW } from "../../abi";
import { FAMILY_MEM, PrePrCtx } from "./ctx";
import { isMemory, memOf } from "./mem";

export const MEM01 = defineRule("MEM-01", SEV_ERROR, check);
function MEM01_doc(): RuleDoc {
  return {
    id: "MEM-01",
    validator: "pre-pr",
    title: "Memory too large",
    description: "A memory file is over a size limit: more than `maxChars` characters (code points, a line end counting one), more than `maxSkills` level-2 headings (`## `, fenced code not counted) or more than `maxCategories` categories (level-1 headings other than TOC/Table of Contents/Overview/Introduction; without any, the distinct prefixes before `:` or `-` of the level-2 headings). An agent loads a memory whole, so a large one crowds its context; split it into focused files. A memory the branch adds is an error, one it modifies (or any memory under `--all`) a warning. Port of upstream's `test_memory_size.py` (lefthook `memory-size`).",
    options: {
      maxChars: { type: "integer", "default": 10000, description: "Most characters a memory may have (about 2,500 tokens)." },
      maxSkills: { type: "integer", "default": 15, description: "Most level-2 headings (skills) a memory may have." },
      maxCategories: { type: "integer", "default": 5, description: "Most categories a memory may have." },
    },
    messages: {
      chars: "{{count}} characters (over {{max}}): split it into {{files}} focused files",
      skills: "{{count}} skills, `## ` headings (over {{max}}): split it into {{files}} files of related skills",
      categories: "{{count}} categories (over {{max}}): reduce them or split the memory by category",
    },
  };
}

function ceilDiv(a: i32, b: i32): i32 {
  return b <= 0 ? 1 : (a + b - 1) / b;
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_MEM)) return;
  const maxChars = ctx.input.optionInt(ctx.rule, "maxChars", 10000);
  const maxSkills = ctx.input.optionInt(ctx.rule, "maxSkills", 15);
  const maxCategories = ctx.input.optionInt(ctx.rule, "maxCategories", 5);
  for (let i = 0; i < ctx.docs.length; i++) {
    const d = ctx.docs[i];
    if (!isMemory(d)) continue;
    const m = memOf(ctx, d);
    if (m === null) continue;
    const sev = d.flags == PREPR_ROLE_MEMORY_NEW ? SEV_ERROR : SEV_WARNING;
    if (m.chars > maxChars) ctx.reportAs(ctx.rule, sev, loc(d), msg("chars").i("count", m.chars).i("max", maxChars).i("files", ceilDiv(m.chars, maxChars)));
    if (m.skills > maxSkills) ctx.reportAs(ctx.rule, sev, loc(d), msg("skills").i("count", m.skills).i("max", maxSkills).i("files", ceilDiv(m.skills, maxSkills)));
    if (m.categories > maxCategories) ctx.reportAs(ctx.rule, sev, loc(d), msg("categories").i("count", m.categories).i("max", maxCategories));
  }
}
