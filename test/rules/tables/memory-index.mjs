// Rule tester tables of the memory-index rules. The host lists the memory directory: one MEMORY_DIR
// document (the directory) and one MEMORY_FILE document per entry (name relative to the directory;
// flags 1 = directory, 2 = symlink whose text is its resolved target "f:<rel>" / "d:<rel>" / "o" /
// "b"); only top-level `*-index.md` files carry their text. Facts: layout (reference | current |
// auto); the orphan rules and MI-019 take option `level` (warn | error | off; --orphans / --naming). Case names carry the spec's catalog ids
// (specs/memory-index.md §12) where a case corresponds to one.
const DIR = { name: ".serena/memories", kind: "MEMORY_DIR", text: "" };
const file = (name, text = "") => ({ name, kind: "MEMORY_FILE", text });
const folder = (name) => ({ name, kind: "MEMORY_FILE", flags: 1, text: "" });
const symlink = (name, target) => ({ name, kind: "MEMORY_FILE", flags: 2, text: target });
/** A domain index: header, delimiter (lines 1-2), then one row per [keywords, file cell] from line 3. */
const idx = (...rows) => ["| Keywords | File |", "|---|---|", ...rows.map(([k, f]) => `| ${k} | ${f} |`)].join("\n") + "\n";
/** A root index table (reference layout): header, delimiter, rows from line 3. */
const rootIdx = (...cells) => ["| Task Keywords | Essential Memories |", "|---|---|", ...cells.map((c, i) => `| task${i + 1} | ${c} |`)].join("\n") + "\n";
const KW = "commit branch rebase merge push";
/** A clean reference-layout tree: skills-git-index.md lists git-commit, the root routes it. */
const tree = (...more) => [DIR, file("git-commit.md"), file("memory-index.md", rootIdx("skills-git-index")), ...more];
const gitIndex = (...rows) => file("skills-git-index.md", idx(...rows));
const clean = tree(gitIndex([KW, "git-commit"]));
/** A clean current-layout tree: git/git-commit.md, listed by git-index.md, linked from the root. */
const current = (rootText, ...more) => [
  DIR,
  folder("git"),
  file("git/git-commit.md"),
  file("git-index.md", idx([KW, "[git-commit](git/git-commit.md)"])),
  file("memory-index.md", rootText),
  ...more,
];
const CUR = { layout: "current" };
/** MI-020 is off by default. */
const ON = { level: "warn" };
/** MI-020: a current-layout tree whose one memory has 40 words (TOK-03's estimate: 53 tokens). */
const tokTree = (rootText) => [DIR, folder("git"), file("git/git-commit.md", "word ".repeat(40)), file("git-index.md", idx([KW, "[git-commit](git/git-commit.md)"])), file("memory-index.md", rootText)];
const REF = { layout: "reference" };

