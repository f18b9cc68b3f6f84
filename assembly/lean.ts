// The lean commands' build of the core (agentcheck-lean.wasm): memory-index, consistency and
// traceability only, from the same sources as assembly/index.ts, with the same run (assembly/entry.ts).
// dist/cli/lean.cjs (consistency, traceability and memory-index without commander) instantiates it: a
// module of these three validators is under a third of the whole one, so V8 decodes a third and
// instantiates less data (issue 39 item 5). Its exports are the whole module's, less the other
// validators (src/wasm/instance.ts speaks to all three builds).
import { keepGarbageOf, runValidator, SCREEN_DROP } from "./entry";
import { validateFindingPasses } from "./validators/pre-pr/passes";

export { abi_version, input_reserve, result_ptr, result_len, debug_abort } from "./entry";
export { validate_memory_index, validate_consistency, validate_traceability } from "./lean-exports";

// the passes every command runs over its findings (inline directives, the configuration's overrides):
// the pre-pr module's entry without the pre-pr rules (validators/pre-pr/passes.ts)
export function validate_pre_pr(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_DROP, validateFindingPasses);
}

// two or three calls per process: no collection between them unless the memory grew by 1 MB (entry.ts)
keepGarbageOf(2);
