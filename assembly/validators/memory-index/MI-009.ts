// MI-009: nothing but table rows after the table starts.
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { reportFormatClass, F_NONTABLE } from "./lineclass";
import { MiCtx } from "./ctx";

export const MI009 = defineRule("MI-009", SEV_ERROR, check);
function MI009_doc(): RuleDoc {
  return {
    id: "MI-009",
    validator: "memory-index",
    title: "Non-table line after the table",
    description: "After the first table row of a domain index (a trimmed line that starts and ends with `|`), every non-blank line must be a table row. Lines before the table that are no title, metadata or navigation line are ignored. A line gets at most one of MI-006..MI-009 (checked in that order).",
    messages: {
      prohibited: "Line {{line}}: Non-table content detected - '{{text}}' (prohibited per ADR-017)",
    },
  };
}

function check(c: MiCtx): void {
  reportFormatClass(c, F_NONTABLE);
}
