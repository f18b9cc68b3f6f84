// RequirementCoverage: CO-005, CO-006 (PRD <-> Tasks).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { countShape, SHAPE_LIST_BOX, SHAPE_NUMBERED, SHAPE_TASK_HEADING } from "../../lib/mdscan";

export const CO005 = defineRule("CO-005", SEV_ERROR);
function CO005_doc(): RuleDoc {
  return {
    id: "CO-005",
    validator: "consistency",
    title: "Tasks missing for PRD",
    description: "The feature has a PRD but no Tasks document.",
    messages: {
      tasksFileNotFound: "Tasks file not found for PRD",
    },
  };
}
export const CO006 = defineRule("CO-006", SEV_ERROR);
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

export function checkCoverage(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  const prd = f.prd;
  const tasks = f.tasks;
  if (prd === null) {
    ctx.check("RequirementCoverage", true);
    return;
  }
  if (tasks === null) {
    ctx.report(CO005, prd, 0, msg("tasksFileNotFound"));
    ctx.check("RequirementCoverage", false);
    return;
  }
  const pt = prd.text();
  const tt = tasks.text();
  const r = countShape(pt, SHAPE_LIST_BOX) + countShape(pt, SHAPE_NUMBERED);
  const t = countShape(tt, SHAPE_LIST_BOX) + countShape(tt, SHAPE_TASK_HEADING);
  f.counters.push("requirementItems=" + r.toString());
  f.counters.push("taskItems=" + t.toString());
  if (t < r) {
    ctx.report(CO006, tasks, 0, msg("fewerTasksThanRequirements").s("t", t.toString()).s("r", r.toString()));
  }
  ctx.check("RequirementCoverage", t >= r);
}
