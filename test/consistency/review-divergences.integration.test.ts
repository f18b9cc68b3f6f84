// Divergences from the reference (python-efa406e9a) found in review, each on real files through the
// CLI bundle: non-spec files of a specs folder, unreadable artifacts, CO-008 anchors spanning lines,
// hidden plan files, `(.+?)` sections, `..specs` folders, specs linked outside the repository,
// backslashes in file names, and the --profile help text.
import { describe, it, expect } from "vitest";
import { symlinkSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, runCli, tmpDir, writeTree } from "../helpers.js";
import { fm } from "./helpers.js";

interface Json {
  results: { file: string; verdict: string; reason?: string; data?: Record<string, string>; findings: { ruleId: string; message: string; file: string }[] }[];
}
const json = (s: string) => JSON.parse(s) as Json;
const findings = (j: Json) => j.results.flatMap((r) => r.findings);
const ids = (j: Json) => findings(j).map((f) => f.ruleId);
const P = ".agents/planning/";
const chain = {
  "requirements/REQ-001.md": fm("requirement", "REQ-001", "draft", null),
  "design/DESIGN-001.md": fm("design", "DESIGN-001", "draft", ["REQ-001"]),
  "tasks/TASK-001.md": fm("task", "TASK-001", "todo", ["DESIGN-001"]),
};
const specs = (files: Record<string, string | Uint8Array>, dir = ".agents/specs") =>
  Object.fromEntries(Object.entries(files).map(([k, v]) => [`${dir}/${k}`, v]));
const utf16 = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, "utf16le")]);
const consistency = (cwd: string, ...args: string[]) => runCli(["consistency", "--all", "--path", cwd, "--profile", "reference", "--no-baseline", "-f", "json", ...args], { cwd });
const traceability = (cwd: string, ...args: string[]) => runCli(["traceability", "--profile", "reference", "--no-baseline", "-f", "json", ...args], { cwd });

describe("traceability reads only the files its rules load (spec §3.4, TR-D01)", () => {
  it("a UTF-16 README.md and a dangling notes.md in the specs folders are never opened: exit 0, no AC-002/AC-901", () => {
    const root = makeRepo(specs({ ...chain, "requirements/README.md": utf16("# Specs\n") }));
    symlinkSync("gone.md", join(root, ".agents/specs/design/notes.md"));
    const r = traceability(root);
    expect(r.stderr).toBe("");
    expect(ids(json(r.stdout))).not.toContain("AC-002");
    expect(ids(json(r.stdout))).not.toContain("AC-901");
    expect(r.code).toBe(0);
  });
});

describe("unreadable artifacts are not checked as empty (AC-900/AC-901/AC-002, no false findings)", () => {
  it("consistency: a dangling tasks file is AC-901, never CO-006 'Fewer tasks (0)'; the feature says it is not fully checked", () => {
    const root = tmpDir();
    writeTree(root, { [P + "prd-a.md"]: "1. a\n2. b\n" });
    symlinkSync("gone.md", join(root, P + "tasks-a.md"));
    const r = consistency(root);
    const j = json(r.stdout);
    expect(ids(j).sort()).toEqual(["AC-901", "CO-001"]);
    const feat = j.results.find((x) => x.data?.feature === "a")!;
    expect(feat.verdict).toBe("skip");
    expect(feat.reason).toBe(`not fully checked: ${P}tasks-a.md could not be read`);
    expect(feat.data?.checks).toContain("RequirementCoverage=unchecked");
    expect(r.code).toBe(1);
  });
  it("consistency: a UTF-16 PRD is AC-002 and still the feature's PRD: no CO-002 'PRD file not found', no CO-003", () => {
    const root = tmpDir();
    writeTree(root, {
      ".agents/roadmap/EPIC-001-a.md": "# Epic\n### Success Criteria\n- [ ] a\n",
      [P + "prd-a.md"]: utf16("# PRD\nEPIC-001\n## Requirements\n1. a\n"),
      [P + "tasks-a.md"]: "- [ ] a\n",
    });
    const j = json(consistency(root).stdout);
    expect(ids(j)).toEqual(["AC-002"]);
    const feat = j.results.find((x) => x.data?.feature === "a")!;
    expect(feat.data?.prd).toBe(P + "prd-a.md");
    expect(feat.verdict).toBe("skip");
  });
  it("traceability: a requirement over --max-file-size is AC-900, never TR-006 'references non-existent REQ'; the specs folder is skipped with the reason", () => {
    const root = makeRepo(specs({ ...chain, "requirements/REQ-001.md": chain["requirements/REQ-001.md"] + "0".repeat(300) }));
    const r = traceability(root, "--max-file-size", "200");
    const j = json(r.stdout);
    expect(ids(j)).toEqual(["AC-900"]);
    const anchor = j.results.find((x) => x.file === ".agents/specs")!;
    expect(anchor.verdict).toBe("skip");
    expect(anchor.reason).toBe("not fully checked: 1 spec file(s) could not be read (TR-006 not checked against them)");
    expect(r.code).toBe(1);
  });
  it("traceability: a UTF-16 design is AC-002, never TR-001 / TR-005 against the designs it may hold", () => {
    const root = makeRepo(specs({ ...chain, "design/DESIGN-001.md": utf16(chain["design/DESIGN-001.md"]) }));
    const j = json(traceability(root, "--strict").stdout);
    expect(ids(j)).toEqual(["AC-002"]);
  });
});

