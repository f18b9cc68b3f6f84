// SM-011: Artifact files present (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ManifestCtx, ARTIFACTS, ARTIFACT_FLAGS } from "./ctx";

export const SM011 = defineRule("SM-011", SEV_ERROR, check);
function SM011_doc(): RuleDoc {
  return {
    id: "SM-011",
    validator: "manifest",
    title: "Artifact files present",
    description: "spec.md, plan.json and plan.md exist in the session folder.",
    messages: {
      artifactIsMissingFrom: "Artifact {{ARTIFACTS}} is missing from the session folder",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.filesApply()) return;
  for (let a = 0; a < ARTIFACTS.length; a++) {
    if ((ctx.doc.flags & ARTIFACT_FLAGS[a]) == 0) ctx.report(ctx.rule, ctx.at(null), msg("artifactIsMissingFrom").s("ARTIFACTS", ARTIFACTS[a]));
  }
}
