// TR-008: spec ids are unique within their category (opt-in).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { TrCtx, orderKey, PH_DUPLICATES, TR8 } from "./model";
import { TextBuf } from "../../lib/text";

const namesBuf = new TextBuf();

export const TR008 = defineRule("TR-008", SEV_ERROR, check);
function TR008_doc(): RuleDoc {
  return {
    id: "TR-008",
    validator: "traceability",
    title: "Duplicate spec id",
    description: "Opt-in: spec files of one category share an id (only the last in name order counts).",
    messages: {
      duplicateIdIn: "Duplicate id '{{id}}' in {{files}}",
    },
  };
}

function check(ctx: TrCtx): void {
  if ((ctx.fx & TR8) == 0) return;
  for (let c = 0; c < 3; c++) {
    const cat = ctx.cats[c];
    const ids = cat.ids;
    for (let i = 0; i < ids.length; i++) {
      const docs = cat.all.get(ids[i]);
      if (docs.length < 2) continue;
      const nb = namesBuf.reset();
      for (let k = 0; k < docs.length; k++) (k > 0 ? nb.add(", ") : nb).add(docs[k].baseName());
      const names = nb.take();
      for (let k = 0; k < docs.length; k++) ctx.report(ctx.rule, loc(docs[k], 1, 0, orderKey(PH_DUPLICATES, 0, 0)), msg("duplicateIdIn").s("id", ids[i]).s("files", names));
    }
  }
}
