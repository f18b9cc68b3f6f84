// TR-005: a task's DESIGN references exist.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { TrCtx, orderKey, PH_TASKS } from "./model";
import { at } from "../../lib/mdscan";

export const TR005 = defineRule("TR-005", SEV_ERROR, check);
function TR005_doc(): RuleDoc {
  return {
    id: "TR-005",
    validator: "traceability",
    title: "Unknown design (Rule 4)",
    description: "The TASK lists a DESIGN- id that no design spec has.",
    messages: {
      taskReferencesNonExistent: "TASK '{{task}}' references non-existent DESIGN '{{id}}'",
    },
  };
}

function check(ctx: TrCtx): void {
  if (ctx.unread[1]) return; // an unread design file may hold any DESIGN id
  const designs = ctx.cats[1];
  const tasks = ctx.cats[2].specs;
  for (let i = 0; i < tasks.length; i++) {
    const t = tasks[i];
    const rel = t.fm.related;
    for (let k = 0; k < rel.length; k++) {
      const id = rel[k];
      if (!at(id, "DESIGN-", 0) || designs.get(id) !== null) continue;
      ctx.report(ctx.rule, ctx.inSpec(t, t.fm.relatedOff[k], orderKey(PH_TASKS, i, k)), msg("taskReferencesNonExistent").s("task", t.id).s("id", id));
    }
  }
}
