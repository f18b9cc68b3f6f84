// Library API: the same functions the CLI uses.
export * from "./report.js";
export * from "./report-schema.js";
export { executeValidator, loadFile, DEFAULT_MAX_FILE_BYTES, type ContentDoc, type Facts, type ValidatorOutput } from "./engine.js";
export { ruleTable, WasmAbortError, type RuleMeta } from "./wasm/loader.js";
export { validateSessionLogs, discoverSessionLogs, type SessionLogOptions, type SessionMode, type SessionContext } from "./validators/session-log.js";
export { WORKSPACE_VALIDATORS, type WorkspaceValidator, type WorkspaceContext } from "./validators/registry.js";
export { validateConsistency, fixBits, PROFILES, type ConsistencyOptions, type ConsistencyOutput, type FeatureRow } from "./validators/consistency.js";
export { validateTraceability, type TraceabilityOptions, type TraceabilityOutput } from "./validators/traceability.js";
export { validateMemoryIndexDir, listMemoryDir, type MemoryIndexOptions, type MemoryLayout } from "./validators/memory-index.js";
export { loadConfig, stripJsonComments, STARTER_CONFIG, type Config, type LoadedConfig } from "./config.js";
export { openCoreCache, closeCoreCache, coreCacheStats, cachedRunClock, type CoreCache, type CoreCacheOptions } from "./core-cache.js";
export { ConfigSchema } from "./config-schema.js";
export { parseConfig } from "./config-validate.js";
export { INIT_STEPS, runInit, type InitStep, type InitContext } from "./init.js";
export { CHECKS as PRE_PR_CHECKS } from "./prepr/checks.js";
export { runChecks, countRows, type CheckDef, type CheckRow, type CheckOutcome, type PrePrContext } from "./prepr/runner.js";
export { PrePrReportSchema, type PrePrReport } from "./prepr/report-schema.js";
// Integrations: run scopes, the git-index source, CI formats, session start/end (the same
// functions the hooks and the Inngest workflows use).
export { DiskSource, type FileSource } from "./source.js";
export { IndexSource } from "./index-source.js";
export {
  stagedScope, changedScope, filesScope, restrictScope, isSessionLogPath, computeScope, branchChanges,
  type RunScope, type ChangeStatus, type ContentStatus, type Scope, type ChangedFile,
} from "./scope.js";
export { formatGithub, githubSummary } from "./format/github.js";
export { formatSarif, type SarifRuleInfo } from "./format/sarif.js";
export { formatJunit } from "./format/junit.js";
export { recordSessionStart, nextSessionId, startEvidence, type SessionStartOptions } from "./commands/session-start.js";
export {
  sessionEndCheck, checkSessionLog, checkCommitEvidence, recordSessionEnd, findSessionLog,
  type SessionEndOptions, type SessionEndResult, type CheckOutcome as SessionEndCheckOutcome,
} from "./commands/session-end.js";
export { changedMarkdown } from "./git-run.js";
// Session state (schema, store, operations, gate).
export {
  SessionStateSchema, SessionStateShape, WorkflowModeSchema, WorkflowPhaseSchema, InvocationStatusSchema, DecisionTypeSchema,
  VerdictDecisionSchema, AgentTypeSchema, SessionIdSchema, ModeHistoryEntrySchema, AgentInvocationInputSchema,
  AgentInvocationOutputSchema, AgentInvocationSchema, DecisionSchema, VerdictSchema as AgentVerdictSchema, HandoffSchema,
  CompactionEntrySchema, OrchestratorWorkflowSchema, EvidenceSchema, DateTimeSchema, validateStateZod, sessionStateJsonSchema,
  type SessionState, type WorkflowModeT as WorkflowMode, type WorkflowPhase, type InvocationStatus, type DecisionType,
  type VerdictDecision, type AgentType, type ModeHistoryEntry, type AgentInvocationInput, type AgentInvocationOutput,
  type AgentInvocation, type Decision, type Verdict as AgentVerdict, type Handoff, type CompactionEntry, type OrchestratorWorkflow,
} from "./state/schema.js";
export { StateError, ERROR_EXIT, type StateErrorCode, type Issue } from "./state/errors.js";
export { AGENT_TYPES, WORKFLOW_MODES, MODE_HISTORY_CAP, isDateTime, isSessionId } from "./state/constants.js";
export { stateIssues } from "./state/check.js";
export { NoteStore, backoffMs, type StoreOptions } from "./state/store.js";
export {
  SessionStore, openSessionStore, newState, newWorkflow, recentModeHistory, totalInvocations,
  type SessionStoreOptions, type StatePatch, type Mutation, type Tx, type UpdateOptions, type StartInvocationInput,
  type CompleteInvocationInput, type DecisionInput, type VerdictInput, type HandoffInput, type CompactResult,
} from "./state/ops.js";
export * from "./state/api.js";
export { resolveNotesRoot, NOTES_ENV, DEFAULT_NOTES_DIR } from "./state/paths.js";
export { readStateSettings, type StateSettings } from "./state/config.js";
export { permalinkOf, notePaths } from "./state/notes.js";
export { ensureGitignored } from "./state/init.js";
export { decide as gateDecide, toolClass, runGate, READ_ONLY_TOOLS, type GateDecision, type GatePolicy, type Lookup } from "./state/gate.js";
export { validateSessionState, type SessionStateCheckOptions } from "./validators/session-state.js";
// .aibrain task checkpoints, the HANDOFF.md migration, and the reader of every session-state format.
export {
  CheckpointStore, parseCheckpointText, renderCheckpoint, checkpointIssues, checkTaskId, resumeInfo, renderResume,
  TASK_STATUSES, AIBRAIN_DIR, type Checkpoint, type CheckpointData, type CheckpointStoreOptions, type SaveInput, type TaskListing, type ResumeInfo,
} from "./aibrain/checkpoint.js";
export { validateAibrain, aibrainFiles, type AibrainCheckOptions } from "./validators/aibrain.js";
export { migrateHandoff, planHandoff, describeMigration, type MigrationReport, type MigrateOptions } from "./handoff/migrate.js";
export { showState, renderStateText, parseProtocolState, readManifestSummary, type StateView, type StateItem, type FormatStatus, type ParseFailure } from "./stateview/show.js";

