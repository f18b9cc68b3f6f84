// TR-007: a completed task's designs are complete too.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_INFO } from "../../abi";
import { TrCtx, orderKey, PH_STATUS, FX7 } from "./model";
import { at } from "../../lib/mdscan";
import { asciiLower } from "../../lib/text";

export const TR007 = defineRule("TR-007", SEV_INFO, check);
function TR007_doc(): RuleDoc {
  return {
    id: "TR-007",
    validator: "traceability",
    title: "Status mismatch (Rule 5)",
    description: "A complete/done/implemented TASK points at a DESIGN whose status is not complete-like.",
    messages: {
      taskIsCompleteBut: "TASK '{{task}}' is complete but DESIGN '{{design}}' is '{{status}}'",
    },
  };
}

function check(ctx: TrCtx): void {
  const fx = ctx.fx;
  const designs = ctx.cats[1];
  const tasks = ctx.cats[2].specs;
  for (let i = 0; i < tasks.length; i++) {
    const t = tasks[i];
    if (!complete(t.status(), fx)) continue;
    const rel = t.fm.related;
    for (let k = 0; k < rel.length; k++) {
      if (!at(rel[k], "DESIGN-", 0)) continue;
      const d = designs.get(rel[k]);
      if (d === null || complete(d.status(), fx)) continue;
      ctx.report(ctx.rule, ctx.inSpec(t, t.fm.relatedOff[k], orderKey(PH_STATUS, i, k)), msg("taskIsCompleteBut").s("task", t.id).s("design", d.id).s("status", d.status()));
    }
  }
}

/** complete / done / implemented (FX-7: in any case). */
function complete(s: string, fx: i32): bool {
  const v = (fx & FX7) != 0 ? asciiLower(s) : s;
  return v == "complete" || v == "done" || v == "implemented";
}
