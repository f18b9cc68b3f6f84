// AB-006: Archive holds completed tasks (aibrain validator; the front matter model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { AibrainCtx, DOC_FLAG_ARCHIVED } from "./ctx";

export const AB006 = defineRule("AB-006", SEV_ERROR, check);
function AB006_doc(): RuleDoc {
  return {
    id: "AB-006",
    validator: "aibrain",
    title: "Archive holds completed tasks",
    description: "Only completed tasks are in .aibrain/sessions/archive/.",
    messages: {
      archivedTaskHasStatus: "Archived task has status {{status}} (only completed tasks are archived)",
    },
  };
}

function check(ctx: AibrainCtx): void {
  if (ctx.v === null || (ctx.doc.flags & DOC_FLAG_ARCHIVED) == 0) return;
  const status = ctx.status();
  if (status.length > 0 && status != "completed") ctx.report(ctx.rule, ctx.at(ctx.get("status")), msg("archivedTaskHasStatus").s("status", status));
}
