// Rule families of the pre-pr core, with the catalog ids of ../shared/specs/pre-pr.md section 11.
import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { family, data, ROLE } from "./helpers.js";
import { encodeList } from "../../dist/wasm/list.js";

const wf = (uses: string) => `name: ci\non: push\npermissions: {}\njobs:\n  build:\n    steps:\n      - uses: ${uses}\n`;
const pin = (text: string, name = ".github/workflows/ci.yml", role: number = ROLE.workflow) => family("pin", [{ name, role, text }]);
const SHA = "b4ffde65f46336ab88eb53be808477a3936bae11";

describe("PIN: SHA pinning", () => {
  it("TC-PIN-06/19: a version tag is flagged on line 7 with action and tag", () => {
    const f = pin(wf("actions/checkout@v4"));
    expect(f).toHaveLength(1);
    expect(f[0].ruleId).toBe("PIN-01");
    expect(f[0].line).toBe(7);
    expect(f[0].message).toContain("actions/checkout@v4: not a 40-hex SHA");
  });
  it("TC-PIN-07/TC-PIN-P2/TC-PIN-18: a 40-hex SHA passes with or without a version comment", () => {
    expect(pin(wf(`actions/checkout@${SHA} # v4`))).toEqual([]);
    expect(pin(wf(`actions/checkout@${SHA}`))).toEqual([]);
    expect(pin(wf(`actions/checkout@${SHA} # v4.2.1-beta`))).toEqual([]);
  });
  it("TC-PIN-08/TC-PIN-37: local actions are skipped", () => {
    expect(pin(wf("./.github/actions/my-action"))).toEqual([]);
  });
  it("TC-PIN-09..17/TC-PIN-P1: every semver tag shape is flagged", () => {
    for (const tag of ["v2.1", "v3.2.1", "v1.0.0-alpha", "v1.0.0-alpha.1", "v1.0.0-0.3.7", "v1.0.0-x.7.z.92", "v1.0.0+20130313144700", "v1.0.0-beta+exp.sha.5114f85", "v2.0.0-rc1", "v1.0.0-beta"]) {
      const f = pin(wf(`actions/setup-node@${tag}`));
      expect(f, tag).toHaveLength(1);
      expect(f[0].message).toContain(`@${tag}`);
    }
  });
  it("KB-18 (port rule): branches, non-v tags, short SHAs and quoted refs are flagged too", () => {
    for (const ref of ["actions/checkout@main", "actions/checkout@1.2.3", "actions/checkout@b4ffde6", '"actions/checkout@v4"', "actions/checkout"]) {
      expect(pin(wf(ref)), ref).toHaveLength(1);
    }
  });
  it("TC-PIN-20: two tag steps give two findings; job-level reusable workflows and composite steps count", () => {
    const text = `name: x\non: push\njobs:\n  a:\n    uses: org/repo/.github/workflows/r.yml@main\n  b:\n    steps:\n      - uses: a/b@v1\n      - name: s\n        uses: c/d@v2\n`;
    expect(pin(text)).toHaveLength(3);
    const action = `name: a\nruns:\n  using: composite\n  steps:\n    - uses: actions/cache@v4\n`;
    const f = pin(action, ".github/actions/x/action.yml", ROLE.action);
    expect(f).toHaveLength(1);
    expect(f[0].file).toBe(".github/actions/x/action.yml");
  });
  it("block scalars are not scanned: a uses: inside run: | is text", () => {
    const text = `name: x\non: push\njobs:\n  a:\n    steps:\n      - run: |\n          echo "uses: a/b@v1"\n      - uses: ./local\n`;
    expect(pin(text)).toEqual([]);
  });
  it("TC-PIN-21: two files, one violation", () => {
    const f = family("pin", [
      { name: ".github/workflows/a.yml", role: ROLE.workflow, text: wf("actions/checkout@v4") },
      { name: ".github/workflows/b.yml", role: ROLE.workflow, text: wf(`actions/checkout@${SHA}`) },
    ]);
    expect(f.map((x) => x.file)).toEqual([".github/workflows/a.yml"]);
  });
});

