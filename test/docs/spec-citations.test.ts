// Issue 36 item 8 (mismatches): the user documentation (README, CONTRIBUTING, docs/) never cites a
// `specs/*.md` file: the design notes live outside the repository and the package, so such a path is
// a dead end for a reader.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers.js";

function pages(): string[] {
  const out = ["README.md", "CONTRIBUTING.md"];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${rel}/${e.name}`);
      else if (e.name.endsWith(".md")) out.push(`${rel}/${e.name}`);
    }
  };
  walk("docs");
  return out;
}

describe("documentation cites no specs/*.md (issue 36)", () => {
  it("docs: no page names a specs/*.md file neither the repository nor the package holds", () => {
    const hits: string[] = [];
    for (const p of pages()) {
      readFileSync(join(ROOT, p), "utf8").split("\n").forEach((line, i) => {
        for (const m of line.matchAll(/\bspecs\/[\w.-]+\.md\b/g)) hits.push(`${p}:${i + 1}: ${m[0]}`);
      });
    }
    expect(hits).toEqual([]);
  });
});
