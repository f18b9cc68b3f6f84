// zod schemas of the session state (spec §2): the single source of truth for types, validation
// and the JSON Schema rendering. Every object is strict (closed) except the free-form maps.
import { z } from "zod";
import {
  AGENT_TYPES, DECISION_TYPES, INVOCATION_STATUSES, MAX_STATE_BYTES, UUID_RE, VERDICT_DECISIONS,
  WORKFLOW_MODES, WORKFLOW_PHASES, isDateTime, SESSION_ID_RE,
} from "./constants.js";
import type { Issue } from "./errors.js";

export const DateTimeSchema = z
  .string()
  .refine(isDateTime, { message: "Invalid date-time (RFC 3339, e.g. 2026-01-01T00:00:00.000Z)" })
  .meta({ format: "date-time" });

export const WorkflowModeSchema = z.enum(WORKFLOW_MODES);
export const WorkflowPhaseSchema = z.enum(WORKFLOW_PHASES);
export const InvocationStatusSchema = z.enum(INVOCATION_STATUSES);
export const DecisionTypeSchema = z.enum(DECISION_TYPES);
export const VerdictDecisionSchema = z.enum(VERDICT_DECISIONS);
export const AgentTypeSchema = z.enum(AGENT_TYPES);
export const SessionIdSchema = z.string().regex(SESSION_ID_RE, "Invalid session id (lowercase letters, digits and '-', 1-128 chars)");

export const ModeHistoryEntrySchema = z.strictObject({
  mode: WorkflowModeSchema,
  timestamp: DateTimeSchema,
});

export const AgentInvocationInputSchema = z.strictObject({
  prompt: z.string(),
  context: z.record(z.string(), z.unknown()),
  artifacts: z.array(z.string()),
});

export const AgentInvocationOutputSchema = z.strictObject({
  artifacts: z.array(z.string()),
  summary: z.string(),
  recommendations: z.array(z.string()),
  blockers: z.array(z.string()),
});

export const AgentInvocationSchema = z.strictObject({
  agent: AgentTypeSchema,
  startedAt: DateTimeSchema,
  completedAt: DateTimeSchema.nullable(),
  status: InvocationStatusSchema,
  input: AgentInvocationInputSchema,
  output: AgentInvocationOutputSchema.nullable(),
  handoffFrom: AgentTypeSchema.nullable(),
  handoffTo: AgentTypeSchema.nullable(),
  handoffReason: z.string(),
});

export const DecisionSchema = z.strictObject({
  id: z.string().regex(UUID_RE, "Invalid UUID"),
  type: DecisionTypeSchema,
  description: z.string(),
  rationale: z.string(),
  decidedBy: AgentTypeSchema,
  approvedBy: z.array(AgentTypeSchema),
  rejectedBy: z.array(AgentTypeSchema),
  timestamp: DateTimeSchema,
});

export const VerdictSchema = z.strictObject({
  agent: AgentTypeSchema,
  decision: VerdictDecisionSchema,
  confidence: z.number().min(0).max(100).describe("0–100 (seed 001); a fraction below 1 from an older state is read as 0–1 and scaled (src/state/verdict-scale.ts)"),
  reasoning: z.string(),
  conditions: z.array(z.string()).optional(),
  blockers: z.array(z.string()).optional(),
  timestamp: DateTimeSchema,
});

export const HandoffSchema = z.strictObject({
  fromAgent: AgentTypeSchema,
  toAgent: AgentTypeSchema,
  reason: z.string(),
  context: z.string(),
  artifacts: z.array(z.string()),
  preservedContext: z.record(z.string(), z.unknown()).optional(),
  createdAt: DateTimeSchema,
});

export const CompactionEntrySchema = z.strictObject({
  notePath: z.string().min(1),
  compactedAt: DateTimeSchema,
  count: z.number().int().min(1),
  /** When the archive was removed after the retention period (src/state/constants.ts COMPACTION_RETENTION_DAYS). */
  prunedAt: DateTimeSchema.optional(),
});

export const OrchestratorWorkflowSchema = z.strictObject({
  activeAgent: AgentTypeSchema.nullable(),
  workflowPhase: WorkflowPhaseSchema,
  agentHistory: z.array(AgentInvocationSchema),
  decisions: z.array(DecisionSchema),
  verdicts: z.array(VerdictSchema),
  pendingHandoffs: z.array(HandoffSchema),
  compactionHistory: z.array(CompactionEntrySchema),
  startedAt: DateTimeSchema,
  lastAgentChange: DateTimeSchema,
});

export const EvidenceSchema = z.record(z.string(), z.string());

