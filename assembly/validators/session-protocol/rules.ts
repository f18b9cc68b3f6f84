// Session protocol gates (specs/session-protocol-mcp.md §2): one rule per gate. The host (src/phase/)
// gathers the facts of one gate; these rules decide its status (PASS / FAIL / SKIPPED) and message.
// Requirement MUST = error severity (a failure blocks and is a violation), SHOULD = warning.
import { defineRule } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";

export const PH001 = defineRule("PH-001", "session-protocol", SEV_ERROR, "SERENA_INIT: memory store answers",
  "The memories folder (default .serena/memories) exists and can be listed (MUST, blocking).");
export const PH002 = defineRule("PH-002", "session-protocol", SEV_ERROR, "SKILL_VALIDATION: skills and mandatory memory",
  "The skills folder exists and evidence records that the mandatory skill-usage memory was read (MUST, blocking).");
export const PH003 = defineRule("PH-003", "session-protocol", SEV_ERROR, "CONTEXT_RETRIEVAL: hand-off hash",
  "A recorded content hash of .agents/HANDOFF.md matches the file now; without a hand-off file, recorded session-state notes stand in (MUST, blocking).");
export const PH004 = defineRule("PH-004", "session-protocol", SEV_ERROR, "SESSION_LOG: log validates",
  "The session log .agents/sessions/<id>.md|.json exists and passes the session-log validator in creation mode (MUST, blocking).");
export const PH005 = defineRule("PH-005", "session-protocol", SEV_WARNING, "GIT_STATE: git state recorded",
  "Branch, starting commit and working-tree state are known (SHOULD, not blocking).");
export const PH006 = defineRule("PH-006", "session-protocol", SEV_WARNING, "DOCS_UPDATE: work sections filled",
  "The session log's work sections have content (SHOULD, not blocking).");
export const PH007 = defineRule("PH-007", "session-protocol", SEV_ERROR, "QUALITY_CHECKS: markdown lint",
  "Markdown changed since the starting commit lints clean (MUST, blocking).");
export const PH008 = defineRule("PH-008", "session-protocol", SEV_ERROR, "QA_VALIDATION: QA report or docs-only",
  "A QA report for the session exists under .agents/qa/, or every change since the starting commit is documentation (SKIPPED: docs-only) (MUST, blocking).");
export const PH009 = defineRule("PH-009", "session-protocol", SEV_ERROR, "GIT_COMMIT: committed and clean",
  "At least one commit since the starting commit and a clean working tree (MUST, blocking).");
