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
