// A snapshot file belongs to one test file: vitest names it after the test (`__snapshots__/<test file>.snap`).
// When a test file is renamed (a move to the integration tier) and its snapshot is not, a local run writes a
// fresh snapshot and passes without comparing anything; only CI (which writes none) would fail. This keeps the
// pair together.
import { readdirSync, existsSync } from "node:fs";
import { join, dirname, basename } from "node:path";
import { describe, expect, it } from "vitest";

function snapshots(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) snapshots(p, out);
    else if (e.name.endsWith(".snap") && basename(dir) === "__snapshots__") out.push(p);
  }
  return out;
}

describe("snapshot files have their test file", () => {
  it("every test/**/__snapshots__/<name>.snap sits beside a test file <name>", () => {
    const orphans = snapshots("test").filter((s) => !existsSync(join(dirname(dirname(s)), basename(s).slice(0, -".snap".length))));
    expect(orphans).toEqual([]);
  });
});
