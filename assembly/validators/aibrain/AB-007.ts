// AB-007: Checkpoint file name (aibrain validator; the front matter model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { AibrainCtx } from "./ctx";

export const AB007 = defineRule("AB-007", SEV_ERROR, check);
function AB007_doc(): RuleDoc {
  return {
    id: "AB-007",
    validator: "aibrain",
    title: "Checkpoint file name",
    description: "The file is named session-<task_id>.md after its task_id.",
    messages: {
      fileNameDoesNot: "File name {{baseName}} does not match task_id '{{tid}}' (expected session-{{tid2}}.md)",
    },
  };
}

function check(ctx: AibrainCtx): void {
  if (ctx.v === null || !ctx.stringKeysOk()) return; // AB-002 reports the task_id problem
  const tid = ctx.get("task_id")!;
  const base = ctx.doc.baseName();
  if (base != "session-" + tid.s + ".md") ctx.report(ctx.rule, ctx.at(tid), msg("fileNameDoesNot").s("baseName", base).s("tid", tid.s).s("tid2", tid.s));
}
