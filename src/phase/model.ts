// The session protocol's phase state machine (specs/session-protocol-mcp.md §1): phases, the
// transition table with the gate and blocking flag of each step, the start and end checklists, and
// the state record. No dependencies: the hook gate imports the phase names from here.

import { PHASES } from "./phases.js";

export { PHASES };
export const ERROR_PHASES = ["BLOCKED", "VIOLATION"] as const;
export type Phase = (typeof PHASES)[number];
export type AnyPhase = Phase | (typeof ERROR_PHASES)[number];

export const GATES = [
  "SERENA_INIT", "SKILL_VALIDATION", "CONTEXT_RETRIEVAL", "SESSION_LOG", "GIT_STATE",
  "DOCS_UPDATE", "QUALITY_CHECKS", "QA_VALIDATION", "GIT_COMMIT",
] as const;
export type Gate = (typeof GATES)[number];

export type Requirement = "MUST" | "SHOULD";

export interface Transition {
  from: Phase;
  to: Phase;
  gate: Gate;
  blocking: boolean;
  requirement: Requirement;
}

/** §1: one row per step; the gate of a step must pass (or be recorded, when not blocking) to take it. */
export const TRANSITIONS: readonly Transition[] = [
  { from: "INIT", to: "SERENA_READY", gate: "SERENA_INIT", blocking: true, requirement: "MUST" },
  { from: "SERENA_READY", to: "SKILLS_VALIDATED", gate: "SKILL_VALIDATION", blocking: true, requirement: "MUST" },
  { from: "SKILLS_VALIDATED", to: "CONTEXT_LOADED", gate: "CONTEXT_RETRIEVAL", blocking: true, requirement: "MUST" },
  { from: "CONTEXT_LOADED", to: "READY", gate: "SESSION_LOG", blocking: true, requirement: "MUST" },
  { from: "READY", to: "WORKING", gate: "GIT_STATE", blocking: false, requirement: "SHOULD" },
  { from: "WORKING", to: "DOCUMENTING", gate: "DOCS_UPDATE", blocking: false, requirement: "SHOULD" },
  { from: "DOCUMENTING", to: "QUALITY_CHECKED", gate: "QUALITY_CHECKS", blocking: true, requirement: "MUST" },
  { from: "QUALITY_CHECKED", to: "QA_COMPLETE", gate: "QA_VALIDATION", blocking: true, requirement: "MUST" },
  { from: "QA_COMPLETE", to: "COMPLETE", gate: "GIT_COMMIT", blocking: true, requirement: "MUST" },
];

export const START_GATES: readonly Gate[] = ["SERENA_INIT", "SKILL_VALIDATION", "CONTEXT_RETRIEVAL", "SESSION_LOG"];

export function isPhase(s: unknown): s is Phase {
  return typeof s === "string" && (PHASES as readonly string[]).includes(s);
}
export function isAnyPhase(s: unknown): s is AnyPhase {
  return isPhase(s) || s === "BLOCKED" || s === "VIOLATION";
}
export function isGate(s: unknown): s is Gate {
  return typeof s === "string" && (GATES as readonly string[]).includes(s);
}
export function phaseIndex(p: Phase): number {
  return PHASES.indexOf(p);
}
export function transitionFrom(p: Phase): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === p);
}
export function transitionOf(g: Gate): Transition {
  return TRANSITIONS.find((t) => t.gate === g)!;
}
/** The phase a session counts as being in (a BLOCKED session: the phase it was blocked in). */
export function effectivePhase(s: { currentPhase: AnyPhase; blockedFrom?: Phase }): Phase | undefined {
  if (isPhase(s.currentPhase)) return s.currentPhase;
  return s.blockedFrom;
}

export type GateStatus = "PENDING" | "PASS" | "FAIL" | "SKIPPED";

