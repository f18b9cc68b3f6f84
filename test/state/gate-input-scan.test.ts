// Issue 33 item 8 ("stdin held open after a complete JSON hook input denies even Read"): the gate finds
// where the JSON document on stdin ends as the chunks arrive (src/state/gate.ts scanEnd), so it decides
// without waiting for the end of input. The scan must agree with JSON itself for every document and
// every split into chunks, and stay linear (a chunk of backslashes or quotes is not rescanned).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { newScanState, scanEnd, type ScanState } from "../../src/json-scan.js";
import { jsonDepth } from "../../src/hook-input.js";

const fresh = (): ScanState => newScanState();

/** Where the document ends when `text` arrives in the given chunks: the absolute end, or -1. */
function endIn(text: string, cuts: number[]): number {
  const buf = Buffer.from(text);
  const st = fresh();
  const points = [...new Set(cuts.map((c) => c % (buf.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...points, buf.length]) {
    if (to < from) continue;
    const e = scanEnd(buf.subarray(from, to), st);
    if (e >= 0) return from + e;
    from = to;
  }
  return -1;
}

describe("gate hook input: where the JSON document ends (scanEnd)", () => {
  it("any object or array, split anywhere: the end is the document's last byte, not earlier", () => {
    fc.assert(
      fc.property(fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue())), fc.array(fc.nat(), { maxLength: 6 }), fc.constantFrom("", " ", "\n"), (v, cuts, pad) => {
        const doc = `${pad}${JSON.stringify(v)}`;
        expect(endIn(`${doc}${pad}`, cuts)).toBe(Buffer.byteLength(doc));
      }),
      { numRuns: 200 },
    );
  });
  it("strings full of escapes, quotes and brackets (split inside escapes too)", () => {
    const v = { tool_name: "Write", tool_input: { content: '\\"}{][\\\\\\"x'.repeat(50) + "\u00e9\u{1F600}" } };
    const doc = JSON.stringify(v);
    for (let cut = 0; cut <= Buffer.byteLength(doc); cut += 7) expect(endIn(doc, [cut, cut + 1, cut + 3])).toBe(Buffer.byteLength(doc));
  });
  it("strings over backslashes, quotes and brackets only, split anywhere (the indexOf skip over string contents)", () => {
    const text = fc.string({ unit: fc.constantFrom("\\", '"', "{", "}", "[", "]", "a"), maxLength: 40 });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 8 }), (parts, cuts) => {
        const doc = JSON.stringify({ tool_input: parts });
        expect(endIn(doc, cuts)).toBe(Buffer.byteLength(doc));
      }),
      { numRuns: 500 },
    );
  });
  it("an incomplete document or a non-object start is never complete", () => {
    expect(endIn('{"a":"}', [])).toBe(-1);
    expect(endIn('{"a":[1,2}', [3])).toBe(-1);
    expect(endIn('"just a string"', [])).toBe(-1);
    expect(endIn("", [])).toBe(-1);
  });
});

describe("hook input nesting (jsonDepth, the bound of the Stop, SessionStart, SessionEnd, PostToolUse and PreCompact hooks' read)", () => {
  const depth = (s: string) => jsonDepth(Buffer.from(s));
  it.each([
    ["{}", 1],
    ['{"a":[{"b":[]}]}', 4],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"\\"[[[[\\\\"}', 1],
    ['{"a":"\\\\\\"[[["}', 1],
    ['{"a":"\\\\","b":[[1]]}', 3],
    ['  \n[[[]]]', 3],
    ['"[[[["', 0],
    ["{} [[[[[[", 1],
    ['{"open":"never closed [[[[', 1],
  ])("%s nests %i deep", (s, d) => {
    expect(depth(s)).toBe(d);
  });
  it("300 levels are counted whole (above HOOK_INPUT_MAX_DEPTH)", () => {
    expect(depth("[".repeat(300) + "]".repeat(300))).toBe(300);
  });
});
