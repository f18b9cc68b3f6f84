// TR-001: every requirement has a design referencing it.
import { defineRule, msg, RuleDoc } from "../../rules";
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
    // the traceability validator's skip reasons (document data "skip", rendered by the host)
    terms: {
      skipFeatureLayout: "docs/features/FEAT-*/ layout is not covered: not checked",
      skipNoFrontMatter: "no front matter: not a spec",
      skipNoId: "front matter has no id: not a spec",
      skipDuplicateId: "duplicate id {{id}}: {{used}} is used (last in name order)",
      skipNoSpecs: "0 specs with an id found in {{n}} candidate file(s)",
      skipUnreadSpecs: "not fully checked: {{n}} spec file(s) could not be read ({{rules}} not checked against them)",
    },
  };
}

function check(ctx: TrCtx): void {
  if (ctx.unread[1]) return; // a design that could not be read may reference any REQ
  const reqs = ctx.cats[0].specs;
  for (let i = 0; i < reqs.length; i++) {
    const r = reqs[i];
    if (!ctx.reqHasDesign.has(r.id)) ctx.report(ctx.rule, ctx.inSpec(r, r.fm.idOff, orderKey(PH_REQS, i, 0)), msg("reqHasNoDesign").s("req", r.id));
  }
}
