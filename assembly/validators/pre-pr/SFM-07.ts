// SFM-07: a skill has a description of at most 1024 characters, without XML tags.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { trim } from "./util";
import { FAMILY_SFM, PrePrCtx } from "./ctx";
import { field, skills, FM_OK } from "./skill";

export const SFM07 = defineRule("SFM-07", SEV_ERROR, check);
function SFM07_doc(): RuleDoc {
  return {
    id: "SFM-07",
    validator: "pre-pr",
    title: "Skill description",
    description: "The front matter has a non-empty `description:` of at most 1024 characters that contains no XML tags.",
    messages: {
      noDescription: "No description",
      descriptionOverChars: "description over 1024 chars ({{vCount}})",
      xmlTagsInDescription: "XML tags in description",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_SFM)) return;
  const ss = skills(ctx);
  for (let d = 0; d < ss.length; d++) {
    const s = ss[d];
    if (s.status != FM_OK) continue;
    const desc = field(s.fields, "description");
    if (desc === null || trim(desc.value).length == 0) {
      ctx.report(ctx.rule, loc(s.doc, desc === null ? 0 : desc.line), msg("noDescription"));
      continue;
    }
    const v = trim(desc.value);
    if (v.length > 1024) ctx.report(ctx.rule, loc(s.doc, desc.line, 1), msg("descriptionOverChars").s("vCount", v.length.toString()));
    const lt = v.indexOf("<");
    if (lt >= 0 && v.indexOf(">", lt + 2) > lt) {
      const ch = v.charCodeAt(lt + 1);
      if (ch == 47 || ch >= 65 && ch <= 90 || ch >= 97 && ch <= 122) ctx.report(ctx.rule, loc(s.doc, desc.line, 1), msg("xmlTagsInDescription"));
    }
  }
}
