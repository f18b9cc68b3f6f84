// specs/consistency.md §10.10-§10.17: every traceability catalog case, by id.
import { describe, it, expect } from "vitest";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { runValidator } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { tr, fm } from "./helpers.js";
import { runCli, tmpDir, writeTree, makeRepo } from "../helpers.js";

const enc = new TextEncoder();
/** Parse one front matter through the core: the related ids a design's file yields, via TR-006 messages. */
function relatedOf(text: string): string[] {
  const raw = runValidator("traceability", [{ name: "design/DESIGN-1.md", kind: KIND.SPEC_DOC, flags: 1, bytes: enc.encode(text) }]);
  return raw.findings.map((f) => /non-existent REQ '(.*)'$/.exec(f.message)?.[1]).filter((x): x is string => Boolean(x));
}
const req = (id: string, rel: string[] | null = null, status = "approved") => fm("requirement", id, status, rel);
const des = (id: string, rel: string[] | string | null, status = "draft") => fm("design", id, status, rel);
const task = (id: string, rel: string[] | string | null, status = "todo") => fm("task", id, status, rel);
const chain = {
  "requirements/REQ-001-feature.md": req("REQ-001", ["DESIGN-001"]),
  "design/DESIGN-001-feature.md": des("DESIGN-001", ["REQ-001"]),
  "tasks/TASK-001-implement.md": task("TASK-001", ["DESIGN-001"], "pending"),
};