/** The object shape alone (no cross-field invariants). */
export const SessionStateShape = z.strictObject({
  sessionId: SessionIdSchema,
  currentMode: WorkflowModeSchema,
  modeHistory: z.array(ModeHistoryEntrySchema),
  protocolStartComplete: z.boolean(),
  protocolEndComplete: z.boolean(),
  protocolStartEvidence: EvidenceSchema,
  protocolEndEvidence: EvidenceSchema,
  orchestratorWorkflow: OrchestratorWorkflowSchema.nullable(),
  activeFeature: z.string().optional(),
  activeTask: z.string().optional(),
  version: z.number().int().min(0),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});

/** The session state with the invariants of §2.9 (history ends with the current mode, clock order, size). */
export const SessionStateSchema = SessionStateShape.superRefine((s, ctx) => {
  if (ctx.issues.length > 0 || !Array.isArray(s.modeHistory)) return; // invariants are checked on well-formed states only
  if (s.modeHistory.length === 0) {
    ctx.addIssue({ code: "custom", path: ["modeHistory"], message: "modeHistory must not be empty" });
  } else if (s.modeHistory[s.modeHistory.length - 1].mode !== s.currentMode) {
    ctx.addIssue({ code: "custom", path: ["modeHistory"], message: "the last modeHistory entry must equal currentMode" });
  }
  if (Date.parse(s.updatedAt) < Date.parse(s.createdAt)) {
    ctx.addIssue({ code: "custom", path: ["updatedAt"], message: "updatedAt is earlier than createdAt" });
  }
  if (Buffer.byteLength(JSON.stringify(s)) > MAX_STATE_BYTES) {
    ctx.addIssue({ code: "custom", path: [], message: `state is larger than ${MAX_STATE_BYTES} bytes` });
  }
});

export type WorkflowModeT = z.infer<typeof WorkflowModeSchema>;
export type WorkflowPhase = z.infer<typeof WorkflowPhaseSchema>;
export type InvocationStatus = z.infer<typeof InvocationStatusSchema>;
export type DecisionType = z.infer<typeof DecisionTypeSchema>;
export type VerdictDecision = z.infer<typeof VerdictDecisionSchema>;
export type AgentType = z.infer<typeof AgentTypeSchema>;
export type ModeHistoryEntry = z.infer<typeof ModeHistoryEntrySchema>;
export type AgentInvocationInput = z.infer<typeof AgentInvocationInputSchema>;
export type AgentInvocationOutput = z.infer<typeof AgentInvocationOutputSchema>;
export type AgentInvocation = z.infer<typeof AgentInvocationSchema>;
export type Decision = z.infer<typeof DecisionSchema>;
export type Verdict = z.infer<typeof VerdictSchema>;
export type Handoff = z.infer<typeof HandoffSchema>;
export type CompactionEntry = z.infer<typeof CompactionEntrySchema>;
export type OrchestratorWorkflow = z.infer<typeof OrchestratorWorkflowSchema>;
export type SessionState = z.infer<typeof SessionStateSchema>;

/** Issues as `path: message` pairs (path in dotted form, `$` for the root). */
export function zodIssues(err: z.ZodError): Issue[] {
  return err.issues.map((i) => ({ path: i.path.length ? i.path.map(String).join(".") : "$", message: i.message }));
}

/** Validate with zod; returns the state or the issue list. */
export function validateStateZod(value: unknown): { ok: true; state: SessionState } | { ok: false; issues: Issue[] } {
  const r = SessionStateSchema.safeParse(value);
  return r.success ? { ok: true, state: r.data } : { ok: false, issues: zodIssues(r.error) };
}

/** JSON Schema (draft 2020-12) of SessionState for non-TypeScript consumers. */
export function sessionStateJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(SessionStateShape) as Record<string, unknown>;
}

/**
 * JSON Schema (draft-07) of the state's shape that the core's SS-002 checks states against
 * (generated at build time into src/wasm/generated/state-schema.ts by scripts/gen-state-schema.mjs;
 * test/state/schema.test.ts checks it is current). The date-time and pattern checks are the core's
 * own (format "date-time", the session id and UUID patterns).
 */
export function stateJsonSchema(): Record<string, unknown> {
  const s = z.toJSONSchema(SessionStateShape, {
    target: "draft-7",
    override: (ctx) => {
      const js = ctx.jsonSchema as Record<string, unknown>;
      // string keys are all JSON has: the propertyNames zod adds for records says nothing
      if (JSON.stringify(js.propertyNames) === '{"type":"string"}') delete js.propertyNames;
      // isDateTime (the refinement) refuses a leap second, which format "date-time" alone allows
      if (js.format === "date-time") js.pattern = "^.{17}[0-5]";
    },
  }) as Record<string, unknown>;
  s.title = "agentcheck session state";
  return s;
}
