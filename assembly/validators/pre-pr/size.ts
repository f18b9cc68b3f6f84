// PP-015: one configurable PR-size rule (commits, changed files, added lines; warn and fail levels).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const RDY01 = defineRule("RDY-01", SEV_ERROR);
function RDY01_doc(): RuleDoc {
  return {
    id: "RDY-01",
    validator: "pre-pr",
    title: "Branch size",
    description: "Warn/fail levels.",
    messages: {
      message: "{{n}} {{what}} > {{fail}}",
      message2: "{{n}} {{what}} > {{warn}}",
    },
  };
}

export const ROLE_SIZE: i32 = 6;

function measure(input: Input, results: Results, doc: Doc, what: string): void {
  const n = input.factInt("size-" + what, -1);
  if (n < 0) return;
  const fail = input.factInt("size-" + what + "-fail", -1);
  const warn = input.factInt("size-" + what + "-warn", -1);
  results.put(doc, what, n.toString());
  if (fail >= 0 && n > fail) {
    results.reportAs(RDY01, SEV_ERROR, doc, 0, 0, msg("message").s("n", n.toString()).s("what", what).s("fail", fail.toString()));
  } else if (warn >= 0 && n > warn) {
    results.reportAs(RDY01, SEV_WARNING, doc, 0, 0, msg("message2").s("n", n.toString()).s("what", what).s("warn", warn.toString()));
  }
}

export function checkSize(input: Input, results: Results, docs: Doc[]): void {
  if (docs.length == 0) return;
  measure(input, results, docs[0], "commits");
  measure(input, results, docs[0], "files");
  measure(input, results, docs[0], "additions");
}
