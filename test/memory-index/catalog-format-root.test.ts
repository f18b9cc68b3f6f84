// Spec §12.7 (MI-006..MI-009) and §12.9 (MI-011..MI-013 root index). The cases that only checked one
// rule's message (TC-F-05, TC-F-10, TC-F-13's text, TC-F-15) are rule tester cases now
// (test/rules/tables/memory-index.mjs: messageId, line and data).
import { describe, it, expect } from "vitest";
import { mi, idx, root, files, fixture } from "./mi-helpers.js";
import { runCli } from "../helpers.js";

const TABLE = idx(["alpha beta", "a-skill"]).trimEnd();
const fmt = (domain: string, text: string, extra = {}) => mi({ [`skills-${domain}-index.md`]: text, ...extra }).domains[domain];
const lines = (d: { findings: { ruleId: string; line: number }[] }) =>
  d.findings.filter((f) => ["MI-006", "MI-007", "MI-008", "MI-009"].includes(f.ruleId)).map((f) => f.line);
const F_RULES = ["MI-006", "MI-007", "MI-008", "MI-009"];

describe("memory-index catalog §12.7 pure lookup table format", () => {
  const PURE = { "skills-pure-index.md": idx(["alpha beta gamma", "pure-skill-one"], ["delta epsilon", "pure-skill-two"]), ...files("pure-skill-one", "pure-skill-two") };
  const TITLED = `# Skills Index - Titled Domain\n\n${idx(["alpha beta", "titled-skill"])}`;
  const META = `**Last Updated**: 2025-12-28\n**Status**: Active\n\n${TABLE}\n`;
  const PROSE = `${TABLE}\n\nThis is prose.\nMore prose.\n`;
  const NAV = `Parent: memory-index\n\n${TABLE}\n`;
  const MULTI = `# Multi-Violation Index\n\n**Status**: Active\n\n${TABLE}\n\nSome prose.\n`;
  it("TC-F-01 pure table passes", () => {
    expect(mi(PURE).domains.pure.msgs(...F_RULES)).toEqual([]);
  });
  it("TC-F-02 no format issues", () => {
    expect(lines(mi(PURE).domains.pure)).toEqual([]);
  });
  it("TC-F-03 domain passes", () => {
    expect(mi(PURE).domains.pure.passed).toBe(true);
  });
  it("TC-F-04 title fails", () => {
    expect(fmt("titled", TITLED).msgs(...F_RULES)).toHaveLength(1);
  });
  it("TC-F-06 line 1", () => {
    expect(lines(fmt("titled", TITLED))).toEqual([1]);
  });
  it("TC-F-07 domain fails", () => {
    expect(fmt("titled", TITLED).passed).toBe(false);
  });
  it("TC-F-08 CLI exits 1", () => {
    expect(runCli(["memory-index", "--dir", fixture({ "skills-titled-index.md": TITLED, ...files("titled-skill"), "memory-index.md": root(["t", "skills-titled-index"]) })]).code).toBe(1);
  });
  it("TC-F-09 metadata fails", () => {
    expect(fmt("meta", META).passed).toBe(false);
  });
  it("TC-F-11 lines 1 and 2", () => {
    expect(lines(fmt("meta", META))).toEqual([1, 2]);
  });
  it("TC-F-12 prose after the table fails", () => {
    expect(fmt("prose", PROSE).passed).toBe(false);
  });
  it("TC-F-13 non-table content on lines 5 and 6", () => {
    expect(lines(fmt("prose", PROSE))).toEqual([5, 6]);
  });
  it("TC-F-14 navigation fails", () => {
    expect(fmt("nav", NAV).passed).toBe(false);
  });
  it("TC-F-16 title, metadata and non-table", () => {
    const d = fmt("multi", MULTI);
    expect(d.msgs("MI-006")).toHaveLength(1);
    expect(d.msgs("MI-007")).toHaveLength(1);
    expect(d.msgs("MI-009")).toHaveLength(1);
  });
  it("TC-F-17 lines [1, 3, 9]", () => {
    expect(lines(fmt("multi", MULTI))).toEqual([1, 3, 9]);
  });
  it("TC-F-18 blank line between rows passes", () => {
    expect(fmt("spaces", "| Keywords | File |\n|---|---|\n| a | spaces-a |\n\n| b | spaces-b |\n").msgs(...F_RULES)).toEqual([]);
  });
  it("TC-F-19 '## Secondary Heading' is a title", () => {
    const d = fmt("heading", `## Secondary Heading\n\n${TABLE}\n`);
    expect(d.passed).toBe(false);
    expect(d.msgs("MI-006")[0]).toContain("Title detected");
  });
  it("TC-F-20 pure table: no issues", () => {
    expect(fmt("a", idx(["k", "a-x"])).msgs(...F_RULES)).toEqual([]);
  });
  it("TC-F-21 title on line 1", () => {
    const d = fmt("a", `# Skills Index\n\n${TABLE}\n`);
    expect(lines(d)).toEqual([1]);
    expect(d.msgs("MI-006")[0]).toContain("Title");
  });
  it("TC-F-22 two metadata lines", () => {
    const d = fmt("a", `**A**: 1\n**B**: 2\n\n${TABLE}\n`);
    expect(lines(d)).toEqual([1, 2]);
  });
  it("TC-F-23 navigation", () => {
    expect(fmt("a", NAV).msgs("MI-008")).toHaveLength(1);
  });
  it("TC-F-24 prose after the table", () => {
    expect(fmt("a", `${TABLE}\n\nThis is some prose text.\n`).msgs("MI-009")).toEqual(["Line 5: Non-table content detected - 'This is some prose text.' (prohibited per ADR-017)"]);
  });
  it("TC-F-25 blank line between rows passes", () => {
    expect(fmt("a", "| Keywords | File |\n|---|---|\n| a | a-a |\n\n| b | a-b |\n").msgs(...F_RULES)).toEqual([]);
  });
  it("TC-F-26 '## Secondary Heading' before the table fails", () => {
    expect(fmt("a", `## Secondary Heading\n\n${TABLE}\n`).passed).toBe(false);
  });
  it("TC-F-27 absent index: nothing to check", () => {
    expect(mi({}).all.filter((f) => F_RULES.includes(f.ruleId))).toEqual([]);
  });
  it("TC-F-28 title, metadata, prose: at least 3 lines", () => {
    expect(lines(fmt("a", `# Title\n\n**Status**: Active\n\n${TABLE}\n\nSome prose.\n`)).length).toBeGreaterThanOrEqual(3);
  });
  it("TC-F-29 pure auth table passes", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login", "auth-login-flow"]), ...files("auth-login-flow"), "memory-index.md": root(["auth", "skills-auth-index"]) });
    expect(v.domains.auth.msgs(...F_RULES)).toEqual([]);
  });
  it("TC-F-30 title in auth index", () => {
    expect(lines(fmt("auth", `# Auth Skills Index\n\n${TABLE}\n`)).length).toBeGreaterThan(0);
  });
  it("TC-F-31 two metadata lines in auth index", () => {
    expect(fmt("auth", `**Domain**: Auth\n**Version**: 1.0\n\n${TABLE}\n`).passed).toBe(false);
  });
  it("TC-F-32 title without files", () => {
    expect(fmt("auth", `# Auth Index\n\n${TABLE}\n`).passed).toBe(false);
  });
  it("TC-F-33 only the lines after the table are flagged", () => {
    const text = `---\ntitle: x\n---\nSome prose.\n#tag\n<!-- c -->\n${TABLE}\n<!-- c -->\n#tag\n---\n`;
    const d = fmt("a", text);
    expect(d.findings.filter((f) => F_RULES.includes(f.ruleId)).map((f) => [f.ruleId, f.line])).toEqual([["MI-009", 10], ["MI-009", 11], ["MI-009", 12]]);
  });
  it("TC-F-34 lone '#' before the table ignored; after it: non-table, title, navigation", () => {
    const d = fmt("a", `#\n${TABLE}\n#\n# Late heading\nParent: x\n`);
    expect(d.findings.filter((f) => F_RULES.includes(f.ruleId)).map((f) => [f.ruleId, f.line])).toEqual([["MI-009", 5], ["MI-006", 6], ["MI-008", 7]]);
  });
  it("TC-F-35 '**Key:** v' and 'parent:' ignored; metadata and navigation flagged", () => {
    const d = fmt("a", `**Key:** v\n**Key**: v\n> [!NOTE] x\n> [link](x)\nparent: x\n${TABLE}\n`);
    expect(d.findings.filter((f) => F_RULES.includes(f.ruleId)).map((f) => [f.ruleId, f.line])).toEqual([["MI-007", 2], ["MI-008", 3], ["MI-008", 4]]);
  });
  it("TC-F-36 '## Related' with bullets after the table", () => {
    const d = fmt("a", `${TABLE}\n\n## Related\n\n- [x](x.md)\n`);
    expect(d.findings.filter((f) => F_RULES.includes(f.ruleId)).map((f) => f.ruleId)).toEqual(["MI-006", "MI-009"]);
  });
});

