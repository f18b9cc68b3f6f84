// RequirementCoverage: CO-005, CO-006 (PRD <-> Tasks).
import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { countShape, SHAPE_LIST_BOX, SHAPE_NUMBERED, SHAPE_TASK_HEADING } from "../../lib/mdscan";

export const CO005 = defineRule("CO-005", "consistency", SEV_ERROR, "Tasks missing for PRD",
  "The feature has a PRD but no Tasks document.");
export const CO006 = defineRule("CO-006", "consistency", SEV_ERROR, "Fewer tasks than requirements",
  "The Tasks document has fewer items (checkboxes, ### Task headings) than the PRD (checkboxes, numbered items).");

export function checkCoverage(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  const prd = f.prd;
  const tasks = f.tasks;
  if (prd === null) {
    ctx.check("RequirementCoverage", true);
    return;
  }
  if (tasks === null) {
    ctx.report(CO005, prd, 0, "Tasks file not found for PRD");
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
    ctx.report(CO006, tasks, 0, "Fewer tasks (" + t.toString() + ") than requirements (" + r.toString() + ")");
  }
  ctx.check("RequirementCoverage", t >= r);
}