export interface GateResult {
  phase: Gate;
  requirement_level: Requirement;
  status: "PASS" | "FAIL" | "SKIPPED";
  evidence: string;
  blocking: boolean;
  message: string;
  /**
   * GIT_COMMIT when it passes (issue 35): the blob id of every file the session's range changed
   * (startingCommit..HEAD; "0": deleted), what a check needs after the branch is gone.
   */
  content_evidence?: { files: Record<string, string> };
}

export interface ChecklistItem {
  req: Requirement;
  step: string;
  /** Gate whose PASS/SKIPPED ticks the item; or an evidence type that ticks it when recorded. */
  gate?: Gate;
  evidenceType?: string;
  done: boolean;
  evidence: string;
}

export interface EvidenceEntry {
  at: string;
  phase: Gate;
  type: string;
  evidence: string;
}

export interface PhaseRow {
  phase: Gate;
  status: GateStatus;
  evidence: string;
}

export interface ProtocolState {
  sessionId: string;
  objective: string;
  branch: string;
  startingCommit: string;
  startedAt: string;
  currentPhase: AnyPhase;
  /** Set while BLOCKED: the phase to return to and the gate that must pass. */
  blockedFrom?: Phase;
  blockedGate?: Gate;
  phaseStatus: PhaseRow[];
  checklistStart: ChecklistItem[];
  checklistEnd: ChecklistItem[];
  evidence: EvidenceEntry[];
}

export interface HistoryEntry {
  id: string;
  objective: string;
  outcome: "COMPLETE" | "BLOCKED" | "ABANDONED";
  commit: string;
  /**
   * agentcheck extension (issue 35): the blob id of every file the session's range changed
   * (startingCommit..commit; "0": deleted), so its work is recognised on main after a squash merge
   * deleted the branch (src/evidence/record.ts contentEvidence). Absent in older entries.
   */
  contentEvidence?: Record<string, string>;
  summary: string;
  decisions: string[];
  nextNotes: string;
}

export interface Violation {
  sessionId: string;
  at: string;
  phase: Gate;
  requirement: Requirement;
  severity: "CRITICAL" | "WARNING";
  recovery: string;
}

/** Start and end checklists of §4, each item tied to the gate (or evidence type) that proves it. */
export function newChecklists(): { start: ChecklistItem[]; end: ChecklistItem[] } {
  const item = (req: Requirement, step: string, gate?: Gate, evidenceType?: string): ChecklistItem => {
    const it: ChecklistItem = { req, step, done: false, evidence: "" };
    if (gate) it.gate = gate;
    if (evidenceType) it.evidenceType = evidenceType;
    return it;
  };
  return {
    start: [
      item("MUST", "Initialise the memory tools (two calls)", "SERENA_INIT"),
      item("MUST", "Read .agents/HANDOFF.md", "CONTEXT_RETRIEVAL"),
      item("MUST", "Create the session log", "SESSION_LOG"),
      item("MUST", "List the skill scripts", "SKILL_VALIDATION"),
      item("MUST", "Read the skill-usage memory", undefined, "memory_read"),
      item("MUST", "Read the project constraints", undefined, "constraints_read"),
      item("SHOULD", "Search relevant memories", undefined, "memories_searched"),
      item("SHOULD", "Verify git status", "GIT_STATE"),
      item("SHOULD", "Note the starting commit", undefined, "starting_commit"),
    ],
    end: [
      item("MUST", "Update .agents/HANDOFF.md", undefined, "handoff_updated"),
      item("MUST", "Complete the session log", "DOCS_UPDATE"),
      item("MUST", "Run markdown lint", "QUALITY_CHECKS"),
      item("MUST", "Route to the QA agent", "QA_VALIDATION"),
      item("MUST", "Commit all changes", "GIT_COMMIT"),
      item("SHOULD", "Update the project plan", undefined, "plan_updated"),
      item("SHOULD", "Invoke a retrospective", undefined, "retrospective"),
      item("SHOULD", "Verify a clean git status", "GIT_COMMIT"),
    ],
  };
}