describe("TR-D01, TR-D02 loading and parsing", () => {
  it("T-D-01 valid front matter", () => {
    const r = tr({ "requirements/REQ-001.md": "---\ntype: requirement\nid: REQ-001\nstatus: draft\nrelated:\n  - DESIGN-001\n---\n" });
    expect(r.stats.requirements).toBe(1);
    expect(r.rules("TR-001")).toEqual(["REQ 'REQ-001' has no DESIGN referencing it (orphaned requirement)"]);
  });
  it("T-D-02 two indented related items and a body", () => expect(relatedOf("---\ntype: design\nid: DESIGN-1\nstatus: draft\nrelated:\n  - REQ-001\n  - REQ-002\n---\n# Body\n")).toEqual(["REQ-001", "REQ-002"]));
  it("T-D-03 no front matter: no spec", () => expect(tr({ "requirements/REQ-001.md": "# REQ-001\n" }).stats.requirements).toBe(0));
  it("T-D-04 missing file: no spec", () => expect(tr({}).stats.requirements).toBe(0));
  it("T-D-05 two related", () => expect(relatedOf(des("DESIGN-1", ["REQ-001", "REQ-002"]))).toEqual(["REQ-001", "REQ-002"]));
  it("T-D-06 no related field", () => expect(relatedOf(des("DESIGN-1", null))).toEqual([]));
  it("T-D-07 empty file: no spec", () => expect(tr({ "requirements/REQ-001.md": "" }).stats.requirements).toBe(0));
  it("T-D-08 alphanumeric ids", () => expect(relatedOf(des("DESIGN-ABC", ["REQ-001", "REQ-ABC"]))).toEqual(["REQ-001", "REQ-ABC"]));
  it("T-D-09 inline related list (U-1)", () => expect(relatedOf(des("DESIGN-1", "related: [REQ-009, DESIGN-009]\n"))).toEqual(["REQ-009"]));
  it("T-D-10 lowercase suffixes (U-2)", () => {
    const r = tr({ "tasks/TASK-a02.md": task("TASK-a02", ["DESIGN-a02"]) });
    expect(r.rules("TR-005")).toEqual(["TASK 'TASK-a02' references non-existent DESIGN 'DESIGN-a02'"]);
  });
  it("T-D-11 requirements loaded", () => expect(tr({ "requirements/REQ-001.md": req("REQ-001") }).stats.requirements).toBe(1));
  it("T-D-12 designs loaded", () => expect(tr({ "design/DESIGN-001.md": des("DESIGN-001", null) }).stats.designs).toBe(1));
  it("T-D-13 tasks loaded", () => expect(tr({ "tasks/TASK-001.md": task("TASK-001", null) }).stats.tasks).toBe(1));
  it("T-D-14 empty specs dir", () => expect(tr({ "README.md": "x" }).stats).toEqual({ requirements: 0, designs: 0, tasks: 0, validChains: 0 }));
  it("T-D-15 empty subfolders", () => {
    const r = tr({ "requirements/.keep": "", "design/.keep": "", "tasks/.keep": "" });
    expect(r.stats).toEqual({ requirements: 0, designs: 0, tasks: 0, validChains: 0 });
  });
  it("T-D-16 README.md not loaded", () => expect(tr({ "requirements/README.md": req("REQ-001") }).stats.requirements).toBe(0));
  it("T-D-17 one per category", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001"]), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]) });
    expect([r.stats.requirements, r.stats.designs, r.stats.tasks]).toEqual([1, 1, 1]);
  });
  it("T-D-18 empty structure: zero stats in JSON", () => {
    const root = tmpDir();
    mkdirSync(join(root, "specs"));
    const rep = JSON.parse(runCli(["traceability", "--specs", "specs", "-f", "json"], { cwd: root }).stdout);
    expect(rep.results[0].data).toMatchObject({ requirements: "0", designs: "0", tasks: "0" });
  });
  it("T-D-19 missing colon: no crash, 0 requirements", () => expect(tr({ "requirements/REQ-001.md": "---\ntype: requirement\nid REQ-001\n---\n" }).stats.requirements).toBe(0));
  it("T-D-20 no front matter: visible skip, 0 requirements", () => {
    const r = tr({ "requirements/REQ-001-nofrontmatter.md": "# no front matter\n" });
    expect(r.stats.requirements).toBe(0);
    expect(r.results.find((x) => x.file.endsWith("REQ-001-nofrontmatter.md"))?.verdict).toBe("skip");
  });
  it("T-D-21 REQ-ABC", () => expect(tr({ "requirements/REQ-ABC-feature.md": req("REQ-ABC") }).stats.requirements).toBe(1));
  it("T-D-22 later keys are read as related (KB-T3)", () => expect(relatedOf(des("DESIGN-1", "related:\n  - REQ-001\nsupersedes:\n  - REQ-009\n"))).toEqual(["REQ-001", "REQ-009"]));
  it("T-D-23 non-indented sequence is not recognised (KB-T4)", () => {
    const r = tr({ "tasks/TASK-1.md": task("TASK-1", "related:\n- DESIGN-001\n") });
    expect(r.rules("TR-002").length).toBe(1);
  });
  it("T-D-24 quoted ids and comments are kept verbatim", () => {
    const r = tr({ "requirements/REQ-1.md": '---\ntype: requirement\nid: "REQ-001"\nstatus: x\n---\n', "requirements/REQ-2.md": "---\nid: REQ-002 # main\n---\n" });
    expect(r.warnings).toEqual([`REQ '"REQ-001"' has no DESIGN referencing it (orphaned requirement)`, "REQ 'REQ-002 # main' has no DESIGN referencing it (orphaned requirement)"]);
  });
  it("T-D-25 DESIGN-001a (U-2)", () => expect(tr({ "tasks/TASK-1.md": task("TASK-1", ["DESIGN-001a"]) }).rules("TR-005")).toEqual(["TASK 'TASK-1' references non-existent DESIGN 'DESIGN-001a'"]));
  it("T-D-26 duplicate id: last in name order wins; TR-008 lists both", () => {
    const files = { "requirements/REQ-001-x.md": req("REQ-001", null, "a"), "requirements/REQ-001.md": req("REQ-001", null, "b") };
    const r = tr(files);
    expect(r.stats.requirements).toBe(1);
    expect(r.results.find((x) => x.file.endsWith("REQ-001-x.md"))?.verdict).toBe("skip");
    expect(r.results.find((x) => x.file.endsWith("REQ-001-x.md"))?.reason).toBe("duplicate id REQ-001: REQ-001.md is used (last in name order)");
    expect(r.findings.find((f) => f.ruleId === "TR-001")?.file).toMatch(/REQ-001\.md$/);
    const d = tr(files, { profile: "recommended" }).rules("TR-008");
    expect(d).toEqual(["Duplicate id 'REQ-001' in REQ-001-x.md, REQ-001.md", "Duplicate id 'REQ-001' in REQ-001-x.md, REQ-001.md"]);
  });
  it("T-D-26b TR-008 names the right files when an earlier file was screened out (AC-002); no abort (fuzz seed 14)", () => {
    // the text screen drops unreadable files from the core's document list, so TR-008 must not find
    // documents by index: three files, the middle one binary, the other two sharing an id
    const bad = new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x00, 0x0a]);
    const docs = [
      { name: "fx", kind: KIND.FACT, flags: 0, bytes: enc.encode("32") },
      { name: "requirements/REQ-001-a.md", kind: KIND.SPEC_DOC, flags: 0, bytes: enc.encode(req("REQ-001")) },
      { name: "requirements/REQ-001-b.md", kind: KIND.SPEC_DOC, flags: 0, bytes: bad },
      { name: "requirements/REQ-001-c.md", kind: KIND.SPEC_DOC, flags: 0, bytes: enc.encode(req("REQ-001")) },
    ];
    const raw = runValidator("traceability", docs);
    const dup = raw.findings.filter((f) => f.ruleId === "TR-008");
    expect(dup.map((f) => docs[f.docIndex].name).sort()).toEqual(["requirements/REQ-001-a.md", "requirements/REQ-001-c.md"]);
    expect(raw.findings.some((f) => f.ruleId === "AC-002" && docs[f.docIndex].name.endsWith("-b.md"))).toBe(true);
  });
  it("T-D-27 BOM is stripped (D-6)", () => expect(tr({ "requirements/REQ-1.md": "\ufeff" + req("REQ-1") }).stats.requirements).toBe(1));
  it("T-D-28 empty front matter swallows the body (KB-T7)", () => expect(tr({ "requirements/REQ-7.md": "---\n---\nbody\nid: REQ-777\n---\n" }).warnings).toEqual(["REQ 'REQ-777' has no DESIGN referencing it (orphaned requirement)"]));
  it("TR-009 status 'todo' (upstream's task status today): the allowed values are listed without stray separators", () => {
    const r = tr({ "tasks/TASK-1.md": "---\ntype: task\nid: TASK-1\nstatus: todo\nrelated:\n  - DESIGN-1\n---\n" }, { profile: "recommended" });
    expect(r.rules("TR-009")).toContain("Front matter: status 'todo' invalid (draft|review|approved|pending|in-progress|complete|done|implemented|rejected|deferred)");
  });
  it("T-D-29 empty type takes the next line", () => {
    const r = tr({ "requirements/REQ-1.md": "---\ntype:\nid: REQ-001\n---\n" }, { profile: "recommended" });
    expect(r.rules("TR-009")[0]).toBe("Front matter: type 'id: REQ-001' invalid (requirement)");
    expect(r.stats.requirements).toBe(1);
  });
  it("T-D-30 unrelated: also matches", () => expect(relatedOf(des("DESIGN-1", "unrelated:\n  - REQ-5\n"))).toEqual(["REQ-5"]));
  it("T-D-31 CRLF parses like LF (the host normalises line ends, D-6)", () => {
    const lf = tr({ "design/DESIGN-1.md": des("DESIGN-1", ["REQ-001"]) });
    const crlf = tr({ "design/DESIGN-1.md": des("DESIGN-1", ["REQ-001"]).replace(/\n/g, "\r\n") });
    expect(crlf.rules("TR-006")).toEqual(["DESIGN 'DESIGN-1' references non-existent REQ 'REQ-001'"]);
    expect(crlf.findings.map((f) => [f.ruleId, f.line])).toEqual(lf.findings.map((f) => [f.ruleId, f.line]));
  });
});

