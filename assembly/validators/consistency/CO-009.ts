// CO-009: link targets stay inside the base path.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { links, reportLink } from "./co-links";

export const CO009 = defineRule("CO-009", SEV_ERROR, check);
function CO009_doc(): RuleDoc {
  return {
    id: "CO-009",
    validator: "consistency",
    title: "Reference outside the repository",
    description: "A link target resolves outside the base path (absolute paths included).",
    messages: {
      pathTraversalDetected: "Path traversal detected: {{shown}}",
    },
  };
}

function check(ctx: ConsistencyCtx): void {
  ctx.group("CrossReferences");
  const hits = links(ctx);
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i];
    if (!h.outside) continue;
    ctx.fail("CrossReferences");
    reportLink(ctx, ctx.rule, i, msg("pathTraversalDetected").s("shown", h.shown));
  }
}
