// PP-013: HANDOFF Token Budget — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP013 = defineRule("PP-013", SEV_ERROR, hostRow);
function PP013_doc(): RuleDoc {
  return {
    id: "PP-013",
    validator: "pre-pr",
    title: "HANDOFF Token Budget",
    description: "The handoff file stays under the configured token budget (TOK-* findings; off by default).",
    messages: {},
  };
}
