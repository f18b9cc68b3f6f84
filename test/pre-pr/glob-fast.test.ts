// The glob matcher's string fast paths (literal, L/**, **/*S, **/N/**) give the NFA's answer on every path.
import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { globMatch, globMatchNfa } from "../../dist/glob.js";

const SEGS = ["a", "b.md", "node_modules", ".agents", "x.ps1", "ps1", "a.agent.md", "", "docs", "tmp", "é.md", "md"];
const PATTERNS = [
  "node_modules/**", ".agents/**", "tmp/**", "docs", "docs/a", "b.md", "src/claude/CLAUDE.md", "tmp/", "a/b.md",
  "**/*.ps1", "**/*.md", "**/*.agent.md", "**/*md", "./docs/**", "/tmp/**", "a/**", "**/*",
  ".agents/**/*.md", "a/**/b.md", "**/b.md", "**/node_modules", "docs/**/x.ps1", "a/**/*.agent.md", "a/b.md/**/*md", "**/**", "a/**/*",
  "**/node_modules/**", "**/a/**", "**/bin/**", "a/**/docs/**", "docs/**/a/**", "**/b.md/**",
];

describe("PP-003 glob fast paths", () => {
  it("PP-003: literal, dir/**, **/*suffix and **/name/** patterns match exactly like the NFA", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PATTERNS), fc.array(fc.constantFrom(...SEGS), { minLength: 1, maxLength: 5 }), (pattern, segs) => {
        const path = segs.join("/");
        expect(globMatch(pattern, path)).toBe(globMatchNfa(pattern, path));
      }),
      { numRuns: 5000 },
    );
  });
  it("PP-003: examples of each shape", () => {
    expect(globMatch("node_modules/**", "node_modules/x/y.md")).toBe(true);
    expect(globMatch("node_modules/**", "node_modules")).toBe(globMatchNfa("node_modules/**", "node_modules"));
    expect(globMatch("docs", "docs/a.md")).toBe(true);
    expect(globMatch("docs", "docsx/a.md")).toBe(false);
    expect(globMatch("**/*.ps1", "a/b/x.ps1")).toBe(true);
    expect(globMatch("**/*.ps1", "a/x.ps1/c")).toBe(true);
    expect(globMatch("**/*.ps1", "a/xps1")).toBe(false);
    expect(globMatch(".github/agents/**/*.agent.md", ".github/agents/x/y.agent.md")).toBe(true);
    expect(globMatch(".github/agents/**/*.agent.md", ".github/y.agent.md")).toBe(false);
    expect(globMatch(".claude/skills/**/SKILL_SPEC.md", ".claude/skills/a/SKILL_SPEC.md")).toBe(true);
    expect(globMatch(".claude/skills/**/SKILL_SPEC.md", ".claude/skills/a/XSKILL_SPEC.md")).toBe(false);
    expect(globMatch("**/node_modules/**", "node_modules/x.md")).toBe(true);
    expect(globMatch("**/node_modules/**", "a/b/node_modules/c/x.md")).toBe(true);
    expect(globMatch("**/node_modules/**", "a/xnode_modules/x.md")).toBe(false);
    expect(globMatch("**/node_modules/**", "a/node_modules")).toBe(globMatchNfa("**/node_modules/**", "a/node_modules"));
    expect(globMatch("a/**/bin/**", "a/bin/x")).toBe(true);
    expect(globMatch("a/**/bin/**", "b/bin/x")).toBe(false);
  });
});
