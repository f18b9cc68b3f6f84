// PP-007: Planning Artifacts — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP007 = defineRule("PP-007", SEV_ERROR, hostRow);
function PP007_doc(): RuleDoc {
  return {
    id: "PP-007",
    validator: "pre-pr",
    title: "Planning Artifacts",
    description: "Planning documents changed on the branch keep estimates and task lists consistent (PLAN-* findings; off by default).",
    messages: {},
  };
}
