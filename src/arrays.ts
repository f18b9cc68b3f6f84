// Array helpers for data-sized arrays. `dst.push(...xs)` and `Math.max(...xs)` pass every element as
// one argument on the stack and throw "Maximum call stack size exceeded" near 100,000 elements (a file
// with that many findings, a state with that many rows): these loop instead. scripts/call-spreads.mjs
// (run by test/hostile/call-spreads.test.ts) fails on a spread argument anywhere in src/.

/** Append every item of `xs` to `dst` (in order); returns dst. */
export function pushAll<T>(dst: T[], xs: Iterable<T>): T[] {
  for (const x of xs) dst.push(x);
  return dst;
}

/** The largest of `init` and the numbers in `xs`. */
export function maxOf(xs: Iterable<number>, init = -Infinity): number {
  let m = init;
  for (const x of xs) if (x > m) m = x;
  return m;
}

/**
 * `[...new Set(xs)].sort()` (the default sort: UTF-16 code units, as `<` compares strings), without
 * building the set or sorting when `xs` is already strictly increasing (git lists a diff's paths in
 * that order: one pass instead of a set and a sort of every range's names). The same array then.
 */
export function sortedUnique(xs: string[]): string[] {
  for (let i = 1; i < xs.length; i++) if (!(xs[i - 1] < xs[i])) return [...new Set(xs)].sort();
  return xs;
}
