// AB-001: Checkpoint front matter (aibrain validator; the front matter model is in ctx.ts).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { AibrainCtx, FM_OK, FM_NO_OPENING, FM_NOT_JSON_OBJECT, FM_JSON_ERROR } from "./ctx";

export const AB001 = defineRule("AB-001", SEV_ERROR, check);
function AB001_doc(): RuleDoc {
  return {
    id: "AB-001",
    validator: "aibrain",
    title: "Checkpoint front matter",
    description: "The file starts with a '---' line, a JSON object and a closing '---' line.",
    messages: {
      frontMatterTheFile: "Front matter: the file must start with a '---' line",
      frontMatterExpectedA: "Front matter: expected a JSON object after the opening '---' (not YAML)",
      frontMatter: "Front matter: {{error}}",
      frontMatterNoClosing: "Front matter: no closing '---' line after the JSON object",
    },
  };
}

function check(ctx: AibrainCtx): void {
  const pr = ctx.problem;
  if (pr == FM_OK) return;
  let m = msg("frontMatterNoClosing");
  if (pr == FM_NO_OPENING) m = msg("frontMatterTheFile");
  else if (pr == FM_NOT_JSON_OBJECT) m = msg("frontMatterExpectedA");
  else if (pr == FM_JSON_ERROR) m = msg("frontMatter").s("error", ctx.jsonError);
  ctx.report(ctx.rule, loc(ctx.doc, ctx.problemLine, ctx.problemCol), m);
}