describe("TR-001 orphaned requirement", () => {
  it("T-001-01 only REQ-001", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001") });
    expect(r.warnings.length).toBe(1);
    expect(r.warnings[0]).toContain("orphaned requirement");
  });
  it("T-001-02 REQ-002 not referenced", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001"), "requirements/REQ-002.md": req("REQ-002"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001"]) });
    expect(r.rules("TR-001")).toEqual(["REQ 'REQ-002' has no DESIGN referencing it (orphaned requirement)"]);
  });
  const orphan = () => {
    const root = tmpDir();
    writeTree(root, { "specs/requirements/REQ-001-orphan.md": req("REQ-001", []) });
    return root;
  };
  it("T-001-03 warnings only: exit 0; strict: exit 1", () => {
    const root = orphan();
    const r = runCli(["traceability", "--specs", "specs", "-f", "json"], { cwd: root });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary.warnings).toBe(1);
    expect(runCli(["traceability", "--specs", "specs", "--strict"], { cwd: root }).code).toBe(1);
  });
  it("T-001-04 --strict (the reference's --strict --ci) exit 1", () => expect(runCli(["traceability", "--specs", "specs", "--strict"], { cwd: orphan() }).code).toBe(1));
  it("T-001-05 non-strict: exit 0 with warnings", () => {
    const r = runCli(["traceability", "--specs", "specs"], { cwd: orphan() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("TR-001");
  });
  it("T-001-06 strict: exit 1", () => expect(runCli(["traceability", "--specs", "specs", "--strict"], { cwd: orphan() }).code).toBe(1));
  it("T-001-07 a REQ's own related list is ignored", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001", ["DESIGN-001"]), "design/DESIGN-001.md": des("DESIGN-001", null), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]) });
    expect(r.rules("TR-001").length).toBe(1);
    expect(r.rules("TR-003").length).toBe(1);
  });
});

