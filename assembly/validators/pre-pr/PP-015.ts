// PP-015: PR Size — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP015 = defineRule("PP-015", SEV_ERROR, hostRow);
function PP015_doc(): RuleDoc {
  return {
    id: "PP-015",
    validator: "pre-pr",
    title: "PR Size",
    description: "The branch stays under the configured warn/fail levels for commits, changed files and added lines (RDY-01).",
    messages: {},
  };
}
