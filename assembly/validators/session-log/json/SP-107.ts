// SP-107 (full mode): every required checklist item is present.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { JsonCtx } from "./ctx";
import { SECTIONS, missingSeq, reportRow } from "./checklist";

export const SP107 = defineRule("SP-107", SEV_ERROR, check);
function SP107_doc(): RuleDoc {
  return {
    id: "SP-107",
    validator: "session-log",
    title: "Required checklist items present",
    description: "Every required sessionStart/sessionEnd item is present (legacy handoffNotUpdated stands for handoffPreserved).",
    messages: {
      missingRequiredItem: "Missing required item: {{name}}.{{missing}}",
    },
  };
}

function check(ctx: JsonCtx): void {
  const log = ctx.log!;
  for (let s = 0; s < SECTIONS.length; s++) {
    const name = SECTIONS[s];
    const sec = log.section(name);
    if (sec === null) continue; // the schema layer reports it
    const seq = missingSeq(ctx, s); // the rows found the missing items (./checklist.ts)
    const missing = ctx.missing[s];
    if (missing.length == 0) continue;
    missing.sort();
    for (let i = 0; i < missing.length; i++) reportRow(ctx, ctx.rule, seq, sec, msg("missingRequiredItem").s("name", name).s("missing", missing[i]));
  }
}
