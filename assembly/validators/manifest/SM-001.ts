// SM-001: Manifest parses (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ManifestCtx } from "./ctx";

export const SM001 = defineRule("SM-001", SEV_ERROR, check);
function SM001_doc(): RuleDoc {
  return {
    id: "SM-001",
    validator: "manifest",
    title: "Manifest parses",
    description: "state.json is a JSON object.",
    messages: {
      manifestIsNotJson: "Manifest is not JSON: {{error}}",
      manifestMustBeA: "Manifest must be a JSON object",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (ctx.parseError.length > 0) {
    ctx.report(ctx.rule, loc(ctx.doc, ctx.lines.line(ctx.parseErrorPos), ctx.lines.col(ctx.parseErrorPos)), msg("manifestIsNotJson").s("error", ctx.parseError));
  } else if (!ctx.isObject()) ctx.report(ctx.rule, ctx.at(ctx.root), msg("manifestMustBeA"));
}
