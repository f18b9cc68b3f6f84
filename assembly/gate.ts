// The hook gate's build of the core (agentcheck-gate.wasm): the session-state validator only, from
// the same sources as assembly/index.ts, with the same run (assembly/entry.ts). The gate runs SS-002
// on a state it has not seen before; a module of this validator alone is a fifth of the whole one, so
// V8 decodes and validates a fifth (issue 39 item 3). Its exports are the whole module's, less the
// other validators (src/wasm/instance.ts speaks to both).
import { validateSessionStateGate } from "./validators/session-state/index";
import { runValidator, SCREEN_DROP } from "./entry";

export { abi_version, input_reserve, result_ptr, result_len, debug_abort } from "./entry";

export function validate_session_state(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_DROP, validateSessionStateGate);
}