describe("CO-008: an anchor is removed as the reference's re.sub(r'#.*$', '') does", () => {
  it("C-008-06 variant: a target spanning lines keeps its '#' unless the anchor runs to the end (final line break kept)", () => {
    const root = tmpDir();
    writeTree(root, { [P + "x.md"]: "x\n", [P + "tasks-a.md"]: "- [ ] a\nSee [the guide](x.md#setup\n) and [notes](x.md#a b\nc).\n" });
    const r = consistency(root);
    expect(findings(json(r.stdout)).filter((f) => f.ruleId === "CO-008").map((f) => f.message)).toEqual([
      "Broken reference: x.md\n",
      "Broken reference: x.md#a b\nc",
    ]);
    expect(r.code).toBe(1);
  });
});

describe("CO-D02: the plan glob *plan*F*.md matches hidden files (pathlib)", () => {
  it("'.plan-a.md' is the feature's Plan (and a CO-007 naming violation, as in the reference)", () => {
    const root = tmpDir();
    writeTree(root, { [P + ".plan-a.md"]: "- [ ] a\n", [P + "tasks-a.md"]: "- [ ] a\n" });
    const r = consistency(root);
    const j = json(r.stdout);
    expect(j.results.find((x) => x.data?.feature === "a")?.data?.plan).toBe(P + ".plan-a.md");
    expect(findings(j).filter((f) => f.ruleId === "CO-007").map((f) => f.message)).toEqual(["Plan naming violation: .plan-a.md"]);
  });
});

describe("CO-004: sections are `(.+?)(?=stop|$)`, at least one character long", () => {
  it("'### Success Criteria###' counts the criteria after it: PRD has fewer requirements (1) than 2", () => {
    const root = tmpDir();
    writeTree(root, {
      ".agents/roadmap/EPIC-001-a.md": "# Epic\n### Success Criteria###\n- [ ] a\n- [ ] b\n",
      [P + "prd-a.md"]: "EPIC-001\n## Requirements\n1. only one\n",
      [P + "tasks-a.md"]: "- [ ] a\n",
    });
    const j = json(consistency(root).stdout);
    expect(findings(j).filter((f) => f.ruleId === "CO-004").map((f) => f.message)).toEqual(["PRD has fewer requirements (1) than Epic success criteria (2)"]);
  });
  it("'## Requirements##' counts the requirements after it", () => {
    const root = tmpDir();
    writeTree(root, {
      ".agents/roadmap/EPIC-001-a.md": "# Epic\n### Success Criteria\n- [ ] a\n- [ ] b\n",
      [P + "prd-a.md"]: "EPIC-001\n## Requirements##\n1. one\n2. two\n",
      [P + "tasks-a.md"]: "- [ ] a\n- [ ] b\n",
    });
    const j = json(consistency(root).stdout);
    const feat = j.results.find((x) => x.data?.feature === "a")!;
    expect(feat.data?.requirements).toBe("2");
    expect(ids(j)).toEqual([]);
  });
});