describe("TR-002 untraced task", () => {
  it("T-002-01 empty related", () => expect(tr({ "tasks/TASK-1.md": task("TASK-1", []) }).errors).toEqual(["TASK 'TASK-1' has no DESIGN reference (untraced task)"]));
  it("T-002-02 TASK-002 without related", () => {
    const r = tr({ "design/DESIGN-001.md": des("DESIGN-001", null), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]), "tasks/TASK-002.md": task("TASK-002", null) });
    expect(r.rules("TR-002")).toEqual(["TASK 'TASK-002' has no DESIGN reference (untraced task)"]);
  });
  it("T-002-03 CLI: exit 1 on the error", () => {
    const root = tmpDir();
    writeTree(root, { "specs/tasks/TASK-001-untraced.md": task("TASK-001", []) });
    const r = runCli(["traceability", "--specs", "specs", "-f", "json"], { cwd: root });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary.errors).toBe(1);
  });
  it("T-002-04 missing related key", () => expect(tr({ "tasks/TASK-1.md": task("TASK-1", null) }).rules("TR-002").length).toBe(1));
  it("T-002-05 task -> REQ is not credited", () => {
    const r = tr({ "requirements/REQ-1.md": req("REQ-1"), "tasks/TASK-1.md": task("TASK-1", ["REQ-1"]) });
    expect(r.rules("TR-002").length).toBe(1);
    expect(r.rules("TR-001").length).toBe(1);
  });
  it("T-002-06 only a missing DESIGN: TR-005, no TR-002", () => {
    const r = tr({ "tasks/TASK-1.md": task("TASK-1", ["DESIGN-9"]) });
    expect(r.rules("TR-005").length).toBe(1);
    expect(r.rules("TR-002")).toEqual([]);
  });
});

describe("TR-003, TR-004 complete chain", () => {
  it("T-003-01 design alone: two warnings", () => expect(tr({ "design/DESIGN-001.md": des("DESIGN-001", []) }).warnings).toEqual([
    "DESIGN 'DESIGN-001' has no REQ reference (missing backward trace)", "DESIGN 'DESIGN-001' has no TASK referencing it (orphaned design)",
  ]));
  it("T-003-02 one valid chain and a loose design", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001"]), "design/DESIGN-002.md": des("DESIGN-002", null), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]) });
    expect(r.stats.validChains).toBe(1);
    expect(r.rules("TR-003")).toEqual(["DESIGN 'DESIGN-002' has no REQ reference (missing backward trace)"]);
    expect(r.rules("TR-004")).toEqual(["DESIGN 'DESIGN-002' has no TASK referencing it (orphaned design)"]);
  });
  it("T-004-01 orphaned design, 0 chains", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001", []), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001"]) });
    expect(r.rules("TR-004")).toEqual(["DESIGN 'DESIGN-001' has no TASK referencing it (orphaned design)"]);
    expect(r.stats.validChains).toBe(0);
  });
  it("T-003-03 design missing REQ reference", () => {
    const r = tr({ "design/DESIGN-001.md": des("DESIGN-001", []), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]) });
    expect(r.rules("TR-003")[0]).toContain("no REQ reference");
  });
  it("T-003-04 broken REQ still counts as a chain", () => {
    const r = tr({ "design/DESIGN-1.md": des("DESIGN-1", ["REQ-9"]), "tasks/TASK-1.md": task("TASK-1", ["DESIGN-1"]) });
    expect(r.rules("TR-006").length).toBe(1);
    expect(r.rules("TR-003")).toEqual([]);
    expect(r.stats.validChains).toBe(1);
  });
});