describe("WFS: workflow structure", () => {
  const wfs = (text: string, errs: string[] = [], role: number = ROLE.workflow) => family("wfs", [{ name: ".github/workflows/w.yml", role, text }], { yamlErrors: errs });
  it("WFS-01: a host-reported YAML error becomes a finding with its line", () => {
    const f = wfs("name: [\n", [encodeList([".github/workflows/w.yml", "2", "Missing closing ]"])]);
    expect(f.map((x) => [x.ruleId, x.line])).toEqual([["WFS-01", 2]]);
  });
  it("file names with tab/newline: a YAML error of a workflow named with a tab keeps its file (WFS-01)", () => {
    const name = ".github/workflows/w\tx\ny.yml";
    const f = family("wfs", [{ name, role: ROLE.workflow, text: "name: [\n" }], { yamlErrors: [encodeList([name, "3", "Missing\tclosing ]"])] });
    expect(f.map((x) => [x.ruleId, x.file, x.line])).toEqual([["WFS-01", name, 3]]);
  });
  it("WFS-02: root not a mapping; missing name, on, jobs", () => {
    expect(wfs("- a\n- b\n").map((x) => x.ruleId)).toEqual(["WFS-02"]);
    const f = wfs("permissions: {}\nfoo: 1\n");
    expect(f.map((x) => x.message)).toEqual(["No name:", "No on:", "No jobs:"]);
  });
  it("WFS-04: a quoted or YAML-1.1 boolean on key is accepted", () => {
    expect(wfs(`name: x\n"on": push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n`)).toEqual([]);
    expect(wfs(`name: x\ntrue: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n`)).toEqual([]);
  });
  it("WFS-06: more than 100 significant lines is a warning", () => {
    const steps = Array.from({ length: 100 }, (_, i) => `      - run: echo ${i}`).join("\n");
    const f = wfs(`name: x\non: push\npermissions: {}\njobs:\n  a:\n    steps:\n${steps}\n`);
    expect(f.map((x) => [x.ruleId, x.severity])).toEqual([["WFS-06", "warning"]]);
  });
  it("WFS-07: concurrency list is an error, mapping without group a warning", () => {
    const base = `name: x\non: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n`;
    expect(wfs(`${base}concurrency: [a]\n`).map((x) => [x.ruleId, x.severity])).toEqual([["WFS-07", "error"]]);
    expect(wfs(`${base}concurrency:\n  cancel-in-progress: true\n`).map((x) => [x.ruleId, x.severity])).toEqual([["WFS-07", "warning"]]);
    expect(wfs(`${base}concurrency:\n  group: g\n`)).toEqual([]);
    expect(wfs(`${base}concurrency: ci-\${{ github.ref }}\n`)).toEqual([]);
  });
  it("WFS-08: no top-level permissions warns once plus once per job without its own", () => {
    const f = wfs(`name: x\non: push\njobs:\n  a:\n    permissions: read-all\n    runs-on: x\n  b:\n    runs-on: x\n`);
    expect(f.map((x) => [x.ruleId, x.severity, x.line])).toEqual([["WFS-08", "warning", 0], ["WFS-08", "warning", 7]]);
  });
  it("AC-001: an empty workflow is reported, never passed; comments only is WFS-02", () => {
    expect(wfs("").map((x) => x.ruleId)).toEqual(["AC-001"]);
    expect(wfs("# nothing\n").map((x) => x.ruleId)).toEqual(["WFS-02"]);
  });
  it("composite actions get only the parse and root checks", () => {
    expect(wfs("name: a\nruns:\n  using: composite\n", [], ROLE.action)).toEqual([]);
  });
});

