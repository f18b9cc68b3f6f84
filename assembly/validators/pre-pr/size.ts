// PP-015: one configurable PR-size rule (commits, changed files, added lines; warn and fail levels).
import { defineRule } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const RDY01 = defineRule("RDY-01", "pre-pr", SEV_ERROR, "Branch size", "Warn/fail levels.");

export const ROLE_SIZE: i32 = 6;

function measure(input: Input, results: Results, doc: Doc, what: string): void {
  const n = input.factInt("size-" + what, -1);
  if (n < 0) return;
  const fail = input.factInt("size-" + what + "-fail", -1);
  const warn = input.factInt("size-" + what + "-warn", -1);
  results.put(doc, what, n.toString());
  if (fail >= 0 && n > fail) {
    results.reportAs(RDY01, SEV_ERROR, doc, 0, 0, n.toString() + " " + what + " > " + fail.toString());
  } else if (warn >= 0 && n > warn) {
    results.reportAs(RDY01, SEV_WARNING, doc, 0, 0, n.toString() + " " + what + " > " + warn.toString());
  }
}

export function checkSize(input: Input, results: Results, docs: Doc[]): void {
  if (docs.length == 0) return;
  measure(input, results, docs[0], "commits");
  measure(input, results, docs[0], "files");
  measure(input, results, docs[0], "additions");
}
