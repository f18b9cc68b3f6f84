// The lean commands' build of the core (agentcheck-lean.wasm): memory-index, consistency and
// traceability only, from the same sources as assembly/index.ts, with the same run (assembly/entry.ts).
// dist/cli/lean.cjs (consistency, traceability and memory-index without commander) instantiates it: a
// module of these three validators is under a third of the whole one, so V8 decodes a third and
// instantiates less data (issue 39 item 5). Its exports are the whole module's, less the other
// validators (src/wasm/instance.ts speaks to all three builds).
import { keepGarbageOf } from "./entry";

export { abi_version, input_reserve, result_ptr, result_len, debug_abort } from "./entry";
export { validate_memory_index, validate_consistency, validate_traceability } from "./lean-exports";

// two or three calls per process: no collection between them unless the memory grew by 1 MB (entry.ts)
keepGarbageOf(2);
