// TR-006: a design's REQ references exist.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { TrCtx, orderKey, PH_DESIGN_REFS } from "./model";
import { at } from "../../lib/mdscan";

export const TR006 = defineRule("TR-006", SEV_ERROR, check);
function TR006_doc(): RuleDoc {
  return {
    id: "TR-006",
    validator: "traceability",
    title: "Unknown requirement (Rule 4)",
    description: "The DESIGN lists a REQ- id that no requirement spec has.",
    messages: {
      designReferencesNonExistent: "DESIGN '{{design}}' references non-existent REQ '{{id}}'",
    },
  };
}

function check(ctx: TrCtx): void {
  if (ctx.unread[0]) return; // an unread requirement file may hold any REQ id
  const reqs = ctx.cats[0];
  const designs = ctx.cats[1].specs;
  for (let i = 0; i < designs.length; i++) {
    const d = designs[i];
    const rel = d.fm.related;
    for (let k = 0; k < rel.length; k++) {
      const id = rel[k];
      if (!at(id, "REQ-", 0) || reqs.get(id) !== null) continue;
      ctx.report(ctx.rule, ctx.inSpec(d, d.fm.relatedOff[k], orderKey(PH_DESIGN_REFS, i, k)), msg("designReferencesNonExistent").s("design", d.id).s("id", id));
    }
  }
}
