// markdownlint-cli2 `overrides` (PP-003): which configuration lints each file.
import { describe, it, expect } from "vitest";
import { fileConfigs, overrideMatches } from "../../dist/prepr/markdown.js";

describe("PP-003 markdownlint-cli2 overrides", () => {
  it("PP-003: a filter reads like micromatch: any positive glob, no negated one; only negated globs match every other file", () => {
    expect(overrideMatches(".claude/skills/a/SKILL.md", [".claude/skills/**"])).toBe(true);
    expect(overrideMatches("docs/a.md", [".claude/skills/**"])).toBe(false);
    expect(overrideMatches(".claude/skills/a/SKILL.md", [".claude/skills/**", "!**/SKILL.md"])).toBe(false);
    expect(overrideMatches("docs/a.md", ["!vendor/**"])).toBe(true);
    expect(overrideMatches("vendor/a.md", ["!vendor/**"])).toBe(false);
  });
  it("PP-003: the first matching override wins; merge keeps the base settings, replace drops them", () => {
    const cfg = {
      ignores: [], globs: [], sources: [".markdownlint-cli2.yaml"],
      config: { MD013: false, MD040: true },
      overrides: [
        { filter: ["a/**"], config: { MD040: false }, combine: "merge" as const },
        { filter: ["a/**", "b/**"], config: { MD041: false }, combine: "replace" as const },
      ],
    };
    const { configs, which } = fileConfigs(cfg, ["a/x.md", "b/y.md", "c/z.md"]);
    expect(configs).toEqual([{ MD013: false, MD040: true }, { MD013: false, MD040: false }, { MD041: false }]);
    expect(which).toEqual({ "a/x.md": 1, "b/y.md": 2 });
    expect(fileConfigs({ ignores: [], globs: [], sources: [] }, ["a.md"])).toEqual({ configs: [{ default: true }], which: {} });
  });
});
