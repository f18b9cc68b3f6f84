// The one WebAssembly module of agentcheck: every rule decision of every validator. (The hook gate's
// build, assembly/gate.ts, is the session-state validator alone over the same sources and run.)
import { validateSessionLog } from "./validators/session-log/index";
import { validatePrePr } from "./validators/pre-pr/index";
import { validateSessionState } from "./validators/session-state/index";
import { validateSessionProtocol } from "./validators/session-protocol/index";
import { validateAibrain } from "./validators/aibrain/index";
import { validateManifest } from "./validators/manifest/index";
import { runValidator, SCREEN_NONE, SCREEN_DROP } from "./entry";

export { abi_version, input_reserve, result_ptr, result_len, debug_abort } from "./entry";

// memory-index, consistency and traceability: assembly/lean-exports.ts (the lean build exports them too)
export { validate_memory_index, validate_consistency, validate_traceability } from "./lean-exports";

// session-log screens its own documents (AC-001/AC-002 per rule order), as memory-index does
export function validate_session_log(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_NONE, validateSessionLog);
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
