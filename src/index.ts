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
export { ConfigSchema, parseConfig } from "./config-schema.js";
export { INIT_STEPS, runInit, type InitStep, type InitContext } from "./init.js";
export { CHECKS as PRE_PR_CHECKS } from "./prepr/checks.js";
export { runChecks, countRows, type CheckDef, type CheckRow, type CheckOutcome, type PrePrContext } from "./prepr/runner.js";
export { computeScope, type Scope, type ChangedFile } from "./prepr/scope.js";
export { PrePrReportSchema, type PrePrReport } from "./prepr/report-schema.js";
// Integrations: run scopes, the git-index source, CI formats, session start/end (the same
// functions the hooks and the Inngest workflows use).
export { DiskSource, type FileSource } from "./source.js";
export { IndexSource } from "./index-source.js";
export { stagedScope, changedScope, filesScope, restrictScope, isSessionLogPath, type RunScope, type ChangeStatus } from "./scope.js";
export { formatGithub, githubSummary } from "./format/github.js";
export { formatSarif, type SarifRuleInfo } from "./format/sarif.js";
export { formatJunit } from "./format/junit.js";
export { recordSessionStart, nextSessionId, startEvidence, type SessionStartOptions } from "./commands/session-start.js";
export {
  sessionEndCheck, checkSessionLog, checkChangedMarkdown, checkCommitEvidence, recordSessionEnd, findSessionLog,
  type SessionEndOptions, type SessionEndResult, type CheckOutcome as SessionEndCheckOutcome,
} from "./commands/session-end.js";
