// PP-005: YAML Style Validation (yamllint) — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP005 = defineRule("PP-005", SEV_ERROR, hostRow);
function PP005_doc(): RuleDoc {
  return {
    id: "PP-005",
    validator: "pre-pr",
    title: "YAML Style Validation (yamllint)",
    description: "Changed YAML files pass yamllint; a missing yamllint is a visible SKIP (FAIL with --require-tools or --ci), never a PASS.",
    messages: {},
  };
}