export default {
  "MI-002": {
    valid: [{ name: "TC-I-01 every entry has its file", docs: clean }],
    invalid: [
      { name: "TC-002 entry without a file", docs: tree(gitIndex([KW, "git-commit"], ["tag release", "git-gone"])), errors: [{ messageId: "missingFile", line: 4, data: { md: "git-gone.md" }, doc: "skills-git-index.md" }] },
      { name: "a directory named like the entry is no file", docs: tree(gitIndex([KW, "git-commit"], ["tag release", "git-dir"]), folder("git-dir.md")), errors: [{ messageId: "missingFile", line: 4, data: { md: "git-dir.md" } }] },
    ],
  },
  "MI-003": {
    valid: [{ name: "skills- and skillbook- prefixes are fine", docs: tree(gitIndex([KW, "git-commit"], ["a b", "skillbook-x"]), file("skillbook-x.md")) }],
    invalid: [
      { name: "TC-003-12 deprecated skill- entry (existing file)", docs: tree(gitIndex([KW, "git-commit"], ["old notes", "skill-old"]), file("skill-old.md")), errors: [{ messageId: "indexReferencesDeprecatedSkill", line: 4, data: { md: "skill-old.md" } }] },
    ],
  },
  "MI-004": {
    valid: [{ name: "an entry in a subfolder stays inside", docs: tree(gitIndex([KW, "git-commit"], ["x y", "git/git-deep"]), folder("git"), file("git/git-deep.md")), facts: REF }],
    invalid: [
      { name: "entry climbing out with ..", docs: tree(gitIndex([KW, "../secrets"])), errors: [{ messageId: "pathTraversalDetected", line: 3, data: { md: "../secrets.md" } }] },
      { name: "absolute entry", docs: tree(gitIndex([KW, "/etc/passwd"])), errors: [{ messageId: "pathTraversalDetected", line: 3, data: { md: "/etc/passwd.md" } }] },
      { name: "symlink leading outside (reference layout)", docs: tree(gitIndex([KW, "git-out"]), symlink("git-out.md", "o")), facts: REF, errors: [{ messageId: "pathTraversalDetected", line: 3, data: { md: "git-out.md" } }] },
    ],
  },
  "MI-005": {
    valid: [
      { name: "distinct keywords per entry", docs: tree(gitIndex([KW, "git-commit"], ["tag release version semver notes", "git-tag"]), file("git-tag.md")) },
      { name: "a single entry is always unique", docs: tree(gitIndex(["commit", "git-commit"])) },
    ],
    invalid: [
      {
        name: "two entries with the same keywords: 0% each",
        docs: tree(gitIndex([KW, "git-commit"], [KW, "git-tag"]), file("git-tag.md")),
        errors: [
          { messageId: "lowKeywordUniquenessHas", line: 3, data: { name: "git-commit", n: "0" } },
          { messageId: "lowKeywordUniquenessHas", line: 4, data: { name: "git-tag", n: "0" } },
        ],
      },
      {
        name: "3 of 8 keywords unique rounds to 38% (Python round2, ties to even)",
        docs: tree(gitIndex(["a b c d e f g h", "git-commit"], ["d e f g h i j k", "git-tag"]), file("git-tag.md")),
        errors: [
          { messageId: "lowKeywordUniquenessHas", line: 3, data: { name: "git-commit", n: "38" } },
          { messageId: "lowKeywordUniquenessHas", line: 4, data: { name: "git-tag", n: "38" } },
        ],
      },
    ],
  },
  "MI-006": {
    valid: [{ name: "TC-F-34 a lone '#' is no title", docs: tree(file("skills-git-index.md", "#\n" + idx([KW, "git-commit"]))) }],
    invalid: [
      { name: "TC-F-05 title on line 1", docs: tree(file("skills-git-index.md", "# Skills Index - Titled Domain\n\n" + idx([KW, "git-commit"]))), errors: [{ messageId: "prohibited", line: 1, data: { line: "1", text: "# Skills Index - Titled Domain" } }] },
      { name: "TC-F-36 '## Related' after the table", docs: tree(file("skills-git-index.md", idx([KW, "git-commit"]) + "## Related\n")), errors: [{ messageId: "prohibited", line: 4, data: { line: "4", text: "## Related" } }] },
    ],
  },
  "MI-007": {
    valid: [{ name: "TC-F-35 '**Key:** v' does not match", docs: tree(file("skills-git-index.md", "**Status:** draft\n" + idx([KW, "git-commit"]))) }],
    invalid: [
      {
        name: "TC-F-10 two metadata lines",
        docs: tree(file("skills-git-index.md", "**Last Updated**: 2025-12-28\n**Status**: Active\n\n" + idx([KW, "git-commit"]))),
        errors: [
          { messageId: "prohibited", line: 1, data: { line: "1", text: "**Last Updated**: 2025-12-28" } },
          { messageId: "prohibited", line: 2, data: { line: "2", text: "**Status**: Active" } },
        ],
      },
    ],
  },
  "MI-008": {
    valid: [{ name: "TC-F-35 lower-case 'parent:' is ignored", docs: tree(file("skills-git-index.md", "parent: memory-index\n" + idx([KW, "git-commit"]))) }],
    invalid: [
      { name: "TC-F-15 Parent: line", docs: tree(file("skills-git-index.md", "Parent: memory-index\n" + idx([KW, "git-commit"]))), errors: [{ messageId: "prohibited", line: 1, data: { line: "1", text: "Parent: memory-index" } }] },
      { name: "a callout '> [!NOTE]'", docs: tree(file("skills-git-index.md", "> [!NOTE] read first\n" + idx([KW, "git-commit"]))), errors: [{ messageId: "prohibited", line: 1, data: { text: "> [!NOTE] read first" } }] },
    ],
  },
  "MI-009": {
    valid: [{ name: "prose before the table is ignored", docs: tree(file("skills-git-index.md", "Lookup table for git.\n\n" + idx([KW, "git-commit"]))) }],
    invalid: [
      {
        name: "TC-F-13 prose after the table, lines 5 and 6",
        docs: tree(file("skills-git-index.md", idx([KW, "git-commit"]) + "\nThis is prose.\nMore prose.\n")),
        errors: [
          { messageId: "prohibited", line: 5, data: { line: "5", text: "This is prose." } },
          { messageId: "prohibited", line: 6, data: { line: "6", text: "More prose." } },
        ],
      },
    ],
  },
  "MI-010": {
    valid: [{ name: "the same file in two domain indices", docs: [...tree(gitIndex([KW, "git-commit"]), file("skills-ci-index.md", idx(["pipeline build", "git-commit"]))).map((d) => (d.name === "memory-index.md" ? file("memory-index.md", rootIdx("skills-git-index", "skills-ci-index")) : d))] }],
    invalid: [{ name: "a file listed twice: reported once, at its second row", docs: tree(gitIndex([KW, "git-commit"], ["tag", "git-commit"], ["x", "git-commit"])), errors: [{ messageId: "duplicateEntryAppearsMultiple", line: 4, data: { name: "git-commit" } }] }],
  },
  "MI-011": {
    valid: [{ name: "TC-R-05 the root index exists", docs: clean }],
    invalid: [
      { name: "TC-R-01 empty directory", docs: [DIR], errors: [{ messageId: "criticalMemoryIndexMd", line: 0, doc: ".serena/memories" }] },
      { name: "TC-R-03 domain index without a root index", docs: [DIR, file("git-commit.md"), gitIndex([KW, "git-commit"])], errors: [{ messageId: "criticalMemoryIndexMd" }] },
    ],
  },
  "MI-012": {
    valid: [
      { name: "TC-R-06 a root row names the index", docs: clean },
      { name: "TC-R-15 a prose mention counts (reference substring test)", docs: tree(gitIndex([KW, "git-commit"])).map((d) => (d.name === "memory-index.md" ? file("memory-index.md", "Start with skills-git-index for git work.\n") : d)) },
    ],
    invalid: [
      { name: "TC-R-07 header-only root index", docs: [DIR, file("git-commit.md"), file("memory-index.md", rootIdx()), gitIndex([KW, "git-commit"])], errors: [{ messageId: "p1CompletenessDomainIndex", line: 0, data: { base: "skills-git-index" }, doc: "memory-index.md" }] },
      { name: "current layout: only a link counts", docs: current("git-index is where git lives\n"), facts: CUR, errors: [{ messageId: "p1CompletenessDomainIndex", data: { base: "git-index" } }] },
    ],
  },
  "MI-013": {
    valid: [{ name: "TC-R-11 a linked root reference", docs: tree(gitIndex([KW, "git-commit"])).map((d) => (d.name === "memory-index.md" ? file("memory-index.md", rootIdx("[skills-git-index](skills-git-index.md)")) : d)) }],
    invalid: [
      { name: "TC-R-09 broken root reference", docs: tree(gitIndex([KW, "git-commit"])).map((d) => (d.name === "memory-index.md" ? file("memory-index.md", rootIdx("skills-git-index, git-gone")) : d)), errors: [{ messageId: "p1ValidityMemoryIndex", line: 3, data: { md: "git-gone.md" } }] },
      { name: "TC-R-18 an unknown header word becomes a reference", docs: tree(gitIndex([KW, "git-commit"])).map((d) => (d.name === "memory-index.md" ? file("memory-index.md", "| Tier | Index |\n|---|---|\n| 1 | skills-git-index |\n") : d)), errors: [{ messageId: "p1ValidityMemoryIndex", line: 1, data: { md: "Index.md" } }] },
    ],
  },
  "MI-014": {
    valid: [{ name: "a reference into a subfolder", docs: tree(gitIndex([KW, "git-commit"]), folder("git"), file("git/git-deep.md")).map((d) => (d.name === "memory-index.md" ? file("memory-index.md", rootIdx("skills-git-index, git/git-deep")) : d)), facts: REF }],
    invalid: [{ name: "root reference climbing out", docs: tree(gitIndex([KW, "git-commit"])).map((d) => (d.name === "memory-index.md" ? file("memory-index.md", rootIdx("skills-git-index, ../secrets")) : d)), errors: [{ messageId: "p1ValidityPathTraversal", line: 3, data: { md: "../secrets.md" } }] }],
  },
  "MI-015": {
    valid: [{ name: "TC-O-10 a referenced skill- file is no orphan", docs: tree(gitIndex([KW, "git-commit"], ["old", "skill-old"]), file("skill-old.md")) }],
    invalid: [
      { name: "TC-O-02 unindexed skill- file", docs: tree(gitIndex([KW, "git-commit"]), file("skill-old.md")), errors: [{ messageId: "orphaned", line: 0, data: { stem: "skill-old" }, severity: "warning", doc: "skill-old.md" }] },
      { name: "option level=error (--orphans error) makes it an error", docs: tree(gitIndex([KW, "git-commit"]), file("skill-old.md")), options: { level: "error" }, errors: [{ messageId: "orphaned", severity: "error" }] },
    ],
  },
  "MI-016": {
    valid: [{ name: "option level=off (--orphans off)", docs: tree(gitIndex([KW, "git-commit"]), file("skills-notes.md")), options: { level: "off" } }],
    invalid: [{ name: "TC-O-25 skills- file that is no index, even when referenced", docs: tree(gitIndex([KW, "git-commit"], ["n", "skills-notes"]), file("skills-notes.md")), errors: [{ messageId: "orphaned", data: { stem: "skills-notes" }, severity: "warning", doc: "skills-notes.md" }] }],
  },
  "MI-017": {
    valid: [{ name: "TC-O-27 a file matching no domain is not reported", docs: tree(gitIndex([KW, "git-commit"]), file("notes-misc.md")) }],
    invalid: [
      { name: "TC-O-01 domain orphan", docs: tree(gitIndex([KW, "git-commit"]), file("git-rebase.md")), errors: [{ messageId: "orphaned", line: 0, data: { stem: "git-rebase", domain: "git" }, severity: "warning", doc: "git-rebase.md" }] },
      {
        name: "TC-O-24 nested domains: one finding per domain, in discovery order (sorted index names)",
        docs: tree(gitIndex([KW, "git-commit"]), file("skills-git-hooks-index.md", idx(["pre-commit hook", "git-hooks-pre"])), file("git-hooks-pre.md"), file("git-hooks-post.md")).map((d) => (d.name === "memory-index.md" ? file("memory-index.md", rootIdx("skills-git-index, skills-git-hooks-index")) : d)),
        errors: [
          { messageId: "orphaned", data: { stem: "git-hooks-post", domain: "git-hooks" } },
          { messageId: "orphaned", data: { stem: "git-hooks-post", domain: "git" } },
        ],
      },
    ],
  },
  "MI-018": {
    valid: [{ name: "five keywords", docs: clean }],
    invalid: [{ name: "three keywords", docs: tree(gitIndex(["commit branch push", "git-commit"])), errors: [{ messageId: "insufficientKeywordsHasKeywords", line: 3, data: { name: "git-commit", keywordsCount: "3" }, severity: "warning" }] }],
  },
  "MI-019": {
    valid: [
      { name: "a folder-qualified name is judged by its base name", docs: tree(gitIndex([KW, "git/git-deep"]), folder("git"), file("git/git-deep.md")), facts: REF },
      { name: "option level=off (--naming off)", docs: tree(gitIndex([KW, "ci-build"]), file("ci-build.md")), options: { level: "off" } },
    ],
    invalid: [
      { name: "entry of another domain", docs: tree(gitIndex([KW, "ci-build"]), file("ci-build.md")), errors: [{ messageId: "namingViolationShouldStart", line: 3, data: { name: "ci-build", prefix: "git-" }, severity: "warning" }] },
      { name: "option level=error (--naming error) makes it an error", docs: tree(gitIndex([KW, "ci-build"]), file("ci-build.md")), options: { level: "error" }, errors: [{ messageId: "namingViolationShouldStart", severity: "error" }] },
    ],
  },
  "MI-020": {
    valid: [
      { name: "memory-token-counts: a count within the tolerance of the estimate (53 for 40 words)", docs: tokTree("- [git-commit](git/git-commit.md) (53)\n"), facts: CUR, options: ON },
      { name: "memory-token-counts: 100 recorded, 53 estimated: within 100 %", docs: tokTree("- [git-commit](git/git-commit.md) (100)\n"), facts: CUR, options: ON },
      { name: "memory-token-counts: a link without a count, a count without a .md link, a count for a missing file (MI-013's) are not judged", docs: tokTree("- [git-commit](git/git-commit.md)\n- [x](https://x.org) (1)\n- [gone](gone.md) (5)\n"), facts: CUR, options: ON },
      { name: "memory-token-counts: off by default", docs: tokTree("- [git-commit](git/git-commit.md) (1)\n"), facts: CUR },
    ],
    invalid: [
      { name: "memory-token-counts: a count far below the estimate", docs: tokTree("- [git-commit](git/git-commit.md) (26)\n"), facts: CUR, options: ON,
        errors: [{ messageId: "farOff", line: 1, severity: "warning", doc: "memory-index.md", data: { file: "git/git-commit.md", recorded: "26", estimate: "53", tolerance: "100" } }] },
      { name: "memory-token-counts: a count far above the estimate, with a tighter tolerance, as an error", docs: tokTree("| git | [git-commit](git/git-commit.md) (100) |\n"), facts: CUR, options: { tolerance: 50, level: "error" },
        errors: [{ messageId: "farOff", line: 1, severity: "error", data: { recorded: "100", tolerance: "50" } }] },
      { name: "memory-token-counts: every counted link of a line, ./ and spaces before the count as upstream's pattern", docs: tokTree("See [a](git/git-commit.md)(1), [b [c](./git/git-commit.md) \t(2) and [d](git/git-commit.md) (53)\n"), facts: CUR, options: ON,
        errors: [{ messageId: "farOff", line: 1, data: { file: "git/git-commit.md", recorded: "1" } }, { messageId: "farOff", line: 1, data: { file: "./git/git-commit.md", recorded: "2" } }] },
    ],
  },
  "MI-103": {
    valid: [
      { name: "every memory file is indexed (current layout)", docs: current("- [git](git-index.md)\n"), facts: CUR },
      { name: "issue-40 the session protocol's live files are not memories", docs: current("- [git](git-index.md)\n", file("session-current-state.md"), file("session-history.md"), file("session-violations-log.md")), facts: CUR },
    ],
    invalid: [
      { name: "unindexed file of an indexed domain", docs: current("- [git](git-index.md)\n", file("git/git-rebase.md")), facts: CUR, errors: [{ messageId: "orphaned", line: 0, data: { stem: "git/git-rebase", index: "git-index" }, severity: "warning", doc: "git/git-rebase.md" }] },
      { name: "unindexed file of a domain without an index", docs: current("- [git](git-index.md)\n", folder("notes"), file("notes/notes-misc.md")), facts: CUR, errors: [{ messageId: "orphanedNoDomainIndex", data: { stem: "notes/notes-misc" } }] },
      { name: "issue-40 a memory named like a protocol file in a folder is still one", docs: current("- [git](git-index.md)\n", folder("notes"), file("notes/session-history.md")), facts: CUR, errors: [{ messageId: "orphanedNoDomainIndex", data: { stem: "notes/session-history" } }] },
    ],
  },
  "MI-105": {
    valid: [{ name: "web and mailto links are ignored", docs: current("- [git](git-index.md), see [docs](https://example.com/guide) or [mail](mailto:x@example.com)\n"), facts: CUR }],
    invalid: [
      { name: "an image", docs: current("- [git](git-index.md)\n\n![diagram](diagram.png)\n"), facts: CUR, errors: [{ messageId: "imageInMemoryIndex", line: 3, data: { d: "diagram.png" }, doc: "memory-index.md" }] },
      { name: "an encoded destination", docs: current("- [git](git-index.md)\n- [notes](my%20notes.md)\n"), facts: CUR, errors: [{ messageId: "unsupportedLinkDestinationIn", line: 2, data: { d: "my%20notes.md" } }] },
    ],
  },
  "MI-108": {
    valid: [{ name: "a symlinked atomic file is resolved in the reference layout", docs: tree(gitIndex([KW, "git-commit"], ["alias", "git-alias"]), symlink("git-alias.md", "f:git-commit.md")), facts: REF }],
    invalid: [
      { name: "symlinked domain index", docs: tree(gitIndex([KW, "git-commit"]), symlink("skills-ci-index.md", "f:git-commit.md")), errors: [{ messageId: "symlinkedIndexFileIs", line: 0, data: { n: "skills-ci-index.md" }, doc: "skills-ci-index.md" }] },
      { name: "symlink in a reference path (current layout)", docs: current("- [git](git-index.md)\n", symlink("lnk", "d:git")).map((d) => (d.name === "git-index.md" ? file("git-index.md", idx([KW, "[git-commit](git/git-commit.md)"], ["alias", "[x](lnk/git-commit.md)"])) : d)), facts: CUR, errors: [{ messageId: "symlinkInReferencePath", line: 4, data: { md: "lnk/git-commit.md" }, doc: "git-index.md" }] },
      { name: "symlinked root index", docs: [DIR, file("git-commit.md"), gitIndex([KW, "git-commit"]), symlink("memory-index.md", "f:git-commit.md")], errors: [{ messageId: "symlinkedIndexFileIs2", data: { name: "memory-index.md" }, doc: "memory-index.md" }] },
    ],
  },
};
