// Issue 33 item 5: no spread of an unbounded array into a call anywhere in src/. `fn(...xs)` puts every
// element on the stack: the text and markdown formats died with "Maximum call stack size exceeded"
// and no report on ~125,000 findings in one file (`lines.push(file, ...body)`, `Math.max(...locs)`).
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { callSpreads } from "../../scripts/call-spreads.mjs";
import { tmpDir } from "../helpers.js";
import { maxOf, pushAll } from "../../dist/arrays.js";

describe("issue 33 item 5: spread arguments (scripts/call-spreads.mjs)", () => {
  it("src/ passes no array to a call as spread arguments (use pushAll / maxOf from src/arrays.ts)", () => {
    expect(callSpreads()).toEqual([]);
  });

  it("the check finds push(...xs), Math.max(...xs) and new X(...xs), and not array or object literals", () => {
    const dir = tmpDir("agentcheck-spreads-");
    mkdirSync(join(dir, "src"));
    writeFileSync(
      join(dir, "src", "a.ts"),
      "const a: number[] = [];\nconst b = [1];\na.push(...b);\nconst m = Math.max(0, ...b);\nconst d = new Set(...[b]);\nconst ok = [...a, ...b];\nconst o = { ...{ x: 1 } };\n",
    );
    expect(callSpreads(join(dir, "src"), dir).map((s: string) => s.replace(/ \(line \d+\)$/, ""))).toEqual([
      "src/a.ts:a.push(...b)",
      "src/a.ts:Math.max(0, ...b)",
      "src/a.ts:new Set(...[b])",
    ]);
  });

  it("pushAll and maxOf take 200,000 items (a spread throws RangeError there)", () => {
    const big = Array.from({ length: 200_000 }, (_, i) => i);
    expect(() => [].push(...(big as never[]))).toThrow(RangeError);
    expect(pushAll([-1], big).length).toBe(200_001);
    expect(maxOf(big, 0)).toBe(199_999);
    expect(maxOf([], 0)).toBe(0);
  });
});
