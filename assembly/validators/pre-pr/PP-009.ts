// PP-009: GitHub Actions SHA Pinning — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP009 = defineRule("PP-009", SEV_ERROR, hostRow);
function PP009_doc(): RuleDoc {
  return {
    id: "PP-009",
    validator: "pre-pr",
    title: "GitHub Actions SHA Pinning",
    description: "Every uses: of a changed workflow or action is pinned to a full 40-character commit SHA (PIN-01).",
    messages: {},
  };
}
