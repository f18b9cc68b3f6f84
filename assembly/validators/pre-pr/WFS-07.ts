// WFS-07: a workflow's top-level concurrency is empty, a list, or has no group.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { FAMILY_WFS, PrePrCtx } from "./ctx";
import { workflows } from "./workflow";

export const WFS07 = defineRule("WFS-07", SEV_ERROR, check);
function WFS07_doc(): RuleDoc {
  return {
    id: "WFS-07",
    validator: "pre-pr",
    title: "Bad concurrency",
    description: "A workflow's top-level `concurrency:` is a string or a mapping with a `group:`; an empty value or a list is an error, a mapping without `group` a warning.",
    messages: {
      concurrencyIsEmpty: "concurrency is empty",
      concurrencyNoGroup: "concurrency: no group",
      concurrencyIsAList: "concurrency is a list",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_WFS)) return;
  const ws = workflows(ctx);
  for (let d = 0; d < ws.length; d++) {
    const w = ws[d];
    if (!w.structured() || !w.isWorkflow()) continue;
    const lines = w.lines;
    for (let i = 0; i < lines.length; i++) {
      const ln = lines[i];
      if (ln.indent != 0 || ln.item || ln.key != "concurrency") continue;
      const v = ln.value;
      if (v.length == 0) {
        let group = false, child = false;
        for (let j = i + 1; j < lines.length && lines[j].indent > 0; j++) {
          child = true;
          if (lines[j].key == "group") group = true;
        }
        if (!child) ctx.report(ctx.rule, loc(w.doc, ln.no, 1), msg("concurrencyIsEmpty"));
        else if (!group) ctx.reportAs(ctx.rule, SEV_WARNING, loc(w.doc, ln.no, 1), msg("concurrencyNoGroup"));
      } else if (v.startsWith("[")) {
        ctx.report(ctx.rule, loc(w.doc, ln.no, 1), msg("concurrencyIsAList"));
      } else if (v.startsWith("{") && v.indexOf("group") < 0) {
        ctx.reportAs(ctx.rule, SEV_WARNING, loc(w.doc, ln.no, 1), msg("concurrencyNoGroup"));
      }
    }
  }
}
