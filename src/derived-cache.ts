// Values derived from immutable git objects only, kept beside the core-result cache (src/core-cache.ts
// owns the file, its confinement, its corruption handling and its life: open for pre-pr's cached runs
// and `check --cache`, never otherwise). A key must name every object its value depends on by id
// (commit ids name their whole content and history), so a stored value can never be stale: a moved
// HEAD or another commit is another key. No imports: the git fact code reads it without loading the core.

interface Slot {
  /** Run number of the last use (entries unused for a few runs are dropped when the file is written). */
  g: number;
  v: unknown;
}

interface Open {
  gen: number;
  entries: Record<string, Slot>;
  dirty: boolean;
}

/** Most stored values (each small: a commit's containment); past it nothing new is kept. */
const MAX_DERIVED = 20_000;

let open: Open | undefined;
/** The cache file's read, deferred until a value is first asked for (core-cache's load). */
let pending: (() => void) | undefined;

/** core-cache: how to read the file when a value is first asked for (undefined: no cache open). */
export function deferDerived(load: (() => void) | undefined): void {
  pending = load;
}

/** Start serving (core-cache's load): the stored values of the file, this run's number. */
export function openDerived(entries: Record<string, Slot>, gen: number): void {
  pending = undefined;
  open = { gen, entries, dirty: false };
}

/** Whether values are kept in this run (a cache is open): callers skip computing a key otherwise. */
export function derivedOpen(): boolean {
  pending?.();
  return open !== undefined;
}

/** The value stored under `key`, or undefined (the caller checks its shape: a file may be edited). */
export function recallDerived(key: string): unknown {
  const o = open;
  if (!o || !Object.hasOwn(o.entries, key)) return undefined;
  const s = o.entries[key];
  if (!s || typeof s !== "object" || !Number.isInteger(s.g)) return undefined;
  if (s.g !== o.gen) {
    s.g = o.gen;
    o.dirty = true;
  }
  return s.v;
}

/** Keep `value` under `key` (a JSON value) for later runs. */
export function rememberDerived(key: string, value: unknown): void {
  const o = open;
  if (!o) return;
  if (!Object.hasOwn(o.entries, key) && Object.keys(o.entries).length >= MAX_DERIVED) return;
  o.entries[key] = { g: o.gen, v: value };
  o.dirty = true;
}

/** Stop serving (core-cache's close): the values to write (those used in the last `keepRuns` runs), and whether any changed. */
export function closeDerived(keepRuns: number): { entries: Record<string, Slot>; dirty: boolean } | undefined {
  const o = open;
  open = undefined;
  if (!o) return undefined;
  const entries: Record<string, Slot> = {};
  for (const [k, s] of Object.entries(o.entries)) if (s && Number.isInteger(s.g) && s.g > o.gen - keepRuns) entries[k] = s;
  return { entries, dirty: o.dirty };
}
