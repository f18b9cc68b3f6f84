// CO-005: a PRD needs a Tasks document.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";

export const CO005 = defineRule("CO-005", SEV_ERROR, check);
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

function check(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  ctx.group("RequirementCoverage");
  const prd = f.prd;
  if (prd === null || f.tasks !== null) return;
  ctx.fail("RequirementCoverage");
  ctx.report(ctx.rule, loc(prd), msg("tasksFileNotFound"));
}
