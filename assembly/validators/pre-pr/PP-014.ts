// PP-014: Spec Traceability — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP014 = defineRule("PP-014", SEV_ERROR, hostRow);
function PP014_doc(): RuleDoc {
  return {
    id: "PP-014",
    validator: "pre-pr",
    title: "Spec Traceability",
    description: "The specs changed on the branch pass the traceability validator (delegates to traceability).",
    messages: {},
  };
}
