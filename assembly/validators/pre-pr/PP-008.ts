// PP-008: Agent Drift Detection — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP008 = defineRule("PP-008", SEV_ERROR, hostRow);
function PP008_doc(): RuleDoc {
  return {
    id: "PP-008",
    validator: "pre-pr",
    title: "Agent Drift Detection",
    description: "Paired agent definitions keep their shared sections in agreement above the configured threshold (DRIFT-* findings; off by default).",
    messages: {},
  };
}
