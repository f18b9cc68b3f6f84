// WFS-01: a workflow or action file the YAML parser rejects.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { FAMILY_WFS, PrePrCtx } from "./ctx";
import { errorLine, workflows } from "./workflow";

export const WFS01 = defineRule("WFS-01", SEV_ERROR, check);
function WFS01_doc(): RuleDoc {
  return {
    id: "WFS-01",
    validator: "pre-pr",
    title: "Invalid YAML",
    description: "The file does not parse as YAML (the host's YAML parser reports the first error, fact `yamlErrors`); the other structure rules are not run on it.",
    messages: {
      message: "{{substring}}",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_WFS)) return;
  const ws = workflows(ctx);
  for (let d = 0; d < ws.length; d++) {
    const err = ws[d].yamlError;
    if (err === null) continue;
    ctx.report(ctx.rule, loc(ws[d].doc, errorLine(err), 0), msg("message").s("substring", err.substring(err.indexOf("\t") + 1)));
  }
}
