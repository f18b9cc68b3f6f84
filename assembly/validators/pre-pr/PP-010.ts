// PP-010: Workflow Structure — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP010 = defineRule("PP-010", SEV_ERROR, hostRow);
function PP010_doc(): RuleDoc {
  return {
    id: "PP-010",
    validator: "pre-pr",
    title: "Workflow Structure",
    description: "Changed workflows parse and have the expected shape: name, on, jobs, permissions, concurrency (WFS-* findings).",
    messages: {},
  };
}
