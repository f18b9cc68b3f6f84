// SKB-01: the descriptions of all skills together over a budget (upstream's
// scripts/skill_description_budget.py, CI `skill-passive-compliance` with --max-total-chars 40000).
// The host hands this family every `<paths.skills>/*/SKILL.md` at once (pre-pr row PP-018) and the
// skills folder itself (role SKILLS_DIR, no content): the sum is over the skills, the finding is on the
// folder, since it belongs to no one skill (a baseline keeps it while the longest skill changes), or on
// the skill with the longest description when no folder is given.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { PREPR_ROLE_SKILLS_DIR, SEV_ERROR } from "../../abi";
import { Doc } from "../../io";
import { FAMILY_SKB, PrePrCtx } from "./ctx";
import { descriptionChars } from "./skb";

export const SKB01 = defineRule("SKB-01", SEV_ERROR, check);
function SKB01_doc(): RuleDoc {
  return {
    id: "SKB-01",
    validator: "pre-pr",
    title: "Skill descriptions over budget",
    description: "The `description` fields of every skill (`<paths.skills>/*/SKILL.md`) together have more than `maxTotalChars` characters, or more than `maxTotalTokens` estimated tokens (characters / 4, rounded up). Every skill's description sits in the agent's context on every invocation, before any work, so their sum is a standing cost that no per-skill limit sees: shorten the longest descriptions (the finding names the three longest) or retire skills. The finding is on the skills folder. The description is read as YAML reads it (folded and block scalars, quotes and escapes) and counted in code points; a skill without a front matter, without a string description, or whose front matter YAML refuses is left out of the sum, as upstream does. Port of upstream's `scripts/skill_description_budget.py`.",
    options: {
      maxTotalChars: { type: "integer", "default": 40000, description: "Most characters all descriptions may have together (upstream's CI budget); 0 turns the character budget off." },
      maxTotalTokens: { type: "integer", "default": 0, description: "Most estimated tokens (characters / 4, rounded up) all descriptions may have together; 0 (the default) turns the token budget off." },
    },
    messages: {
      chars: "the descriptions of {{skills}} skills total {{total}} characters, over the budget of {{max}}; the longest: {{top}}",
      tokens: "the descriptions of {{skills}} skills total about {{total}} tokens, over the budget of {{max}}; the longest: {{top}}",
    },
  };
}

function name(d: Doc): string {
  const p = d.name;
  const e = p.lastIndexOf("/");
  const s = p.lastIndexOf("/", e - 1);
  return e > 0 ? p.substring(s + 1, e) : p;
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_SKB)) return;
  const maxChars = ctx.input.optionInt(ctx.rule, "maxTotalChars", 40000);
  const maxTokens = ctx.input.optionInt(ctx.rule, "maxTotalTokens", 0);
  const docs: Doc[] = [];
  const chars: i32[] = [];
  let total: i64 = 0;
  let folder: Doc | null = null;
  for (let i = 0; i < ctx.docs.length; i++) {
    const d = ctx.docs[i];
    if (d.flags == PREPR_ROLE_SKILLS_DIR) {
      folder = d;
      continue;
    }
    const n = descriptionChars(d.text());
    if (n < 0) continue;
    ctx.results.put(d, "descriptionChars", n.toString());
    docs.push(d);
    chars.push(n);
    total += n;
  }
  if (docs.length == 0) return;
  const tokens = (total + 3) / 4;
  const overChars = maxChars > 0 && total > <i64>maxChars;
  const overTokens = !overChars && maxTokens > 0 && tokens > <i64>maxTokens;
  if (!overChars && !overTokens) return;
  // the three longest (ties by the skill's folder name), the first carries the finding
  const picked: i32[] = [];
  let top = "";
  for (let k = 0; k < 3 && k < docs.length; k++) {
    let best = -1;
    for (let i = 0; i < docs.length; i++) {
      if (picked.includes(i)) continue;
      if (best < 0 || chars[i] > chars[best] || (chars[i] == chars[best] && name(docs[i]) < name(docs[best]))) best = i;
    }
    picked.push(best);
    top += (k > 0 ? ", " : "") + name(docs[best]) + " (" + chars[best].toString() + ")";
  }
  const m = overChars ? msg("chars").s("total", total.toString()).i("max", maxChars) : msg("tokens").s("total", tokens.toString()).i("max", maxTokens);
  ctx.report(ctx.rule, loc(folder !== null ? folder! : docs[picked[0]]), m.i("skills", docs.length).s("top", top));
}
