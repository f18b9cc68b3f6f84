// Host side of the binary interface. The constants are generated from their one declaration in
// contract/interface.json (scripts/gen-abi.mjs -> ./contract.ts); only the export names are declared here.
import { SEVERITIES, DOC_STATUSES } from "./contract.js";

export { ABI_VERSION, DOC_RECORD_I32S, HEADER_I32S, FINDING_I32S, DATA_I32S, PAIR_I32S, SEVERITIES, DOC_STATUSES, STATUS, KIND, PREPR_ROLE } from "./contract.js";
export type Severity = (typeof SEVERITIES)[number];
export type DocStatus = (typeof DOC_STATUSES)[number];

export const VALIDATOR_EXPORTS = {
  "session-log": "validate_session_log",
  "memory-index": "validate_memory_index",
  consistency: "validate_consistency",
  traceability: "validate_traceability",
  "pre-pr": "validate_pre_pr",
  "session-state": "validate_session_state",
  aibrain: "validate_aibrain",
  manifest: "validate_manifest",
  "session-protocol": "validate_session_protocol",
} as const;
export type WasmValidator = keyof typeof VALIDATOR_EXPORTS;
