// MI-006: a domain index holds no title (ADR-017: a pure lookup table).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { reportFormatClass, F_TITLE } from "./lineclass";
import { MiCtx } from "./ctx";

export const MI006 = defineRule("MI-006", SEV_ERROR, check);
function MI006_doc(): RuleDoc {
  return {
    id: "MI-006",
    validator: "memory-index",
    title: "Title in a domain index",
    description: "A line of a domain index is a Markdown heading (one or more `#` followed by white space, any level), also after the table. Domain indices are pure lookup tables (ADR-017): titles, metadata and navigation cost tokens on every lookup.",
    messages: {
      prohibited: "Line {{line}}: Title detected - '{{text}}' (prohibited per ADR-017)",
    },
  };
}

function check(c: MiCtx): void {
  reportFormatClass(c, F_TITLE);
}
