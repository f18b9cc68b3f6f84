// PP-012: PR Description vs Diff — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP012 = defineRule("PP-012", SEV_ERROR, hostRow);
function PP012_doc(): RuleDoc {
  return {
    id: "PP-012",
    validator: "pre-pr",
    title: "PR Description vs Diff",
    description: "The PR description names the significant changed files, has the required sections and no unchecked checklist items (PRD-* findings).",
    messages: {},
  };
}
