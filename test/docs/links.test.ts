// Issue 12 item 6: the README is a newcomer's page and the detail lives in docs/*.md; every relative
// link between them must resolve (file and heading anchor).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync, readFileSync, cpSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../helpers.js";

const run = (root: string) =>
  spawnSync(process.execPath, [join(root, "scripts", "check-doc-links.mjs")], { cwd: root, encoding: "utf8" });

describe("issue 12 item 6: README and docs", () => {
  it("DOC-02 every relative link in README.md and docs/*.md resolves (scripts/check-doc-links.mjs)", () => {
    const r = run(ROOT);
    expect(r.status, r.stderr + r.stdout).toBe(0);
  });
  it("DOC-02 the link checker fails on a missing file and on a missing heading anchor", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentcheck-links-"));
    try {
      mkdirSync(join(dir, "scripts"));
      mkdirSync(join(dir, "docs"));
      cpSync(join(ROOT, "scripts", "check-doc-links.mjs"), join(dir, "scripts", "check-doc-links.mjs"));
      writeFileSync(join(dir, "docs", "a.md"), "# A\n\n## Real heading\n");
      writeFileSync(join(dir, "README.md"), "[ok](docs/a.md#real-heading) [gone](docs/b.md) [bad](docs/a.md#nope)\n");
      const r = run(dir);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("docs/b.md (no such file)");
      expect(r.stderr).toContain("docs/a.md#nope (no heading #nope");
      expect(r.stderr).not.toContain("real-heading");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("DOC-03 the README stays a newcomer's page (at most 300 lines; details go to docs/)", () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length;
    expect(lines).toBeLessThanOrEqual(300);
  });
  it("DOC-03 the README states the gate's decision table as the one exception to 'every decision in the core'", () => {
    const md = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(md).toMatch(/one declared exception[\s\S]{0,80}gate's decision table/);
  });
});
