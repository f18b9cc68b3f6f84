// CO-002: an Epic needs a PRD.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";

export const CO002 = defineRule("CO-002", SEV_ERROR, check);
function CO002_doc(): RuleDoc {
  return {
    id: "CO-002",
    validator: "consistency",
    title: "PRD missing for Epic",
    description: "The feature has an Epic but no PRD.",
    messages: {
      prdFileNotFound: "PRD file not found",
    },
  };
}

function check(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  const epic = f.epic;
  if (epic === null || f.prd !== null) return;
  ctx.fail("ScopeAlignment");
  ctx.report(ctx.rule, loc(epic), msg("prdFileNotFound"));
}