describe("TR-005, TR-006 reference validity", () => {
  it("T-005-01 task -> DESIGN-999", () => expect(tr({ "tasks/TASK-1.md": task("TASK-1", ["DESIGN-999"]) }).errors).toEqual(["TASK 'TASK-1' references non-existent DESIGN 'DESIGN-999'"]));
  it("T-006-01 design -> REQ-999", () => expect(tr({ "design/DESIGN-1.md": des("DESIGN-1", ["REQ-999"]) }).errors).toEqual(["DESIGN 'DESIGN-1' references non-existent REQ 'REQ-999'"]));
  it("T-005-02 both", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-999"]), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-999"]) });
    expect(r.errors.sort()).toEqual(["DESIGN 'DESIGN-001' references non-existent REQ 'REQ-999'", "TASK 'TASK-001' references non-existent DESIGN 'DESIGN-999'"]);
  });
  it("T-005-03 one error at the related line; CLI exit 1", () => {
    const r = tr({ "tasks/TASK-001-broken.md": task("TASK-001", ["DESIGN-999"]) });
    expect(r.findings.filter((f) => f.severity === "error").map((f) => [f.ruleId, f.line])).toEqual([["TR-005", 6]]);
    const root = tmpDir();
    writeTree(root, { "specs/tasks/TASK-001-broken.md": task("TASK-001", ["DESIGN-999"]) });
    expect(runCli(["traceability", "--specs", "specs"], { cwd: root }).code).toBe(1);
  });
  it("T-006-02 design -> REQ-999 with a task", () => {
    const r = tr({ "design/DESIGN-001.md": des("DESIGN-001", ["REQ-999"]), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]) });
    expect(r.rules("TR-006")).toEqual(["DESIGN 'DESIGN-001' references non-existent REQ 'REQ-999'"]);
  });
  it("T-005-04 duplicate related id reported once (U-2)", () => expect(tr({ "tasks/TASK-1.md": task("TASK-1", ["DESIGN-9", "DESIGN-9"]) }).rules("TR-005").length).toBe(1));
});

describe("TR-007 status consistency", () => {
  const st = (d: string, t: string, profile?: string) =>
    tr({ "requirements/REQ-001.md": req("REQ-001"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001"], d), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"], t) }, { profile });
  it("T-007-01 complete task, draft design", () => expect(st("draft", "complete").info).toEqual(["TASK 'TASK-001' is complete but DESIGN 'DESIGN-001' is 'draft'"]));
  it("T-007-02 only the task pointing at the draft design", () => {
    const r = tr({
      "design/DESIGN-001.md": des("DESIGN-001", null, "draft"), "design/DESIGN-002.md": des("DESIGN-002", null, "complete"),
      "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"], "complete"), "tasks/TASK-002.md": task("TASK-002", ["DESIGN-002"], "complete"),
    });
    expect(r.info).toEqual(["TASK 'TASK-001' is complete but DESIGN 'DESIGN-001' is 'draft'"]);
  });
  it("T-007-03 info does not fail the run", () => {
    const root = tmpDir();
    writeTree(root, { "specs/requirements/REQ-001.md": req("REQ-001"), "specs/design/DESIGN-001.md": des("DESIGN-001", ["REQ-001"], "draft"), "specs/tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"], "complete") });
    const r = runCli(["traceability", "--specs", "specs"], { cwd: root });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("TR-007");
  });
  it("T-007-04 case-sensitive by default; FX-7 ignores case", () => {
    expect(st("Draft", "COMPLETE").info).toEqual([]);
    expect(st("Draft", "COMPLETE", "recommended").info.length).toBe(1);
  });
  it("T-007-05 both done", () => expect(st("done", "done").info).toEqual([]));
  it("T-007-06 both implemented", () => expect(st("implemented", "implemented").info).toEqual([]));
  it("T-007-07 empty design status", () => {
    const r = tr({ "design/DESIGN-001.md": "---\ntype: design\nid: DESIGN-001\n---\n", "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"], "done") });
    expect(r.info).toEqual(["TASK 'TASK-001' is complete but DESIGN 'DESIGN-001' is ''"]);
  });
  it("T-007-08 approved design, done task", () => expect(st("approved", "done").info.length).toBe(1));
});

