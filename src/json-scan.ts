// Where a JSON document read from a pipe ends, and how deep it nests, by one linear scan that skips
// strings with indexOf (memchr) and never walks their content byte by byte in JS: the gate's stdin read
// (src/state/gate.ts) decides with it whether the input is complete; the other hooks' bounded read
// (src/hook-input.ts) bounds the nesting with it before JSON.parse. No imports: both are lean paths.

/** A scan that has seen nothing yet. */
export function newScanState(): ScanState {
  return { depth: 0, maxDepth: 0, inString: false, escape: false, started: false, untracked: false };
}

/** The scan of the hook input so far (scanEnd), carried from chunk to chunk. */
export interface ScanState {
  depth: number;
  /** The deepest nesting seen so far. */
  maxDepth: number;
  inString: boolean;
  escape: boolean;
  started: boolean;
  /** The input does not start with { or [: nothing to track. */
  untracked: boolean;
}
/** The number of backslashes right before `end`, counting back no further than `from`. */
function backslashRun(buf: Buffer, from: number, end: number): number {
  let k = end;
  while (k > from && buf[k - 1] === 0x5c) k--;
  return end - k;
}

/**
 * Where the JSON value at the start of `buf` ends, scanning linearly from `state` (carried across
 * chunks): the byte index after its closing bracket, or -1 while it is still open. Only objects and
 * arrays are tracked (any other start returns -1: read to the end, as before).
 */
export function scanEnd(buf: Buffer, st: ScanState): number {
  const n = buf.length;
  for (let i = 0; i < n; i++) {
    if (st.untracked) return -1;
    if (st.inString) {
      // to the string's end by indexOf (memchr) for each quote, never a JS loop over the content; a
      // quote is escaped when an odd run of backslashes precedes it. The runs counted lie between the
      // search start and the quote, so every byte is looked at a bounded number of times.
      if (st.escape) {
        st.escape = false;
        i++;
      }
      let q = i < n ? buf.indexOf(0x22, i) : -1;
      while (q >= 0 && backslashRun(buf, i, q) % 2 === 1) {
        i = q + 1;
        q = i < n ? buf.indexOf(0x22, i) : -1;
      }
      if (q < 0) {
        st.escape = i < n && backslashRun(buf, i, n) % 2 === 1;
        return -1;
      }
      i = q;
      st.inString = false;
      continue;
    }
    const b = buf[i];
    if (!st.started) {
      if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) continue;
      if (b !== 0x7b && b !== 0x5b) {
        st.untracked = true;
        return -1;
      }
      st.started = true;
    }
    if (b === 0x22) st.inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++st.depth > st.maxDepth) st.maxDepth = st.depth;
    }
    else if ((b === 0x7d || b === 0x5d) && --st.depth === 0) return i + 1;
  }
  return -1;
}
