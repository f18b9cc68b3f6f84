// PP-011: Skill Frontmatter — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, nothing, summary, PASS } from "./row";

export const PP011 = defineRule("PP-011", SEV_ERROR, check);
function PP011_doc(): RuleDoc {
  return {
    id: "PP-011",
    validator: "pre-pr",
    title: "Skill Frontmatter",
    description: "Changed SKILL.md files have valid front matter: name, description, model and tools from the allowed lists, and stay within the size limits (SFM-* findings).",
    messages: {
      nothing: "no SKILL.md files in the repository",
      nothingChanged: "no SKILL.md files changed since {{base}}",
      checked: "{{files}} SKILL.md file(s) checked: {{errors}} error(s), {{warnings}} warning(s)",
      clean: "{{files}} SKILL.md file(s) checked, no findings",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  if (ctx.input.factInt("files", 0) == 0) emit(ctx, PASS, nothing(ctx));
  else summary(ctx);
}
