// Binary interface between the TypeScript host and this module.
// This is the one declaration: scripts/gen-abi.mjs generates the host side (src/wasm/generated/abi.ts).
//
// Input arena (written by the host at the pointer returned by input_reserve):
//   docCount records of DOC_RECORD_I32S i32: {offset, length, kind, flags, nameOffset, nameLength}
//   (offsets relative to the start of the data area), followed by the data area:
//   UTF-8 bytes of every document and document name, back to back.
//
// Result buffer (read by the host at result_ptr(), result_len() bytes):
//   header HEADER_I32S i32: {abiVersion, status, findingCount, dataCount, docCount, poolBytes, pairCount, 0}
//   docCount i32 document statuses (DOC_CHECKED | DOC_SKIPPED | DOC_IGNORED)
//   findingCount records of FINDING_I32S i32:
//     {ruleIdOffset, ruleIdLength, severity, docIndex, line, column, messageIdOffset, messageIdLength,
//      firstPair, pairCount}
//   dataCount records of DATA_I32S i32: {docIndex, keyOffset, keyLength, valueOffset, valueLength}
//   pairCount records of PAIR_I32S i32 (message data, by finding): {keyOffset, keyLength, valueOffset, valueLength}
//   poolBytes bytes of UTF-8 text referenced by the offsets above (relative to the pool start).
// A finding carries no English text: the host renders the rule's template for messageId with the data.

export const ABI_VERSION: i32 = 2;
export const DOC_RECORD_I32S: i32 = 6;
export const HEADER_I32S: i32 = 8;
export const FINDING_I32S: i32 = 10;
export const DATA_I32S: i32 = 5;
export const PAIR_I32S: i32 = 4;

export const SEV_ERROR: i32 = 0;
export const SEV_WARNING: i32 = 1;
export const SEV_INFO: i32 = 2;

export const DOC_CHECKED: i32 = 0;
export const DOC_SKIPPED: i32 = 1;
export const DOC_IGNORED: i32 = 2;

export const STATUS_OK: i32 = 0;
export const STATUS_BAD_INPUT: i32 = 1;

// Document kinds. Kind 0 is a named fact or option (name = key, bytes = value).
// Each validator owns a range.
export const KIND_FACT: i32 = 0;
// session-log 1..9
export const KIND_SESSION_MD: i32 = 1;
export const KIND_SESSION_JSON: i32 = 2;
export const KIND_PROTOCOL: i32 = 3;
/** Pre-commit: the sessions directory itself (SP-004 reports a missing staged log on it). */
export const KIND_SESSION_SET: i32 = 4;
/** The repository itself: repository-level findings (a git failure not about one log) are reported once on it. */
export const KIND_SESSION_REPO: i32 = 5;
// memory-index 10..19
export const KIND_MEMORY_FILE: i32 = 10;
// the memory directory itself (findings about the whole directory, run summary)
export const KIND_MEMORY_DIR: i32 = 11;
// consistency / traceability 20..39
export const KIND_PLANNING_DOC: i32 = 20;
export const KIND_SPEC_DOC: i32 = 21;
// pre-pr 40..59
export const KIND_PREPR_FILE: i32 = 40;
// The role of a pre-pr document (its flags): what the host hands the file to the core as. The one
// declaration of the role table (the host's PREPR_ROLE is generated from it by scripts/gen-abi.mjs).
export const PREPR_ROLE_WORKFLOW: i32 = 1;
export const PREPR_ROLE_ACTION: i32 = 2;
export const PREPR_ROLE_SKILL: i32 = 3;
export const PREPR_ROLE_PATH_SCAN: i32 = 4;
export const PREPR_ROLE_PR_BODY: i32 = 5;
export const PREPR_ROLE_SIZE: i32 = 6;
export const PREPR_ROLE_HANDOFF: i32 = 7;
export const PREPR_ROLE_DRIFT_LEFT: i32 = 8;
export const PREPR_ROLE_DRIFT_RIGHT: i32 = 9;
export const PREPR_ROLE_PLANNING: i32 = 10;
// session-state 60..69
export const KIND_SESSION_STATE: i32 = 60;
// .aibrain task checkpoints 80..89 (flags bit 0: the file is in the archive)
export const KIND_AIBRAIN: i32 = 80;
// manifest (state.json v2 session folders) 70..79
export const KIND_MANIFEST: i32 = 70;
export const KIND_MANIFEST_SPEC: i32 = 71;
// session-protocol 90..99 (one protocol gate per document, named after the gate)
export const KIND_PHASE_GATE: i32 = 90;
