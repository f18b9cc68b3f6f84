// Issue 12 item 3 "One host pipeline": one git layer (src/git-run.ts) and no second copy of the scope.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers.js";

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) {
      if (n !== "generated") out.push(...sources(p));
    } else if (n.endsWith(".ts")) out.push(p);
  }
  return out;
}

const SRC = sources(join(ROOT, "src")).map((p) => ({ file: relative(ROOT, p).split("\\").join("/"), text: readFileSync(p, "utf8") }));

describe("issue 12 item 3: one git facts provider", () => {
  it("no module but src/git-run.ts spawns git, and nothing imports simple-git", () => {
    const spawnsGit = SRC.filter((s) => s.file !== "src/git-run.ts" && /(spawn|spawnSync|execFile|execFileSync|exec|execSync)\(\s*["'`]git\b/.test(s.text)).map((s) => s.file);
    expect(spawnsGit).toEqual([]);
    const simpleGit = SRC.filter((s) => /from\s+["']simple-git["']|import\(\s*["']simple-git["']\s*\)/.test(s.text)).map((s) => s.file);
    expect(simpleGit).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toContain("simple-git");
  });
});

describe("issue 12 item 3: one scope module", () => {
  it("one name-status parser and one base-ref order (src/scope.ts)", () => {
    const parsers = SRC.filter((s) => /function parseNameStatus(All)?\b/.test(s.text)).map((s) => s.file);
    expect(parsers).toEqual(["src/scope.ts"]);
    const orders = SRC.filter((s) => /["']origin\/master["']/.test(s.text)).map((s) => s.file);
    expect(orders).toEqual(["src/scope.ts"]);
  });
});
