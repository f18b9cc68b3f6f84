// Rules of the manifest validator (state.json v2 per-session manifests).
import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";

export const SM001 = defineRule("SM-001", "manifest", SEV_ERROR, "Manifest parses",
  "state.json is a JSON object.");
export const SM002 = defineRule("SM-002", "manifest", SEV_ERROR, "Manifest matches the schema",
  "Conforms to the JSON Schema generated from the zod v2 schema (unknown keys refused); every violation, by path.");
export const SM003 = defineRule("SM-003", "manifest", SEV_ERROR, "Session id is the folder name",
  "session_id equals the name of its agents/sessions/ folder.");
export const SM004 = defineRule("SM-004", "manifest", SEV_ERROR, "Phase history fits the current phase",
  "Phases before current_phase started and completed, the current one started, later ones untouched.");
export const SM005 = defineRule("SM-005", "manifest", SEV_ERROR, "Phase timestamps in order",
  "created_at <= spec started <= spec completed <= plan started <= ... <= updated_at.");
export const SM006 = defineRule("SM-006", "manifest", SEV_ERROR, "updated_at not before created_at",
  "updated_at >= created_at.");
export const SM007 = defineRule("SM-007", "manifest", SEV_ERROR, "Completed checkpoints valid",
  "checkpoints_completed distinct, each within 1..checkpoints_total.");
export const SM008 = defineRule("SM-008", "manifest", SEV_ERROR, "Current checkpoint valid",
  "current_checkpoint within 1..checkpoints_total and not completed.");
export const SM009 = defineRule("SM-009", "manifest", SEV_ERROR, "Commit checkpoints exist",
  "A commit's checkpoint is within 1..checkpoints_total.");
export const SM010 = defineRule("SM-010", "manifest", SEV_ERROR, "Status agrees with phase",
  "status complete if and only if current_phase complete.");
export const SM011 = defineRule("SM-011", "manifest", SEV_ERROR, "Artifact files present",
  "spec.md, plan.json and plan.md exist in the session folder.");
export const SM012 = defineRule("SM-012", "manifest", SEV_ERROR, "spec.md sections",
  "spec.md has Goals, Open Questions and Key Decisions headings.");

export const PHASES: string[] = ["spec", "plan", "build", "docs", "complete"];
/** Phases with started/completed timestamps in phase_history. */
export const STEP_PHASES: string[] = ["spec", "plan", "build", "docs"];
/** Document flags: which artifact files exist (spec.md, plan.json, plan.md). */
export const ARTIFACT_FLAGS: i32[] = [1, 2, 4];
