// The exports of memory-index, consistency and traceability, each with its screening of unreadable
// documents (assembly/entry.ts): declared once for the whole module (assembly/index.ts) and the lean
// commands' build (assembly/lean.ts). session-log-style screening for memory-index (AC-001/AC-002 per
// rule order); consistency and traceability keep such documents, marked unread (a name still resolves
// an artifact).
import { validateMemoryIndex } from "./validators/memory-index/index";
import { validateConsistency } from "./validators/consistency/index";
import { validateTraceability } from "./validators/traceability/index";
import { runValidator, SCREEN_NONE, SCREEN_KEEP } from "./entry";

export function validate_memory_index(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_NONE, validateMemoryIndex);
}
export function validate_consistency(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_KEEP, validateConsistency);
}
export function validate_traceability(ptr: usize, docCount: i32): i32 {
  return runValidator(ptr, docCount, SCREEN_KEEP, validateTraceability);
}
