// CO-006: the Tasks document covers the PRD's requirements.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { countShape, SHAPE_LIST_BOX, SHAPE_NUMBERED, SHAPE_TASK_HEADING } from "../../lib/mdscan";

export const CO006 = defineRule("CO-006", SEV_ERROR, check);
function CO006_doc(): RuleDoc {
  return {
    id: "CO-006",
    validator: "consistency",
    title: "Fewer tasks than requirements",
    description: "The Tasks document has fewer items (checkboxes, ### Task headings) than the PRD (checkboxes, numbered items).",
    messages: {
      fewerTasksThanRequirements: "Fewer tasks ({{t}}) than requirements ({{r}})",
    },
  };
}

function check(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  const prd = f.prd;
  const tasks = f.tasks;
  if (prd === null || tasks === null) return;
  if (ctx.unread("RequirementCoverage", prd) || ctx.unread("RequirementCoverage", tasks)) return;
  const pt = prd.text();
  const tt = tasks.text();
  const r = countShape(pt, SHAPE_LIST_BOX) + countShape(pt, SHAPE_NUMBERED);
  const t = countShape(tt, SHAPE_LIST_BOX) + countShape(tt, SHAPE_TASK_HEADING);
  f.counters.push("requirementItems=" + r.toString());
  f.counters.push("taskItems=" + t.toString());
  if (t >= r) return;
  ctx.fail("RequirementCoverage");
  ctx.report(ctx.rule, loc(tasks), msg("fewerTasksThanRequirements").s("t", t.toString()).s("r", r.toString()));
}
