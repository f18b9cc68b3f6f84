// TR-001: every requirement has a design referencing it.
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { TrCtx, orderKey, PH_REQS } from "./model";

export const TR001 = defineRule("TR-001", SEV_WARNING, check);
function TR001_doc(): RuleDoc {
  return {
    id: "TR-001",
    validator: "traceability",
    title: "Orphaned requirement (Rule 1)",
    description: "No loaded DESIGN lists this REQ in its related ids.",
    messages: {
      reqHasNoDesign: "REQ '{{req}}' has no DESIGN referencing it (orphaned requirement)",
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<TrCtx>(c);
  const reqs = ctx.cats[0].specs;
  for (let i = 0; i < reqs.length; i++) {
    const r = reqs[i];
    if (!ctx.reqHasDesign.has(r.id)) ctx.report(ctx.rule, r, r.fm.idOff, msg("reqHasNoDesign").s("req", r.id), orderKey(PH_REQS, i, 0));
  }
}
