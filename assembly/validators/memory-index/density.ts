// Keyword uniqueness of a skills domain index (the model behind MI-005 and the `uniqueness` data),
// computed as the reference does: the lower-cased keyword set of an entry (keyed by file name, the
// last row wins) against the union of the other names' sets, rounded like Python's round(x, 2).
// Linear: a keyword is unique to a name when exactly one distinct name's set holds it.
import { Index } from "./ctx";
import { pyLower } from "../../lib/pylower";
import { StrMap } from "../../lib/strmap";

/**
 * round(x, 2) * 100 for x in [0, 1], on the IEEE double x as Python rounds it: the exact binary
 * value, ties to even (5/8 -> 62).
 */
export function round2Hundredths(x: f64): i32 {
  const bits = reinterpret<u64>(x);
  const exp = <i32>((bits >> 52) & 0x7ff);
  if (exp == 0) return 0;
  const m = (bits & 0xfffffffffffff) | (<u64>1 << 52);
  const s = 1075 - exp; // x = m / 2^s, s >= 52 for x <= 1
  if (s >= 64) return 0;
  const t = m * 100;
  let n = t >> <u64>s;
  const rem = t & ((<u64>1 << <u64>s) - 1);
  const half = <u64>1 << <u64>(s - 1);
  if (rem > half || (rem == half && (n & 1) == 1)) n++;
  return <i32>n;
}

/** Uniqueness in hundredths per row of the index (computed once; also fills densityNames/Values). */
export function rowDensity(ix: Index): i32[] {
  const done = ix.rowDensity;
  if (done !== null) return done;
  const es = ix.entries;
  const n = es.length;
  // distinct names in first-occurrence order; the last row of a name gives its keyword set
  // (fixed-size buffers throughout: their sizes are known, no array grows push by push)
  const names: string[] = [];
  const nameIdx = new StrMap();
  const lastRow = new StaticArray<i32>(n);
  const rowName = new StaticArray<i32>(n);
  for (let i = 0; i < n; i++) {
    let k = nameIdx.get(es[i].name);
    if (k < 0) {
      k = names.length;
      nameIdx.set(es[i].name, k);
      names.push(es[i].name);
    }
    lastRow[k] = i;
    rowName[i] = k;
  }
  const nn = names.length;
  let total = 0;
  for (let k = 0; k < nn; k++) total += es[lastRow[k]].keywords.length;
  // keyword ids: how many distinct names hold each keyword, and which name counted it last; each
  // name's set is setIds[setStart[k] .. setStart[k + 1])
  const kwId = new StrMap();
  const holders = new StaticArray<i32>(total);
  const countedBy = new StaticArray<i32>(total);
  const setStart = new StaticArray<i32>(nn + 1);
  const setIds = new StaticArray<i32>(total);
  let ids = 0;
  let used = 0;
  for (let k = 0; k < nn; k++) {
    setStart[k] = used;
    const kws = es[lastRow[k]].keywords;
    for (let j = 0; j < kws.length; j++) {
      const w = pyLower(kws[j]);
      let id = kwId.get(w);
      if (id < 0) {
        id = ids++;
        kwId.set(w, id);
        countedBy[id] = -1;
      }
      if (countedBy[id] == k) continue;
      countedBy[id] = k;
      holders[id]++;
      setIds[used++] = id;
    }
  }
  setStart[nn] = used;
  const value = new Array<i32>(nn);
  for (let k = 0; k < nn; k++) {
    const from = setStart[k];
    const size = setStart[k + 1] - from;
    let unique = 0;
    for (let j = 0; j < size; j++) if (holders[setIds[from + j]] == 1) unique++;
    let v = size == 0 ? 0 : round2Hundredths(<f64>unique / <f64>size);
    if (n == 1) v = 100;
    value[k] = v;
  }
  const rows = new Array<i32>(n);
  for (let i = 0; i < n; i++) rows[i] = value[rowName[i]];
  ix.densityNames = names;
  ix.densityValues = value;
  ix.rowDensity = rows;
  return rows;
}

/** Rows below the MI-005 threshold (40 %); an index with fewer than two rows always passes. */
export function lowUniqueness(ix: Index, row: i32): bool {
  return ix.entries.length > 1 && rowDensity(ix)[row] < 40;
}
