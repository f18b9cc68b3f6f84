// MI-008: a domain index holds no navigation lines.
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { reportFormatClass, F_NAV } from "./lineclass";
import { MiCtx } from "./ctx";

export const MI008 = defineRule("MI-008", SEV_ERROR, check);
function MI008_doc(): RuleDoc {
  return {
    id: "MI-008",
    validator: "memory-index",
    title: "Navigation line in a domain index",
    description: "A line of a domain index is a navigation line: it starts with `Parent:`, or with `>` and optional spaces followed by a `[...]` (this includes `> [!NOTE]` callouts). Domain indices are pure lookup tables (ADR-017).",
    messages: {
      prohibited: "Line {{line}}: Navigation section detected - '{{text}}' (prohibited per ADR-017)",
    },
  };
}

function check(c: MiCtx): void {
  reportFormatClass(c, F_NAV);
}