describe("SFM: skill front matter", () => {
  const facts = {}; // SFM-10 allow-lists: the rule's option defaults
  const sfm = (text: string) => family("sfm", [{ name: ".claude/skills/x/SKILL.md", role: ROLE.skill, text }], facts);
  const fm = (lines: string) => `---\n${lines}\n---\n\n# Body\n`;
  const ok = "name: test-skill\ndescription: A test skill";
  it("TC-SF-01/49/54: a valid file passes", () => {
    expect(sfm(fm(ok))).toEqual([]);
    expect(sfm(`---\n${ok}\n---\n`)).toEqual([]);
  });
  it("TC-SF-02/03/04/50: structure errors", () => {
    expect(sfm(`${ok}\n---\n`)[0].message).toBe("No --- on line 1");
    expect(sfm(`---\n${ok}\n`)[0].message).toBe("No closing ---");
    expect(sfm(`---\nname:\ttest\ndescription: d\n---\n`)[0].message).toBe("Tab in front matter");
    expect(sfm("")[0].message).toBe("Empty file");
  });
  it("TC-SF-05/08: folded and literal block descriptions", () => {
    expect(sfm(fm("name: a\ndescription: >\n  A multiline\n  description"))).toEqual([]);
    expect(sfm(fm("name: a\ndescription: |\n  Line one\n  Line two"))).toEqual([]);
  });
  it("TC-SF-06/36/38/39/41: allowed-tools lists", () => {
    expect(sfm(fm(`${ok}\nallowed-tools:\n  - bash\n  - edit`))).toEqual([]);
    expect(sfm(fm(`${ok}\nallowed-tools: bash,view,edit`))).toEqual([]);
    expect(sfm(fm(`${ok}\nallowed-tools:`))).toEqual([]);
    expect(sfm(fm(`${ok}\nallowed-tools: bash,mcp*`))).toEqual([]);
    const all = "bash view edit create grep glob task web_search web_fetch mcp playwright-browser github-mcp-server deepwiki serena forgetful".split(" ");
    expect(sfm(fm(`${ok}\nallowed-tools: ${all.join(",")}`))).toEqual([]);
    expect(sfm(fm(`${ok}\nallowed-tools: Read, Grep, Bash(git:*), mcp__github__get_issue`))).toEqual([]);
  });
  it("TC-SF-40: unknown tools are named", () => {
    const f = sfm(fm(`${ok}\nallowed-tools: bash,invalid-tool-name`));
    expect(f[0].message).toContain("Unknown tools: ");
    expect(f[0].message).toContain("invalid-tool-name");
  });
  it("TC-SF-09..12: valid names", () => {
    for (const n of ["my-test-skill-123", "12345", "-test-skill-", "a".repeat(64)]) expect(sfm(fm(`name: ${n}\ndescription: d`)), n).toEqual([]);
  });
  it("TC-SF-13/14/15/65: missing or blank name and description", () => {
    expect(sfm(fm("description: d"))[0].message).toBe("No name");
    expect(sfm(fm("name:\ndescription: d"))[0].message).toBe("No name");
    expect(sfm(fm("name: '   '\ndescription: d"))[0].message).toBe("No name");
    const empty = sfm("---\n---\n").map((x) => x.message);
    expect(empty).toEqual(["No name", "No description"]);
  });
  it("TC-SF-16/17/18/51: bad names with reasons", () => {
    expect(sfm(fm("name: My-Test-Skill\ndescription: d"))[0].message).toMatch(/Bad name.*uppercase/);
    expect(sfm(fm("name: test_skill!\ndescription: d"))[0].message).toMatch(/Bad name.*invalid characters/);
    const long = sfm(fm(`name: ${"a".repeat(65)}\ndescription: d`))[0].message;
    expect(long).toContain("over 64 chars (65)");
  });
  it("TC-SF-66: a quoted name passes", () => {
    expect(sfm(fm('name: "my-skill"\ndescription: d'))).toEqual([]);
  });
  it("TC-SF-19..26: description rules", () => {
    expect(sfm(fm(`name: a\ndescription: ${"x".repeat(1024)}`))).toEqual([]);
    expect(sfm(fm("name: a"))[0].message).toBe("No description");
    expect(sfm(fm("name: a\ndescription:"))[0].message).toBe("No description");
    const long = sfm(fm(`name: a\ndescription: ${"x".repeat(1025)}`))[0].message;
    expect(long).toContain("description over 1024 chars (1025)");
    expect(sfm(fm("name: a\ndescription: Use <b>bold</b> here"))[0].message).toBe("XML tags in description");
    expect(sfm(fm("name: a\ndescription: If a < b then use it"))).toEqual([]);
  });
  it("TC-SF-27..35: models", () => {
    for (const m of ["claude-sonnet-4-5", "claude-opus-4-5", "claude-haiku-4-5", "sonnet", "opus", "haiku", "claude-sonnet-4-5-20250929", ""]) {
      expect(sfm(fm(`${ok}\nmodel: ${m}`)), m).toEqual([]);
    }
    expect(sfm(fm(ok))).toEqual([]);
    expect(sfm(fm(`${ok}\nmodel: invalid-model-name`))[0].message).toBe("Unknown model 'invalid-model-name'");
    expect(sfm(fm(`${ok}\nmodel: claude-sonnet-4-5-abc`))[0].message).toContain("Unknown model");
  });
  it("TC-SF-52: several errors in one file", () => {
    const f = sfm(fm(`name: Invalid-Name\ndescription: <b>${"A".repeat(1025)}</b>\nmodel: invalid-model`)).map((x) => x.message).join("\n");
    for (const s of ["Bad name", "over 1024", "XML tags", "Unknown model"]) expect(f).toContain(s);
  });
  it("multi-line plain descriptions and nested metadata are read like YAML", () => {
    expect(sfm(fm("name: a\ndescription: first part\n  continued here\nmetadata:\n  model: nope\n  list:\n    - x"))).toEqual([]);
  });
});

