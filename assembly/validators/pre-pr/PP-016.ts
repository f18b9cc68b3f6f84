// PP-016: Skill Violations — a row of the pre-pr report. The host runs the check (SKV-01 on the files in
// scope, only when the GitHub skills folder exists) and passes what happened as facts; this rule
// decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_WARNING } from "../../abi";
import { emit, factStr, ownRow, nothing, summary, PASS, SKIP } from "./row";

export const PP016 = defineRule("PP-016", SEV_WARNING, check);
function PP016_doc(): RuleDoc {
  return {
    id: "PP-016",
    validator: "pre-pr",
    title: "Skill Violations",
    description: "When the repository has GitHub skill scripts (SKV-01's `skillsDir`), changed files (SKV-01's extensions and excludes) call them rather than raw `gh` commands (SKV-01 findings, warnings: the row warns, never fails, unless the configuration raises SKV-01 to an error). Without the skills folder the row is a SKIP that says so.",
    messages: {
      noSkills: "no GitHub skills folder {{dir}}: raw gh commands are not checked",
      nothing: "no {{exts}} files in the repository",
      nothingChanged: "no {{exts}} files changed since {{base}}",
      checked: "{{files}} file(s) checked: {{errors}} error(s), {{warnings}} warning(s)",
      clean: "{{files}} file(s) checked, no findings",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  if (!ctx.input.factBool("ghSkillsFound", false)) {
    emit(ctx, SKIP, msg("noSkills").s("dir", factStr(ctx, "ghSkillsDir")));
    return;
  }
  const exts = ctx.input.factLines("exts");
  if (ctx.input.factInt("files", 0) == 0) emit(ctx, PASS, nothing(ctx).s("exts", exts === null ? "" : exts.join("/")));
  else summary(ctx);
}
