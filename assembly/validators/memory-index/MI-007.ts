// MI-007: a domain index holds no metadata lines.
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { reportFormatClass, F_META } from "./lineclass";
import { MiCtx } from "./ctx";

export const MI007 = defineRule("MI-007", SEV_ERROR, check);
function MI007_doc(): RuleDoc {
  return {
    id: "MI-007",
    validator: "memory-index",
    title: "Metadata line in a domain index",
    description: "A line of a domain index is a metadata line: `**`, a label without `*`, then `**:` (for example `**Status**: Active`; `**Status:** x` does not match). Domain indices are pure lookup tables (ADR-017).",
    messages: {
      prohibited: "Line {{line}}: Metadata block detected - '{{text}}' (prohibited per ADR-017)",
    },
  };
}

function check(c: MiCtx): void {
  reportFormatClass(c, F_META);
}
