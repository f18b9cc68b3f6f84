// TR-004: every design has a task referencing it.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { TrCtx, orderKey, PH_DESIGNS } from "./model";

export const TR004 = defineRule("TR-004", SEV_WARNING, check);
function TR004_doc(): RuleDoc {
  return {
    id: "TR-004",
    validator: "traceability",
    title: "Orphaned design (Rule 3)",
    description: "No loaded TASK lists this DESIGN.",
    messages: {
      designHasNoTask: "DESIGN '{{design}}' has no TASK referencing it (orphaned design)",
    },
  };
}

function check(ctx: TrCtx): void {
  if (ctx.unread[2]) return; // a task that could not be read may reference any DESIGN
  const designs = ctx.cats[1].specs;
  for (let i = 0; i < designs.length; i++) {
    const d = designs[i];
    if (!ctx.designHasTask.has(d.id)) ctx.report(ctx.rule, ctx.inSpec(d, d.fm.idOff, orderKey(PH_DESIGNS, i, 1)), msg("designHasNoTask").s("design", d.id));
  }
}
