// specs/consistency.md §10.1-§10.9: every consistency catalog case, by id.
import { describe, it, expect } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { runValidator, ruleTable } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { decodeList, encodeList } from "../../dist/wasm/list.js";
import { co, scope, CHECK_OF } from "./helpers.js";
import { runCli, tmpDir, writeTree } from "../helpers.js";

const P = ".agents/planning/";
const R = ".agents/roadmap/";
const names = (files: string[]) => Object.fromEntries(files.map((f) => [f, "# x\n"]));
const feats = (files: Record<string, string>) => co(files).features.map((f) => f.feature);

function naming(key: string, name: string): boolean {
  const enc = new TextEncoder();
  const raw = runValidator("consistency", [{ name: "probe.naming", kind: KIND.FACT, bytes: enc.encode(encodeList([key, name])) }]);
  return decodeList(raw.data.find((d) => d.key === "probe.naming")?.value ?? "")[0] === "1";
}

describe("CO-D01 feature discovery", () => {
  it("C-D01-01 features from prd files", () => expect(feats(names([`${P}prd-auth.md`, `${P}prd-payments.md`]))).toEqual(expect.arrayContaining(["auth", "payments"])));
  it("C-D01-02 features from tasks files", () => expect(feats(names([`${P}tasks-search.md`]))).toContain("search"));
  it("C-D01-03 a feature appears once", () => expect(feats(names([`${P}prd-auth.md`, `${P}tasks-auth.md`]))).toEqual(["auth"]));
  it("C-D01-04 no planning folder: no features", () => expect(feats({ "README.md": "x" })).toEqual([]));
  it("C-D01-05 prd and tasks names", () => expect(feats(names([`${P}prd-user-auth.md`, `${P}prd-payment.md`, `${P}tasks-orphan.md`]))).toEqual(["payment", "user-auth", "orphan"]));
  it("C-D01-06 two features, two results", () => {
    const prd = "## Requirements\n- [ ] r\n";
    const r = co({ [`${P}prd-a.md`]: prd, [`${P}tasks-a.md`]: "### Task 1\n", [`${P}prd-b.md`]: prd, [`${P}tasks-b.md`]: "### Task 1\n" });
    expect(r.features.length).toBe(2);
    expect(r.features.every((f) => f.passed)).toBe(true);
  });
  it("C-D01-07 --all without .agents: no feature, a visible skip (never a silent pass), exit 0", () => {
    const r = runCli(["consistency", "--all", "--path", tmpDir(), "--verbose"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("1 skipped");
    expect(r.stdout).toContain("no feature found (no prd-*.md or tasks-*.md among the 0 markdown file(s) of the planning folder): nothing checked");
  });
  it("C-D01-07b CO-D01 --all over a planning folder without prd-/tasks- files (upstream since 2026-07): the folder is a skip with the reason", () => {
    const root = tmpDir();
    writeTree(root, { [`${P}INDEX.md`]: "# x\n", [`${P}implementation-notes-x.md`]: "# x\n", [`${R}epic-agent-consolidation.md`]: "# x\n", ".agents/archive/planning/prd-old.md": "# x\n" });
    const rep = JSON.parse(runCli(["consistency", "--all", "--path", root, "-f", "json"]).stdout);
    expect(rep.results).toEqual([{
      file: ".agents/planning", validator: "consistency", verdict: "skip", findings: [],
      reason: "no feature found (no prd-*.md or tasks-*.md among the 2 markdown file(s) of the planning folder): nothing checked",
    }]);
    // a feature found: no skip result, the feature's own result only
    writeTree(root, { [`${P}prd-x.md`]: "# x\n" });
    const two = JSON.parse(runCli(["consistency", "--all", "--path", root, "-f", "json"]).stdout);
    expect(two.results.map((x: { file: string; verdict: string }) => [x.file, x.verdict])).toEqual([[`${P}prd-x.md`, "fail"]]);
  });
  it("C-D01-08 sorted discovery order (D-1)", () => expect(feats(names([`${P}prd-b.md`, `${P}prd-a.md`, `${P}tasks-c.md`, `${P}tasks-a.md`]))).toEqual(["a", "b", "c"]));
  it("C-D01-09 PRD-x / Tasks-y are not discovered (case-sensitive)", () => expect(feats(names([`${P}PRD-x.md`, `${P}Tasks-y.md`]))).toEqual([]));
  it("C-D01-10 subfolders are not scanned", () => expect(feats(names([`${P}sub/prd-z.md`]))).toEqual([]));
});

describe("CO-D02 artifact resolution", () => {
  const art = (files: string[], feature: string) => co(names(files), { feature }).f.artifacts;
  it("C-D02-01 PRD found", () => expect(art([`${P}prd-auth.md`], "auth").prd).toBe(`${P}prd-auth.md`));
  it("C-D02-02 Tasks found", () => expect(art([`${P}tasks-auth.md`], "auth").tasks).toBe(`${P}tasks-auth.md`));
  it("C-D02-03 Epic found", () => expect(art([`${R}EPIC-001-auth.md`], "auth").epic).toBe(`${R}EPIC-001-auth.md`));
  it("C-D02-04 no folders: all null", () => expect(art([], "auth")).toEqual({ epic: null, prd: null, tasks: null, plan: null }));
  it("C-D02-05 all artifacts of a feature", () => {
    const a = art([`${R}EPIC-001-test-feature.md`, `${P}prd-test-feature.md`, `${P}tasks-test-feature.md`], "test-feature");
    expect([a.epic, a.prd, a.tasks].every(Boolean)).toBe(true);
  });
  it("C-D02-06 nonexistent feature: null", () => {
    const a = art([`${R}EPIC-001-test-feature.md`, `${P}prd-test-feature.md`, `${P}tasks-test-feature.md`], "nonexistent");
    expect([a.epic, a.prd, a.tasks]).toEqual([null, null, null]);
  });
  it("C-D02-07 NNN-F-plan.md is not found in reference mode (KB-C7), found with FX-3", () => {
    const files = names([`${R}EPIC-001-auth.md`, `${P}prd-auth.md`, `${P}tasks-auth.md`, `${P}001-auth-plan.md`]);
    const a = co(files, { feature: "auth" }).f.artifacts;
    expect([a.epic, a.prd, a.tasks].every(Boolean)).toBe(true);
    expect(a.plan).toBeNull();
    expect(co(files, { feature: "auth", profile: "recommended" }).f.artifacts.plan).toBe(`${P}001-auth-plan.md`);
  });
  it("C-D02-08 partial match", () => {
    const a = art([`${P}prd-auth.md`], "auth");
    expect(a.prd).not.toBeNull();
    expect(a.tasks).toBeNull();
  });
  it("C-D02-09 substring: prd-auth.md first in sorted order; prd-oauth.md alone matches; FX-4 exact first", () => {
    expect(art([`${P}prd-auth.md`, `${P}prd-oauth.md`], "auth").prd).toBe(`${P}prd-auth.md`);
    expect(art([`${P}prd-oauth.md`], "auth").prd).toBe(`${P}prd-oauth.md`);
    const files = names([`${P}prd-a-auth.md`, `${P}prd-auth.md`]);
    expect(co(files, { feature: "auth" }).f.artifacts.prd).toBe(`${P}prd-a-auth.md`);
    expect(co(files, { feature: "auth", profile: "recommended" }).f.artifacts.prd).toBe(`${P}prd-auth.md`);
  });
  it("C-D02-10 feature pr resolves files of different features", () => {
    const a = art([`${P}prd-pre-pr-gate.md`, `${P}tasks-pr-maint.md`], "pr");
    expect(a.prd).toBe(`${P}prd-pre-pr-gate.md`);
    expect(a.tasks).toBe(`${P}tasks-pr-maint.md`);
  });
  it("C-D02-11 implementation-plan-auth.md wins by sort order; plan-for-auth-v2.md alone matches", () => {
    expect(art([`${P}implementation-plan-auth.md`, `${P}plan-for-auth-v2.md`], "auth").plan).toBe(`${P}implementation-plan-auth.md`);
    expect(art([`${P}plan-for-auth-v2.md`], "auth").plan).toBe(`${P}plan-for-auth-v2.md`);
  });
  it("C-D02-12 a directory named prd-auth.md is ignored (D-5)", () => {
    const root = tmpDir();
    mkdirSync(join(root, P, "prd-auth.md"), { recursive: true });
    const r = co({}, { root, feature: "auth" });
    expect(r.f.artifacts.prd).toBeNull();
    expect(co({}, { root }).features).toEqual([]);
  });
});

describe("CO-D03 feature validation", () => {
  const fullE = "# EPIC-001-auth\n\n### Success Criteria\n\n- [ ] Users can log in\n";
  const fullP = "# PRD: Auth\n\nReferences: EPIC-001\n\n## Requirements\n\n- [ ] Implement login\n";
  it("C-D03-01 no artifacts: the feature passes", () => {
    const f = co({}, { feature: "nonexistent" }).f;
    expect(f.feature).toBe("nonexistent");
    expect(f.passed).toBe(true);
  });
  it("C-D03-01b CO-001 --feature matching no artifact: the reference's pass (data.verdict) but a visible skip, exit 0", () => {
    const root = tmpDir();
    writeTree(root, { [`${P}INDEX.md`]: "# x\n", [`${R}epic-auth.md`]: "# x\n" });
    const r = runCli(["consistency", "--feature", "auth", "--path", root, "-f", "json"]);
    expect(r.code).toBe(0);
    const res = JSON.parse(r.stdout).results;
    expect(res.length).toBe(1);
    expect(res[0]).toMatchObject({ file: ".agents/planning", verdict: "skip", reason: "no Epic, PRD, Tasks or Plan matches the feature 'auth': nothing checked" });
    expect(res[0].data.verdict).toBe("pass");
    expect(res[0].findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["CO-001"]);
    // the text report: no empty "By validator:" line when every finding is an info
    const t = runCli(["consistency", "--feature", "auth", "--path", root]);
    expect(t.stdout).toContain("1 skipped");
    expect(t.stdout).not.toMatch(/^By validator: *$/m);
    // one artifact found (a PRD): checked, no skip
    writeTree(root, { [`${P}prd-auth.md`]: "# x\n" });
    const one = JSON.parse(runCli(["consistency", "--feature", "auth", "--path", root, "-f", "json"]).stdout).results;
    expect(one.map((x: { file: string; verdict: string }) => [x.file, x.verdict])).toEqual([[`${P}prd-auth.md`, "fail"]]);
  });
  it("C-D03-02 full set passes at checkpoint 1", () => {
    const f = co({
      [`${R}EPIC-001-auth.md`]: fullE, [`${P}prd-auth.md`]: fullP,
      [`${P}tasks-auth.md`]: "## P0 Tasks\n- [x] Implement login\n## P1 Tasks\n- [ ] Add tests\n",
      [`${P}001-auth-plan.md`]: "[PRD](prd-auth.md)\n",
    }, { feature: "auth" }).f;
    expect(f.passed).toBe(true);
  });
  it("C-D03-03 checkpoint 2 fails on an unchecked P0 task", () => {
    const f = co({ [`${P}prd-auth.md`]: "- [ ] r\n", [`${P}tasks-auth.md`]: "## P0 Tasks\n- [ ] a\n- [ ] b\n" }, { feature: "auth", checkpoint: 2 }).f;
    expect(f.passed).toBe(false);
    expect(f.check("TaskCompletion")).toBe(false);
  });
  it("C-D03-04 content set with ### Task passes at checkpoint 1", () => {
    const f = co({ [`${R}EPIC-001-auth.md`]: fullE, [`${P}prd-auth.md`]: fullP, [`${P}tasks-auth.md`]: "# Tasks\n\n### Task 1\n- [ ] Implement login\n", [`${P}plan-auth.md`]: "# Plan" }, { feature: "auth", checkpoint: 1 });
    expect(f.f.passed).toBe(true);
    expect(f.out.checkpoint).toBe(1);
    expect(f.f.feature).toBe("auth");
  });
  it("C-D03-05 3 criteria, 1 requirement: ScopeAlignment fails", () => {
    const f = co({ [`${R}EPIC-001-auth.md`]: "### Success Criteria\n- [ ] a\n- [ ] b\n- [ ] c\n", [`${P}prd-auth.md`]: fullP, [`${P}tasks-auth.md`]: "### Task 1\n" }, { feature: "auth" }).f;
    expect(f.passed).toBe(false);
    expect(f.issues("ScopeAlignment").join()).toContain("fewer requirements");
  });
  it("C-D03-06 checkpoint 1 has no TaskCompletion result", () => {
    const f = co({ [`${P}prd-auth.md`]: "x" }, { feature: "auth" }).f;
    expect(f.checks.map((c) => c.name)).toEqual(["ScopeAlignment", "RequirementCoverage", "NamingConventions", "CrossReferences"]);
  });
});

describe("CO-001..CO-004 scope alignment", () => {
  const sa = (e: string | null, p: string | null, epicName = "EPIC-001-x.md") => {
    const files: Record<string, string> = {};
    if (e !== null) files[R + epicName] = e;
    if (p !== null) files[`${P}prd-x.md`] = p;
    return co(files, { feature: "x" }).f;
  };
  it("C-001-01 no Epic, no PRD: passes with 'Epic file not found'", () => {
    const f = sa(null, null);
    expect(f.check("ScopeAlignment")).toBe(true);
    expect(f.issues("ScopeAlignment")).toEqual(["Epic file not found"]);
  });
  it("C-001-02 no Epic, PRD present: exactly Epic file not found", () => {
    const f = sa(null, "# PRD");
    expect(f.check("ScopeAlignment")).toBe(true);
    expect(f.issues("ScopeAlignment")).toEqual(["Epic file not found"]);
    expect(f.findings[0].severity).toBe("info");
  });
  it("C-002-01 Epic without PRD fails", () => {
    const f = sa("# Epic", null, "EPIC-001-x.md"); // the unit case passes EPIC-001.md directly; resolution needs the feature in the name
    expect(f.check("ScopeAlignment")).toBe(false);
    expect(f.issues("ScopeAlignment")).toEqual(["PRD file not found"]);
  });
  it("C-003-01 PRD references Epic", () => expect(sa("### Success Criteria\n- [x] item", "Ref: EPIC-001\n## Requirements\n- [x] req1").check("ScopeAlignment")).toBe(true));
  it("C-003-02 2 criteria, 2 requirements with EPIC-001", () => expect(sa("### Success Criteria\n- [ ] a\n- [ ] b", "References: EPIC-001\n## Requirements\n- [ ] a\n- [ ] b").check("ScopeAlignment")).toBe(true));
  it("C-003-03 lowercase epic-001 is not a reference", () => expect(sa("nothing", "see epic-001").issues("ScopeAlignment")).toEqual(["PRD does not reference parent Epic"]));
  it("C-003-04 any EPIC-NNN satisfies the check", () => expect(sa("nothing", "see EPIC-999").check("ScopeAlignment")).toBe(true));
  it("C-003-05 the Epic file name satisfies it", () => expect(sa("nothing", "see EPIC-001-x.md").check("ScopeAlignment")).toBe(true));
  it("C-003-06 both issues, reference first", () => {
    expect(sa("### Success Criteria\n- [ ] a\n- [ ] b", "## Requirements\n- [ ] a").issues("ScopeAlignment")).toEqual([
      "PRD does not reference parent Epic", "PRD has fewer requirements (1) than Epic success criteria (2)",
    ]);
  });
  const passes = (c: string[], r: string[]) => expect(scope(c, r).check("ScopeAlignment")).toBe(true);
  const fewer = (c: string[], r: string[], n: number) =>
    expect(scope(c, r).issues("ScopeAlignment")).toEqual([`PRD has fewer requirements (${n}) than Epic success criteria (${c.length})`]);
  it("C-004-01 single unchecked", () => passes(["- [ ] One criterion"], ["- [ ] One requirement"]));
  it("C-004-02 single checked", () => passes(["- [x] c"], ["- [x] r"]));
  it("C-004-03 three unchecked", () => passes(["- [ ] a", "- [ ] b", "- [ ] c"], ["- [ ] a", "- [ ] b", "- [ ] c"]));
  it("C-004-04 mixed", () => passes(["- [x] a", "- [ ] b"], ["- [x] a", "- [ ] b", "- [x] c"]));
  it("C-004-05 single-digit numbered", () => passes(["- [ ] a"], ["1. First requirement"]));
  it("C-004-06 double-digit numbered", () => passes(["- [ ] a", "- [ ] b"], ["10. a", "11. b"]));
  it("C-004-07 triple-digit numbered", () => passes(["- [ ] a"], ["100. a"]));
  it("C-004-08 sequential numbered", () => passes(["- [ ] a", "- [ ] b", "- [ ] c"], ["1. a", "2. b", "3. c"]));
  it("C-004-09 non-sequential numbered", () => passes(["- [ ] a", "- [ ] b", "- [ ] c"], ["1. a", "5. b", "10. c"]));
  it("C-004-10 single plain item", () => passes(["- [ ] a"], ["- Simple requirement"]));
  it("C-004-11 three plain items", () => passes(["- [ ] a", "- [ ] b", "- [ ] c"], ["- a", "- b", "- c"]));
  it("C-004-12 plain items of varying length", () => passes(["- [ ] a", "- [ ] b"], ["- Short", "- This is a much longer requirement with more detail"]));
  it("C-004-13 checkboxes and numbered", () => passes(["- [ ] a", "- [ ] b", "- [ ] c"], ["- [ ] a", "1. b", "2. c"]));
  it("C-004-14 checkboxes and plain", () => passes(["- [ ] a", "- [ ] b", "- [ ] c"], ["- [ ] a", "- Plain 1", "- Plain 2"]));
  it("C-004-15 all three formats", () => passes(["- [ ] a", "- [ ] b", "- [ ] c", "- [ ] d", "- [ ] e"], ["- [ ] a", "- [x] b", "1. c", "- plain", "2. e"]));
  it("C-004-16 empty requirements", () => fewer(["- [ ] a", "- [ ] b"], [], 0));
  it("C-004-17 prose only", () => fewer(["- [ ] a", "- [ ] b"], ["Some prose.", "More prose."], 0));
  it("C-004-18 -[ ] without space", () => fewer(["- [ ] a", "- [ ] b"], ["-[ ] Malformed", "-[ ] Malformed"], 0));
  it("C-004-19 number without period", () => fewer(["- [ ] a", "- [ ] b"], ["1 First item without period", "2 Second"], 0));
  it("C-004-20 dash without space", () => fewer(["- [ ] a", "- [ ] b"], ["-NoSpace1", "-NoSpace2"], 0));
  it("C-004-21 inline patterns: only the mid-line checkbox", () => fewer(["- [ ] a", "- [ ] b"], ["Text with 1. inline numbered list", "More text - with inline dash", "Also has - [ ] inline checkbox"], 1));
  it("C-004-22 single item", () => passes(["- [ ] a"], ["- [ ] r"]));
  it("C-004-23 50 requirements", () => passes(["- [ ] a", "- [ ] b", "- [ ] c"], Array.from({ length: 50 }, (_, i) => `- [ ] r${i}`)));
  it("C-004-24 CRLF", () => expect(scope(["- [ ] a", "- [ ] b"], ["- [ ] a", "- [ ] b"], "\r\n").check("ScopeAlignment")).toBe(true));
  it("C-004-25 LF", () => passes(["- [ ] a", "- [ ] b"], ["- [ ] a", "- [ ] b"]));
  it("C-004-26 blank lines between items", () => passes(["- [ ] a", "", "- [ ] b"], ["- [ ] a", "", "- [ ] b", "", "- [ ] c"]));
  it("C-004-27 indented numbered item is not counted", () => fewer(["- [ ] a"], ["  1. Indented numbered item"], 0));
  it("C-004-28 numbered items at line start count", () => passes(["- [ ] a", "- [ ] b"], ["1. First numbered requirement", "2. Second"]));
  it("C-004-29 plain dash items at line start count", () => passes(["- [ ] a", "- [ ] b"], ["- First plain list item", "- Second"]));
  it("C-004-30 fewer requirements", () => expect(sa("### Success Criteria\n- [x] c1\n- [ ] c2\n- [ ] c3", "Ref: EPIC-001\n## Requirements\n- [x] r1").issues("ScopeAlignment").join()).toContain("fewer requirements"));
  it("C-004-31 exact message", () => expect(sa("### Success Criteria\n\n- [ ] a\n- [ ] b\n- [ ] c\n", "References: EPIC-001\n## Requirements\n- [ ] r\n").issues("ScopeAlignment")).toEqual(["PRD has fewer requirements (1) than Epic success criteria (3)"]));
  it("C-004-32 lowercase success criteria heading is not found", () => expect(sa("### success criteria\n- [ ] a\n- [ ] b", "EPIC-001\n## Requirements\n").check("ScopeAlignment")).toBe(true));
  it("C-004-33 requirements under ### subsections count 0 (KB-C5)", () => expect(sa("### Success Criteria\n- [ ] a\n- [ ] b", "EPIC-001\n## Requirements\n\n### Functional\n- [ ] r1\n- [ ] r2\n- [ ] r3").issues("ScopeAlignment")).toEqual(["PRD has fewer requirements (0) than Epic success criteria (2)"]));
  it("C-004-34 ### Requirements matches", () => expect(sa("### Success Criteria\n- [ ] a\n- [ ] b", "EPIC-001\n### Requirements\n- [ ] r1").issues("ScopeAlignment")).toEqual(["PRD has fewer requirements (1) than Epic success criteria (2)"]));
  it("C-004-35 no Requirements section: passes", () => expect(sa("### Success Criteria\n- [ ] a\n- [ ] b", "EPIC-001").check("ScopeAlignment")).toBe(true));
  it("C-004-36 #### Success Criteria matches", () => expect(sa("#### Success Criteria\n- [ ] a\n- [ ] b", "EPIC-001\n## Requirements\n- [ ] r").issues("ScopeAlignment")).toEqual(["PRD has fewer requirements (1) than Epic success criteria (2)"]));
  it("C-004-37 criteria section ends at ####", () => expect(sa("### Success Criteria\n- [ ] a\n#### Sub\n- [ ] b\n- [ ] c", "EPIC-001\n## Requirements\n- [ ] r").check("ScopeAlignment")).toBe(true));
  it("C-004-38 * [ ] criteria do not count", () => expect(sa("### Success Criteria\n* [ ] a\n* [ ] b", "EPIC-001\n## Requirements\n").check("ScopeAlignment")).toBe(true));
  it("C-004-39 - [X] is not a criterion", () => expect(sa("### Success Criteria\n- [X] a\n- [x] b", "EPIC-001\n## Requirements\n").issues("ScopeAlignment")).toEqual(["PRD has fewer requirements (0) than Epic success criteria (1)"]));
  it("C-004-40 - [X] requirement counts as a dash item", () => expect(sa("### Success Criteria\n- [ ] a", "EPIC-001\n## Requirements\n- [X] big").check("ScopeAlignment")).toBe(true));
});

describe("CO-005, CO-006 requirement coverage", () => {
  const rc = (prd: string | null, tasks: string | null) => {
    const files: Record<string, string> = {};
    if (prd !== null) files[`${P}prd-x.md`] = prd;
    if (tasks !== null) files[`${P}tasks-x.md`] = tasks;
    return co(files, { feature: "x" }).f;
  };
  it("C-005-01 no PRD: passes", () => {
    expect(rc(null, null).check("RequirementCoverage")).toBe(true);
    expect(rc(null, "- [ ] t").check("RequirementCoverage")).toBe(true);
  });
  it("C-005-02 PRD without Tasks fails", () => expect(rc("- [x] req1", null).check("RequirementCoverage")).toBe(false));
  it("C-005-03 message", () => expect(rc("## Requirements\n- [ ] Req 1", null).issues("RequirementCoverage")).toEqual(["Tasks file not found for PRD"]));
  it("C-006-01 sufficient tasks", () => expect(rc("## Requirements\n- [ ] a\n- [ ] b", "## Tasks\n- [ ] a\n- [ ] b\n- [ ] c").check("RequirementCoverage")).toBe(true));
  it("C-006-02 exact message", () => expect(rc("- [ ] a\n- [ ] b\n- [ ] c", "- [ ] a").issues("RequirementCoverage")).toEqual(["Fewer tasks (1) than requirements (3)"]));
  it("C-006-03 task headings plus checkboxes: 6 >= 2", () => {
    const f = rc("- [ ] a\n- [ ] b", "### Task 1\n- [ ] x\n### Task 2\n- [ ] y\n### Task 3\n- [ ] z\n");
    expect(f.check("RequirementCoverage")).toBe(true);
    expect(f.counters.requirementItems).toBe(2);
    expect(f.counters.taskItems).toBe(6);
  });
  it("C-006-04 one heading vs 3", () => expect(rc("- [ ] a\n- [ ] b\n- [ ] c", "# Tasks\n\n### Task 1\n").issues("RequirementCoverage")).toEqual(["Fewer tasks (1) than requirements (3)"]));
  it("C-006-05 checkbox counts", () => expect(rc("## Requirements\n- [ ] a\n- [x] b\n- [ ] c", "- [ ] a\n- [ ] b\n- [ ] c").counters.requirementItems).toBe(3));
  it("C-006-06 numbered counts", () => expect(rc("1. a\n2. b\n3. c", "- [ ] a\n- [ ] b\n- [ ] c").counters.requirementItems).toBe(3));
  it("C-006-07 numbered items in a code fence count", () => expect(rc("1. a\n2. b\n```\n3. c\n```", "- [ ] a\n- [ ] b").issues("RequirementCoverage")).toEqual(["Fewer tasks (2) than requirements (3)"]));
  it("C-006-08 #### Task is not a task", () => expect(rc("- [ ] a", "#### Task 1").issues("RequirementCoverage")).toEqual(["Fewer tasks (0) than requirements (1)"]));
  it("C-006-09 numbered items in Tasks do not count", () => expect(rc("- [ ] a", "1. t").issues("RequirementCoverage")).toEqual(["Fewer tasks (0) than requirements (1)"]));
  it("C-006-10 - [X] in Tasks does not count", () => expect(rc("- [ ] a", "- [X] t").issues("RequirementCoverage")).toEqual(["Fewer tasks (0) than requirements (1)"]));
  it("C-006-11 indentation allowed in the PRD", () => expect(rc("    - [ ] a\n\t3. b", "- [ ] t").issues("RequirementCoverage")).toEqual(["Fewer tasks (1) than requirements (2)"]));
  it("C-006-12 both empty: passes", () => expect(rc("", "").check("RequirementCoverage")).toBe(true));
});

describe("CO-007 naming", () => {
  it("C-007-01 EPIC-001-user-auth.md valid", () => expect(naming("epic", "EPIC-001-user-auth.md")).toBe(true));
  it("C-007-02 EPIC-123-feature-name.md valid", () => expect(naming("epic", "EPIC-123-feature-name.md")).toBe(true));
  it("C-007-03 EPIC-user-auth.md invalid", () => expect(naming("epic", "EPIC-user-auth.md")).toBe(false));
  it("C-007-04 Epic-001-user-auth.md invalid", () => expect(naming("epic", "Epic-001-user-auth.md")).toBe(false));
  it("C-007-05 epic-001-auth.md invalid", () => expect(naming("epic", "epic-001-auth.md")).toBe(false));
  it("C-007-06 EPIC-1-test.md invalid", () => expect(naming("epic", "EPIC-1-test.md")).toBe(false));
  it("C-007-07 prd-user-authentication.md valid", () => expect(naming("prd", "prd-user-authentication.md")).toBe(true));
  it("C-007-08 PRD-user-auth.md invalid", () => expect(naming("prd", "PRD-user-auth.md")).toBe(false));
  it("C-007-09 tasks-user-authentication.md valid", () => expect(naming("tasks", "tasks-user-authentication.md")).toBe(true));
  it("C-007-10 ADR-001-architecture-decision.md valid", () => expect(naming("adr", "ADR-001-architecture-decision.md")).toBe(true));
  it("C-007-11 TM-001-threat-model.md valid", () => expect(naming("tm", "TM-001-threat-model.md")).toBe(true));
  it("C-007-12 implementation-plan-user-auth.md valid", () => expect(naming("plan", "implementation-plan-user-auth.md")).toBe(true));
  it("C-007-13 plan-user-auth.md valid", () => expect(naming("plan", "plan-user-auth.md")).toBe(true));
  it("C-007-14 unknown key: valid", () => expect(naming("whatever", "anything at all")).toBe(true));
  it("C-007-15 001-auth-plan.md valid", () => expect(naming("plan", "001-auth-plan.md")).toBe(true));
  it("C-007-16 my-plan-auth.md, prd-v1.2.md, EPIC-001-.md invalid", () => {
    expect(naming("plan", "my-plan-auth.md")).toBe(false);
    expect(naming("prd", "prd-v1.2.md")).toBe(false);
    expect(naming("epic", "EPIC-001-.md")).toBe(false);
  });
  const nc = (files: string[], feature = "test") => co(names(files), { feature }).f;
  it("C-007-17 correctly named artifacts pass", () => expect(nc([`${R}EPIC-001-test.md`, `${P}prd-test.md`, `${P}tasks-test.md`, `${P}implementation-plan-test.md`]).check("NamingConventions")).toBe(true));
  it("C-007-18 a PRD with a dot in its slug fails (PRD-Test.md is not discoverable on a case-sensitive system)", () => {
    const f = nc([`${P}prd-test.v2.md`]);
    expect(f.check("NamingConventions")).toBe(false);
    expect(f.issues("NamingConventions")[0]).toMatch(/PRD naming violation/);
  });
  it("C-007-19 valid Epic and PRD (empty files)", () => expect(co({ [`${R}EPIC-001-auth.md`]: "", [`${P}prd-auth.md`]: "" }, { feature: "auth" }).f.check("NamingConventions")).toBe(true));
  it("C-007-20 Epic EPIC-1-auth.md: exactly one issue", () => {
    const f = nc([`${R}EPIC-1-auth.md`], "auth");
    expect(f.issues("NamingConventions")).toEqual(["Epic naming violation: EPIC-1-auth.md"]);
  });
  it("C-007-21 all valid incl. 001-auth-plan.md (FX-3 resolves it)", () => {
    const f = co(names([`${R}EPIC-001-auth.md`, `${P}prd-auth.md`, `${P}tasks-auth.md`, `${P}001-auth-plan.md`]), { feature: "auth", profile: "recommended" }).f;
    expect(f.artifacts.plan).not.toBeNull();
    expect(f.check("NamingConventions")).toBe(true);
  });
  it("C-007-22 only existing files are checked", () => expect(nc([], "test").check("NamingConventions")).toBe(true));
  it("C-007-23 Plan my-plan-auth.md", () => expect(nc([`${P}my-plan-auth.md`], "auth").issues("NamingConventions")).toEqual(["Plan naming violation: my-plan-auth.md"]));
});

describe("CO-008, CO-009 cross-references", () => {
  const cr = (text: string, extra: Record<string, string> = {}, profile?: string) =>
    co({ [`${P}prd-x.md`]: text, [`${P}tasks-x.md`]: "", ...extra }, { feature: "x", profile }).f;
  it("C-008-01 no file: passes", () => expect(co({}, { feature: "x" }).f.check("CrossReferences")).toBe(true));
  it("C-008-02 existing link", () => expect(cr("[existing doc](existing.md)", { [`${P}existing.md`]: "" }).issues("CrossReferences")).toEqual([]));
  it("C-008-03 broken link message", () => {
    const f = cr("[missing doc](nonexistent.md)");
    expect(f.issues("CrossReferences")).toEqual(["Broken reference: nonexistent.md"]);
    expect(f.findings.find((x) => x.ruleId === "CO-008")?.line).toBe(1);
  });
  it("C-008-04 https skipped", () => expect(cr("[external](https://example.com)").check("CrossReferences")).toBe(true));
  it("C-008-05 anchors skipped", () => expect(cr("[section](#section-name)").check("CrossReferences")).toBe(true));
  it("C-008-06 anchor removed", () => expect(cr("[doc](existing.md#section)", { [`${P}existing.md`]: "" }).check("CrossReferences")).toBe(true));
  it("C-008-07 https and #anchor", () => expect(cr("[a](https://x.y) [b](#c)").check("CrossReferences")).toBe(true));
  it("C-008-08 PRD and Tasks linking each other", () => {
    const f = co({ [`${P}prd-test.md`]: "[t](tasks-test.md)", [`${P}tasks-test.md`]: "[p](prd-test.md)" }, { feature: "test" }).f;
    expect(f.check("CrossReferences")).toBe(true);
  });
  it("C-009-01 path traversal", () => expect(cr("[evil](../../../../etc/passwd)").issues("CrossReferences").join()).toContain("Path traversal"));
  it("C-008-09 link in a code fence is checked (KB-C1); FX-1 ignores it", () => {
    const t = "```\n[a](missing.md)\n```\n";
    expect(cr(t).issues("CrossReferences")).toEqual(["Broken reference: missing.md"]);
    expect(cr(t, {}, "recommended").check("CrossReferences")).toBe(true);
  });
  it("C-008-10 link in inline code is checked (KB-C1); FX-1 ignores it", () => {
    const t = "use `[a](missing.md)` here";
    expect(cr(t).issues("CrossReferences")).toEqual(["Broken reference: missing.md"]);
    expect(cr(t, {}, "recommended").check("CrossReferences")).toBe(true);
  });
  it("C-008-11 uppercase HTTP:// is a path", () => expect(cr("[a](HTTP://x.com)").issues("CrossReferences")).toEqual(["Broken reference: HTTP://x.com"]));
  it("C-008-12 links to a directory exist", () => {
    const root = tmpDir();
    mkdirSync(join(root, P, "sub"), { recursive: true });
    const f = co({ [`${P}prd-x.md`]: "[a](sub/) [b](sub)", [`${P}tasks-x.md`]: "" }, { root, feature: "x" }).f;
    expect(f.check("CrossReferences")).toBe(true);
  });
  it("C-008-13 mailto is broken; FX-2 skips it", () => {
    expect(cr("[a](mailto:x@y.z)").issues("CrossReferences")).toEqual(["Broken reference: mailto:x@y.z"]);
    expect(cr("[a](mailto:x@y.z)", {}, "recommended").check("CrossReferences")).toBe(true);
  });
  it("C-008-14 a title makes the target broken; FX-2 strips it", () => {
    const extra = { [`${P}t.md`]: "" };
    expect(cr('[a](t.md "Title")', extra).issues("CrossReferences")).toEqual(['Broken reference: t.md "Title"']);
    expect(cr('[a](t.md "Title")', extra, "recommended").check("CrossReferences")).toBe(true);
  });
  it("C-008-15 <t.md>, ?query and %20 are broken in reference mode", () => {
    const extra = { [`${P}t.md`]: "", [`${P}my file.md`]: "" };
    expect(cr("[a](<t.md>)\n[b](t.md?x=1)\n[c](my%20file.md)", extra).issues("CrossReferences")).toEqual([
      "Broken reference: <t.md>", "Broken reference: t.md?x=1", "Broken reference: my%20file.md",
    ]);
    expect(cr("[a](<t.md>)\n[b](t.md?x=1)\n[c](my%20file.md)", extra, "recommended").check("CrossReferences")).toBe(true);
  });
  it("C-008-16 empty link text is not a link", () => expect(cr("[](missing.md)").check("CrossReferences")).toBe(true));
  it("C-008-17 image links are checked", () => expect(cr("![img](missing.png)").issues("CrossReferences")).toEqual(["Broken reference: missing.png"]));
  it("C-008-18 a ) cuts the target", () => expect(cr("[a](f(1).md)").issues("CrossReferences")).toEqual(["Broken reference: f(1"]));
  it("C-008-19 [a](#) and t.md#", () => expect(cr("[a](#) [b](t.md#)", { [`${P}t.md`]: "" }).check("CrossReferences")).toBe(true));
  it("C-009-02 absolute path", () => expect(cr("[a](/etc/passwd)").issues("CrossReferences")).toEqual(["Path traversal detected: /etc/passwd"]));
  it("CO-008/CO-009 findings interleave in link order (two rules, one scan)", () => {
    const f = co({
      [`${R}EPIC-001-x.md`]: "[a](/etc/e)", [`${P}prd-x.md`]: "[a](p1.md)\n[b](/etc/p)\n[c](p2.md)", [`${P}tasks-x.md`]: "[a](t.md)",
    }, { feature: "x" }).f;
    expect(f.findings.filter((x) => CHECK_OF[x.ruleId] === "CrossReferences").map((x) => `${x.ruleId} ${x.line}`))
      .toEqual(["CO-009 1", "CO-008 1", "CO-009 2", "CO-008 3", "CO-008 1"]);
    expect(f.check("CrossReferences")).toBe(false);
  });
  it("C-008-20 order Epic, PRD, Tasks, Plan", () => {
    const f = co({
      [`${R}EPIC-001-x.md`]: "[a](e.md)", [`${P}prd-x.md`]: "[a](p.md)", [`${P}tasks-x.md`]: "[a](t.md)", [`${P}plan-x.md`]: "[a](l.md)",
    }, { feature: "x" }).f;
    expect(f.issues("CrossReferences")).toEqual(["e.md", "p.md", "t.md", "l.md"].map((x) => `Broken reference: ${x}`));
  });
});

describe("CO-010 task completion", () => {
  const tc = (tasks: string | null) => co(tasks === null ? { [`${P}prd-x.md`]: "" } : { [`${P}tasks-x.md`]: tasks }, { feature: "x", checkpoint: 2 }).f;
  it("C-010-01 no Tasks: passes", () => expect(tc(null).check("TaskCompletion")).toBe(true));
  it("C-010-02 missing file: passes, total absent", () => {
    const f = tc(null);
    expect(f.check("TaskCompletion")).toBe(true);
    expect(f.counters.total ?? 0).toBe(0);
  });
  it("C-010-03 all P0 complete", () => {
    const f = tc("## P0 Tasks\n- [x] a\n- [x] b\n## P1 Tasks\n- [ ] c\n");
    expect(f.check("TaskCompletion")).toBe(true);
    expect(f.counters.p0Incomplete).toBe(0);
  });
  it("C-010-04 ### P0 complete", () => expect(tc("### P0\n- [x] a\n- [x] b").check("TaskCompletion")).toBe(true));
  it("C-010-05 P0 incomplete", () => {
    const f = tc("## P0 Tasks\n- [x] a\n- [ ] b\n## P1 Tasks\n- [ ] c\n");
    expect(f.check("TaskCompletion")).toBe(false);
    expect(f.counters.p0Incomplete).toBe(1);
  });
  it("C-010-06 message", () => expect(tc("### P0\n- [x] a\n- [ ] b").issues("TaskCompletion").join()).toContain("P0 tasks incomplete"));
  it("C-010-07 counts", () => {
    const f = tc("## Tasks\n- [x] a\n- [x] b\n- [ ] c");
    expect([f.counters.total, f.counters.completed, f.check("TaskCompletion")]).toEqual([3, 2, true]);
  });
  it("C-010-08 totals", () => {
    const f = tc("## P0 Tasks\n- [x] a\n- [x] b\n## P1 Tasks\n- [x] c\n- [ ] d");
    expect([f.check("TaskCompletion"), f.counters.total, f.counters.completed]).toEqual([true, 4, 3]);
  });
  it("C-010-09 P0 and P1 incomplete", () => {
    const f = tc("## P0 Tasks\n- [x] a\n- [ ] b\n## P1 Tasks\n- [ ] c");
    expect([f.check("TaskCompletion"), f.counters.p0Incomplete, f.counters.p1Incomplete]).toEqual([false, 1, 1]);
  });
  it("C-010-10 checkpoint 2 fails on an incomplete P0 task", () => {
    const f = co({ [`${R}EPIC-001-x.md`]: "", [`${P}prd-x.md`]: "EPIC-001\n- [ ] r", [`${P}tasks-x.md`]: "## P0 Tasks\n- [ ] INCOMPLETE P0 TASK\n## P1 Tasks\n- [ ] later\n" }, { feature: "x", checkpoint: 2 }).f;
    expect(f.passed).toBe(false);
    expect(f.check("TaskCompletion")).toBe(false);
    expect(f.counters.p0Incomplete).toBeGreaterThan(0);
  });
  it("C-010-11 complete P0 task passes", () => {
    const f = co({ [`${R}EPIC-001-x.md`]: "", [`${P}prd-x.md`]: "EPIC-001\n- [ ] r", [`${P}tasks-x.md`]: "## P0 Tasks\n- [x] done P0 TASK\n## P1 Tasks\n- [ ] later\n" }, { feature: "x", checkpoint: 2 }).f;
    expect(f.check("TaskCompletion")).toBe(true);
    expect(f.counters.p0Incomplete).toBe(0);
  });
  it("C-010-12 inline Priority: P0", () => expect(tc("- [ ] fix (Priority: P0)").issues("TaskCompletion")).toEqual(["P0 tasks incomplete: 1"]));
  it("C-010-13 ## P0 and P1: P0 wins", () => expect(tc("## P0 and P1\n- [ ] a").check("TaskCompletion")).toBe(false));
  it("C-010-14 lowercase p0 ignored", () => expect(tc("## p0\n- [ ] a").check("TaskCompletion")).toBe(true));
  it("C-010-15 - [X] is not a task", () => {
    const f = tc("## P0\n- [X] a");
    expect(f.check("TaskCompletion")).toBe(true);
    expect(f.counters.total).toBe(0);
  });
  it("C-010-16 * [ ] is a task", () => expect(tc("## P0\n* [ ] a").check("TaskCompletion")).toBe(false));
  it("C-010-17 ## P10 sets P1", () => expect(tc("## P10\n- [ ] a").check("TaskCompletion")).toBe(true));
  it("C-010-18 100 unchecked tasks without markers pass (KB-C8)", () => expect(tc(Array.from({ length: 100 }, (_, i) => `- [ ] t${i}`).join("\n")).check("TaskCompletion")).toBe(true));
  it("C-010-19 ## P2 after ## P0", () => expect(tc("## P0\n## P2\n- [ ] a").check("TaskCompletion")).toBe(true));
  it("C-010-20 table row | ## | P0 |", () => expect(tc("| ## | P0 |\n- [ ] a").check("TaskCompletion")).toBe(false));
  it("C-010-21 - [ ] with no text is not a task", () => expect(tc("## P0\n- [ ] ").check("TaskCompletion")).toBe(true));
  it("C-010-22 CRLF", () => expect(tc("## P0\r\n- [ ] a\r\n").check("TaskCompletion")).toBe(false));
});

describe("CO-X CLI and output", () => {
  const base = () => {
    const root = tmpDir();
    writeTree(root, { [`${P}prd-auth.md`]: "- [ ] r\n", [`${P}tasks-auth.md`]: "- [ ] t\n", [`${P}prd-bad.md`]: "- [ ] r\n" });
    return root;
  };
  it("C-X-01 passing feature: exit 0", () => expect(runCli(["consistency", "--feature", "auth", "--path", base()]).code).toBe(0));
  it("C-X-02 failing feature: exit 1 and the finding", () => {
    const r = runCli(["consistency", "--feature", "bad", "--path", base()]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Tasks file not found for PRD  CO-005");
  });
  it("C-X-03 markdown header", () => expect(runCli(["consistency", "--all", "--path", base(), "-f", "markdown"]).stdout).toContain("# agentcheck report"));
  it("C-X-04 markdown names the feature", () => expect(runCli(["consistency", "--all", "--path", base(), "-f", "markdown"]).stdout).toContain("feature bad"));
  it("C-X-05 JSON parses; one passing feature", () => {
    const rep = JSON.parse(runCli(["consistency", "--feature", "auth", "--path", base(), "-f", "json"]).stdout);
    expect(rep.results.length).toBe(1);
    expect(rep.results[0].data.verdict).toBe("pass");
  });
  it("C-X-06 --feature auth", () => expect(JSON.parse(runCli(["consistency", "--feature", "auth", "--path", base(), "-f", "json"]).stdout).results[0].data.feature).toBe("auth"));
  it("C-X-07 --all", () => expect(JSON.parse(runCli(["consistency", "--all", "--path", base(), "-f", "json"]).stdout).results.length).toBe(2));
  it("C-X-08 checkpoint defaults to 1", () => expect(JSON.parse(runCli(["consistency", "--feature", "test", "--path", base(), "-f", "json"]).stdout).results[0].data.checkpoint).toBe("1"));
  it("C-X-09 formats text, markdown, json accepted", () => {
    for (const f of ["text", "markdown", "json"]) expect(runCli(["consistency", "--feature", "auth", "--path", base(), "-f", f]).code).toBe(0);
  });
  it("C-X-10 --feature nonexistent on an empty dir: exit 0", () => expect(runCli(["consistency", "--feature", "nonexistent", "--path", tmpDir()]).code).toBe(0));
  it("C-X-11 --all on an empty dir: exit 0", () => expect(runCli(["consistency", "--all", "--path", tmpDir()]).code).toBe(0));
  it("C-X-12 json on an empty dir: exit 0", () => expect(runCli(["consistency", "--feature", "test", "--path", tmpDir(), "-f", "json"]).code).toBe(0));
  it("C-X-13 markdown on an empty dir: exit 0", () => expect(runCli(["consistency", "--feature", "test", "--path", tmpDir(), "-f", "markdown"]).code).toBe(0));
  it("C-X-14 missing --path: exit 2", () => expect(runCli(["consistency", "--feature", "test", "--path", join(tmpDir(), "nope")]).code).toBe(2));
  it("C-X-15 failing feature: exit 1; --advisory: exit 0 with warnings", () => {
    const root = base();
    expect(runCli(["consistency", "--feature", "bad", "--path", root]).code).toBe(1);
    const r = runCli(["consistency", "--feature", "bad", "--path", root, "--advisory"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("warning");
  });
  it("C-X-16 usage errors: both, neither, empty or path-like feature", () => {
    const root = base();
    expect(runCli(["consistency", "--feature", "x", "--all", "--path", root]).code).toBe(2);
    expect(runCli(["consistency", "--path", root]).code).toBe(2);
    expect(runCli(["consistency", "--feature", "", "--path", root]).code).toBe(2);
    expect(runCli(["consistency", "--feature", "../x", "--path", root]).code).toBe(2);
    expect(runCli(["consistency", "--all", "--checkpoint", "3", "--path", root]).code).toBe(2);
  });
  it("C-X-17 unknown format: exit 2", () => expect(runCli(["consistency", "--all", "--path", base(), "-f", "xml"]).code).toBe(2));
  it("C-X-18 check order and issues of failing checks only", () => {
    const r = co({ [`${P}prd-x.md`]: "x" }, { feature: "x", checkpoint: 2 }).f;
    expect(r.checks.map((c) => c.name)).toEqual(["ScopeAlignment", "RequirementCoverage", "NamingConventions", "CrossReferences", "TaskCompletion"]);
    expect(r.findings.filter((f) => f.severity === "error").map((f) => f.message)).toEqual(["Tasks file not found for PRD"]);
    expect(r.issues("ScopeAlignment")).toEqual(["Epic file not found"]);
  });
  it("C-X-19 'Epic file not found' is visible (info) on a passing feature: counted by default, listed with --verbose (summary-first, issue 36)", () => {
    const r = runCli(["consistency", "--feature", "auth", "--path", base(), "-f", "markdown"]);
    expect(r.stdout).toContain("Not shown: 1 info");
    const v = runCli(["consistency", "--feature", "auth", "--path", base(), "-f", "markdown", "--verbose"]);
    expect(v.stdout).toContain("Epic file not found");
  });
  it("rule table holds CO-001..CO-010", () => {
    const ids = ruleTable().map((r) => r.id);
    for (let i = 1; i <= 10; i++) expect(ids).toContain(`CO-${String(i).padStart(3, "0")}`);
  });
});
