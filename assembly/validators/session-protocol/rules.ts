// Session protocol gates (specs/session-protocol-mcp.md §2): one rule per gate. The host (src/phase/)
// gathers the facts of one gate; these rules decide its status (PASS / FAIL / SKIPPED) and message.
// Requirement MUST = error severity (a failure blocks and is a violation), SHOULD = warning.
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";

export const PH001 = defineRule("PH-001", SEV_ERROR);
function PH001_doc(): RuleDoc {
  return {
    id: "PH-001",
    validator: "session-protocol",
    title: "SERENA_INIT: memory store answers",
    description: "The memories folder (default .serena/memories) exists and can be listed (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}
export const PH002 = defineRule("PH-002", SEV_ERROR);
function PH002_doc(): RuleDoc {
  return {
    id: "PH-002",
    validator: "session-protocol",
    title: "SKILL_VALIDATION: skills and mandatory memory",
    description: "The skills folder exists and evidence records that the mandatory skill-usage memory was read (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}
export const PH003 = defineRule("PH-003", SEV_ERROR);
function PH003_doc(): RuleDoc {
  return {
    id: "PH-003",
    validator: "session-protocol",
    title: "CONTEXT_RETRIEVAL: hand-off hash",
    description: "A recorded content hash of .agents/HANDOFF.md matches the file now; without a hand-off file, recorded session-state notes stand in (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}
export const PH004 = defineRule("PH-004", SEV_ERROR);
function PH004_doc(): RuleDoc {
  return {
    id: "PH-004",
    validator: "session-protocol",
    title: "SESSION_LOG: log validates",
    description: "The session log .agents/sessions/<id>.md|.json exists and passes the session-log validator in creation mode (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}
export const PH005 = defineRule("PH-005", SEV_WARNING);
function PH005_doc(): RuleDoc {
  return {
    id: "PH-005",
    validator: "session-protocol",
    title: "GIT_STATE: git state recorded",
    description: "Branch, starting commit and working-tree state are known (SHOULD, not blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}
export const PH006 = defineRule("PH-006", SEV_WARNING);
function PH006_doc(): RuleDoc {
  return {
    id: "PH-006",
    validator: "session-protocol",
    title: "DOCS_UPDATE: work sections filled",
    description: "The session log's work sections have content (SHOULD, not blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}
export const PH007 = defineRule("PH-007", SEV_ERROR);
function PH007_doc(): RuleDoc {
  return {
    id: "PH-007",
    validator: "session-protocol",
    title: "QUALITY_CHECKS: markdown lint",
    description: "Markdown changed since the starting commit lints clean (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}
export const PH008 = defineRule("PH-008", SEV_ERROR);
function PH008_doc(): RuleDoc {
  return {
    id: "PH-008",
    validator: "session-protocol",
    title: "QA_VALIDATION: QA report or docs-only",
    description: "A QA report for the session exists under .agents/qa/, or every change since the starting commit is documentation (SKIPPED: docs-only) (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}
export const PH009 = defineRule("PH-009", SEV_ERROR);
function PH009_doc(): RuleDoc {
  return {
    id: "PH-009",
    validator: "session-protocol",
    title: "GIT_COMMIT: committed and clean",
    description: "At least one commit since the starting commit and a clean working tree (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}
