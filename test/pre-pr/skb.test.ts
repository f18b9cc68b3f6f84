// SKB-01 on descriptions far larger than any real skill's (the rule tester table's examples become
// the rule's documentation page, so they stay small): a value is counted in one pass, never built.
import { describe, it, expect } from "vitest";
import { data, family, ROLE } from "./helpers.js";

const skill = (fm: string) => [{ name: ".claude/skills/huge/SKILL.md", role: ROLE.skill, text: `---\n${fm}\n---\n` }];

describe("SKB-01 on large descriptions", () => {
  it("SKB-01: a 300,000-character double-quoted description over two lines (folded, trailing space dropped) counts as PyYAML does", () => {
    const docs = skill(`description: "${"ab ".repeat(50_000)}\n  ${"cd ".repeat(50_000)}"`);
    expect(data("skb", docs)).toEqual([{ descriptionChars: "300000" }]);
    expect(family("skb", docs, { "option.SKB-01.maxTotalChars": 299_999 }).map((h) => h.message)).toEqual([
      "the descriptions of 1 skills total 300000 characters, over the budget of 299999; the longest: huge (300000)",
    ]);
  });

  it("SKB-01: a literal block of 50,000 lines and a plain scalar of 100,000 continuation lines", () => {
    // clip chomping at the end of the front matter adds nothing: the last line has no line break there
    expect(data("skb", skill(`description: |\n${"  ab\n".repeat(49_999)}  ab`))).toEqual([{ descriptionChars: String(3 * 50_000 - 1) }]);
    expect(data("skb", skill(`description: start\n${"  ab\n".repeat(99_999)}  ab`))).toEqual([{ descriptionChars: String(5 + 3 * 100_000) }]);
  });
});
