// No unused imports in assembly/: the AssemblyScript compiler does not report them (src/ has tsc's
// noUnusedLocals), and a stale import hides which module a rule really depends on.
import { describe, expect, it } from "vitest";
import { unusedImports } from "../../scripts/unused-imports.mjs";

describe("assembly/ imports", () => {
  it("every imported name is used (node scripts/unused-imports.mjs lists them)", () => {
    expect(unusedImports()).toEqual([]);
  });
  it("the check finds an unused import", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "agentcheck-imports-"));
    writeFileSync(join(dir, "a.ts"), 'import { used, unused } from "./b";\nimport { T } from "./t";\nexport function f(x: T): i32 { return used(x); }\n');
    expect(unusedImports(dir).map((s: string) => s.replace(/^.*a\.ts: /, ""))).toEqual(["unused"]);
  });
});
