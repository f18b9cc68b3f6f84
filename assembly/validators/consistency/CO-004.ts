// CO-004: the PRD has at least as many requirements as the Epic has success criteria.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { sectionAfter, countCriteria, countRequirements } from "../../lib/mdscan";

export const CO004 = defineRule("CO-004", SEV_ERROR, check);
function CO004_doc(): RuleDoc {
  return {
    id: "CO-004",
    validator: "consistency",
    title: "Fewer requirements than success criteria",
    description: "The PRD's Requirements section has fewer items than the Epic's Success Criteria checkboxes.",
    messages: {
      prdHasFewerRequirements: "PRD has fewer requirements ({{r}}) than Epic success criteria ({{c}})",
    },
  };
}

function check(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  const epic = f.epic;
  const prd = f.prd;
  if (epic === null || prd === null) return;
  if (ctx.unread("ScopeAlignment", epic) || ctx.unread("ScopeAlignment", prd)) return;
  const et = epic.text();
  const crit = sectionAfter(et, "### Success Criteria", "###");
  if (crit[0] < 0) return;
  const n = countCriteria(et, crit[0], crit[1]);
  const pt = prd.text();
  const req = sectionAfter(pt, "## Requirements", "##");
  if (n <= 0 || req[0] < 0) return;
  const r = countRequirements(pt, req[0], req[1]);
  f.counters.push("criteria=" + n.toString());
  f.counters.push("requirements=" + r.toString());
  if (r >= n) return;
  ctx.fail("ScopeAlignment");
  ctx.report(ctx.rule, loc(prd), msg("prdHasFewerRequirements").s("r", r.toString()).s("c", n.toString()));
}