describe("PRD: PR description vs diff", () => {
  const facts = (changed: string[]) => ({ changed, "option.PRD-03.significantExtensions": [".ps1", ".cs", ".ts", ".js", ".py", ".yml", ".yaml"] });
  const prd = (body: string, changed: string[], extra: Record<string, unknown> = {}) =>
    family("prd", [{ name: "(PR description)", role: ROLE.prBody, text: body }], { ...facts(changed), ...(extra as object) });
  const mentions = (body: string) => Number(data("prd", [{ name: "b", role: ROLE.prBody, text: body }], facts([]))[0].mentions);
  it("TC-PD-11/12/13/14/20: the four mention shapes", () => {
    expect(mentions("Changed `scripts/foo.py` and `bar.ts`")).toBe(2);
    expect(mentions("Modified **config.yml**")).toBe(1);
    expect(mentions("- scripts/foo.ps1\n* src/bar.cs\n+ lib/baz.js\n")).toBe(3);
    expect(mentions("See [config.json] for details")).toBe(1);
    expect(mentions("`a.py` and **b.yml**\n- c.ts\n")).toBe(3);
  });
  it("TC-PD-15..18: duplicates, empty body and prose", () => {
    expect(mentions("`a.py` `a.py`")).toBe(1);
    expect(mentions("")).toBe(0);
    expect(mentions("Just some prose about nothing.")).toBe(0);
  });
  it("TC-PD-01..05/19/PG-10/PG-11: normalisation (trim, backslashes, ./)", () => {
    expect(prd("`./scripts/foo.py`", ["scripts/foo.py"])).toEqual([]);
    expect(prd("`src\\main.go`", ["src/main.go"])).toEqual([]);
    expect(prd("- .\\src\\bar.py", ["src/bar.py"])).toEqual([]);
  });
  it("TC-PD-06..10/26/PG-06: matching by path or path suffix", () => {
    expect(prd("`path/to/foo.py`", ["path/to/foo.py"])).toEqual([]);
    expect(prd("`foo.py`", ["path/to/foo.py"])).toEqual([]);
    expect(prd("`foo.py`", ["scripts/xfoo.py"]).map((x) => x.ruleId)).toEqual(["PRD-02", "PRD-03"]);
  });
  it("TC-PD-21/22/28: critical for a mention outside the diff", () => {
    expect(prd("`scripts/foo.py`", ["scripts/foo.py"])).toEqual([]);
    const f = prd("`scripts/bar.py`", ["scripts/foo.py"]);
    expect(f.filter((x) => x.ruleId === "PRD-02").map((x) => x.message)).toEqual([expect.stringContaining("scripts/bar.py")]);
    const g = prd("`ghost.py`", ["scripts/changed.py"]);
    expect(g.map((x) => [x.ruleId, x.severity])).toEqual([["PRD-02", "error"], ["PRD-03", "warning"]]);
  });
  it("TC-PD-23/24/25/27: significant files not mentioned", () => {
    expect(prd("", [".github/workflows/ci.yml"]).map((x) => x.ruleId)).toEqual(["PRD-03"]);
    expect(prd("", ["scripts/readme.txt"])).toEqual([]);
    expect(prd("", ["docs/guide.py"])).toEqual([]);
    expect(prd("", [])).toEqual([]);
  });
  it("TC-PD-47/PG-13: empty body with changes does not crash", () => {
    expect(prd("", ["foo.py"])).toEqual([]);
  });
  it("KB-17/PRD-08: backtick list items, .jsonl, spaces, :line suffixes and context sections", () => {
    expect(prd("- `scripts/foo.ps1`: rewritten", ["scripts/foo.ps1"])).toEqual([]);
    expect(mentions("`data.jsonl`")).toBe(0);
    expect(mentions("`run scripts/x.py`")).toBe(0);
    expect(prd("`scripts/foo.py:36` and `scripts/foo.py:36:4`", ["scripts/foo.py"])).toEqual([]);
    expect(prd("## Summary\nx\n## Test Plan\nRun `scripts/unchanged.py`\n## References\n- docs/other.md\n", [])).toEqual([]);
    // inline code outside change-claim sections is context, not a claim
    expect(prd("## Summary\nSee `scripts/unchanged.py` for background\n", [])).toEqual([]);
    expect(prd("## Changes\n- updated `scripts/unchanged.py`\n", []).map((x) => x.ruleId)).toEqual(["PRD-02"]);
  });
  it("TC-PG-17/18/19/20: required sections (opt-in)", () => {
    const req = { "option.PRD-05.requiredSections": ["Summary", "Test Plan"] };
    expect(prd("## Summary\nx\n## Test Plan\ny\n", [], req)).toEqual([]);
    expect(prd("### SUMMARY of it\n### test plan\n", [], req)).toEqual([]);
    expect(prd("## Summary\nx\n", [], req).map((x) => x.message)).toEqual(["Missing section: Test Plan"]);
  });
  it("TC-PG-22..27: checklist (opt-in)", () => {
    const on = { "option.PRD-05.checklist": true };
    expect(prd("- [x] a\n* [x] b\n  - [x] c\n", [], on)).toEqual([]);
    expect(prd("- [x] a\n- [ ] b\n", [], on).map((x) => x.message)).toEqual(["1 of 2 items unchecked: b"]);
    expect(prd("no list\n", [], on)).toEqual([]);
  });
});

