// The result buffer's strings cross the interface as UTF-8 encoded by the core (assembly/io.ts
// encodeUtf8: runs of ASCII 16 units at a time, anything else by the standard encoder in chunks that
// never split a surrogate pair). Evidence shown by SP-111 comes back exactly as written, whatever
// characters sit at the chunk edges.
import { describe, it, expect } from "vitest";
import { run, validLog, item, of } from "./util.js";

/** SP-111's message for a complete MUST item whose evidence says "TODO" after `prefix`. */
function shown(prefix: string): string {
  const l = validLog();
  l.protocolCompliance.sessionStart.handoffRead = item(true, `${prefix} TODO`);
  const f = of(run(l).findings, "SP-111");
  expect(f.length).toBe(1);
  return f[0].message;
}

describe("SP-111 / result strings: UTF-8 across the core's 16-unit chunks", () => {
  const pieces = ["é", "→", "😀", "中文", "x"];
  for (const piece of pieces) {
    it(`SP-111 shows evidence with ${JSON.stringify(piece)} at every offset 0..40 intact`, () => {
      for (let at = 0; at <= 40; at++) {
        const prefix = "a".repeat(at) + piece + "b".repeat(40 - at);
        expect(shown(prefix)).toBe(
          `Evidence contradiction: sessionStart.handoffRead is complete but evidence suggests otherwise: '${prefix} TODO'`,
        );
      }
    });
  }
  it("SP-111 shows long mixed evidence (pairs straddling chunk edges) intact", () => {
    const prefix = "😀a😀ab😀abc😀abcd😀".repeat(5) + "plain ascii run of more than sixteen units" + "ü".repeat(17);
    expect(shown(prefix)).toBe(
      `Evidence contradiction: sessionStart.handoffRead is complete but evidence suggests otherwise: '${prefix} TODO'`,
    );
  });
});

describe("SP-111: tokens found at every offset (the 8-unit scan of mayContradict)", () => {
  /** SP-111 findings for sessionStart.handoffRead's evidence `ev` (a complete MUST item). */
  const hits = (ev: string) => {
    const l = validLog();
    l.protocolCompliance.sessionStart.handoffRead = item(true, ev);
    return of(run(l).findings, "SP-111").length;
  };
  it("SP-111: a token after a space or punctuation is found at offsets 0..24, in any case", () => {
    for (let at = 0; at <= 24; at++) {
      // the token starts at unit `at`, after a space (or a comma)
      const pad = at === 0 ? "" : `${"x".repeat(at - 1)} `;
      const padComma = at === 0 ? "" : `${"x".repeat(at - 1)},`;
      for (const tok of ["TODO", "todo", "Pending", "N/A", "tbd", "Skipped here", "Deferred", "will run"]) {
        expect(hits(`${pad}${tok}`), `${JSON.stringify(pad)} + ${tok}`).toBe(1);
        expect(hits(`${padComma}${tok}`), `${JSON.stringify(padComma)} + ${tok}`).toBe(1);
      }
    }
  });
  it("SP-111: a token glued to a word character before it is not a token, at offsets 1..24", () => {
    for (let at = 1; at <= 24; at++) {
      for (const glue of ["x", "9", "_", "Z"]) expect(hits(`${"a".repeat(at - 1)}${glue}todo`)).toBe(0);
    }
  });
});
