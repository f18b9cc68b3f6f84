// Shared fixtures of the session-state tests.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const T0 = "2026-02-11T10:00:00.000Z";
export const T1 = "2026-02-11T10:05:00.000Z";

/**
 * A session whose start protocol has evidence (issue 40: under the default preset, full, the gate keeps
 * every tool but the read-only ones and the start steps denied until it has): for tests of what comes
 * after the start (the mode table, the caches, the inputs), given to the state they write.
 */
export const STARTED = {
  protocolStartComplete: true,
  protocolStartEvidence: { "observed.memories": `${T0} mcp__serena__list_memories (listing)`, startStepsObserved: "memories", completedAt: T0 },
} as const;

/** A session whose start protocol has no evidence yet. */
export const NOT_STARTED = { protocolStartComplete: false, protocolStartEvidence: {} } as const;

export function minimalState(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sessionId: "s1",
    currentMode: "analysis",
    modeHistory: [{ mode: "analysis", timestamp: T0 }],
    protocolStartComplete: false,
    protocolEndComplete: false,
    protocolStartEvidence: {},
    protocolEndEvidence: {},
    orchestratorWorkflow: null,
    version: 1,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

export function invocation(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    agent: "analyst",
    startedAt: T0,
    completedAt: T1,
    status: "completed",
    input: { prompt: "look", context: { a: [1, { b: null }] }, artifacts: ["x.md"] },
    output: { artifacts: ["y.md"], summary: "done", recommendations: ["r"], blockers: [] },
    handoffFrom: null,
    handoffTo: null,
    handoffReason: "",
    ...over,
  };
}

export function workflow(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    activeAgent: "implementer",
    workflowPhase: "implementation",
    agentHistory: [],
    decisions: [],
    verdicts: [],
    pendingHandoffs: [],
    compactionHistory: [],
    startedAt: T0,
    lastAgentChange: T0,
    ...over,
  };
}

/** A state exercising every optional field and nested type. */
export function fullState(): Record<string, unknown> {
  return minimalState({
    currentMode: "coding",
    modeHistory: [{ mode: "analysis", timestamp: T0 }, { mode: "coding", timestamp: T1 }],
    activeFeature: "feat-x",
    activeTask: "T-1",
    protocolStartEvidence: { branch: "main", handoffRead: "yes" },
    protocolEndEvidence: { closedAt: T1 },
    protocolStartComplete: true,
    orchestratorWorkflow: workflow({
      agentHistory: [invocation(), invocation({ agent: "planner", status: "in_progress", completedAt: null, output: null, handoffFrom: "analyst" })],
      decisions: [{ id: "0b7e5f5c-3a59-4a53-9f55-0d1f2a9b7c11", type: "technical", description: "d", rationale: "r", decidedBy: "architect", approvedBy: ["critic"], rejectedBy: [], timestamp: T1 }],
      verdicts: [{ agent: "critic", decision: "conditional", confidence: 80, reasoning: "ok", conditions: ["c"], timestamp: T1 }],
      pendingHandoffs: [{ fromAgent: "analyst", toAgent: "planner", reason: "next", context: "ctx", artifacts: [], preservedContext: { k: 1 }, createdAt: T1 }],
      compactionHistory: [{ notePath: "sessions/session-s1-history-v5", compactedAt: T1, count: 8 }],
    }),
    version: 7,
    updatedAt: T1,
  });
}

/** Write a state note file the way the store does (or any text) under a notes root. */
export function writeNote(root: string, notePath: string, text: string): string {
  const f = join(root, `${notePath}.md`);
  mkdirSync(dirname(f), { recursive: true });
  writeFileSync(f, text);
  return f;
}

export function stateNoteText(state: unknown): string {
  return `---\ntitle: x\ntype: session-state\n---\n\n# Session\n\n\`\`\`json\n${JSON.stringify(state, null, 2)}\n\`\`\`\n`;
}

export function pointerText(id: string): string {
  return `---\ntitle: current-session\ntype: session-pointer\n---\n\n${id}\n`;
}