describe("PATH: absolute paths", () => {
  const path = (text: string) => family("path", [{ name: "docs/a.md", role: ROLE.pathScan, text }]);
  it("PATH-01..03: drive, /Users/ and /home/ paths with line and column", () => {
    const f = path("ok\nsee C:\\Users\\me\nand /Users/me/x\nand /home/me/y\n");
    expect(f.map((x) => [x.line, x.column])).toEqual([[2, 5], [3, 5], [4, 5]]);
    expect(f.every((x) => x.ruleId === "PATH-01")).toBe(true);
  });
  it("PATH-04/KB-20: fences (closed by the same character), inline code and URLs are ignored", () => {
    expect(path("```\n/home/me\n~~~\n/home/x\n```\n")).toEqual([]);
    expect(path("use `/home/me/x` or ``C:\\tmp``\n")).toEqual([]);
    expect(path("see https://example.com/home/page and <http://x.org/Users/y>\n")).toEqual([]);
  });
  it("PATH-05: one finding per line and pattern; empty files pass", () => {
    expect(path("/home/a /home/b\n")).toHaveLength(1);
    expect(path("")).toEqual([]);
  });
});

describe("RDY and TOK", () => {
  const size = (facts: Record<string, number>) => family("size", [{ name: ".", role: ROLE.size, text: "" }], facts);
  it("RDY-01: warn and fail levels per measure", () => {
    expect(size({ "size.commits": 16, "option.RDY-01.commitsWarn": 15, "option.RDY-01.commitsFail": 20 }).map((x) => x.severity)).toEqual(["warning"]);
    expect(size({ "size.commits": 21, "option.RDY-01.commitsWarn": 15, "option.RDY-01.commitsFail": 20 }).map((x) => x.severity)).toEqual(["error"]);
    expect(size({ "size.files": 10, "option.RDY-01.filesWarn": 20, "option.RDY-01.filesFail": 50 })).toEqual([]);
    expect(size({ "size.additions": 9999, "option.RDY-01.additionsWarn": -1, "option.RDY-01.additionsFail": -1 })).toEqual([]);
  });
  const tokens = (text: string) => Number(data("tok", [{ name: "h.md", role: ROLE.handoff, text }], { "option.TOK-03.maxTokens": 1e9 })[0].tokens);
  it("TC-TOK-05/07/08/12/13: estimates", () => {
    expect(tokens("")).toBe(0);
    const one = tokens("Hello world, this is a test.");
    expect(one).toBeGreaterThanOrEqual(1);
    expect(one).toBeLessThanOrEqual(19);
    expect(tokens("Hello world.".repeat(100))).toBeGreaterThan(50 * tokens("Hello world."));
    expect(tokens("a\r\nb\r\nc")).toBe(tokens("a\nb\nc"));
    expect(tokens("a".repeat(400))).toBeGreaterThanOrEqual(105);
  });
  it("TC-TOK-15/16: budget", () => {
    const tok = (text: string, max: number) => family("tok", [{ name: ".agents/HANDOFF.md", role: ROLE.handoff, text }], { "option.TOK-03.maxTokens": max });
    expect(tok("Small handoff.", 5000)).toEqual([]);
    const f = tok("x".repeat(100000), 100);
    expect(f.map((x) => x.ruleId)).toEqual(["TOK-03"]);
    expect(f[0].message).toMatch(/^\d+ tokens > 100$/);
  });
});

