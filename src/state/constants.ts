// Enumerations, patterns and limits of the session state, shared by the zod schema (schema.ts)
// and the lean validator (validate.ts) that the hook gate uses. No dependencies: the gate imports this.

export const WORKFLOW_MODES = ["analysis", "planning", "coding", "disabled"] as const;
export const WORKFLOW_PHASES = ["planning", "implementation", "validation", "complete"] as const;
export const INVOCATION_STATUSES = ["in_progress", "completed", "failed", "blocked"] as const;
export const DECISION_TYPES = ["architectural", "technical", "process", "scope"] as const;
export const VERDICT_DECISIONS = ["approve", "reject", "conditional", "needs_revision"] as const;
/** The 17 agent types (case-sensitive). */
export const AGENT_TYPES = [
  "orchestrator", "analyst", "architect", "planner", "implementer", "critic", "qa", "security", "devops",
  "retrospective", "memory", "skillbook", "independent-thinker", "high-level-advisor", "explainer",
  "task-generator", "pr-comment-responder",
] as const;

export type WorkflowMode = (typeof WORKFLOW_MODES)[number];
export type AgentTypeName = (typeof AGENT_TYPES)[number];

/** Session ids are safe as file names and equal to their basic-memory permalink slug. */
export const SESSION_ID_RE = /^[a-z0-9][a-z0-9-]{0,127}$/;
export const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** Largest serialized state accepted (bytes of its JSON). */
export const MAX_STATE_BYTES = 1024 * 1024;
/** Mode history keeps at most this many entries (oldest dropped). */
export const MODE_HISTORY_CAP = 200;
export const COMPACT_THRESHOLD = 10;
export const COMPACT_KEEP = 3;
/**
 * Days a compaction archive (the agent history moved out of the state) is kept (seed 001's
 * COMPACTION_RETENTION_DAYS: "full history preserved for 30 days"); state.compactionRetentionDays
 * sets it, 0 keeps archives forever. The state's compactionHistory entry stays (its count is part of
 * the total invocations) and gains prunedAt.
 */
export const COMPACTION_RETENTION_DAYS = 30;

/** RFC 3339 date-time (seconds required, fraction optional, `Z` or `±hh:mm` offset), calendar-checked. */
export function isDateTime(s: unknown): boolean {
  if (typeof s !== "string") return false;
  const m = DATETIME_RE.exec(s);
  if (!m) return false;
  const y = +m[1], mo = +m[2], d = +m[3], h = +m[4], mi = +m[5], se = +m[6];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const dim = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  if (d > dim) return false;
  if (m[9] !== undefined && (+m[9] > 23 || +m[10] > 59)) return false;
  return true;
}

/**
 * SESSION_ID_RE as a loop (test/state/session-id.test.ts holds them equal): the gate asks twice per
 * call, and a regular expression is compiled on its first test and again on its second.
 */
export function isSessionId(s: unknown): s is string {
  if (typeof s !== "string" || s.length === 0 || s.length > 128) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c === 0x2d && i > 0))) return false;
  }
  return true;
}
