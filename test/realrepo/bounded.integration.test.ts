// Issue 10 items 2, 4, 5 (unit-sized): bounded facts and messages, one repository-level git
// failure per run, the memory layout detected from the tree, CO-008 and code.
import { describe, it, expect } from "vitest";
import { check, of, mdLog, OK } from "../session-md/lib.js";
import { validateMemoryIndexDir, DiskSource } from "../../dist/index.js";
import { execFileSync, spawnSync } from "node:child_process";
import { BIN, git, makeRepo, runCli, tmpDir, writeTree } from "../helpers.js";
import { co } from "../consistency/helpers.js";

const qaLog = (ev: string) =>
  mdLog({ end: [`| MUST | Route to qa agent (feature implementation) | [x] | ${ev} |`, "| MUST | Commit all changes | [x] | Commit SHA: `abc1234` |"] });

describe("issue 10 item 2: bounded facts", () => {
  for (const [label, ev] of [["docs-only", "SKIPPED: docs-only"], ["investigation-only", "SKIPPED: investigation-only"]]) {
    it(`SP-037 ${label} with a diff list of 100,000 names: no trap, a bounded message (count + first names)`, () => {
      const files = Array.from({ length: 100_000 }, (_, i) => `src/dir${i % 100}/file-${i}.ts`);
      const f = of(check(qaLog(ev), { ...OK, "diff.a1b2c3d": files }), "SP-037");
      expect(f).toHaveLength(1);
      expect(f[0].message).toContain("src/dir0/file-0.ts");
      expect(f[0].message).toContain("and 99990 more");
      expect(f[0].message.length).toBeLessThan(1000);
    });
  }
});

describe("issue 10 item 4: repository-level git failures are reported once", () => {
  it("SP-017: a failing `git diff <base>...HEAD` is one finding on the repository with the command and git's message, not one per log", () => {
    const log = (n: number) => `.agents/sessions/2026-01-0${n}-session-${n}.md`;
    const dir = makeRepo({ ".agents/HANDOFF.md": "# H\n", [log(1)]: mdLog(), [log(2)]: mdLog(), [log(3)]: mdLog() });
    git(dir, "checkout", "-q", "--orphan", "other");
    git(dir, "commit", "-q", "-m", "unrelated root");
    git(dir, "checkout", "-q", "main");
    const r = runCli(["session-log", "--base", "other", "--format", "json", "--now", "2026-01-10T00:00:00Z"], { cwd: dir });
    const rep = JSON.parse(r.stdout);
    const sp017 = rep.results.flatMap((x: { file: string; findings: { ruleId: string; message: string; file: string }[] }) => x.findings).filter((f: { ruleId: string }) => f.ruleId === "SP-017");
    expect(sp017).toHaveLength(1);
    expect(sp017[0].file).toBe(".");
    expect(sp017[0].message).toContain("`git diff --name-only other...HEAD");
    expect(sp017[0].message).toMatch(/no merge base/i);
  });
});

describe("issue 10 item 5: today's layouts", () => {
  const idx = (rows: string[]) => ["| Keywords | File |", "|---|---|", ...rows].join("\n") + "\n";
  it("memory layout auto: subfolders => current (detected); flat => reference; an explicit layout wins", () => {
    const dir = tmpDir();
    writeTree(dir, {
      "memory-index.md": "# Memory Index\n\n| Task Keywords | Essential Memories |\n|---|---|\n| wf | skills-agent-workflow-index |\n",
      "skills-agent-workflow-index.md": idx(["| a, b, c, d, e | [agent-workflow-pipeline](agent-workflow/agent-workflow-pipeline.md) |"]),
      "agent-workflow/agent-workflow-pipeline.md": "# p\n",
    });
    const run = (layout?: "auto" | "reference" | "current") =>
      validateMemoryIndexDir({ source: new DiskSource(dir), dir: "", display: "mem", maxFileBytes: 1 << 23, layout });
    const dirResult = (o: ReturnType<typeof run>) => o.results.find((r) => r.data?.layout)!;
    expect(dirResult(run()).data).toMatchObject({ layout: "current", layout_source: "detected" });
    expect(dirResult(run("reference")).data).toMatchObject({ layout: "reference", layout_source: "option" });
    // MI-019 on a folder-qualified name: judged by the base name (no false warning)
    expect(run().results.flatMap((r) => r.findings).filter((f) => f.ruleId === "MI-019")).toEqual([]);
    const flat = tmpDir();
    writeTree(flat, { "skills-a-index.md": idx(["| a, b, c, d, e | a-x |"]), "a-x.md": "x\n" });
    const o = validateMemoryIndexDir({ source: new DiskSource(flat), dir: "", display: "mem", maxFileBytes: 1 << 23 });
    expect(o.results.find((r) => r.data?.layout)!.data).toMatchObject({ layout: "reference", layout_source: "detected" });
  });

  it("CO-008 ignores links in code spans and fenced blocks in the default profile; only --profile reference keeps the original's quirk", () => {
    const prd = ["# PRD", "", "## Requirements", "", "- see `[x](missing-span.md)`", "", "```", "[y](missing-fence.md)", "```", "", "[z](missing-real.md)", ""].join("\n");
    const files = { ".agents/planning/prd-x.md": prd, ".agents/planning/tasks-x.md": "# Tasks\n" };
    const broken = (profile: string) => co(files, { feature: "x", profile }).f.findings.filter((f) => f.ruleId === "CO-008").map((f) => f.message);
    expect(broken("default")).toEqual(["Broken reference: missing-real.md"]);
    expect(broken("reference")).toEqual(["Broken reference: missing-span.md", "Broken reference: missing-fence.md", "Broken reference: missing-real.md"]);
  });
});

describe("issue 10 item 7: progress", () => {
  const HAS_SCRIPT = (() => {
    try {
      return execFileSync("script", ["-qec", "true", "/dev/null"]).length >= 0;
    } catch {
      return false;
    }
  })();
  const ws = () => {
    const dir = tmpDir();
    writeTree(dir, { ".agents/sessions/2026-01-01-session-1.md": mdLog(), ".agents/sessions/2026-01-02-session-2.md": mdLog() });
    return dir;
  };
  it("no progress on stderr when stderr is not a terminal", () => {
    const r = runCli(["check", ws(), "--only", "session-log"]);
    expect(r.stderr).not.toMatch(/files done|\/\d+ files/);
  });
  it.skipIf(!HAS_SCRIPT)("progress (files done / total) on stderr on a terminal, text format only", () => {
    const dir = ws();
    const run = (fmt: string) =>
      spawnSync("script", ["-qec", `${process.execPath} ${BIN} check ${dir} --only session-log --format ${fmt} > /dev/null`, "/dev/null"], {
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      }).stdout.replace(/\r/g, "\n");
    expect(run("text")).toMatch(/agentcheck: session-log \d+\/2 files/);
    expect(run("json")).not.toMatch(/\/2 files/);
  });
});