describe("memory-index catalog §12.9 root index", () => {
  const notFound = "CRITICAL: memory-index.md not found - required for tiered architecture";
  it("TC-R-01 CONFLICT: empty dir fails with 'not found'", () => {
    const v = mi({});
    expect(v.passed).toBe(false);
    expect(v.rootMsgs("MI-011")).toEqual([notFound]);
  });
  it("TC-R-02 empty dir: 0 domains, root not found", () => {
    const v = mi({});
    expect(v.summary.domains).toBe(0);
    expect(v.rootMsgs("MI-011")[0]).toContain("not found");
  });
  it("TC-R-03 domain without root", () => {
    expect(mi({ "skills-test-index.md": idx() }).rootMsgs("MI-011")[0]).toContain("not found");
  });
  it("TC-R-04 auth without root fails", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login", "auth-login-flow"]), ...files("auth-login-flow") });
    expect(v.passed).toBe(false);
    expect(v.rootMsgs("MI-011")).toHaveLength(1);
  });
  it("TC-R-05 root routes the domain: root passes", () => {
    const v = mi({
      "memory-index.md": "| Task Keywords | Essential Memories |\n|---|---|\n| test domain | skills-domain-index |\n",
      "skills-domain-index.md": idx(["alpha beta", "domain-skill"]),
      ...files("domain-skill"),
    });
    expect(v.root).toEqual([]);
  });
  it("TC-R-06 root row to an existing index", () => {
    const v = mi({ "memory-index.md": root(["test", "skills-test-index"]), "skills-test-index.md": idx(["a b c d e", "test-x"]), ...files("test-x") });
    expect(v.root).toEqual([]);
    expect(v.passed).toBe(true);
  });
  it("TC-R-07 header-only root: index unreferenced", () => {
    const v = mi({ "memory-index.md": "| Task Keywords | Essential Memories |\n|---|---|\n", "skills-test-index.md": idx() });
    expect(v.rootMsgs("MI-012")).toEqual(["P1 COMPLETENESS: Domain index not referenced in memory-index: skills-test-index"]);
  });
  it("TC-R-08 unreferenced auth and broken build reference", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login", "auth-login-flow"]), ...files("auth-login-flow"), "memory-index.md": root(["build", "skills-build-index"]) });
    expect(v.passed).toBe(false);
    expect(v.rootMsgs("MI-012")).toHaveLength(1);
    expect(v.rootMsgs("MI-013")).toEqual(["P1 VALIDITY: memory-index references non-existent file: skills-build-index.md"]);
  });
  it("TC-R-09 broken reference", () => {
    expect(mi({ "memory-index.md": root(["test", "nonexistent-file"]) }).rootMsgs("MI-013")).toEqual(["P1 VALIDITY: memory-index references non-existent file: nonexistent-file.md"]);
  });
  it("TC-R-10 exactly one broken reference", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login", "auth-login-flow"]), ...files("auth-login-flow"), "memory-index.md": root(["auth", "skills-auth-index"], ["missing", "nonexistent-file"]) });
    expect(v.passed).toBe(false);
    expect(v.rootMsgs("MI-013")).toHaveLength(1);
  });
  it("TC-R-11 linked root reference", () => {
    const v = mi({ "memory-index.md": root(["test", "[skills-test-index](skills-test-index.md)"]), "skills-test-index.md": idx() });
    expect(v.root).toEqual([]);
  });
  it("TC-R-12 fixture TC-D-13: root passes", () => {
    const v = mi({
      "skills-markdown-links-index.md": idx(["alpha beta", "[link-test-1](link-test-1.md)"], ["gamma delta", "[link-test-2](link-test-2.md)"]),
      ...files("link-test-1", "link-test-2"),
      "memory-index.md": root(["test", "[skills-markdown-links-index](skills-markdown-links-index.md)"]),
    });
    expect(v.root).toEqual([]);
  });
  it("TC-R-13 header-only root, no domains: passes", () => {
    const v = mi({ "memory-index.md": "| Task Keywords | Essential Memories |\n|---|---|\n" });
    expect(v.passed).toBe(true);
    expect(v.summary.domains).toBe(0);
  });
  it("TC-R-14 same, valid with 0 domains", () => {
    const v = mi({ "memory-index.md": root() });
    expect(v.passed).toBe(true);
    expect(v.summary.domains).toBe(0);
  });
  it("TC-R-15 prose mention satisfies completeness (substring)", () => {
    const v = mi({ "memory-index.md": "See skills-a-index for everything.\n", "skills-a-index.md": idx() });
    expect(v.rootMsgs("MI-012", "MI-013")).toEqual([]);
  });
  it("TC-R-16 case differs: unreferenced and broken", () => {
    const v = mi({ "memory-index.md": root(["k", "Skills-A-Index"]), "skills-a-index.md": idx() });
    expect(v.rootMsgs("MI-012")).toEqual(["P1 COMPLETENESS: Domain index not referenced in memory-index: skills-a-index"]);
    expect(v.rootMsgs("MI-013")).toEqual(["P1 VALIDITY: memory-index references non-existent file: Skills-A-Index.md"]);
  });
  it("TC-R-17 bare name with a token count is a broken reference; linked one is fine", () => {
    const v = mi({ "memory-index.md": root(["k", "foo (207), [bar](bar.md) (3)"]), ...files("foo", "bar") });
    expect(v.rootMsgs("MI-013")).toEqual(["P1 VALIDITY: memory-index references non-existent file: foo (207).md"]);
  });
  it("TC-R-18 unknown header word becomes a bogus reference", () => {
    const v = mi({ "memory-index.md": "| Tier | Index |\n|---|---|\n| t | [a](a.md) |\n" });
    expect(v.rootMsgs("MI-013")).toEqual([
      "P1 VALIDITY: memory-index references non-existent file: Index.md",
      "P1 VALIDITY: memory-index references non-existent file: a.md",
    ]);
  });
  it("TC-R-19 comma inside link text breaks the link", () => {
    const v = mi({ "memory-index.md": root(["k", "[a, b](a.md)"]), ...files("a") });
    expect(v.rootMsgs("MI-013")).toEqual([
      "P1 VALIDITY: memory-index references non-existent file: [a.md",
      "P1 VALIDITY: memory-index references non-existent file: b](a.md).md",
    ]);
  });
  it("TC-R-20 a broken reference twice is reported twice", () => {
    expect(mi({ "memory-index.md": root(["k", "nope"], ["j", "nope"]) }).rootMsgs("MI-013")).toHaveLength(2);
  });
  it("TC-R-21 bullet links are not checked (reference layout)", () => {
    const v = mi({ "memory-index.md": "- [x](x.md)\n" });
    expect(v.root).toEqual([]);
    expect(v.passed).toBe(true);
  });
});
