// WFS-06: a workflow file longer than the configured number of significant lines (one rule, one
// option: the example of the rule model in CONTRIBUTING.md).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { FAMILY_WFS, PrePrCtx } from "./ctx";
import { workflows } from "./workflow";

export const WFS06 = defineRule("WFS-06", SEV_WARNING, check);
function WFS06_doc(): RuleDoc {
  return {
    id: "WFS-06",
    validator: "pre-pr",
    title: "Long workflow",
    description: "A workflow file has more significant lines (not blank, not comments) than `maxLines`; long workflows are hard to review and should be split into reusable workflows or composite actions.",
    options: {
      maxLines: { type: "integer", "default": 100, description: "Most significant lines a workflow file may have." },
    },
    messages: {
      tooLong: "{{lines}} lines (over {{max}})",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_WFS)) return;
  const max = ctx.input.optionInt(ctx.rule, "maxLines", 100);
  const ws = workflows(ctx);
  for (let d = 0; d < ws.length; d++) {
    const w = ws[d];
    if (!w.structured() || !w.isWorkflow()) continue;
    if (w.significant > max) ctx.report(ctx.rule, loc(w.doc), msg("tooLong").i("lines", w.significant).i("max", max));
  }
}
