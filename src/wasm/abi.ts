// Host mirror of assembly/abi.ts (checked against the module by test/wasm/abi.test.ts).
export const ABI_VERSION = 2;
export const DOC_RECORD_I32S = 6;
export const HEADER_I32S = 8;
export const FINDING_I32S = 10;
export const DATA_I32S = 5;
export const PAIR_I32S = 4;

export const SEVERITIES = ["error", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const DOC_STATUSES = ["checked", "skipped", "ignored"] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];

export const KIND = {
  FACT: 0,
  SESSION_MD: 1,
  SESSION_JSON: 2,
  PROTOCOL: 3,
  SESSION_SET: 4,
  SESSION_REPO: 5,
  MEMORY_FILE: 10,
  MEMORY_DIR: 11,
  PLANNING_DOC: 20,
  SPEC_DOC: 21,
  PREPR_FILE: 40,
  SESSION_STATE: 60,
} as const;

export const VALIDATOR_EXPORTS = {
  "session-log": "validate_session_log",
  "memory-index": "validate_memory_index",
  consistency: "validate_consistency",
  traceability: "validate_traceability",
  "pre-pr": "validate_pre_pr",
  "session-state": "validate_session_state",
} as const;
export type WasmValidator = keyof typeof VALIDATOR_EXPORTS;
