// TR-003: every design references a requirement.
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { TrCtx, orderKey, PH_DESIGNS, hasReq } from "./model";

export const TR003 = defineRule("TR-003", SEV_WARNING, check);
function TR003_doc(): RuleDoc {
  return {
    id: "TR-003",
    validator: "traceability",
    title: "Design without requirement (Rule 3)",
    description: "The DESIGN lists no REQ- id in its related ids.",
    messages: {
      designHasNoReq: "DESIGN '{{design}}' has no REQ reference (missing backward trace)",
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<TrCtx>(c);
  const designs = ctx.cats[1].specs;
  for (let i = 0; i < designs.length; i++) {
    const d = designs[i];
    if (!hasReq(d)) ctx.report(ctx.rule, d, d.fm.idOff, msg("designHasNoReq").s("design", d.id), orderKey(PH_DESIGNS, i, 0));
  }
}
