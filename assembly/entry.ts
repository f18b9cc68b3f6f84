// What every build of the core exports besides its validators, and the run both builds share
// (issue 39 item 3): assembly/index.ts (every validator, agentcheck.wasm) and assembly/gate.ts
// (session-state only, agentcheck-gate.wasm: the hook gate's SS-002) are two entries over these
// same sources, so a state is judged by the same code in both.
import { ABI_VERSION, STATUS_OK } from "./abi";
import { Input, reserveInput, readInput, Results, getResultPtr, getResultLen, pinRun } from "./io";
import { screenText } from "./validators/common";

export function abi_version(): i32 {
  return ABI_VERSION;
}

/** Runs whose garbage is still in the heap: collected when a later run starts (see runValidator()). */
let pendingRuns: i32 = 0;
/** The memory's size (pages) after the last collection, or when the first run started. */
let pagesAtCollect: i32 = 0;
/** Runs whose garbage may still be in the heap when a run starts (keepGarbageOf; 0: every run starts with a collection). */
let keptRuns: i32 = 0;
/** A run starts with a collection anyway when the memory grew by this many pages (1 MB) since the last one. */
const COLLECT_GROWTH_PAGES: i32 = 16;

/**
 * The lean commands' build (assembly/lean.ts) keeps the garbage of up to `runs` runs: a short command
 * runs the core two or three times on small inputs and exits, and sweeping between those runs (and
 * compiling the collector for it) cost more than the memory it gives back. The other builds keep
 * none: `check` and the servers run the core many times, and their peak memory stays where it was.
 */
export function keepGarbageOf(runs: i32): void {
  keptRuns = runs;
}

export function input_reserve(totalBytes: i32, docCount: i32): usize {
  // kept garbage never outgrows 1 MB of memory growth: a large run's garbage is swept when the next starts
  const pages = <i32>memory.size();
  if (pagesAtCollect == 0) pagesAtCollect = pages;
  if (pendingRuns > keptRuns || (pendingRuns > 0 && pages - pagesAtCollect >= COLLECT_GROWTH_PAGES)) {
    pendingRuns = 0;
    __collect();
    pagesAtCollect = <i32>memory.size();
  }
  return reserveInput(totalBytes, docCount);
}

export function result_ptr(): usize {
  return getResultPtr();
}

export function result_len(): i32 {
  return getResultLen();
}

/** Test hook: aborts with a message, so the host's abort handling can be exercised. */
export function debug_abort(code: i32): i32 {
  assert(code == 0, "debug_abort called with a non-zero code");
  return STATUS_OK;
}

// Test-only trap marker: the fact "debug.trap" names a document ("kind:name", kind one of
// unreachable | oob | recursion | abort | oom); the core traps on it. Lets tests prove that a WebAssembly trap
// (not an abort) in one file leaves the other files' results intact (host: src/engine.ts); kind "abort"
// makes the standard library abort (index out of range), as a bug in a rule would; kind "oom" exhausts
// the memory as quadratic string building did (the allocator traps when memory cannot grow).
function recurse(n: i32): i32 {
  return n == 0 ? 0 : recurse(n + 1) + 1;
}
function debugTrap(input: Input): void {
  const t = input.fact("debug.trap");
  if (t === null) return;
  const k = t.indexOf(":");
  const kind = k < 0 ? "unreachable" : t.substring(0, k);
  const name = k < 0 ? t : t.substring(k + 1);
  for (let i = 0; i < input.docs.length; i++) {
    if (input.docs[i].kind == 0 || input.docs[i].name != name) continue;
    if (kind == "oob") store<i32>(<usize>0xfffffff0, 1, 0x1000);
    else if (kind == "abort") input.docs[input.docs.length].release(); // the standard library's range check aborts
    else if (kind == "recursion") recurse(1);
    else if (kind == "oom") for (let n = 0; n < 64; n++) heap.alloc(16 << 20); // 1 GB, over any maximum
    else unreachable();
  }
}

/** The documents' text screen before a validator (see screenText): none, drop bad documents, or keep them unread. */
export const SCREEN_NONE: i32 = 0;
export const SCREEN_DROP: i32 = 1;
export const SCREEN_KEEP: i32 = 2;

/** One validator's run over the input at `ptr`: the policy, the test trap, the screen, `validate`, the result. */
export function runValidator(ptr: usize, docCount: i32, screen: i32, validate: (input: Input, results: Results) => void): i32 {
  const input = readInput(ptr, docCount);
  const results = new Results(docCount);
  results.applyPolicy(input);
  pinRun(input, results);
  debugTrap(input);
  // session-log and memory-index screen their own documents (AC-001/AC-002 per rule order)
  // consistency and traceability keep such documents, marked unread: a name still resolves an artifact
  if (screen != SCREEN_NONE) screenText(input, results, screen == SCREEN_KEEP);
  validate(input, results);
  const status = results.finish();
  pinRun(null, null);
  // The "minimal" runtime (no write barriers: a third of the module size) collects only when asked.
  // Nothing of this run is needed any more (results live in raw heap blocks), but the collection
  // waits for a later run (input_reserve): a process that runs the core once (most commands) exits
  // without sweeping a heap it is about to drop, and one that runs it often sweeps before it allocates.
  pendingRuns++;
  return status;
}
