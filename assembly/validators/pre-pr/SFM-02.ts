// SFM-02: a SKILL.md file opens with a front matter block.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { FAMILY_SFM, PrePrCtx } from "./ctx";
import { skills, FM_EMPTY, FM_NO_OPEN, FM_NO_CLOSE, FM_TAB } from "./skill";

export const SFM02 = defineRule("SFM-02", SEV_ERROR, check);
function SFM02_doc(): RuleDoc {
  return {
    id: "SFM-02",
    validator: "pre-pr",
    title: "Front matter",
    description: "A SKILL.md file starts with `---` on line 1, closes its front matter with a second `---`, and uses no tabs inside it; when it does not, the field rules (SFM-05..10) are not run.",
    messages: {
      emptyFile: "Empty file",
      noOnLine: "No --- on line 1",
      noClosing: "No closing ---",
      tabInFrontMatter: "Tab in front matter",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_SFM)) return;
  const ss = skills(ctx);
  for (let d = 0; d < ss.length; d++) {
    const s = ss[d];
    if (s.status == FM_EMPTY) ctx.report(ctx.rule, loc(s.doc), msg("emptyFile"));
    else if (s.status == FM_NO_OPEN) ctx.report(ctx.rule, loc(s.doc, 1, 1), msg("noOnLine"));
    else if (s.status == FM_NO_CLOSE) ctx.report(ctx.rule, loc(s.doc, 1, 1), msg("noClosing"));
    else if (s.status == FM_TAB) ctx.report(ctx.rule, loc(s.doc, s.tabLine, s.tabColumn), msg("tabInFrontMatter"));
  }
}
