// The event catalogue of the agentcheck workflows (docs/workflows.md "Events"). Names follow seed 001
// (the upstream ADR-016 Inngest design); the data shapes are ours. Plain data: no inngest import.
import type { StatePatch } from "../state/ops.js";
import type { AgentInvocationOutput, AgentType, WorkflowModeT } from "../state/schema.js";

export const EVENTS = {
  /** Trigger of session-protocol-start. */
  protocolStart: "session/protocol.start",
  /** Trigger of session-protocol-end. */
  completionRequested: "feature/completion.requested",
  /** Trigger of session-state-update (with `patch` or `updateType`); also sent, as a notice (`updates`), after every recorded change. */
  stateUpdate: "session/state.update",
  /** Sent by session-state-update when the mode changed. */
  modeChanged: "session/mode.changed",
  /** Sent by session-protocol-end when the end is recorded. */
  complete: "session/complete",
  /** Sent when a mode change waits for a person; answered by `approval/resolved` (or `approval/granted`). */
  approvalRequested: "approval/requested",
  /** A person's answer, grant or denial (src/state/approvals.ts APPROVAL_EVENTS.resolved): ends the wait at once. */
  approvalResolved: "approval/resolved",
  /** The grant-only answer of earlier releases: relayed as `approval/resolved` (status "granted"). */
  approvalGranted: "approval/granted",
  /** Trigger of orchestrator-agent-routing. */
  agentInvoke: "orchestrator/agent.invoke",
  /** Trigger of agent-completion-handler. */
  agentComplete: "orchestrator/agent.complete",
  /** Trigger of validate-repositories (fan-out). */
  validateRepositories: "agentcheck/repositories.validate",
} as const;

/** Where an event's work happens; every trigger accepts these. */
export interface Where {
  /** Repository (or worktree) path on the worker; default: the functions' `cwd` option, else the process's. */
  cwd?: string;
  /** Session notes root (default: the configured one). */
  notesDir?: string;
  /** Session id; default: the current session (start: a new one). */
  sessionId?: string;
  /** Fixed clock (ISO 8601), for reproducible runs; default: the event's own time. */
  now?: string;
}

export interface ProtocolStartData extends Where {
  /** Write the session log when there is none (default true). */
  createLog?: boolean;
  /**
   * The protocol preset the sender expects. The protocol is the repository's (`protocol.preset`): a
   * different one fails the run without retries; the repository's is what the session-log factory gets.
   */
  preset?: string;
  /** The session's objective, written into the session log created. */
  objective?: string;
}

export interface CompletionRequestedData extends Where {
  /** Apply markdownlint's fixes to the markdown changed in the session before the end checks (default false). */
  fixMarkdown?: boolean;
}

export interface StateUpdateData extends Where {
  /** The `session set-state` patch (session-state.md §5.3). */
  patch?: StatePatch;
  /** Seed form: one of mode / feature / task. */
  updateType?: "mode" | "feature" | "task" | "init";
  mode?: WorkflowModeT;
  feature?: string | null;
  task?: string | null;
  /** Compare-and-swap: apply only on this stored version. */
  expectedVersion?: number;
  /** Who asks (recorded with an approval request). */
  requestedBy?: string;
  /** Present on the notices the functions send: never a change to apply. */
  updates?: Record<string, unknown>;
}

export interface AgentInvokeData extends Where {
  agent: AgentType;
  prompt?: string;
  context?: Record<string, unknown>;
  artifacts?: string[];
  handoffFrom?: AgentType | null;
}

export interface AgentCompleteData extends Where {
  agent: AgentType;
  output?: Partial<AgentInvocationOutput>;
  handoffTo?: AgentType | null;
  handoffReason?: string;
  failed?: boolean;
}

export interface ApprovalRequestedData {
  approvalId: string;
  approvalType: "mode-change";
  description: string;
  sessionId: string;
  context: { from: WorkflowModeT; to: WorkflowModeT; cwd: string; requestedBy?: string };
}

export interface ApprovalResolvedData {
  approvalId: string;
  /** Only these two end the wait; an event with another status is not an answer. */
  status: "granted" | "denied";
  resolvedBy?: string;
  note?: string;
}

export interface ApprovalGrantedData {
  approvalId: string;
  approvedBy?: string;
  comment?: string;
}

export interface RepositoryTarget {
  /** Repository path on the worker. */
  cwd: string;
  /** Validate a pull request's change: the files changed since this base (`check --changed --base`). */
  base?: string;
}

export interface ValidateRepositoriesData {
  repositories: (string | RepositoryTarget)[];
  /** Most repositories validated at once (default 4, at most 32). */
  concurrency?: number;
}
