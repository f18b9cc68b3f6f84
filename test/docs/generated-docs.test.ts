// Generated documentation must match the sources: `npm run build` regenerates it; this test only
// checks (it never rewrites tracked files).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "../helpers.js";

describe("generated docs", () => {
  it("DOC-01 rule docs and rule tables are up to date (scripts/gen-rule-docs.mjs --check)", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "scripts", "gen-rule-docs.mjs"), "--check"], { cwd: ROOT, encoding: "utf8" });
    expect(r.status, r.stderr + r.stdout).toBe(0);
  });
});
