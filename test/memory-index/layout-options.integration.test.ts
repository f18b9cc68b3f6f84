// --layout current (spec phase 2: MI-103..MI-106, MI-108), --orphans / --naming, and `check`.
import { describe, it, expect } from "vitest";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { mi, idx, root, files, fixture, runDir } from "./mi-helpers.js";
import { runCli, makeRepo } from "../helpers.js";

const cur = { layout: "current" as const };

describe("memory-index --layout current", () => {
  it("MI-103 orphan scan reaches subfolders; domain = first folder; expected = index with most files of it", () => {
    const f = {
      "memory-index.md": "- [skills-git-index](skills-git-index.md)\n",
      "skills-git-index.md": idx(["merge conflict", "[git-merge](git/git-merge.md)"]),
      "git/git-merge.md": "x\n",
      "git/git-rebase.md": "x\n",
      "notes/other-x.md": "x\n",
      "git/README.md": "x\n",
      ".obsidian/x.md": "x\n",
    };
    const v = mi(f, cur);
    expect(v.orphans.map((o) => [o.file, o.expected, o.rule])).toEqual([
      ["git/git-rebase", "skills-git-index", "MI-103"],
      ["notes/other-x", "a domain index referenced by memory-index.md", "MI-103"],
    ]);
    // the reference layout never looks into subfolders
    expect(mi(f).orphans).toEqual([]);
  });
  it("MI-103 a file referenced only from the root index is not an orphan", () => {
    const v = mi({ "memory-index.md": "- [skills-a-index](skills-a-index.md)\n- [a-x](a-x.md)\n", "skills-a-index.md": idx(), ...files("a-x") }, cur);
    expect(v.orphans).toEqual([]);
    expect(mi({ "memory-index.md": root(["k", "skills-a-index, a-x"]), "skills-a-index.md": idx(), ...files("a-x") }).orphans).toHaveLength(1);
  });
  it("MI-104 every *-index.md is an index: references and format checked, no uniqueness or P2", () => {
    const v = mi({ "memory-index.md": "[l](learning-index.md)\n", "learning-index.md": "# Learning\n\n" + idx(["a", "gone"], ["a", "gone2"]) }, cur);
    const d = v.domains.learning;
    expect(d.msgs("MI-002")).toEqual(["Missing file: gone.md", "Missing file: gone2.md"]);
    expect(d.msgs("MI-006")).toHaveLength(1);
    expect(d.msgs("MI-005", "MI-018", "MI-019")).toEqual([]);
    expect(d.densities).toEqual({});
    expect(mi({ "learning-index.md": idx(["a", "gone"]) }).domains.learning).toBeUndefined();
  });
  it("MI-105 pipe-delimited and bullet root formats are parsed; broken links are found", () => {
    const text = [
      "# Memory Index",
      "[GitHub and PR]",
      "|gh pr review comment: [skills-pr-index](skills-pr-index.md) (883), [pr-gone](pr-gone.md) (12)",
      "- [skills-git-index](skills-git-index.md)",
      "See `[not-a-ref](nope.md)` and <!-- [hidden](hidden.md) -->",
      "```",
      "[fenced](fenced.md)",
      "```",
      "[web](https://example.com/x.md)",
    ].join("\n");
    const v = mi({ "memory-index.md": text, "skills-pr-index.md": idx(), "skills-git-index.md": idx() }, cur);
    expect(v.rootMsgs("MI-013")).toEqual(["P1 VALIDITY: memory-index references non-existent file: pr-gone.md"]);
    expect(v.rootMsgs("MI-012")).toEqual([]);
    // the reference layout sees none of these lines
    const r = mi({ "memory-index.md": text, "skills-pr-index.md": idx(), "skills-git-index.md": idx() });
    expect(r.rootMsgs("MI-013")).toEqual([]);
  });
  it("MI-105 images and unsafe destinations are rejected", () => {
    const v = mi({ "memory-index.md": "- ![img](a.md)\n- [x](a%20b.md)\n- [y](a.md#part)\n" }, cur);
    expect(v.rootMsgs("MI-105")).toEqual([
      "Image in memory-index: a.md",
      "Unsupported link destination in memory-index: a%20b.md",
      "Unsupported link destination in memory-index: a.md#part",
    ]);
  });
  it("MI-105 table rows: comma lists in the second cell, header rows skipped", () => {
    const v = mi({ "memory-index.md": "| Tier | Index |\n|---|---|\n| t | [skills-a-index](skills-a-index.md) (5), a-x (3) |\n", "skills-a-index.md": idx(), ...files("a-x") }, cur);
    expect(v.root).toEqual([]);
  });
  it("MI-106 completeness by reference: a prose mention does not count", () => {
    const v = mi({ "memory-index.md": "See skills-a-index for everything.\n", "skills-a-index.md": idx() }, cur);
    expect(v.rootMsgs("MI-012")).toEqual(["P1 COMPLETENESS: Domain index not referenced in memory-index: skills-a-index"]);
    expect(mi({ "memory-index.md": "See skills-a-index for everything.\n", "skills-a-index.md": idx() }).rootMsgs("MI-012")).toEqual([]);
  });
  it("MI-108 a symlink in a reference path is rejected (reference layout follows it)", () => {
    const dir = fixture({ "memory-index.md": "- [skills-a-index](skills-a-index.md)\n", "skills-a-index.md": idx(["k", "a-link"]), ...files("a-real") });
    symlinkSync(join(dir, "a-real.md"), join(dir, "a-link.md"));
    expect(runDir(dir, cur).domains.a.msgs("MI-108")).toEqual(["Symlink in reference path: a-link.md"]);
    expect(runDir(dir).domains.a.msgs("MI-002", "MI-004", "MI-108")).toEqual([]);
  });
  it("MI-108 a symlinked index file is not read", () => {
    const dir = fixture({ "memory-index.md": root(["k", "skills-a-index"]), "real.txt": idx() });
    symlinkSync(join(dir, "real.txt"), join(dir, "skills-a-index.md"));
    const v = runDir(dir);
    expect(v.all.filter((f) => f.ruleId === "MI-108").map((f) => f.message)).toEqual(["Symlinked index file is not read: skills-a-index.md"]);
    expect(v.passed).toBe(false);
  });
  it("CLI --layout current and a bad value", () => {
    const dir = fixture({ "memory-index.md": "See skills-a-index.\n", "skills-a-index.md": idx() });
    expect(runCli(["memory-index", "--dir", dir]).code).toBe(0);
    const r = runCli(["memory-index", "--dir", dir, "--layout", "current"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("(current layout)");
    expect(runCli(["memory-index", "--dir", dir, "--layout", "newest"]).code).toBe(2);
  });
});

describe("memory-index options", () => {
  const F = { "memory-index.md": root(["a", "skills-a-index"]), "skills-a-index.md": idx(["k1 k2 k3 k4 k5", "other-x"]), ...files("other-x", "a-orphan") };
  it("MI-102 --orphans warn (default) / error / off", () => {
    expect(mi(F).orphans).toHaveLength(1);
    expect(mi(F).all.find((f) => f.ruleId === "MI-017")!.severity).toBe("warning");
    const e = mi(F, { orphans: "error" });
    expect(e.all.find((f) => f.ruleId === "MI-017")!.severity).toBe("error");
    expect(e.passed).toBe(false);
    expect(mi(F, { orphans: "off" }).orphans).toEqual([]);
    const dir = fixture(F);
    expect(runCli(["memory-index", "--dir", dir]).code).toBe(0);
    expect(runCli(["memory-index", "--dir", dir, "--orphans", "error"]).code).toBe(1);
    expect(runCli(["memory-index", "--dir", dir, "--orphans", "maybe"]).code).toBe(2);
  });
  it("--naming error makes MI-019 blocking and fails the index; off hides it", () => {
    expect(mi(F).domains.a.passed).toBe(true);
    const e = mi(F, { naming: "error" });
    expect(e.domains.a.passed).toBe(false);
    expect(e.domains.a.findings.find((f) => f.ruleId === "MI-019")!.severity).toBe("error");
    expect(mi(F, { naming: "off" }).domains.a.msgs("MI-019")).toEqual([]);
    expect(runCli(["memory-index", "--dir", fixture(F), "--naming", "error"]).code).toBe(1);
  });
  it("MI-017 / MI-019 option level: rules.<ID>.options.level in the configuration, validators.memoryIndex.orphans / .naming win over it", () => {
    const mem = Object.fromEntries(Object.entries(F).map(([k, v]) => [`.serena/memories/${k}`, v]));
    const sev = (config: unknown, id: string) => {
      const repo = makeRepo({ ...mem, "agentcheck.config.json": JSON.stringify(config) });
      const r = runCli(["check", repo, "-f", "json"]);
      const all = JSON.parse(r.stdout).results.flatMap((x: { findings: { ruleId: string; severity: string }[] }) => x.findings);
      return all.filter((f: { ruleId: string }) => f.ruleId === id).map((f: { severity: string }) => f.severity);
    };
    expect(sev({}, "MI-017")).toEqual(["warning"]);
    expect(sev({ rules: { "MI-017": { options: { level: "error" } } } }, "MI-017")).toEqual(["error"]);
    expect(sev({ rules: { "MI-017": { options: { level: "error" } } }, validators: { memoryIndex: { orphans: "off" } } }, "MI-017")).toEqual([]);
    expect(sev({ rules: { "MI-019": { options: { level: "off" } } } }, "MI-019")).toEqual([]);
    expect(sev({ validators: { memoryIndex: { naming: "error" } } }, "MI-019")).toEqual(["error"]);
  });
  it("check runs memory-index when .serena/memories exists, skips it otherwise", () => {
    const repo = makeRepo({ ".serena/memories/skills-a-index.md": idx(["k", "a-gone"]) });
    const r = runCli(["check", repo, "-f", "json"]);
    const doc = JSON.parse(r.stdout);
    const mine = doc.results.filter((x: { validator: string }) => x.validator === "memory-index");
    expect(mine.map((x: { file: string }) => x.file)).toEqual([".serena/memories", ".serena/memories/skills-a-index.md"]);
    expect(r.code).toBe(1);
    const empty = makeRepo({ "README.md": "x\n" });
    const e = JSON.parse(runCli(["check", empty, "-f", "json"]).stdout);
    expect(e.results.find((x: { validator: string }) => x.validator === "memory-index")).toMatchObject({ verdict: "skip", reason: "no .serena/memories directory" });
  });
});
