// The lean commands' build of the core (agentcheck-lean.wasm): memory-index, consistency and
// traceability only, from the same sources as assembly/index.ts, with the same run (assembly/entry.ts).
// dist/cli/lean.cjs (consistency, traceability and memory-index without commander) instantiates it: a
// module of these three validators is under a third of the whole one, so V8 decodes a third and
// instantiates less data (issue 39 item 5). Its exports are the whole module's, less the other
// validators (src/wasm/instance.ts speaks to all three builds).
import { validateMemoryIndex } from "./validators/memory-index/index";
import { validateConsistency } from "./validators/consistency/index";
import { validateTraceability } from "./validators/traceability/index";
import { runValidator, keepGarbageOf, SCREEN_NONE, SCREEN_KEEP } from "./entry";

export { abi_version, input_reserve, result_ptr, result_len, debug_abort } from "./entry";

// two or three calls per process: no collection between them unless the memory grew by 1 MB (entry.ts)
keepGarbageOf(2);

export function validate_memory_index(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_NONE, validateMemoryIndex);
}
export function validate_consistency(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_KEEP, validateConsistency);
}
export function validate_traceability(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_KEEP, validateTraceability);
}
