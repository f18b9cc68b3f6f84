// SM-003: Session id is the folder name (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { J_STR } from "../../lib/json";
import { ManifestCtx, folderOf } from "./ctx";

export const SM003 = defineRule("SM-003", SEV_ERROR, check);
function SM003_doc(): RuleDoc {
  return {
    id: "SM-003",
    validator: "manifest",
    title: "Session id is the folder name",
    description: "session_id equals the name of its agents/sessions/ folder.",
    messages: {
      sessionIdIsNot: "session_id '{{id}}' is not the folder name '{{folder}}'",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (ctx.contentOnly || !ctx.isObject()) return;
  const folder = folderOf(ctx.doc.name);
  const id = ctx.root!.get("session_id");
  if (id !== null && id.kind == J_STR && folder.length > 0 && id.s != folder) {
    ctx.report(ctx.rule, ctx.at(id), msg("sessionIdIsNot").s("id", id.s).s("folder", folder));
  }
}
