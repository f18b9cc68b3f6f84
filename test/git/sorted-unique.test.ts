// Issue 39: SP-131/SP-132's changed-file facts (git.diff.<range>) skip the set and the sort when git's
// list is already strictly increasing; the answer must be `[...new Set(xs)].sort()` whatever the list.
import { describe, it, expect } from "vitest";
import { sortedUnique } from "../../dist/arrays.js";

const reference = (xs: string[]) => [...new Set(xs)].sort();

describe("issue 39: sortedUnique (SP-131, SP-132 changed-file lists)", () => {
  it("SP-132: a list git gives in order comes back as it is (the same array)", () => {
    const xs = [".agents/a.md", ".agents/b.md", "src/a-b.ts", "src/a/b.ts", "src/a.ts"].sort();
    expect(sortedUnique(xs)).toBe(xs);
    expect(sortedUnique(xs)).toEqual(reference(xs));
  });
  it("SP-132: out of order, repeated, empty and one-item lists equal the set-and-sort answer", () => {
    const cases: string[][] = [[], ["a"], ["b", "a"], ["a", "a"], ["a", "b", "b", "c"], ["é", "e", "z"], ["\u{1F600}", "\uFFFD"], ["x/y", "x-y", "x.y", "x"]];
    for (const xs of cases) expect(sortedUnique([...xs]), JSON.stringify(xs)).toEqual(reference(xs));
  });
  it("SP-132: random lists of short names (with repeats) equal the set-and-sort answer", () => {
    let seed = 39;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = ["a", "b", "/", "-", ".", "é", "\u{1F600}", "\uFFFD"];
    for (let n = 0; n < 300; n++) {
      const xs = Array.from({ length: Math.floor(rnd() * 8) }, () => Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join(""));
      const maybeSorted = rnd() < 0.5 ? reference(xs) : xs;
      expect(sortedUnique([...maybeSorted])).toEqual(reference(maybeSorted));
    }
  });
});
