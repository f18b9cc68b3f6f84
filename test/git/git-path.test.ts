// gitPath / pathLines (src/git-run.ts): the names git prints C-quoted outside -z output are read as
// the names themselves. Checked against real git output: a repository whose files have every kind
// of name git quotes, listed by `git ls-files` (quoted) and by `git ls-files -z` (raw).
import { describe, it, expect } from "vitest";
import { writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { gitPath, pathLines } from "../../dist/git-run.js";
import { makeRepo, git } from "../helpers.js";

describe("gitPath: C-quoted names from git", () => {
  it.each([
    ["plain.md", "plain.md"],
    ['"a\\tb.md"', "a\tb.md"],
    ['"q\\"uote.md"', 'q"uote.md'],
    ['"back\\\\slash.md"', "back\\slash.md"],
    ['"\\303\\251t\\303\\251.md"', "été.md"],
    ['"line\\nbreak.md"', "line\nbreak.md"],
    ['"bell\\a\\b\\f\\r\\v.md"', "bell\x07\x08\x0c\r\x0b.md"],
    ['"\\001ctl.md"', "\x01ctl.md"],
  ])("%s => the name itself", (quoted, name) => {
    expect(gitPath(quoted)).toBe(name);
  });
  it("every name git quotes in `git ls-files` is the name `git ls-files -z` gives", () => {
    const names = ['say "hi".md', "back\\slash.md", "tab\there.md", "new\nline.md", "caf\u00e9.md", "\x01ctl.md", '"quoted".md', "plain.md", " lead.md", "trail .md "];
    const dir = makeRepo({ "README.md": "x" });
    for (const n of names) writeFileSync(join(dir, n), "x");
    git(dir, "add", "-A");
    const raw = git(dir, "-c", "core.quotePath=false", "ls-files", "-z").split("\0").filter(Boolean).sort();
    // the output as git wrote it (the test helper trims it, and a name may end in a space)
    const quoted = execFileSync("git", ["-c", "core.quotePath=false", "ls-files"], { cwd: dir, encoding: "utf8" });
    expect(quoted).toContain('"say \\"hi\\".md"');
    expect(pathLines(quoted).sort()).toEqual(raw);
    expect(raw).toEqual([...names, "README.md"].sort());
  });
});
