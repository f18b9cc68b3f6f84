// CO-008: relative links resolve.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { links, reportLink } from "./co-links";

export const CO008 = defineRule("CO-008", SEV_ERROR, check);
function CO008_doc(): RuleDoc {
  return {
    id: "CO-008",
    validator: "consistency",
    title: "Broken reference",
    description: "A relative link in an Epic, PRD, Tasks or Plan points to nothing.",
    messages: {
      brokenReference: "Broken reference: {{shown}}",
    },
  };
}

function check(ctx: ConsistencyCtx): void {
  ctx.group("CrossReferences");
  const hits = links(ctx);
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i];
    if (h.outside) continue;
    ctx.fail("CrossReferences");
    reportLink(ctx, ctx.rule, i, msg("brokenReference").s("shown", h.shown));
  }
}
