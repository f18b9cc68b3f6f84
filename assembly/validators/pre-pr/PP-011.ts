// PP-011: Skill Frontmatter — a check row of the pre-pr report, run by the host (tools, delegations to other
// validators); its findings come from the rules it runs (see the description).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { hostRow } from "./ctx";

export const PP011 = defineRule("PP-011", SEV_ERROR, hostRow);
function PP011_doc(): RuleDoc {
  return {
    id: "PP-011",
    validator: "pre-pr",
    title: "Skill Frontmatter",
    description: "Changed SKILL.md files have valid front matter: name, description, model and tools from the allowed lists (SFM-* findings).",
    messages: {},
  };
}
