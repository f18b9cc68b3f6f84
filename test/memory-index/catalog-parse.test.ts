// Spec §12.1 (discovery and parsing) and §12.3 (MI-002), one test per catalog id.
import { describe, it, expect } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { mi, idx, root, files, fixture, runDir } from "./mi-helpers.js";
import { runCli } from "../helpers.js";

const D02 = { "skills-test-index.md": idx(["alpha beta gamma delta epsilon", "test-skill-one"], ["zeta eta theta iota kappa", "test-skill-two"]), ...files("test-skill-one", "test-skill-two") };
const D07 = { "skills-domain1-index.md": idx(["alpha", "domain1-skill"]), "skills-domain2-index.md": idx(["beta", "domain2-skill"]), ...files("domain1-skill", "domain2-skill") };
const D13 = {
  "skills-markdown-links-index.md": idx(["alpha beta", "[link-test-1](link-test-1.md)"], ["gamma delta", "[link-test-2](link-test-2.md)"]),
  ...files("link-test-1", "link-test-2"),
  "memory-index.md": root(["test", "[skills-markdown-links-index](skills-markdown-links-index.md)"]),
};

describe("memory-index catalog §12.1 discovery and parsing", () => {
  it("TC-D-01 empty memory dir: 0 domains", () => {
    expect(mi({}).summary.domains).toBe(0);
  });
  it("TC-D-02 one domain index is discovered", () => {
    expect(mi(D02).summary.domains).toBe(1);
  });
  it("TC-D-03 entries counted", () => {
    expect(mi(D02).domains.test.entries).toBe(2);
  });
  it("TC-D-04 one entry after the header", () => {
    expect(mi({ "skills-parse-index.md": idx(["keyword1 keyword2 keyword3", "skill-file"]), ...files("skill-file") }).domains.parse.entries).toBe(1);
  });
  it("TC-D-05 header row is not an entry", () => {
    const v = mi({ "skills-parse-index.md": idx(["keyword1 keyword2 keyword3", "skill-file"]), ...files("skill-file") });
    expect(v.domains.parse.entries).toBe(1);
    expect(v.all.some((f) => f.message.includes("Keywords") || f.message.includes("File.md"))).toBe(false);
  });
  it("TC-D-06 prose line between rows: 2 entries, MI-009 flags line 4", () => {
    const text = "| Keywords | File |\n|---|---|\n| valid keywords | valid-skill |\nNot a table row\n| also valid | another-skill |\n";
    const v = mi({ "skills-malformed-index.md": text, ...files("valid-skill", "another-skill") });
    expect(v.domains.malformed.entries).toBe(2);
    expect(v.domains.malformed.findings.filter((f) => f.ruleId === "MI-009").map((f) => f.line)).toEqual([4]);
    expect(v.domains.malformed.passed).toBe(false);
  });
  it("TC-D-07 two domains", () => {
    expect(mi(D07).summary.domains).toBe(2);
  });
  it("TC-D-08 results for both domains", () => {
    const v = mi(D07);
    expect(Object.keys(v.domains).sort()).toEqual(["domain1", "domain2"]);
  });
  it("TC-D-09 total_files sums entries", () => {
    expect(mi(D07).summary.total_files).toBe(2);
  });
  it("TC-D-10 blank keywords cell: 1 entry, density 1.0, one MI-018 (0 keywords)", () => {
    const v = mi({ "skills-empty-index.md": idx(["", "empty-keywords"]), ...files("empty-keywords") });
    const d = v.domains.empty;
    expect(d.entries).toBe(1);
    expect(d.densities).toEqual({ "empty-keywords": 1 });
    expect(d.msgs("MI-018")).toEqual(["Insufficient keywords: empty-keywords has 0 keywords (need >=5)"]);
  });
  it("TC-D-11 header-only index: 0 entries", () => {
    expect(mi({ "skills-headeronly-index.md": idx() }).domains.headeronly.entries).toBe(0);
  });
  it("TC-D-12 header-only index passes", () => {
    expect(mi({ "skills-headeronly-index.md": idx() }).domains.headeronly.passed).toBe(true);
  });
  it("TC-D-13 linked file cells resolve", () => {
    const d = mi(D13).domains["markdown-links"];
    expect(d.msgs("MI-002", "MI-003", "MI-004")).toEqual([]);
    expect(d.entries).toBe(2);
  });
  it("TC-D-14 no 'Missing file: [link-test-1](link-test-1.md).md'", () => {
    expect(mi(D13).all.some((f) => f.message.includes("[link-test-1](link-test-1.md).md"))).toBe(false);
  });
  it("TC-D-15 names and keywords parsed in file order", () => {
    const d = mi({ "skills-test-index.md": idx(["alpha beta gamma", "test-skill-one"], ["delta epsilon", "test-skill-two"]) }).domains.test;
    expect(d.entries).toBe(2);
    expect(Object.keys(d.densities)).toEqual(["test-skill-one", "test-skill-two"]);
    expect(d.msgs("MI-018")[0]).toBe("Insufficient keywords: test-skill-one has 3 keywords (need >=5)");
  });
  it("TC-D-16 one row: 1 entry", () => {
    expect(mi({ "skills-a-index.md": idx(["keyword1", "skill-file"]) }).domains.a.entries).toBe(1);
  });
  it("TC-D-17 link cell gives the link target name", () => {
    expect(Object.keys(mi({ "skills-a-index.md": idx(["alpha beta", "[link-test](link-test.md)"]) }).domains.a.densities)).toEqual(["link-test"]);
  });
  it("TC-D-18 rows around a prose line: 2 entries", () => {
    const text = "| Keywords | File |\n|---|---|\n| a | a-x |\nNot a table row\n| b | a-y |\n";
    expect(mi({ "skills-a-index.md": text }).domains.a.entries).toBe(2);
  });
  it("TC-D-19 an index name that is no regular file is not parsed (no error)", () => {
    const dir = fixture({});
    mkdirSync(join(dir, "skills-ghost-index.md"));
    const v = runDir(dir);
    expect(v.summary.domains).toBe(0);
    expect(v.internalErrors).toEqual([]);
  });
  it("TC-D-20 header only: no entries", () => {
    expect(mi({ "skills-a-index.md": idx() }).domains.a.entries).toBe(0);
  });
  it("TC-D-21 two indices, domains test and other", () => {
    const v = mi({ "skills-test-index.md": "x\n", "skills-other-index.md": "y\n" });
    expect(Object.keys(v.domains).sort()).toEqual(["other", "test"]);
  });
  it("TC-D-22 discovery on a missing directory: usage error, exit 2", () => {
    const r = runCli(["memory-index", "--dir", "/nonexistent/memories"]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
  it("TC-D-23 only readme.md: no indices", () => {
    expect(mi({ "readme.md": "# hi\n" }).summary.domains).toBe(0);
  });
  it("TC-D-24 multi-word domain", () => {
    expect(Object.keys(mi({ "skills-multi-word-index.md": idx() }).domains)).toEqual(["multi-word"]);
  });
  it("TC-D-25 content with absent files: 1 domain, 2 entries", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login jwt bearer token", "auth-login-flow"], ["auth logout signout revoke clear", "auth-logout-process"]) });
    expect(v.summary.domains).toBe(1);
    expect(v.summary.total_files).toBe(2);
  });
  it("TC-D-26 CRLF index: 1 entry, format passes", () => {
    const v = mi({ "skills-a-index.md": "| Keywords | File |\r\n|---|---|\r\n| k1 k2 | a-x |\r\n", ...files("a-x") });
    expect(v.domains.a.entries).toBe(1);
    expect(v.domains.a.msgs("MI-006", "MI-007", "MI-008", "MI-009")).toEqual([]);
  });
  it("TC-D-27 trailing space after the last pipe: row not parsed, a-x becomes a domain orphan", () => {
    const v = mi({ "skills-a-index.md": "| Keywords | File |\n|---|---|\n| k1 k2 | a-x | \n| k3 | a-y |\n", ...files("a-x", "a-y") });
    expect(v.domains.a.entries).toBe(1);
    expect(Object.keys(v.domains.a.densities)).toEqual(["a-y"]);
    expect(v.domains.a.msgs("MI-009")).toEqual([]);
    expect(v.orphans).toEqual([{ file: "a-x", domain: "a", expected: "skills-a-index", rule: "MI-017" }]);
  });
  it("TC-D-28 ':---' separator is no entry (fix B-06)", () => {
    const v = mi({ "skills-a-index.md": "| Keywords | File |\n|:---|:---|\n| k | a-x |\n", ...files("a-x") });
    expect(v.domains.a.entries).toBe(1);
    expect(v.all.some((f) => f.message.includes(":---"))).toBe(false);
  });
  it("TC-D-29 lower-case header is no entry (fix B-06)", () => {
    const v = mi({ "skills-a-index.md": "| keywords | file |\n|---|---|\n| k | a-x |\n", ...files("a-x") });
    expect(v.domains.a.entries).toBe(1);
  });
  it("the header cell in any case is no entry; a longer, shorter or İ cell is a row", () => {
    for (const h of ["KEYWORDS", "KeyWords"]) {
      const v = mi({ "skills-a-index.md": `| ${h} | File |\n|---|---|\n| k | a-x |\n`, ...files("a-x") });
      expect(v.domains.a.entries, h).toBe(1);
    }
    for (const h of ["Keywords2", "\u0130keywords", "Keyword"]) {
      const v = mi({ "skills-a-index.md": `| ${h} | File |\n|---|---|\n| k | a-x |\n`, ...files("a-x") });
      expect(v.domains.a.entries, h).toBe(2);
    }
  });
  it("TC-D-30 two links in a file cell: first link wins", () => {
    const v = mi({ "skills-a-index.md": idx(["k", "[a-x](a-x.md), [a-y](a-y.md)"]), ...files("a-x", "a-y") });
    expect(Object.keys(v.domains.a.densities)).toEqual(["a-x"]);
  });
  it("TC-D-31 3-column table: 0 entries, format and domain pass", () => {
    const v = mi({ "skills-a-index.md": "| Keywords | File | Note |\n|---|---|---|\n| k | a-x | n |\n" });
    expect(v.domains.a.entries).toBe(0);
    expect(v.domains.a.passed).toBe(true);
  });
  it("TC-D-32 indented row and escaped pipe: not parsed, format passes", () => {
    const a = mi({ "skills-a-index.md": "| Keywords | File |\n|---|---|\n  | k | a-x |\n" });
    expect(a.domains.a.entries).toBe(0);
    expect(a.domains.a.passed).toBe(true);
    const b = mi({ "skills-a-index.md": "| Keywords | File |\n|---|---|\n| k \\| j | a-x |\n" });
    expect(b.domains.a.entries).toBe(0);
    expect(b.domains.a.passed).toBe(true);
  });
  it("TC-D-33 skills--index.md: discovered with an empty domain", () => {
    expect(Object.keys(mi({ "skills--index.md": idx() }).domains)).toEqual([""]);
  });
  it("TC-D-34 BOM before the header: 1 entry, format passes", () => {
    const v = mi({ "skills-a-index.md": "\ufeff| Keywords | File |\n|---|---|\n| k | a-x |\n", ...files("a-x") });
    expect(v.domains.a.entries).toBe(1);
    expect(v.domains.a.passed).toBe(true);
  });
});

describe("memory-index catalog §12.3 MI-002 missing file", () => {
  const broken = { "skills-broken-index.md": idx(["alpha beta gamma", "missing-skill"], ["delta epsilon zeta", "another-missing"]) };
  it("TC-002-01 existing files pass", () => {
    expect(mi(D02).domains.test.msgs("MI-002")).toEqual([]);
  });
  it("TC-002-02 missing_files 0", () => {
    expect(mi(D02).summary.missing_files).toBe(0);
  });
  it("TC-002-03 CONFLICT: without a root index the run fails (MI-011); with one it passes", () => {
    expect(mi(D02).passed).toBe(false);
    expect(mi({ ...D02, "memory-index.md": root(["test", "skills-test-index"]) }).passed).toBe(true);
  });
  it("TC-002-04 two missing files", () => {
    expect(mi(broken).summary.missing_files).toBe(2);
  });
  it("TC-002-05 run fails", () => {
    expect(mi(broken).passed).toBe(false);
  });
  it("TC-002-06 message names the file", () => {
    expect(mi(broken).domains.broken.msgs("MI-002")).toContain("Missing file: missing-skill.md");
  });
  it("TC-002-07 CLI exits 1", () => {
    expect(runCli(["memory-index", "--dir", fixture(broken)]).code).toBe(1);
  });
  it("TC-002-08 dashes and underscores in names", () => {
    const v = mi({ "skills-special-index.md": idx(["alpha", "special-with-dashes"], ["beta", "special_with_underscores"]), ...files("special-with-dashes", "special_with_underscores") });
    expect(v.domains.special.msgs("MI-002")).toEqual([]);
  });
  it("TC-002-09 existing entry is valid", () => {
    const v = mi({ "skills-test-index.md": idx(["a", "test-one"]), ...files("test-one") });
    expect(v.domains.test.msgs("MI-002", "MI-003", "MI-004")).toEqual([]);
  });
  it("TC-002-10 missing entry", () => {
    const v = mi({ "skills-test-index.md": idx(["a", "missing-skill"]) });
    expect(v.domains.test.msgs("MI-002")).toEqual(["Missing file: missing-skill.md"]);
    expect(v.domains.test.passed).toBe(false);
  });
  it("TC-002-11 one of two missing", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login", "auth-login-flow"], ["auth logout", "auth-missing-file"]), ...files("auth-login-flow"), "memory-index.md": root(["auth", "skills-auth-index"]) });
    expect(v.passed).toBe(false);
    expect(v.summary.missing_files).toBe(1);
    expect(v.domains.auth.passed).toBe(false);
    expect(v.domains.auth.msgs("MI-002")).toHaveLength(1);
  });
  it("TC-002-12 a directory named a-x.md does not count (regular files only)", () => {
    const dir = fixture({ "skills-a-index.md": idx(["k", "a-x"]) });
    mkdirSync(join(dir, "a-x.md"));
    expect(runDir(dir).domains.a.msgs("MI-002")).toEqual(["Missing file: a-x.md"]);
  });
  it("TC-002-13 subfolder target exists; MI-019 judges the base name (issue 10: folder-qualified names)", () => {
    const v = mi({ "skills-git-index.md": idx(["k", "git/git-x"], ["j", "git/other-y"]), "git/git-x.md": "x\n", "git/other-y.md": "y\n" });
    expect(v.domains.git.msgs("MI-002")).toEqual([]);
    expect(v.domains.git.msgs("MI-019")).toEqual(["Naming violation: git/other-y should start with 'git-' per ADR-017"]);
  });
});

