// The CommonJS bundles the launcher loads at every run are ASCII-only (scripts/bundle-cli.mjs
// asciiOnly): one character outside ASCII, even in a comment, makes Node decode the whole file into a
// two-byte string at every start (check.cjs carried an em dash in a comment: issue 39 item 5,
// docs/benchmarks.md). Reads the built files only.
import { describe, it, expect } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers.js";

const CLI = join(ROOT, "dist", "cli");

describe("issue-39 the CommonJS bundles are ASCII-only", () => {
  const bundles = readdirSync(CLI).filter((f) => f.endsWith(".cjs"));
  it("the launcher's bundles are all there", () => {
    for (const b of ["lean.cjs", "check.cjs", "hooks.cjs", "observe.cjs", "md-worker.cjs"]) expect(bundles).toContain(b);
  });
  it.each(bundles)("%s has no byte outside ASCII", (name) => {
    const bytes = readFileSync(join(CLI, name));
    const at = bytes.findIndex((b) => b > 0x7f);
    expect(at === -1 ? "" : `${name}: byte ${at}: ${bytes.subarray(Math.max(0, at - 40), at + 10).toString("utf8")}`).toBe("");
  });
});
