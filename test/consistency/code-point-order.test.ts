// The planning folders are listed in code-point order (D-1, D-5): byCodePoint compares UTF-16 units
// and turns to code points only where both strings have a unit from U+D800 up. Checked against the
// order of arrays of code points (lone surrogates compare as their own code points).
import { describe, it, expect } from "vitest";
import { byCodePoint } from "../../dist/validators/planning-io.js";

function byPoints(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

describe("byCodePoint", () => {
  it("orders as code points: astral characters after U+E000..U+FFFF, lone surrogates as their own code points", () => {
    const units = ["a", "z", "\ud7ff", "\ue000", "\uffff", "\ud83d\ude00", "\ud800\udc00", "\udbff\udfff", "\ud800", "\udc00", "é"];
    const words: string[] = [""];
    for (const u of units) for (const v of units) words.push(u, u + v, `x${u}${v}y`);
    for (const a of words) for (const b of words) expect(Math.sign(byCodePoint(a, b))).toBe(Math.sign(byPoints(a, b)));
  });

  it("sorts a list as the code-point order does", () => {
    const names = ["prd-\uffff.md", "prd-\ud83d\ude00.md", "prd-a.md", "prd-\ue000.md", "prd-.md", "prd-a.md.md"];
    expect([...names].sort(byCodePoint)).toEqual([...names].sort(byPoints));
  });
});
