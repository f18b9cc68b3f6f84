// The pre-pr check rows (PP-0xx) as rules of the one registry. They run in the host (tools,
// delegations to other validators) and appear as rows of the pre-pr report, not as findings; they
// are declared here so that every id of agentcheck has one home, one description and one docs page.
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
export const PP001 = defineRule("PP-001", SEV_ERROR);
function PP001_doc(): RuleDoc {
  return {
    id: "PP-001",
    validator: "pre-pr",
    title: "Session End Validation",
    description: "The session logs changed on the branch pass the session-log validator (delegates to session-log; fails when any log fails).",
    messages: {},
  };
}
export const PP002 = defineRule("PP-002", SEV_ERROR);
function PP002_doc(): RuleDoc {
  return {
    id: "PP-002",
    validator: "pre-pr",
    title: "Test Command",
    description: "The configured prePr.testCommand exits 0 within its timeout (off by default; repository-specific).",
    messages: {},
  };
}
export const PP003 = defineRule("PP-003", SEV_ERROR);
function PP003_doc(): RuleDoc {
  return {
    id: "PP-003",
    validator: "pre-pr",
    title: "Markdown Linting",
    description: "The markdown files changed on the branch pass markdownlint with the repository's markdownlint-cli2 configuration.",
    messages: {},
  };
}
export const PP004 = defineRule("PP-004", SEV_ERROR);
function PP004_doc(): RuleDoc {
  return {
    id: "PP-004",
    validator: "pre-pr",
    title: "Workflow YAML Validation (actionlint)",
    description: "Changed workflow files pass actionlint; a missing actionlint is a visible SKIP (FAIL with --require-tools or --ci), never a PASS.",
    messages: {},
  };
}
export const PP005 = defineRule("PP-005", SEV_ERROR);
function PP005_doc(): RuleDoc {
  return {
    id: "PP-005",
    validator: "pre-pr",
    title: "YAML Style Validation (yamllint)",
    description: "Changed YAML files pass yamllint; a missing yamllint is a visible SKIP (FAIL with --require-tools or --ci), never a PASS.",
    messages: {},
  };
}
export const PP006 = defineRule("PP-006", SEV_ERROR);
function PP006_doc(): RuleDoc {
  return {
    id: "PP-006",
    validator: "pre-pr",
    title: "Path Normalization",
    description: "Changed text files cite repository paths in the normalized form (no absolute or user-specific paths); PATH-* findings.",
    messages: {},
  };
}
export const PP007 = defineRule("PP-007", SEV_ERROR);
function PP007_doc(): RuleDoc {
  return {
    id: "PP-007",
    validator: "pre-pr",
    title: "Planning Artifacts",
    description: "Planning documents changed on the branch keep estimates and task lists consistent (PLAN-* findings; off by default).",
    messages: {},
  };
}
export const PP008 = defineRule("PP-008", SEV_ERROR);
function PP008_doc(): RuleDoc {
  return {
    id: "PP-008",
    validator: "pre-pr",
    title: "Agent Drift Detection",
    description: "Paired agent definitions keep their shared sections in agreement above the configured threshold (DRIFT-* findings; off by default).",
    messages: {},
  };
}
export const PP009 = defineRule("PP-009", SEV_ERROR);
function PP009_doc(): RuleDoc {
  return {
    id: "PP-009",
    validator: "pre-pr",
    title: "GitHub Actions SHA Pinning",
    description: "Every uses: of a changed workflow or action is pinned to a full 40-character commit SHA (PIN-01).",
    messages: {},
  };
}
export const PP010 = defineRule("PP-010", SEV_ERROR);
function PP010_doc(): RuleDoc {
  return {
    id: "PP-010",
    validator: "pre-pr",
    title: "Workflow Structure",
    description: "Changed workflows parse and have the expected shape: name, on, jobs, permissions, concurrency (WFS-* findings).",
    messages: {},
  };
}
export const PP011 = defineRule("PP-011", SEV_ERROR);
function PP011_doc(): RuleDoc {
  return {
    id: "PP-011",
    validator: "pre-pr",
    title: "Skill Frontmatter",
    description: "Changed SKILL.md files have valid front matter: name, description, model and tools from the allowed lists (SFM-* findings).",
    messages: {},
  };
}
export const PP012 = defineRule("PP-012", SEV_ERROR);
function PP012_doc(): RuleDoc {
  return {
    id: "PP-012",
    validator: "pre-pr",
    title: "PR Description vs Diff",
    description: "The PR description names the significant changed files, has the required sections and no unchecked checklist items (PRD-* findings).",
    messages: {},
  };
}
export const PP013 = defineRule("PP-013", SEV_ERROR);
function PP013_doc(): RuleDoc {
  return {
    id: "PP-013",
    validator: "pre-pr",
    title: "HANDOFF Token Budget",
    description: "The handoff file stays under the configured token budget (TOK-* findings; off by default).",
    messages: {},
  };
}
export const PP014 = defineRule("PP-014", SEV_ERROR);
function PP014_doc(): RuleDoc {
  return {
    id: "PP-014",
    validator: "pre-pr",
    title: "Spec Traceability",
    description: "The specs changed on the branch pass the traceability validator (delegates to traceability).",
    messages: {},
  };
}
export const PP015 = defineRule("PP-015", SEV_ERROR);
function PP015_doc(): RuleDoc {
  return {
    id: "PP-015",
    validator: "pre-pr",
    title: "PR Size",
    description: "The branch stays under the configured warn/fail levels for commits, changed files and added lines (RDY-01).",
    messages: {},
  };
}
