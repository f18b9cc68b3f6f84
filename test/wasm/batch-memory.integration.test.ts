// Issue 39 item 2: the core's linear memory never shrinks, so the largest core call of a run sets its
// size for the whole run (about 9 bytes per input byte on JSON logs). The host splits separable
// inputs into small calls (src/engine.ts BATCH_BYTES): many megabytes of session logs must not grow
// the core to the size one call over all of them would need.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { executeValidator } from "../../dist/engine.js";
import { wasmMemoryBytes } from "../../dist/wasm/loader.js";
import * as abi from "../../dist/wasm/abi.js";
import { ROOT } from "../helpers.js";

describe("issue 39 item 2: core memory of a whole-repository check is bounded by the batch, not the input", () => {
  it("SP-100..SP-132 session-log over 6 MB of JSON logs: every log has a result and the core stays under 24 MB", () => {
    const log = readFileSync(join(ROOT, "examples/workspace/.agents/sessions/2026-01-08-session-4.json"));
    const docs = [];
    let total = 0;
    for (let i = 0; total < 6 * 1024 * 1024; i++) {
      docs.push({ file: `.agents/sessions/2026-01-08-session-${i + 10}.json`, kind: abi.KIND.SESSION_JSON, bytes: new Uint8Array(log) });
      total += log.length;
    }
    const out = executeValidator("session-log", docs, {}, { separable: true });
    expect(out.internalErrors).toEqual([]);
    expect(out.results.length).toBe(docs.length);
    // one call over all of it grew the core to 39 MB and more (8 MB batches); 1 MB batches stay near 16 MB
    expect(wasmMemoryBytes()).toBeLessThanOrEqual(24 * 1024 * 1024);
  });
});
