// Upstream's `memory_index.py --orphan-policy ratchet` / memory_index_count_ratchet.py (unindexed
// memories may not grow) as agentcheck does it: orphans at level error plus the adoption baseline
// (docs/upstream-checks.md). The orphans known when the baseline was written pass; a new one fails.
import { describe, it, expect } from "vitest";
import { runCli, makeRepo, writeTree, git } from "../helpers.js";

const MEM = ".serena/memories";
const ROOT = "# Memory index\n\n- [git](git-index.md)\n";
const IDX = "| Keywords | File |\n|---|---|\n| commit branch rebase merge push | [git-commit](git/git-commit.md) |\n";

describe("memory-index orphans as a ratchet (upstream --orphan-policy ratchet)", () => {
  it("memory-index-count-ratchet: with orphans at error and a baseline, known orphans pass, a new one fails, an indexed one drops out", () => {
    const dir = makeRepo({
      "agentcheck.config.json": JSON.stringify({ validators: { memoryIndex: { orphans: "error" } } }),
      [`${MEM}/memory-index.md`]: ROOT,
      [`${MEM}/git-index.md`]: IDX,
      [`${MEM}/git/git-commit.md`]: "# Commit\n",
      [`${MEM}/git/git-old-notes.md`]: "# Old notes\n",
    });
    const check = () => {
      const r = runCli(["check", "--only", "memory-index", "--format", "json"], { cwd: dir });
      const shown = (JSON.parse(r.stdout).results as { file: string; findings: { ruleId: string; file?: string }[] }[])
        .flatMap((x) => x.findings.map((f) => `${f.ruleId} ${f.file ?? x.file}`));
      return { ...r, shown };
    };
    const before = check();
    expect(before.code, before.stderr).toBe(1);
    expect(before.shown).toEqual([`MI-103 ${MEM}/git/git-old-notes.md`]);
    const b = runCli(["baseline"], { cwd: dir });
    expect(b.code, b.stderr).toBe(0);
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "baseline");
    expect(check().code).toBe(0);
    // a new unindexed memory: the count grew, the check fails and names it (only it)
    writeTree(dir, { [`${MEM}/git/git-new-notes.md`]: "# New notes\n" });
    const grown = check();
    expect(grown.code).toBe(1);
    expect(grown.shown).toEqual([`MI-103 ${MEM}/git/git-new-notes.md`]);
    // indexing both: nothing left, the baseline's entry counts as fixed
    writeTree(dir, { [`${MEM}/git-index.md`]: `${IDX}| old notes history archive backlog | [git-old-notes](git/git-old-notes.md) |\n| new notes fresh recent draft | [git-new-notes](git/git-new-notes.md) |\n` });
    const fixed = check();
    expect(fixed.code, fixed.stdout).toBe(0);
    expect(fixed.shown).toEqual([]);
    expect(fixed.stderr).toMatch(/baseline .*fixed/);
  }, 120_000);
});