describe("DRIFT: agent drift", () => {
  const doc = (sections: Record<string, string>) => `---\nname: x\n---\n# A\n${Object.entries(sections).map(([h, t]) => `\n## ${h}\n\n${t}\n`).join("")}`;
  const drift = (l: string, r: string, threshold = 80) =>
    family("drift", [{ name: "src/claude/a.md", role: ROLE.driftLeft, text: l }, { name: "src/vs-code-agents/a.agent.md", role: ROLE.driftRight, text: r }], { "option.DRIFT-04.threshold": threshold });
  it("DRIFT-01..04: identical sections pass; a one-sided named section counts as 0 %", () => {
    const same = doc({ "Core Identity": "The analyst reads every source." });
    expect(drift(same, same)).toEqual([]);
    const f = drift(doc({ "Core Identity": "alpha beta gamma", Constraints: "never push" }), doc({ "Core Identity": "alpha beta gamma" }));
    expect(f.map((x) => x.message)).toEqual(["src/vs-code-agents/a.agent.md: 50.0% < 80.0%: constraints 0.0%"]);
  });
  it("DRIFT-03: Jaccard over words longer than two characters, case-insensitive; unnamed sections ignored", () => {
    // {alpha, beta, gamma} vs {alpha, beta, delta}: 2 / 4 = 50 %
    expect(drift(doc({ "Core Mission": "Alpha beta gamma an of" }), doc({ "Core Mission": "alpha BETA delta" }), 60)[0].message).toContain("core mission 50.0%");
    expect(drift(doc({ Misc: "one two three" }), doc({ Misc: "four five six" }))).toEqual([]);
  });
  it("DRIFT-01: a side without a partner is not drift", () => {
    expect(family("drift", [{ name: "src/claude/solo.md", role: ROLE.driftLeft, text: doc({ "Core Identity": "x" }) }], {})).toEqual([]);
  });
});

