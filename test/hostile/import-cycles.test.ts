// Issue 34 item 5: no import cycles in src/ or assembly/ (static, type-only and lazy `import("...")`
// imports alike: a lazy import hides a loop from the module loader, not from the reader).
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importCycles } from "../../scripts/import-cycles.mjs";
import { tmpDir } from "../helpers.js";

describe("issue 34 item 5: import cycles (scripts/import-cycles.mjs)", () => {
  it("src/ and assembly/ have no import cycle", () => {
    expect(importCycles()).toEqual([]);
  });

  it("the check finds a loop through a lazy import, a type-only import and `export from`, and not a chain", () => {
    const dir = tmpDir("agentcheck-cycles-");
    const src = join(dir, "src");
    mkdirSync(join(src, "sub"), { recursive: true });
    writeFileSync(join(src, "a.ts"), 'import { b } from "./b.js";\nexport const a = () => b;\n');
    writeFileSync(join(src, "b.ts"), 'export const b = async () => (await import("./sub/c.js")).c;\n');
    writeFileSync(join(src, "sub", "c.ts"), 'import type { A } from "../d.js";\nexport const c = 1 as unknown as A;\n');
    writeFileSync(join(src, "d.ts"), 'export { a as A } from "./a.js";\n');
    writeFileSync(join(src, "e.ts"), 'import { a } from "./a.js";\nimport { f } from "./f.js";\nexport const e = [a, f];\n');
    writeFileSync(join(src, "f.ts"), "export const f = 1;\n");
    writeFileSync(join(src, "g.ts"), 'import { g as h } from "./g.js";\nexport const g = h;\n');
    expect(importCycles([src], dir)).toEqual([
      ["src/a.ts", "src/b.ts", "src/d.ts", "src/sub/c.ts"],
      ["src/g.ts"],
    ]);
  });
});
