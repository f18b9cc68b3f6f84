// PP-018: Skill Description Budget — a row of the pre-pr report. When the branch changes a SKILL.md
// (or under --all), the host hands SKB-01 every `<paths.skills>/*/SKILL.md`, since the budget is a sum
// over all skills, and passes what happened as facts; this rule decides the row's status and message.
import { defineRule, msg, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { checked, emit, factStr, ownRow, nothing, PASS } from "./row";

export const PP018 = defineRule("PP-018", SEV_ERROR, check);
function PP018_doc(): RuleDoc {
  return {
    id: "PP-018",
    validator: "pre-pr",
    title: "Skill Description Budget",
    description: "When the branch adds or changes a SKILL.md below `paths.skills` (with `--all`, always), the descriptions of all skills (`<paths.skills>/*/SKILL.md`, every one, not only the changed ones) stay within SKB-01's budget: upstream's `skill_description_budget.py` in CI.",
    messages: {
      nothing: "no SKILL.md files in {{dir}}",
      nothingChanged: "no SKILL.md files changed in {{dir}} since {{base}}",
      summed: "descriptions of {{files}} SKILL.md file(s) in {{dir}} summed",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const dir = factStr(ctx, "skillsDir");
  if (ctx.input.factInt("files", 0) == 0) emit(ctx, PASS, nothing(ctx).s("dir", dir));
  else checked(ctx, msg("summed").i("files", ctx.input.factInt("files", 0)).s("dir", dir));
}
