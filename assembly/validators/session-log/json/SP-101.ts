// SP-101: the root of a JSON log is an object (otherwise no other rule runs, ./index.ts).
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { J_OBJ, jsonShort } from "../../../lib/json";
import { JsonCtx } from "./ctx";

export const SP101 = defineRule("SP-101", SEV_ERROR, check);
function SP101_doc(): RuleDoc {
  return {
    id: "SP-101",
    validator: "session-log",
    title: "JSON log root is an object",
    description: "The top-level JSON value is an object (otherwise no other rule runs).",
    messages: {
      schemaRootIsNot: "Schema: (root): {{jsonShort}} is not of type 'object'; a session log is a JSON object",
    },
  };
}

function check(ctx: JsonCtx): void {
  const v = ctx.parsed.value;
  if (ctx.parsed.error.length > 0 || v === null || v.kind == J_OBJ) return; // SP-100 reports a parse failure
  ctx.report(ctx.rule, ctx.at(1, 1), msg("schemaRootIsNot").s("jsonShort", jsonShort(v)));
}
