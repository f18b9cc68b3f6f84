// PP-004: Workflow YAML Validation (actionlint) — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP004 = defineRule("PP-004", SEV_ERROR, hostRow);
function PP004_doc(): RuleDoc {
  return {
    id: "PP-004",
    validator: "pre-pr",
    title: "Workflow YAML Validation (actionlint)",
    description: "Changed workflow files pass actionlint; a missing actionlint is a visible SKIP (FAIL with --require-tools or --ci), never a PASS.",
    messages: {},
  };
}
