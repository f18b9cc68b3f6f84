// CO-003: the PRD references its Epic.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { mentionsEpicId } from "./co-scope";

export const CO003 = defineRule("CO-003", SEV_ERROR, check);
function CO003_doc(): RuleDoc {
  return {
    id: "CO-003",
    validator: "consistency",
    title: "PRD does not reference its Epic",
    description: "The PRD names neither the Epic file nor any EPIC-NNN id.",
    messages: {
      prdDoesNotReference: "PRD does not reference parent Epic",
    },
  };
}

function check(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  const epic = f.epic;
  const prd = f.prd;
  if (epic === null || prd === null) return;
  if (ctx.unread("ScopeAlignment", prd)) return;
  const pt = prd.text();
  if (pt.indexOf(epic.baseName()) >= 0 || mentionsEpicId(pt)) return;
  ctx.fail("ScopeAlignment");
  ctx.report(ctx.rule, loc(prd), msg("prdDoesNotReference"));
}
