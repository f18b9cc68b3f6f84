// MI-005 keyword uniqueness and the index header compare text lower-cased as Python's str.lower()
// does (assembly/lib/pylower.ts, tables from scripts/gen-unicode-classes.mjs). Each pair below was
// checked against upstream's memory_index.py (Python 3.11): both rows share the lower-cased keyword,
// so each row's uniqueness is 0.5 (one of its two keywords is its own).
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { mi, idx, files } from "./mi-helpers.js";
import { ROOT } from "../helpers.js";

const PAIRS: [string, string, string][] = [
  ["Kelvin sign", "\u212a1", "k1"],
  ["Ohm sign", "\u2126", "\u03c9"],
  ["Greek archaic koppa", "\u03d8", "\u03d9"],
  ["Georgian capital Yn", "\u10c7", "\u2d27"],
  ["Cyrillic Extended-B", "\ua640", "\ua641"],
  ["Deseret (outside the BMP)", "\u{10400}", "\u{10428}"],
  // a case-ignorable apostrophe between the sigma and a cased letter: not final
  ["capital sigma before ' and a letter", "\u039f\u0394\u039f\u03a3'\u0391", "\u03bf\u03b4\u03bf\u03c3'\u03b1"],
  // a case-ignorable apostrophe between a cased letter and the sigma: final
  ["capital sigma after a letter and '", "\u0391'\u03a3", "\u03b1'\u03c2"],
];

describe("MI-005: keywords lower-cased as Python's str.lower()", () => {
  for (const [name, upper, lower] of PAIRS) {
    it(`MI-005 ${name}: ${JSON.stringify(upper)} and ${JSON.stringify(lower)} are one keyword`, () => {
      const v = mi({ "skills-a-index.md": idx([`alpha ${upper}`, "a-x"], [`beta ${lower}`, "a-y"]), ...files("a-x", "a-y") });
      expect(v.domains.a.densities).toEqual({ "a-x": 0.5, "a-y": 0.5 });
    });
  }
  it("MI-005 a capital sigma at the end of a word is final sigma, not sigma", () => {
    const v = mi({ "skills-a-index.md": idx(["alpha \u039f\u0394\u039f\u03a3", "a-x"], ["beta \u03bf\u03b4\u03bf\u03c3", "a-y"]), ...files("a-x", "a-y") });
    expect(v.domains.a.densities).toEqual({ "a-x": 1, "a-y": 1 });
  });
  it("the header cell 'Keywords' spelled with the Kelvin sign lower-cases to 'keywords': no entry", () => {
    const v = mi({ "skills-a-index.md": "| \u212aeywords | File |\n|---|---|\n| k | a-x |\n", ...files("a-x") });
    expect(v.domains.a.entries).toBe(1);
  });
});

describe("the generated Unicode tables", () => {
  it("assembly/lib/unicode-classes.ts is what scripts/gen-unicode-classes.mjs writes with this Node's Unicode data", async (ctx) => {
    const committed = readFileSync(join(ROOT, "assembly", "lib", "unicode-classes.ts"), "utf8");
    const version = /from Unicode (\S+) /.exec(committed)?.[1];
    if (version !== process.versions.unicode) {
      ctx.skip(`the tables are from Unicode ${version}, this Node has ${process.versions.unicode}: regenerate with node scripts/gen-unicode-classes.mjs`);
    }
    const { unicodeClassesText } = await import(join(ROOT, "scripts", "gen-unicode-classes.mjs"));
    // the Node version in the first line is a note, not part of the tables
    const body = (t: string) => t.slice(t.indexOf("\n"));
    expect(body(unicodeClassesText())).toBe(body(committed));
  });
});