describe("robustness", () => {
  it("property: random bytes through every pre-pr family never abort", () => {
    const fams = ["pin", "wfs", "sfm", "prd", "path", "size", "tok", "drift", "plan"];
    fc.assert(
      fc.property(fc.constantFrom(...fams), fc.array(fc.uint8Array({ maxLength: 400 }), { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 9 }), (fam, docs, role) => {
        family(fam, docs.map((d, i) => ({ name: `f${i}.md`, role, text: d })), { changed: ["a.py"], yamlErrors: ["f0.md\tx\ty"], "size.commits": 3 });
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...fams), fc.string({ maxLength: 300, unit: fc.constantFrom("-", " ", ":", "`", "\n", "#", "u", "s", "e", "@", "|", ">", "'", '"', "/", "\\", "C", "[", "]", "*", "\t") }), (fam, text) => {
        family(fam, [{ name: "x.md", role: 1 + (text.length % 10), text }, { name: "y/x.agent.md", role: ROLE.driftRight, text: text + "\n## Core Identity\nabc def" }], { changed: ["x.md"] });
      }),
      { numRuns: 500 },
    );
  });
});

describe("PLAN: planning artifacts", () => {
  const plan = (docs: Record<string, string>, threshold = 20) =>
    family("plan", Object.entries(docs).map(([name, text]) => ({ name: `.agents/planning/${name}`, role: ROLE.planning, text })), { "option.PLAN-01.threshold": threshold });
  it("PLAN-01: tasks estimate diverging from the epic by more than the threshold is a warning", () => {
    const f = plan({ "epic-login.md": "# Epic\n\nEstimate: 10-20 hours\n\n## Estimate Reconciliation\n", "tasks-login.md": "# Tasks\n\nTotal: 30 hours\n" });
    expect(f.map((x) => [x.ruleId, x.severity, x.file])).toEqual([["PLAN-01", "warning", ".agents/planning/tasks-login.md"]]);
    expect(f[0].message).toBe("Estimate differs 100.0% from .agents/planning/epic-login.md");
    expect(plan({ "epic-a.md": "# E\n\n10 hrs\n", "tasks-a.md": "# T\n\n11h\n" })).toEqual([]);
    expect(plan({ "epic-a.md": "# E\n\nno estimate\n", "tasks-a.md": "# T\n\n99 hours\n" })).toEqual([]);
  });
  it("PLAN-02: a role condition in a list with no table cell holding its text is an orphan", () => {
    const doc = "# Plan\n\n- QA: run the smoke tests\n- Security: review the token scope\n\n| Role | Condition |\n|---|---|\n| QA | Run the smoke tests |\n";
    const f = plan({ "plan-x.md": doc });
    expect(f.map((x) => [x.ruleId, x.line, x.message])).toEqual([["PLAN-02", 4, "Condition not in any table: review the token scope"]]);
  });
  it("PLAN-03: a range estimate without a reconciliation section is an info", () => {
    const f = plan({ "plan-x.md": "# Plan\n\n3-5 hours\n" });
    expect(f.map((x) => [x.ruleId, x.severity])).toEqual([["PLAN-03", "info"]]);
  });
});

describe("select: the files of the workflow and YAML checks come from the core (issue 12: no selection regex in src/prepr)", () => {
  it("PP-009/PP-010/PP-004/PP-005 selection: workflows directly in .github/workflows, actions below .github/actions, YAML by extension", async () => {
    const { executeValidator } = await import("../../dist/engine.js");
    const { decodeList } = await import("../../dist/wasm/list.js");
    const files = [
      ".github/actions/a/action.yml", ".github/workflows/.yml", ".github/workflows/CI.YAML", ".github/workflows/ci.yml",
      ".github/workflows/sub/x.yml", "a.yaml", "docs/x.md", "src/ci.yml.txt",
    ];
    const out = executeValidator("pre-pr", [], { family: "select", files });
    const g = (k: string) => decodeList(out.global[k]);
    expect(g("workflows")).toEqual([".github/workflows/CI.YAML", ".github/workflows/ci.yml"]);
    expect(g("actions")).toEqual([".github/actions/a/action.yml"]);
    expect(g("yaml")).toEqual([".github/actions/a/action.yml", ".github/workflows/.yml", ".github/workflows/CI.YAML", ".github/workflows/ci.yml", ".github/workflows/sub/x.yml", "a.yaml"]);
  });
});