// Per-session manifests (state.json v2), their validator, state manager, MCP tools and session index.
export {
  SessionManifestSchema, PhaseHistorySchema, BuildProgressSchema, GitInfoSchema, CommitSchema, ArtifactsSchema, OverrideSchema,
  manifestJsonSchema, PHASES as MANIFEST_PHASES, STATUSES as MANIFEST_STATUSES, SESSION_TYPES as MANIFEST_SESSION_TYPES,
  type SessionManifest, type Phase as ManifestPhase, type SessionStatus as ManifestStatus, type SessionType as ManifestSessionType,
  type PhaseHistory, type ManifestCommit, type ManifestOverride,
} from "./manifest/schema.js";
export { ManifestManager, slugify as manifestSlug, type ManagerOptions as ManifestManagerOptions, type CreateInput as ManifestCreateInput } from "./manifest/manager.js";
export {
  validateManifests, listManifests, readManifestEntry, discoverSessions as discoverManifestSessions,
  type ManifestEntry, type ManifestCheckOptions,
} from "./validators/manifest.js";
export {
  MANIFEST_TOOLS, callManifestTool, registerManifestTools, type ManifestTool, type ToolResult as ManifestToolResult,
  type ToolRegistry as ManifestToolRegistry,
} from "./manifest/mcp-tools.js";
export { indexSessions, listIndexedSessions, type IndexReport, type IndexedSession, type IndexOptions } from "./manifest/index-db.js";