describe("chains and statistics", () => {
  it("T-S-01 complete chain", () => {
    const r = tr(chain);
    expect(r.errors).toEqual([]);
    expect(r.stats.validChains).toBe(1);
  });
  it("T-S-02 stats without links", () => {
    const r = tr({ "requirements/REQ-1.md": req("REQ-1"), "design/DESIGN-1.md": des("DESIGN-1", null), "tasks/TASK-1.md": task("TASK-1", null) });
    expect([r.stats.requirements, r.stats.designs, r.stats.tasks]).toEqual([1, 1, 1]);
  });
  it("T-S-03 no specs", () => expect(tr({}).stats).toEqual({ requirements: 0, designs: 0, tasks: 0, validChains: 0 }));
  it("T-S-04 all complete", () => {
    const r = tr({ "requirements/REQ-1.md": req("REQ-1", null, "complete"), "design/DESIGN-1.md": des("DESIGN-1", ["REQ-1"], "complete"), "tasks/TASK-1.md": task("TASK-1", ["DESIGN-1"], "complete") });
    expect([r.errors.length, r.warnings.length, r.stats.validChains]).toEqual([0, 0, 1]);
  });
  it("T-S-05 three-file chain", () => {
    const r = tr(chain);
    expect(r.stats).toEqual({ requirements: 1, designs: 1, tasks: 1, validChains: 1 });
    expect([r.errors.length, r.warnings.length]).toEqual([0, 0]);
  });
  it("T-S-06 two REQs, one design, two tasks", () => {
    const r = tr({
      "requirements/REQ-001.md": req("REQ-001", ["DESIGN-001"]), "requirements/REQ-002.md": req("REQ-002", ["DESIGN-001"]),
      "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001", "REQ-002"]),
      "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]), "tasks/TASK-002.md": task("TASK-002", ["DESIGN-001"]),
    });
    expect([r.stats.requirements, r.stats.designs, r.stats.tasks, r.stats.validChains]).toEqual([2, 1, 2, 1]);
    expect([r.errors.length, r.warnings.length]).toEqual([0, 0]);
  });
  it("T-S-07 two chains over one REQ", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001"]), "design/DESIGN-002.md": des("DESIGN-002", ["REQ-001"]), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]), "tasks/TASK-002.md": task("TASK-002", ["DESIGN-002"]) });
    expect([r.stats.validChains, r.errors.length]).toEqual([2, 0]);
  });
  it("T-S-08 two complete chains", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001"), "requirements/REQ-002.md": req("REQ-002"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001"]), "design/DESIGN-002.md": des("DESIGN-002", ["REQ-002"]), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]), "tasks/TASK-002.md": task("TASK-002", ["DESIGN-002"]) });
    expect(r.stats).toEqual({ requirements: 2, designs: 2, tasks: 2, validChains: 2 });
    expect(r.warnings).toEqual([]);
  });
  it("T-S-09 mixed issues", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-999"], "draft"), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"], "complete") });
    expect([r.errors.length > 0, r.warnings.length > 0, r.info.length > 0]).toEqual([true, true, true]);
  });
  it("T-S-10 CRLF chain, strict-clean", () => {
    const crlf = Object.fromEntries(Object.entries(chain).map(([k, v]) => [k, v.replace(/\n/g, "\r\n")]));
    const r = tr(crlf);
    expect([r.errors.length, r.warnings.length, r.stats.validChains]).toEqual([0, 0, 1]);
  });
  it("T-S-11 task with two designs", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001"]), "design/DESIGN-002.md": des("DESIGN-002", ["REQ-001"]), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001", "DESIGN-002"]) });
    expect([r.errors.length, r.warnings.length, r.stats.validChains]).toEqual([0, 0, 2]);
  });
  it("T-S-12 design with two REQs", () => {
    const r = tr({ "requirements/REQ-001.md": req("REQ-001"), "requirements/REQ-002.md": req("REQ-002"), "design/DESIGN-001.md": des("DESIGN-001", ["REQ-001", "REQ-002"]), "tasks/TASK-001.md": task("TASK-001", ["DESIGN-001"]) });
    expect([r.errors.length, r.warnings.length]).toEqual([0, 0]);
  });
  it("T-S-13 content API (core directly): complete chain", () => {
    const docs = Object.entries(chain).map(([k, v], i) => ({ name: k, kind: KIND.SPEC_DOC, flags: i, bytes: enc.encode(v) }));
    const raw = runValidator("traceability", docs);
    expect(raw.findings).toEqual([]);
    expect(raw.data.find((d) => d.key === "stats")?.value).toBe("1 1 1 1");
  });
  it("T-S-14 content API: broken design reference", () => {
    const raw = runValidator("traceability", [{ name: "TASK-001.md", kind: KIND.SPEC_DOC, flags: 2, bytes: enc.encode(task("TASK-001", ["DESIGN-999"])) }]);
    expect(raw.findings.length).toBeGreaterThan(0);
  });
});

