// The core's allocator fast path, applied to AssemblyScript's own runtime source at build time
// (imported by the compiler transform scripts/asc-size.mjs, so every asc build of the core gets it).
//
// The "minimal" runtime allocates every object through TLSF: each allocation takes a free block out
// of its size class, splits it and files the rest under a size class again (removeBlock +
// insertBlock), some 60 instructions and a dozen memory writes. The JSON core allocates a few
// hundred thousand small objects per run, and this was its largest single cost (docs/benchmarks.md,
// "seventh session"). The patch keeps one *reserve*: a used TLSF block of 64 KB from which small requests
// (≤ RESERVE_MAX_REQUEST bytes) are cut front first. Every block cut from it, and what is left of
// it, is an ordinary used TLSF block with correct size and LEFTFREE tags, so TLSF's invariants hold
// throughout: freeing, reallocating or collecting any object works as before, and a free neighbour
// merges with the reserve when the reserve itself is freed (when it is too small for a request and a
// new one is taken). A new reserve is the first free block of at least 4 KB in TLSF's size order, at
// most 64 KB of it: the holes a collection leaves between live objects are used before fresh memory.
// Requests above the limit take TLSF's path unchanged. The collector's __new (rt/tcms.ts) cuts a small
// object from the reserve inline (__alloc_object), without the two calls down to allocateBlock; its
// sweep (__collect) frees each run of adjacent dead blocks with one insertBlock (__sweep_free,
// __sweep_end) instead of one insertBlock, and a removeBlock of the left neighbour, per object; and
// its Object#linkTo (three stores, on every allocation and every mark) is inlined.
//
// The runtime text is not copied into this repository: the patch replaces anchors of the installed
// AssemblyScript's rt/tlsf.ts and rt/tcms.ts, each of which must occur exactly once, and fails the
// build otherwise (a new AssemblyScript release must be looked at, not silently built without it).
import { libraryFiles } from "assemblyscript/asc";

const ANCHOR = "export function allocateBlock(root: Root, size: usize): Block {";

const FAST_PATH = `
// agentcheck (scripts/asc-rt.mjs): the collector's sweep (patched tcms __collect) frees dead objects
// through __sweep_free: a dead block right after the pending run of dead blocks joins the run, and a
// run is filed once (one insertBlock) when the next dead block is elsewhere or the sweep ends
// (__sweep_end). Objects die mostly in allocation order, which is mostly address order.
// @ts-ignore: decorator
@lazy let RUN_START: usize = 0;
// @ts-ignore: decorator
@lazy let RUN_END: usize = 0;

// @ts-ignore: decorator
@global @unsafe export function __sweep_end(): void {
  let start = RUN_START;
  if (!start) return;
  RUN_START = 0;
  let b = changetype<Block>(start);
  // the run's first header keeps its LEFTFREE tag; the blocks inside it are now free space
  b.mmInfo = (RUN_END - start - BLOCK_OVERHEAD) | FREE | (b.mmInfo & LEFTFREE);
  insertBlock(ROOT, b); // merges with free neighbours, tags the right one, sets the back reference
}

// @ts-ignore: decorator
@global @unsafe export function __sweep_free(block: usize): void {
  let end = block + BLOCK_OVERHEAD + (changetype<Block>(block).mmInfo & ~TAGS_MASK);
  if (RUN_START && block == RUN_END) {
    RUN_END = end;
    return;
  }
  __sweep_end();
  RUN_START = block;
  RUN_END = end;
}

// agentcheck (scripts/asc-rt.mjs): small requests are cut from a reserve block.
// @ts-ignore: decorator
@lazy let RESERVE: usize = 0;
// @ts-ignore: decorator
@inline const RESERVE_SIZE: usize = (64 << 10) - BLOCK_OVERHEAD;
// @ts-ignore: decorator
@inline const RESERVE_MAX_REQUEST: usize = 1 << 10;
// @ts-ignore: decorator
@inline const RESERVE_MIN: usize = (4 << 10) - BLOCK_OVERHEAD;

/** Cuts a used block of payloadSize from the front of the used block r, which must hold it and a minimal rest. */
// @ts-ignore: decorator
@inline function cutReserve(r: usize, payloadSize: usize): Block {
  let block = changetype<Block>(r);
  let info = block.mmInfo;
  let rest = r + BLOCK_OVERHEAD + payloadSize;
  // the rest stays a used block (its left neighbour, the new block, is used: no LEFTFREE)
  changetype<Block>(rest).mmInfo = (info & ~TAGS_MASK) - payloadSize - BLOCK_OVERHEAD;
  block.mmInfo = payloadSize | (info & LEFTFREE);
  RESERVE = rest;
  return block;
}

/**
 * A new reserve: the first free block of at least RESERVE_MIN bytes in TLSF's size order (a hole the
 * last collection left is used before fresh memory, so the heap, and the pages it touches, stay
 * small), at most RESERVE_SIZE of it.
 */
function takeReserve(root: Root): Block {
  let block = searchBlock(root, RESERVE_MIN);
  if (!block) {
    growMemory(root, RESERVE_SIZE);
    block = changetype<Block>(searchBlock(root, RESERVE_MIN));
  }
  removeBlock(root, block);
  prepareBlock(root, block, min(block.mmInfo & ~TAGS_MASK, RESERVE_SIZE));
  return block;
}

/**
 * The collector's allocation (patched into tcms __new, inlined there): a small object that fits the
 * reserve is cut without a call; anything else goes through __alloc.
 */
// @ts-ignore: decorator
@global @unsafe @inline export function __alloc_object(size: usize): usize {
  let r = RESERVE;
  if (r && size <= RESERVE_MAX_REQUEST) {
    let payloadSize = size <= BLOCK_MINSIZE ? BLOCK_MINSIZE : ((size + BLOCK_OVERHEAD + AL_MASK) & ~AL_MASK) - BLOCK_OVERHEAD;
    if ((changetype<Block>(r).mmInfo & ~TAGS_MASK) >= payloadSize + BLOCK_OVERHEAD + BLOCK_MINSIZE) return changetype<usize>(cutReserve(r, payloadSize)) + BLOCK_OVERHEAD;
  }
  return __alloc(size);
}

export function allocateBlock(root: Root, size: usize): Block {
  if (size <= RESERVE_MAX_REQUEST) {
    let payloadSize = computeSize(size);
    let r = RESERVE;
    if (r) {
      if ((changetype<Block>(r).mmInfo & ~TAGS_MASK) >= payloadSize + BLOCK_OVERHEAD + BLOCK_MINSIZE) return cutReserve(r, payloadSize);
      RESERVE = 0;
      freeBlock(root, changetype<Block>(r));
    }
    return cutReserve(changetype<usize>(takeReserve(root)), payloadSize);
  }
  return allocateTlsfBlock(root, size);
}

/** TLSF's own allocation. */
function allocateTlsfBlock(root: Root, size: usize): Block {`;

