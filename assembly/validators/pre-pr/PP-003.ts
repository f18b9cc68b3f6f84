// PP-003: Markdown Linting — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP003 = defineRule("PP-003", SEV_ERROR, hostRow);
function PP003_doc(): RuleDoc {
  return {
    id: "PP-003",
    validator: "pre-pr",
    title: "Markdown Linting",
    description: "The markdown files changed on the branch pass markdownlint with the repository's markdownlint-cli2 configuration.",
    messages: {},
  };
}
