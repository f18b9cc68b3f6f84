// PP-002: Test Command — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP002 = defineRule("PP-002", SEV_ERROR, hostRow);
function PP002_doc(): RuleDoc {
  return {
    id: "PP-002",
    validator: "pre-pr",
    title: "Test Command",
    description: "The configured prePr.testCommand exits 0 within its timeout (off by default; repository-specific).",
    messages: {},
  };
}
