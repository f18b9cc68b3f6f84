// TR-003: every design references a requirement.
import { defineRule, msg, RuleDoc } from "../../rules";
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

function check(ctx: TrCtx): void {
  const designs = ctx.cats[1].specs;
  for (let i = 0; i < designs.length; i++) {
    const d = designs[i];
    if (!hasReq(d)) ctx.report(ctx.rule, ctx.inSpec(d, d.fm.idOff, orderKey(PH_DESIGNS, i, 0)), msg("designHasNoReq").s("design", d.id));
  }
}
