// Issue 36 item 8: pre-pr said "linted 1 of 2 markdown file(s)" without naming the file it left out.
// The markdownlint configuration's ignores leave one of the branch's two markdown files out: PP-003's
// row names it (the core's message lintedExcluded, fact "excluded" from the host's selection).
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers.js";
import { branchRepo } from "./helpers.js";

describe("PP-003 names the files the configuration excludes (issue 36 item 8)", () => {
  it("PP-003 lintedExcluded: 'linted 1 of 2' names the excluded file", () => {
    const dir = branchRepo(
      { "docs/a.md": "# A\n\nText.\n", "vendor/b.md": "# B\n\nText.\n" },
      { ".markdownlint-cli2.yaml": 'ignores:\n  - "vendor/**"\n' },
    );
    const r = runCli(["pre-pr", "--base", "main", "--only", "PP-003", "--no-cache", "--verbose"], { cwd: dir });
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/PP-003 Markdown Linting[^\n]*: linted 1 of 2 markdown file\(s\) \(config: \.markdownlint-cli2\.yaml\): 0 finding\(s\); 1 excluded by the configuration: vendor\/b\.md\n/);
    const json = JSON.parse(runCli(["pre-pr", "--base", "main", "--only", "PP-003", "--no-cache", "-f", "json"], { cwd: dir }).stdout);
    expect(json.checks.find((c: { id: string }) => c.id === "PP-003").message).toContain("1 excluded by the configuration: vendor/b.md");
  });
});
