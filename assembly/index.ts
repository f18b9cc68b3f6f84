// The one WebAssembly module of agentcheck: every rule decision of every validator. (The hook gate's
// build, assembly/gate.ts, is the session-state validator alone over the same sources and run.)
import { validateSessionLog } from "./validators/session-log/index";
import { validateMemoryIndex } from "./validators/memory-index/index";
import { validateConsistency } from "./validators/consistency/index";
import { validateTraceability } from "./validators/traceability/index";
import { validatePrePr } from "./validators/pre-pr/index";
import { validateSessionState } from "./validators/session-state/index";
import { validateSessionProtocol } from "./validators/session-protocol/index";
import { validateAibrain } from "./validators/aibrain/index";
import { validateManifest } from "./validators/manifest/index";
import { runValidator, SCREEN_NONE, SCREEN_DROP, SCREEN_KEEP } from "./entry";

export { abi_version, input_reserve, result_ptr, result_len, debug_abort } from "./entry";

// session-log and memory-index screen their own documents (AC-001/AC-002 per rule order);
// consistency and traceability keep such documents, marked unread (a name still resolves an artifact)
export function validate_session_log(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_NONE, validateSessionLog);
}
export function validate_memory_index(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_NONE, validateMemoryIndex);
}
export function validate_consistency(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_KEEP, validateConsistency);
}
export function validate_traceability(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_KEEP, validateTraceability);
}
export function validate_pre_pr(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_DROP, validatePrePr);
}
export function validate_session_state(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_DROP, validateSessionState);
}
export function validate_manifest(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_DROP, validateManifest);
}
export function validate_aibrain(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_DROP, validateAibrain);
}
export function validate_session_protocol(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_DROP, validateSessionProtocol);
}
