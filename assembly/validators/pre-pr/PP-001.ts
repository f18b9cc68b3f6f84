// PP-001: Session End Validation — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP001 = defineRule("PP-001", SEV_ERROR, hostRow);
function PP001_doc(): RuleDoc {
  return {
    id: "PP-001",
    validator: "pre-pr",
    title: "Session End Validation",
    description: "The session logs changed on the branch pass the session-log validator (delegates to session-log; fails when any log fails).",
    messages: {},
  };
}
