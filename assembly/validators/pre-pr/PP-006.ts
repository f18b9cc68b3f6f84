// PP-006: Path Normalization — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP006 = defineRule("PP-006", SEV_ERROR, hostRow);
function PP006_doc(): RuleDoc {
  return {
    id: "PP-006",
    validator: "pre-pr",
    title: "Path Normalization",
    description: "Changed text files cite repository paths in the normalized form (no absolute or user-specific paths); PATH-* findings.",
    messages: {},
  };
}
