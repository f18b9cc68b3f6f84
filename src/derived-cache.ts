// Values derived from immutable git objects only, kept beside the core-result cache (src/core-cache.ts
// owns the file, its confinement, its corruption handling and its life: one DerivedCache per cached
// run, created with the run's CoreCache and carried to the git fact code in the run's rule settings
// (src/run-settings.ts RuleSettings.cache); pre-pr's cached runs and `check --cache`, never otherwise).
// Nothing here is process state: two repositories validated at once in one process each have their own.
// A key must name every object its value depends on by id (commit ids name their whole content and
// history), so a stored value can never be stale: a moved HEAD or another commit is another key.
// No imports: the git fact code reads it without loading the core.

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

/** The derived values of one run: read with the run's cache file (on first use), written when it is saved. */
export class DerivedCache {
  private open: Open | undefined;
  /** The cache file's read, deferred until a value is first asked for (core-cache's load). */
  private pending: (() => void) | undefined;

  /** `load`: how the owning CoreCache reads its file when a value is first asked for. */
  constructor(load: () => void) {
    this.pending = load;
  }

  /** Start serving (core-cache's load): the stored values of the file, this run's number. */
  start(entries: Record<string, Slot>, gen: number): void {
    this.pending = undefined;
    this.open = { gen, entries, dirty: false };
  }

  /** Whether values are kept (the cache is open, its file read): callers skip computing a key otherwise. */
  isOpen(): boolean {
    const p = this.pending;
    this.pending = undefined;
    p?.();
    return this.open !== undefined;
  }

  /** The value stored under `key`, or undefined (the caller checks its shape: a file may be edited). */
  recall(key: string): unknown {
    const o = this.open;
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
  remember(key: string, value: unknown): void {
    const o = this.open;
    if (!o) return;
    if (!Object.hasOwn(o.entries, key) && Object.keys(o.entries).length >= MAX_DERIVED) return;
    o.entries[key] = { g: o.gen, v: value };
    o.dirty = true;
  }

  /** Stop serving (core-cache's save): the values to write (those used in the last `keepRuns` runs), and whether any changed. */
  close(keepRuns: number): { entries: Record<string, Slot>; dirty: boolean } | undefined {
    const o = this.open;
    this.open = undefined;
    this.pending = undefined;
    if (!o) return undefined;
    const entries: Record<string, Slot> = {};
    for (const [k, s] of Object.entries(o.entries)) if (s && Number.isInteger(s.g) && s.g > o.gen - keepRuns) entries[k] = s;
    return { entries, dirty: o.dirty };
  }
}

/** Whether `d` (the run's derived values; none: no cache in this run) keeps values. */
export function derivedOpen(d: DerivedCache | undefined): d is DerivedCache {
  return d !== undefined && d.isOpen();
}
