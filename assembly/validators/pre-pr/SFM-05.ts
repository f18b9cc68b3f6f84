// SFM-05: a skill's name is lower-case letters, digits and hyphens, at most 64 characters.
import { defineRule, msg, msgItem, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { isDigit, listValue } from "../../lib/text";
import { trim } from "./util";
import { FAMILY_SFM, PrePrCtx } from "./ctx";
import { field, skills, FM_OK } from "./skill";

export const SFM05 = defineRule("SFM-05", SEV_ERROR, check);
function SFM05_doc(): RuleDoc {
  return {
    id: "SFM-05",
    validator: "pre-pr",
    title: "Skill name",
    description: "The front matter has a `name:` made of lower-case letters a-z, digits and hyphens, at most 64 characters long.",
    messages: {
      noName: "No name",
      badName: "Bad name '{{n}}': {{join}}",
    },
    terms: {
      nameUppercase: "uppercase",
      nameInvalidCharacters: "invalid characters",
      nameOver64: "over 64 chars ({{n}})",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_SFM)) return;
  const ss = skills(ctx);
  for (let d = 0; d < ss.length; d++) {
    const s = ss[d];
    if (s.status != FM_OK) continue;
    const name = field(s.fields, "name");
    if (name === null || trim(name.value).length == 0) {
      ctx.report(ctx.rule, loc(s.doc, name === null ? 0 : name.line), msg("noName"));
      continue;
    }
    const n = trim(name.value);
    let upper = false, bad = false;
    for (let i = 0; i < n.length; i++) {
      const ch = n.charCodeAt(i);
      if (ch >= 65 && ch <= 90) upper = true;
      else if (!(ch >= 97 && ch <= 122) && !isDigit(ch) && ch != 45) bad = true;
    }
    const why: string[] = [];
    if (upper) why.push(msgItem(msg("nameUppercase")));
    if (bad) why.push(msgItem(msg("nameInvalidCharacters")));
    if (n.length > 64) why.push(msgItem(msg("nameOver64").i("n", n.length)));
    if (why.length > 0) ctx.report(ctx.rule, loc(s.doc, name.line, 1), msg("badName").s("n", n).s("join", listValue(why)));
  }
}
