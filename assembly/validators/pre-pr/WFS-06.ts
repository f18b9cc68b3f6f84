// WFS-06: a workflow file longer than the configured number of significant lines (one rule, one
// option: the example of the rule model in CONTRIBUTING.md).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const WFS06 = defineRule("WFS-06", SEV_WARNING);
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

/** `significant`: the workflow's lines that are neither blank nor comments (counted by the structure scan). */
export function checkWFS06(input: Input, results: Results, doc: Doc, significant: i32): void {
  const max = input.optionInt(WFS06, "maxLines", 100);
  if (significant > max) results.report(WFS06, doc, 0, 0, msg("tooLong").i("lines", significant).i("max", max));
}
