// TR-002: every task references a design.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { TrCtx, orderKey, PH_TASKS } from "./model";
import { at } from "../../lib/mdscan";

export const TR002 = defineRule("TR-002", SEV_ERROR, check);
function TR002_doc(): RuleDoc {
  return {
    id: "TR-002",
    validator: "traceability",
    title: "Untraced task (Rule 2)",
    description: "The TASK lists no DESIGN- id in its related ids.",
    messages: {
      taskHasNoDesign: "TASK '{{task}}' has no DESIGN reference (untraced task)",
    },
  };
}

function check(ctx: TrCtx): void {
  const tasks = ctx.cats[2].specs;
  for (let i = 0; i < tasks.length; i++) {
    const t = tasks[i];
    const rel = t.fm.related;
    let any = false;
    for (let k = 0; k < rel.length; k++) if (at(rel[k], "DESIGN-", 0)) any = true;
    if (!any) ctx.report(ctx.rule, ctx.inSpec(t, t.fm.idOff, orderKey(PH_TASKS, i, 0xffff)), msg("taskHasNoDesign").s("task", t.id));
  }
}
