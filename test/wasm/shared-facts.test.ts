// executeValidator's `shared` facts (src/engine.ts mergedFactDocs): their documents are made once and
// merged with each call's own facts and the run's options; the documents must be exactly those of
// factDocs over { ...base, ...shared, ...own } (the core's input and the cached runs' keys depend on
// their order and values), whichever keys the three share, undefined and null values included.
import { describe, expect, it } from "vitest";
import { factDocs, mergedFactDocs, type Facts } from "../../dist/engine.js";

const view = (docs: ReturnType<typeof factDocs>) => docs.map((d) => [d.name, d.kind, d.fact, d.utf8Bytes]);

describe("shared facts merged with a call's own", () => {
  const keys = ["a", "b", "git.commit.1", "git.commit.2", "option.SP-1.x", "severity.mode", "z", "git.diff.x..y", "B"];
  const values = [undefined, null, "v", "", true, false, 3, ["p", "q:r"], [], ["é"]];
  let seed = 11;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
  const pick = (): Facts => {
    const f: Record<string, unknown> = {};
    for (const k of keys) if (rnd(3) === 0) f[k] = values[rnd(values.length)];
    return f as Facts;
  };
  it("gives factDocs' documents of the spread, for 500 random base / shared / own sets", () => {
    for (let t = 0; t < 500; t++) {
      const base = pick();
      const shared = pick();
      const own = pick();
      expect(view(mergedFactDocs(base, shared, own))).toEqual(view(factDocs({ ...base, ...shared, ...own })));
      // a second call with the same shared object (its documents cached) and other own facts
      const again = pick();
      expect(view(mergedFactDocs(base, shared, again))).toEqual(view(factDocs({ ...base, ...shared, ...again })));
    }
  });
});
