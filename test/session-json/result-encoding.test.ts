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
