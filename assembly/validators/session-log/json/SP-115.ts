// SP-115 (JSON session log, every mode): session number matches the file name.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { J_NUM } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { fileNumber, stripZeros } from "./session-fields";

export const SP115 = defineRule("SP-115", SEV_ERROR, check);
function SP115_doc(): RuleDoc {
  return {
    id: "SP-115",
    validator: "session-log",
    title: "Session number matches the file name",
    description: "An integer session.number equals the number in the file name (leading zeros ignored).",
    messages: {
      sessionNumberDoesNot: "session.number ({{num}}) does not match the number in the file name ({{fromName}}): {{base}}. Set session.number to {{fromName2}}, or rename the file to carry session number {{num2}}",
    },
  };
}

function check(ctx: JsonCtx): void {
  const log = ctx.log!;
  const sess = log.session();
  if (sess === null) return;
  const num = sess.get("number");
  if (num === null || num.kind != J_NUM || !num.isIntLiteral()) return;
  const base = log.ctx.doc.baseName();
  const fromName = fileNumber(base);
  if (fromName.length == 0) return;
  const declared = num.s.startsWith("-") ? num.s : stripZeros(num.s);
  if (declared != fromName) {
    ctx.report(ctx.rule, log.at(num), msg("sessionNumberDoesNot").s("num", num.s).s("fromName", fromName).s("base", base).s("fromName2", fromName).s("num2", num.s));
  }
}