const NEW_ALLOC = "let obj = changetype<Object>(__alloc(OBJECT_OVERHEAD + size) - BLOCK_OVERHEAD);";

// linking an object into a colour list: three stores, on every allocation and every mark
const LINK_TO = "  linkTo(list: Object, withColor: i32): void {";
const SWEEP_FREE = "__free(changetype<usize>(iter) + BLOCK_OVERHEAD);";
const SWEEP_DONE = "  from.nextWithColor = changetype<usize>(from);";

/** `source` with its one occurrence of `anchor` replaced by `by`; throws when there is none or more than one. */
function replaceOnce(source, file, anchor, by) {
  const at = source.indexOf(anchor);
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0) {
    throw new Error(`asc-rt: AssemblyScript's ${file} no longer has exactly one \`${anchor.trim()}\`; review scripts/asc-rt.mjs against the new runtime`);
  }
  return source.slice(0, at) + by + source.slice(at + anchor.length);
}

/**
 * rt/tcms.ts whose __new takes small objects from the reserve inline (__alloc_object), whose
 * Object#linkTo is inlined (into __new and the marking; a call each before), and whose sweep frees
 * runs of dead blocks at once (__sweep_free, then __sweep_end after the loop).
 */
export function patchTcms(source) {
  let out = source;
  for (const [anchor, by] of [
    [NEW_ALLOC, NEW_ALLOC.replace("__alloc(", "__alloc_object(")],
    [LINK_TO, "// @ts-ignore: decorator\n  @inline " + LINK_TO.trimStart()],
    [SWEEP_FREE, "__sweep_free(changetype<usize>(iter));"],
    [SWEEP_DONE, "  __sweep_end();\n" + SWEEP_DONE],
  ]) out = replaceOnce(out, "rt/tcms.ts", anchor, by);
  return out;
}

/** rt/tlsf.ts with the reserve fast path and the sweep's run filing; throws when the runtime no longer matches. */
export function patchTlsf(source) {
  return replaceOnce(source, "rt/tlsf.ts", ANCHOR, FAST_PATH);
}

let applied = false;

/** Patch the compiler's in-memory copy of the runtime (before the runtime is parsed). */
export function applyRuntimePatch() {
  if (applied) return;
  for (const [key, patch] of [["rt/tlsf", patchTlsf], ["rt/tcms", patchTcms]]) {
    if (typeof libraryFiles[key] !== "string") throw new Error(`asc-rt: the compiler has no library file ${key}`);
    libraryFiles[key] = patch(libraryFiles[key]);
  }
  applied = true;
}