describe("TR-X CLI, exit codes, output", () => {
  const dirWith = (files: Record<string, string>) => {
    const root = tmpDir();
    writeTree(root, Object.fromEntries(Object.entries(files).map(([k, v]) => [`specs/${k}`, v])));
    mkdirSync(join(root, "specs"), { recursive: true });
    return root;
  };
  const run = (files: Record<string, string>, ...args: string[]) => runCli(["traceability", "--specs", "specs", ...args], { cwd: dirWith(files) });
  it("T-X-01 empty specs: 0", () => expect(run({}).code).toBe(0));
  it("T-X-02 complete chain: 0", () => expect(run(chain).code).toBe(0));
  it("T-X-03 broken design reference: 1", () => expect(run({ "tasks/TASK-1.md": task("TASK-1", ["DESIGN-999"]) }).code).toBe(1));
  it("T-X-04 errors always fail (no --ci gate in this port)", () => expect(run({ "tasks/TASK-1.md": task("TASK-1", ["DESIGN-999"]) }).code).toBe(1));
  it("T-X-05 json on empty dir: 0", () => expect(run({}, "-f", "json").code).toBe(0));
  it("T-X-06 nonexistent absolute path: 2", () => expect(runCli(["traceability", "--specs", "/nonexistent/path/xyz"], { cwd: tmpDir() }).code).toBe(2));
  it("T-X-07 message names the path", () => {
    const r = runCli(["traceability", "--specs", "missing-specs"], { cwd: tmpDir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Specs path not found: missing-specs");
  });
  it("T-X-08 empty subfolders: 0", () => expect(run({ "requirements/.keep": "", "design/.keep": "", "tasks/.keep": "" }).code).toBe(0));
  it("T-X-09 errors: 1 and errors in JSON", () => {
    const r = run({ "tasks/TASK-1.md": task("TASK-1", ["DESIGN-999"]) }, "-f", "json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary.errors).toBeGreaterThan(0);
  });
  it("T-X-10 complete chain strict: 0", () => expect(run(chain, "--strict").code).toBe(0));
  it("T-X-11 inline related chain: 0", () => expect(run({
    "requirements/REQ-009.md": req("REQ-009"), "design/DESIGN-009.md": des("DESIGN-009", "related: [REQ-009]\n"), "tasks/TASK-009.md": task("TASK-009", "related: [REQ-009, DESIGN-009]\n"),
  }).code).toBe(0));
  it("T-X-12 lowercase-suffix chain: 0", () => expect(run({
    "requirements/REQ-a02.md": req("REQ-a02"), "design/DESIGN-a02.md": des("DESIGN-a02", ["REQ-a02"]), "tasks/TASK-a02.md": task("TASK-a02", ["DESIGN-a02"]),
  }).code).toBe(0));
  it("T-X-13 default specs path .agents/specs", () => {
    const root = tmpDir();
    writeTree(root, { ".agents/specs/tasks/TASK-1.md": task("TASK-1", ["DESIGN-9"]) });
    expect(runCli(["traceability"], { cwd: root }).code).toBe(1);
  });
  it("T-X-14 custom absolute path accepted", () => {
    const root = dirWith(chain);
    expect(runCli(["traceability", "--specs", join(root, "specs")], { cwd: tmpDir() }).code).toBe(0);
  });
  it("T-X-15 --strict accepted", () => expect(run({}, "--strict").code).toBe(0));
  it("T-X-16 formats accepted", () => { for (const f of ["text", "markdown", "json"]) expect(run(chain, "-f", f).code).toBe(0); });
  it("T-X-17 no issues: summary shows 0 errors", () => expect(run(chain).stdout).toMatch(/0 errors, 0 warnings/));
  it("T-X-18 one error shown", () => expect(run({ "tasks/TASK-1.md": task("TASK-1", []) }).stdout).toMatch(/1 error,/));
  it("T-X-19 one warning shown", () => expect(run({ "requirements/REQ-1.md": req("REQ-1") }).stdout).toMatch(/1 warning\b/));
  it("T-X-20 markdown header", () => expect(run(chain, "-f", "markdown").stdout).toContain("# agentcheck report"));
  it("T-X-21 markdown lists the error", () => {
    const md = run({ "tasks/TASK-1.md": task("TASK-1", []) }, "-f", "markdown").stdout;
    expect(md).toContain("## Findings");
    expect(md).toContain("TASK 'TASK-1' has no DESIGN reference (untraced task)");
  });
  it("T-X-22 stats with 3 requirements", () => {
    const rep = JSON.parse(run({ "requirements/REQ-1.md": req("REQ-1"), "requirements/REQ-2.md": req("REQ-2"), "requirements/REQ-3.md": req("REQ-3") }, "-f", "json").stdout);
    expect(rep.results.find((r: { file: string }) => r.file === "specs").data.requirements).toBe("3");
  });
  it("T-X-23 markdown has a findings table", () => expect(run({ "requirements/REQ-1.md": req("REQ-1") }, "-f", "markdown").stdout).toContain("| Severity | Rule | Location | Message |"));
  it("T-X-24 JSON stats", () => {
    const rep = JSON.parse(run(chain, "-f", "json").stdout);
    expect(rep.results.find((r: { file: string }) => r.file === "specs").data).toMatchObject({ requirements: "1", validChains: "1" });
  });
  it("T-X-25 JSON error rule id", () => {
    const rep = JSON.parse(run({ "tasks/TASK-1.md": task("TASK-1", []) }, "-f", "json").stdout);
    const f = rep.results.flatMap((r: { findings: unknown[] }) => r.findings);
    expect(f.length).toBe(1);
    expect(f[0].ruleId).toBe("TR-002");
  });
  it("T-X-26 JSON parses", () => expect(() => JSON.parse(run(chain, "-f", "json").stdout)).not.toThrow());
  it("T-X-27 markdown with an error and a warning", () => {
    const md = run({ "requirements/REQ-1.md": req("REQ-1"), "requirements/REQ-2.md": req("REQ-2"), "design/DESIGN-1.md": des("DESIGN-1", ["REQ-1"]), "tasks/TASK-1.md": task("TASK-1", ["DESIGN-1"]), "tasks/TASK-2.md": task("TASK-2", []) }, "-f", "markdown").stdout;
    expect(md).toContain("| error | TR-002 |");
    expect(md).toContain("| warning | TR-001 |");
  });
  it("T-X-28 text output", () => expect(run(chain).stdout).toContain("files checked"));
  it("T-X-29 text format runs", () => expect(run(chain, "-f", "text").code).toBe(0));
  it("T-X-30 unknown format: exit 2", () => expect(run(chain, "-f", "xml").code).toBe(2));
  it("T-X-31 --no-cache and --benchmark are accepted", () => {
    const files = { ...chain, "tasks/TASK-001-implement.md": task("TASK-001", ["DESIGN-001"], "todo") };
    expect(run(files).code).toBe(0);
    expect(run(files, "--no-cache").code).toBe(0);
    expect(run(files, "--benchmark").code).toBe(0);
  });
  it("T-X-32 relative path leaving the repository: exit 2", () => {
    const repo = makeRepo({ "a.txt": "x" });
    mkdirSync(join(repo, "..", "outside-" + repo.split("/").pop()), { recursive: true });
    const r = runCli(["traceability", "--specs", "../outside-" + repo.split("/").pop()], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Path traversal attempt detected");
    // a sibling with the repository name as prefix is outside too (component-wise comparison)
    mkdirSync(`${repo}-evil`, { recursive: true });
    expect(runCli(["traceability", "--specs", `../${repo.split("/").pop()}-evil`], { cwd: repo }).code).toBe(2);
  });
  it("T-X-33 warnings only with --strict fail; without it pass", () => {
    expect(run({ "requirements/REQ-1.md": req("REQ-1") }).code).toBe(0);
    expect(run({ "requirements/REQ-1.md": req("REQ-1") }, "--strict").code).toBe(1);
  });
});

describe("layouts and notices (§9.5)", () => {
  it("brain per-feature folders are a visible skip, never a silent pass", () => {
    const root = tmpDir();
    writeTree(root, { "docs/features/FEAT-001-auth/requirements/REQ-001-login.md": "# REQ-001\n" });
    const r = runCli(["check", root, "-f", "json"]);
    const rep = JSON.parse(r.stdout);
    const skip = rep.results.find((x: { file: string }) => x.file === "docs/features/FEAT-001-auth");
    expect(skip.verdict).toBe("skip");
    expect(skip.reason).toContain("layout is not covered");
  });
  it("spec folders with candidates but no id: notice on the specs folder", () => {
    const r = tr({ "requirements/REQ-1.md": "# REQ-1 without front matter\n" });
    const anchor = r.results.find((x) => x.file === ".agents/specs");
    expect(anchor?.verdict).toBe("skip");
    expect(anchor?.reason).toContain("0 specs with an id found in 1 candidate file");
  });
  it("a symlinked spec file is read", () => {
    const root = tmpDir();
    writeTree(root, { "real/REQ-1.md": req("REQ-1"), ".agents/specs/requirements/.keep": "" });
    symlinkSync(join(root, "real/REQ-1.md"), join(root, ".agents/specs/requirements/REQ-1.md"));
    expect(runCli(["traceability", "-f", "json"], { cwd: root }).stdout).toContain("REQ 'REQ-1' has no DESIGN");
  });
});