describe("traceability --specs containment (spec §4.2, KB-T10, T-X-32)", () => {
  it("a folder named '..specs' inside the repository is not path traversal", () => {
    const root = makeRepo(specs(chain, "..specs"));
    const r = traceability(root, "--specs", "..specs");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(json(r.stdout).results.find((x) => x.file === "..specs")?.data?.validChains).toBe("1");
  });
  it("a specs folder that is a symlink to a folder outside the repository is path traversal (resolved, as Path.resolve): exit 2", () => {
    const base = tmpDir();
    writeTree(join(base, "ext"), specs(chain, "specs"));
    const root = join(base, "repo");
    mkdirSync(root);
    git(root, "init", "-q");
    symlinkSync("../ext/specs", join(root, "specs"));
    const r = traceability(root, "--specs", "specs");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Path traversal attempt detected");
  });
});

describe("CO-D01: a backslash is a plain character of a file name", () => {
  it("'prd-a\\b.md' and 'tasks-a\\b.md' make the feature 'a\\b' (not 'no feature found')", () => {
    const root = tmpDir();
    writeTree(root, { [P + "prd-a\\b.md"]: "1. a\n2. b\n", [P + "tasks-a\\b.md"]: "- [ ] a\n" });
    const j = json(consistency(root).stdout);
    const feat = j.results.find((x) => x.data?.feature === "a\\b");
    expect(feat?.data?.prd).toBe(P + "prd-a\\b.md");
    expect(findings(j).map((f) => f.message).sort()).toEqual([
      "Epic file not found",
      "Fewer tasks (1) than requirements (2)",
      "PRD naming violation: prd-a\\b.md",
      "Tasks naming violation: tasks-a\\b.md",
    ]);
  });
});

describe("CO-008 / CO-009: link targets resolve as Path.resolve does (spec §9.3)", () => {
  it("C-008 symlinks: 'lnk/../x.md' applies '..' after the link (lnk -> ../../docs/deep/sub), as the reference", () => {
    const root = tmpDir();
    writeTree(root, { "docs/x.md": "", "docs/deep/sub/.keep": "", "other/y.md": "", [P + "tasks-f.md"]: "- [ ] a\n[a](lnk/../x.md)\n[b](lnk/../../x.md)\n[c](lnk/../../../other/y.md)\n" });
    symlinkSync("../../docs/deep/sub", join(root, P + "lnk"));
    const j = json(consistency(root).stdout);
    expect(findings(j).filter((f) => f.ruleId === "CO-008" || f.ruleId === "CO-009").map((f) => f.message)).toEqual(["Broken reference: lnk/../x.md"]);
  });
  it("C-009: a dangling link whose target is outside the base path is path traversal, not a broken reference", () => {
    const root = tmpDir();
    writeTree(root, { [P + "tasks-a.md"]: "- [ ] a\n[x](ext.md)\n" });
    symlinkSync("/nonexistent/secret.md", join(root, P + "ext.md"));
    const j = json(consistency(root).stdout);
    expect(findings(j).filter((f) => f.ruleId === "CO-008" || f.ruleId === "CO-009").map((f) => `${f.ruleId} ${f.message}`)).toEqual(["CO-009 Path traversal detected: ext.md"]);
  });
});

describe("--profile help", () => {
  it("names the reference profile and says default adds FX-1", () => {
    const c = runCli(["consistency", "--help"]).stdout.replace(/\s+/g, " ");
    expect(c).toContain("reference (the Python original, quirks included), default (reference + FX-1");
    const t = runCli(["traceability", "--help"]).stdout.replace(/\s+/g, " ");
    expect(t).toContain("reference or default");
  });
});
