import { it } from "vitest";
import { check, of, mdLog, OK } from "/work/wt-i10-realrepo/test/session-md/lib.js";
import { wasmMemoryBytes, resetWasm } from "../dist/wasm/loader.js";
it("probe", () => {
  for (const n of [1000, 2000, 4000, 10000, 100000]) for (const ext of [".ts", ".md"]) {
    resetWasm();
    const files = Array.from({ length: n }, (_, i) => `src/dir${i % 100}/file-${i}${ext}`);
    const log = mdLog({ end: [`| MUST | Route to qa agent (feature implementation) | [x] | SKIPPED: docs-only |`, "| MUST | Commit all changes | [x] | Commit SHA: `abc1234` |"] });
    const t = performance.now();
    try {
      const f = of(check(log, { ...OK, "diff:a1b2c3d": files }), "SP-037");
      console.log("N", n, ext, Math.round(performance.now() - t), "ms", wasmMemoryBytes() >> 20, "MB", f.map((x) => x.message.length));
    } catch (e) { console.log("N", n, "ERR", String(e).slice(0, 200)); }
  }
});
