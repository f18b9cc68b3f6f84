// §11.2-§11.10: markdown rules driven through the WASM entry point with facts.
import { describe, it, expect } from "vitest";
import { check, ids, errors, of, mdLog, OK, HEADER, NAME } from "./lib.js";
import { decodeList } from "../../dist/wasm/list.js";
import { KIND } from "../../dist/wasm/abi.js";

const startRows = (...r: string[]) => mdLog({ start: r });
const must = (step: string, st = "[x]", ev = "e") => `| MUST | ${step} | ${st} | ${ev} |`;

describe("session-md: file name, existence, containment (§11.2, §11.3)", () => {
  it("TC-051/TC-055/TC-058/TC-069: well-formed names pass SP-001", () => {
    for (const n of ["2025-12-17-session-01.md", "2025-12-17-session-99.md", "2026-01-05-session-1.md", "2026-01-05-session-128-long-slug.MD"]) {
      expect(ids(check(mdLog(), OK, { name: `.agents/sessions/${n}` }))).not.toContain("SP-001");
    }
  });
  it("TC-053/TC-054/TC-059: malformed names fail SP-001 with 'naming violation', content still checked", () => {
    for (const n of ["2025-12-17-session.md", "session-2025-12-17.md", "session.md"]) {
      const o = check("# x\n", OK, { name: `.agents/sessions/${n}` });
      expect(of(o, "SP-001")[0].message).toContain("naming violation");
      expect(ids(o)).toContain("SP-010");
    }
  });
  it("TC-052/TC-056/TC-057: a missing explicit log is SP-002 'does not exist'", () => {
    const o = check("", OK, { flags: 4 });
    expect(ids(o)).toEqual(["SP-002"]);
    expect(o.findings[0].message).toContain("does not exist");
  });
  it("TC-070: a log resolving inside the sessions dir passes SP-003", () => {
    expect(ids(check(mdLog(), { ...OK, [`real.${NAME}`]: ".agents/sessions/2024-01-01-session-01.md" }))).not.toContain("SP-003");
  });
  it("TC-071/TC-072: '..' escapes and the sessions-evil prefix fail SP-003", () => {
    for (const real of [".agents/sessions/../../evil.md", "evil.md", ".agents/sessions-evil/2024-01-01-session-01.md", "/tmp/x.md", ".agents/sessions"]) {
      expect(ids(check(mdLog(), { ...OK, [`real.${NAME}`]: real }))).toContain("SP-003");
    }
  });
  it("TC-073: case-insensitive comparison, backslash separators accepted", () => {
    expect(ids(check(mdLog(), { ...OK, [`real.${NAME}`]: ".AGENTS\\SESSIONS\\x.md" }))).not.toContain("SP-003");
  });
  it("TC-062 (port --cutoff): a log dated before the cutoff is skipped with a reason", () => {
    const o = check(mdLog(), { ...OK, cutoff: "2026-01-06" });
    expect(o.status).toBe("skipped");
    expect(o.data.skip).toContain("before cutoff 2026-01-06");
    expect(check(mdLog(), { ...OK, cutoff: "2026-01-05" }).status).toBe("checked");
  });
});

describe("session-md: sections and tables (§11.4, §11.5)", () => {
  it("TC-074/TC-075/TC-077/TC-078/TC-079/TC-080: both sections with tables pass SP-010/SP-011", () => {
    const o = check(mdLog(), OK);
    expect(ids(o)).not.toContain("SP-010");
    expect(ids(o)).not.toContain("SP-011");
  });
  it("TC-076/TC-084/TC-085: only Session Start => SP-010 'Missing required sections'", () => {
    const o = check(`# S\n## Session Start\n${HEADER}\n${must("a")}\n`, OK);
    expect(of(o, "SP-010")[0].message).toBe("Missing required sections: ## Session End");
  });
  it("TC-081: separator first without a header row => SP-011", () => {
    const t = `# S\n## Protocol Compliance\n## Session Start\n|---|---|---|---|\n${must("a")}\n## Session End\n${HEADER}\n${must("b")}\n`;
    expect(of(check(t, OK), "SP-011")).toHaveLength(1);
  });
  it("TC-082/TC-086: a complete log has no SP-022 warning (no ## Evidence section needed)", () => {
    expect(ids(check(mdLog(), OK))).not.toContain("SP-022");
  });
  it("TC-083: Info + Protocol Compliance + Session Start only => SP-022 Work Log warning", () => {
    const t = `# S\n## Session Info\n## Protocol Compliance\n## Session Start\n${HEADER}\n${must("a")}\n`;
    const o = check(t, OK);
    expect(of(o, "SP-022").map((f) => f.message)).toEqual(["Missing section: Work Log"]);
    expect(of(o, "SP-022")[0].severity).toBe("warning");
  });
  it("TC-087/TC-092: Protocol Compliance and both COMPLETE ALL headers => no SP-012", () => {
    expect(ids(check(mdLog(), OK))).not.toContain("SP-012");
    const t = "## Protocol Compliance\n\nSession Start - COMPLETE ALL\n\nSession End - COMPLETE ALL\n";
    expect(ids(check(t, OK))).not.toContain("SP-012");
  });
  it("SP-012(a): '### Protocol Compliance' and '##Protocol Compliance' also count", () => {
    expect(ids(check("### Protocol Compliance\n", OK), "error")).not.toContain("SP-012");
    expect(ids(check("## Protocol Complaints\n", OK), "error")).toContain("SP-012");
    expect(ids(check("##Protocol Compliance\n", OK), "error")).not.toContain("SP-012");
  });
  it("TC-088: only ## Work Log => SP-012 error \"Missing 'Protocol Compliance' section\"", () => {
    const o = check("# S\n## Work Log\n", OK);
    expect(of(o, "SP-012").filter((f) => f.severity === "error")[0].message).toBe("Missing 'Protocol Compliance' section");
  });
  it("TC-089/TC-090/TC-091/TC-093: missing checklist headers are SP-012 warnings (port)", () => {
    const a = check(mdLog({ startHeading: "## Session Start" }), OK);
    expect(of(a, "SP-012").map((f) => [f.severity, f.message.includes("Session Start")])).toEqual([["warning", true]]);
    const b = check(mdLog({ endHeading: "## Session End" }), OK);
    expect(of(b, "SP-012").map((f) => [f.severity, f.message.includes("Session End")])).toEqual([["warning", true]]);
    const c = check("## Protocol Compliance\n", OK);
    expect(of(c, "SP-012").map((f) => f.severity)).toEqual(["warning", "warning"]);
  });
});

describe("session-md: MUST / MUST NOT / SHOULD rows (§11.6)", () => {
  it("TC-094/TC-106/TC-112: checked MUST rows => no error; unchecked SHOULD => one warning", () => {
    const o = check(startRows(must("a"), must("b"), "| SHOULD | c | [ ] | e |"), OK);
    expect(errors(o)).toEqual([]);
    expect(ids(o)).toEqual(["SP-015"]);
  });
  it("TC-095/TC-107/TC-109/TC-110/TC-111: an unchecked MUST row is an SP-013 error naming the step", () => {
    const o = check(startRows(must("a"), must("Read HANDOFF", "[ ]"), "| SHOULD | c | [x] | e |"), OK);
    expect(of(o, "SP-013").map((f) => f.message)).toEqual(["MUST step not checked: Read HANDOFF"]);
    expect(ids(o)).not.toContain("SP-015");
  });
  it("TC-096/TC-113: bold **MUST** and [X] count as checked", () => {
    expect(errors(check(startRows("| **MUST** | a | [x] | e |", "| **MUST** | b | [X] | e |"), OK))).toEqual([]);
  });
  it("TC-097/TC-099/TC-103/TC-104/TC-116/TC-117: MUST NOT [x]/[X] verified; MUST NOT is not MUST", () => {
    expect(errors(check(startRows(must("a"), "| MUST NOT | b | [x] | e |", "| **MUST NOT** | c | [X] | e |"), OK))).toEqual([]);
  });
  it("TC-098: three unchecked MUST rows => three SP-013 errors", () => {
    expect(of(check(startRows(must("a", "[ ]"), must("b", "[ ]"), must("c", "[ ]")), OK), "SP-013")).toHaveLength(3);
  });
  it("TC-100/TC-101/TC-102/TC-114/TC-115: unchecked MUST NOT rows => SP-014 per row", () => {
    expect(of(check(startRows("| MUST NOT | a | [ ] | (not verified) |", "| MUST NOT | b | [x] | e |"), OK), "SP-014")).toHaveLength(1);
    const o = check(startRows("| MUST NOT | a | [ ] | e |", "| MUST NOT | b | [ ] | e |", "| MUST NOT | c | [ ] | e |"), OK);
    expect(of(o, "SP-014").map((f) => f.message)).toEqual(["a", "b", "c"].map((s) => `MUST NOT step not verified: ${s}`));
  });
  it("TC-105/TC-108/TC-118/TC-119: unchecked SHOULD rows => exactly one warning, no error", () => {
    const o = check(startRows("| SHOULD | a | [ ] | e |", "| SHOULD | b | [ ] | e |"), OK);
    expect(o.findings.map((f) => [f.rule, f.severity, f.message])).toEqual([["SP-015", "warning", "Incomplete SHOULD requirements: 2/2"]]);
  });
  it("TC-120: MAY rows are not checked", () => {
    const o = check(startRows(must("a"), must("b", "[ ]"), "| SHOULD | c | [x] | e |", "| SHOULD | d | [ ] | e |", "| MAY | e | [ ] | e |"), OK);
    expect(ids(o).sort()).toEqual(["SP-013", "SP-015"]);
  });
  it("TC-121: mixed [x]/[X] rows plus an unchecked security-review row with pipes in code => that row reported", () => {
    const sec = '| MUST | Security review export: `grep -iE "key|password|token"` | [ ] | Scan |';
    const o = check(startRows(must("a", "[x]"), must("b", "[X]"), sec), OK);
    expect(of(o, "SP-013").map((f) => f.message)).toEqual(['MUST step not checked: Security review export: `grep -iE "key|password|token"`']);
  });
  it("TC-122: a MUST row with status N/A fails, naming the non-checkbox status (SP-023)", () => {
    const o = check(startRows(must("a", "N/A")), OK);
    expect(of(o, "SP-013")[0].message).toBe("MUST step not checked: a (non-checkbox status 'N/A')");
  });
});

describe("session-md: memory evidence (§11.7)", () => {
  const mem = (ev: string, memories: string[] = ["memory-index", "skills-pr-review-index"], step = "Read memory-index, load task-relevant memories") =>
    check(startRows(must(step, "[x]", ev)), { ...OK, memories });
  it("TC-123/TC-127/TC-129/TC-130/TC-131: existing memories (also in narrative text) pass", () => {
    expect(ids(mem("usage-mandatory, protocol-template-enforcement", ["usage-mandatory", "protocol-template-enforcement"], "Read memory-index to identify relevant memories"))).not.toContain("SP-016");
    expect(ids(mem("memory-one, memory-two, memory-three", ["memory-one", "memory-two", "memory-three"]))).not.toContain("SP-016");
    expect(ids(mem("memory-index, skills-pr-review-index"))).not.toContain("SP-016");
    expect(ids(mem("memory-index"))).not.toContain("SP-016");
    expect(ids(mem("Read memory-index and skills-pr-review-index for PR review context"))).not.toContain("SP-016");
  });
  it("TC-124/TC-125/TC-132/TC-133/TC-134/TC-135/TC-142: placeholders fail with 'placeholder'", () => {
    for (const ev of ["", "   ", "List memories loaded", "[memories]", "---"]) {
      expect(of(mem(ev), "SP-016")[0].message).toContain("placeholder");
    }
  });
  it("TC-126/TC-137: names that do not exist are listed", () => {
    expect(of(mem("nonexistent-memory"), "SP-016")[0].message).toContain("don't exist: nonexistent-memory");
    expect(of(mem("memory-index, nonexistent-memory"), "SP-016")[0].message).toBe(
      "Memories that don't exist: nonexistent-memory. Check the names or create the memories in .serena/memories/.",
    );
  });
  it("TC-128/TC-138: no memory-index row => no SP-016", () => {
    expect(ids(check(startRows(must("Initialize Serena")), { ...OK, memories: [] }))).not.toContain("SP-016");
  });
  it("TC-136/TC-142: text without kebab-case names => 'valid memory names'", () => {
    expect(of(mem("yes done completed"), "SP-016")[0].message).toContain("no valid memory names");
    expect(of(mem("Done"), "SP-016")[0].message).toContain("no valid memory names");
  });
  it("TC-139/TC-140: names are case-insensitive and de-duplicated", () => {
    expect(ids(mem("Memory-Index, Skills-PR-Review-Index"))).not.toContain("SP-016");
    expect(of(mem("memory-index, memory-index, gone-one, gone-one", ["memory-index"]), "SP-016")[0].message).toContain("exist: gone-one.");
  });
  it("TC-141: extraction finds 1, 3 and 2 names", () => {
    const missing = (ev: string) => of(mem(ev, []), "SP-016")[0].message.split(": ")[1].split(". ")[0];
    expect(missing("memory-index loaded")).toBe("memory-index");
    expect(missing("memory-index, skills-pr-review-index, session-context")).toBe("memory-index, skills-pr-review-index, session-context");
    expect(missing("Read memory-index and skills-build-001 from Brain MCP")).toBe("memory-index, skills-build-001");
  });
  it("TC-143: hyphenated non-memory words count as names (original behaviour)", () => {
    expect(of(mem("memory-index, pre-commit"), "SP-016")[0].message).toContain("pre-commit");
  });
  it("SP-016: configurable memories root appears in the message; unknown list => warning", () => {
    const o = check(startRows(must("Read memory-index, load memories", "[x]", "gone-one")), { ...OK, memories: [], "memories.dir": "mem" });
    expect(of(o, "SP-016")[0].message).toContain("in mem/");
    const { memories: _m, ...noMem } = OK;
    expect(of(check(startRows(must("Read memory-index, load memories", "[x]", "a-b")), noMem), "SP-016")[0].severity).toBe("warning");
  });
});

describe("session-md: HANDOFF.md (§11.8)", () => {
  it("TC-146/TC-157: HANDOFF.md absent => no SP-017", () => {
    expect(ids(check(mdLog(), { ...OK, "handoff.exists": false, "handoff.changed": "" as never }))).not.toContain("SP-017");
    const { ["handoff.changed"]: _c, ...f } = OK;
    expect(ids(check(mdLog(), { ...f, "handoff.exists": false }))).not.toContain("SP-017");
  });
  it("TC-147/TC-162: the git fact wins (changed=false passes even with an undated name); changed=true is an error", () => {
    expect(ids(check(mdLog(), OK, { name: ".agents/sessions/INVALID-DATE-session-01.md" }))).not.toContain("SP-017");
    const o = check(mdLog(), { ...OK, "handoff.changed": true });
    expect(of(o, "SP-017").map((f) => f.severity)).toEqual(["error"]);
    expect(of(o, "SP-017")[0].message).toContain("MUST NOT");
  });
  it("TC-162/TC-154/TC-156: unknown change => error in CI, warning locally, with the reason", () => {
    const { ["handoff.changed"]: _c, ...f } = OK;
    const ci = check(mdLog(), { ...f, context: "ci", "handoff.why": "base ref 'origin/main' not found (shallow clone? fetch it or pass --base)" });
    expect(of(ci, "SP-017").map((x) => x.severity)).toEqual(["error"]);
    expect(of(ci, "SP-017")[0].message).toContain("fetch it");
    expect(of(check(mdLog(), { ...f, context: "local" }), "SP-017").map((x) => x.severity)).toEqual(["warning"]);
  });
  it("TC-155 (port): outside a git repository SP-017 is skipped with SP-090 info", () => {
    const { ["handoff.changed"]: _c, git: _g, ...f } = OK;
    const o = check(mdLog(), f);
    expect(ids(o)).not.toContain("SP-017");
    expect(of(o, "SP-090").map((x) => [x.severity, x.message])).toEqual([["info", "No git facts (not a git repository root): SP-017 not checked"]]);
  });
});

describe("session-md: absolute paths, SHA format, commit evidence (§11.9)", () => {
  it("TC-163/TC-164: a relative link is fine", () => {
    expect(ids(check(mdLog({ extra: "See [file.md](docs/file.md)." }), OK))).not.toContain("SP-018");
  });
  it("TC-165/TC-176: /home/ and C:\\Users paths outside fences => SP-018 warning; inside fences ignored", () => {
    const o = check(mdLog({ extra: "See /home/user/file.md for details\n- File: C:\\Users\\me\\x.md\n```\n/home/user/in-fence\n```" }), OK);
    expect(of(o, "SP-018").map((f) => f.severity)).toEqual(["warning", "warning"]);
  });
  const commitRow = (ev: string, st = "[x]") =>
    mdLog({ end: [`| MUST | Route to qa agent (feature implementation) | [x] | QA report: \`.agents/qa/042-parser.md\` |`, `| MUST | Commit all changes (including .serena/memories) | ${st} | ${ev} |`] });
  it("TC-166/TC-167/TC-168/TC-179/TC-184: valid Commit SHA forms pass SP-020 and are extracted", () => {
    for (const [ev, sha] of [["Commit SHA: abc1234", "abc1234"], ["Commit SHA: `def5678`", "def5678"], [`Commit SHA: ${"a".repeat(40)}`, "a".repeat(40)], ["commit sha: abc1234", "abc1234"], ["Commit SHA: abc1234def", "abc1234def"]]) {
      expect(ids(check(commitRow(ev), OK))).not.toContain("SP-020");
      expect(decodeList(check(commitRow(ev), { phase: "extract" }).data["need.sha"])).toContain(sha);
    }
  });
  it("TC-169: a SHA followed by a subject line fails SP-020 'subject line'", () => {
    expect(of(check(commitRow("Commit SHA: abc1234 Fix bug"), OK), "SP-020")[0].message).toContain("subject line");
  });
  it("TC-170/TC-185: empty, placeholder or short SHAs fail SP-020", () => {
    expect(of(check(commitRow("Commit SHA:"), OK), "SP-020")[0].message).toBe("Commit SHA is empty");
    expect(of(check(commitRow("Commit SHA: _______"), OK), "SP-020")[0].message).toContain("format invalid");
    expect(of(check(commitRow("Commit SHA: abc"), OK), "SP-020")[0].message).toContain("format invalid");
    expect(ids(check(commitRow("Commit SHA: _______", "[ ]"), OK))).not.toContain("SP-020"); // unfinished template row
  });
  it("TC-171..TC-175 (SP-019 not ported): plain or placeholder Branch:/Commit:/Status: labels are not findings", () => {
    const o = check(mdLog({ extra: "- Branch: [branch]\n- Commit:\n- Status: -" }), OK);
    expect(errors(o)).toEqual([]);
  });
  it("TC-177/TC-180/TC-181/TC-186: a SHA under Commits This Session is commit evidence", () => {
    for (const line of ["- `abc1234` - feat: add feature", "commit: abc1234"]) {
      const t = mdLog({ end: [must("Commit all changes", "[x]", "done")] }).replace("- `abc1234` - feat: things", line);
      expect(ids(check(t, OK))).not.toContain("SP-021");
    }
  });
  it("TC-178/TC-182/TC-183/TC-187: no SHA => SP-021 warning", () => {
    for (const line of ["- No commits yet", "no commit here", "commit: abc1234Z"]) {
      const t = mdLog({ end: [must("Commit all changes", "[x]", "Commit SHA: _______")] }).replace("- `abc1234` - feat: things", line);
      expect(of(check(t, OK), "SP-021").map((f) => f.severity)).toEqual(["warning"]);
    }
  });
});

describe("session-md: whole-log verdicts (§11.10)", () => {
  it("TC-188: a complete log passes without findings", () => {
    expect(check(mdLog(), OK).findings).toEqual([]);
  });
  it("TC-189/TC-199: unchecked MUST rows in both tables fail", () => {
    const o = check(mdLog({ start: [must("Read HANDOFF.md", "[ ]")], end: [must("Complete session log", "[ ]"), must("Run markdown lint", "[ ]")] }), OK);
    expect(of(o, "SP-013")).toHaveLength(3);
  });
  it("TC-190/TC-200: all MUST checked, two SHOULD unchecked => warnings only", () => {
    const o = check(mdLog({ start: [must("a"), "| SHOULD | b | [ ] | e |", "| SHOULD | c | [ ] | e |"] }), OK);
    expect(errors(o)).toEqual([]);
    expect(ids(o, "warning")).toEqual(["SP-015"]);
  });
  it("JSON logs are left to the JSON rules (no markdown finding)", () => {
    const o = check("{}", OK, { name: ".agents/sessions/2026-01-05-session-42.json", kind: KIND.SESSION_JSON });
    expect(ids(o).filter((i) => /SP-0[1-4]/.test(i))).toEqual([]);
  });
});

describe("session-md: SP-120 modes of a markdown log (mode.ts decides; creation does not demand the session end)", () => {
  // document flags (contract/interface.json flags.sessionLog): mode bits 0..1, status bits 8..10, pre-commit 11, merge 12, strict 13
  const ADDED = 1 << 8, MODIFIED = 2 << 8, REPLACED = 3 << 8, TRACKED = 4 << 8, UNTRACKED = 5 << 8, PRE = 2048, MERGE = 4096, STRICT = 8192;
  const OPEN_END = [
    must("Route to qa agent (feature implementation)", "[ ]", ""),
    must("Commit all changes (including .serena/memories)", "[ ]", "Commit SHA: _______"),
    "| MUST NOT | Update `.agents/HANDOFF.md` directly | [ ] | |",
  ];
  const fresh = mdLog({ end: OPEN_END });
  const ticked = mdLog({ end: [must("Route to qa agent (feature implementation)", "[x]", "QA report: `.agents/qa/042-parser.md`"), ...OPEN_END.slice(1)] });
  const done = mdLog({ end: [OPEN_END[0], must("Commit all changes", "Done", ""), OPEN_END[2]] });
  const ending = mdLog({ end: OPEN_END, info: "- **Date**: 2026-01-05\n- **Starting Commit**: `a1b2c3d`\n- **Ending Commit**: `abc1234`" });
  const mode = (text: string, flags: number) => check(text, OK, { flags }).data.mode;

  it("SP-120: the mode the host names counts for markdown (no status: --mode, the MCP gate; nothing named: full)", () => {
    expect(mode(fresh, 0)).toBe("full");
    expect(mode(fresh, 1)).toBe("creation");
    expect(mode(fresh, 2)).toBe("record");
    expect(mode(fresh, 3)).toBe("record"); // both set: record wins (TC-542)
    expect(mode(ticked, 1)).toBe("creation"); // a named mode wins over a claim, as for JSON
  });
  it("SP-120: the scope's creation (added while committing, untracked) is held to full when the log claims its session end", () => {
    for (const f of [ADDED | PRE, UNTRACKED]) {
      expect(mode(fresh, f)).toBe("creation");
      expect(mode(ticked, f)).toBe("full"); // a ticked Session End MUST row
      expect(mode(done, f)).toBe("full"); // a Session End MUST row with another status than an empty checkbox
      expect(mode(ending, f)).toBe("full"); // an Ending Commit in Session Info
    }
    expect(mode(fresh, ADDED)).toBe("full"); // added on a branch (check --changed, pre-pr, CI)
    expect(mode(fresh, REPLACED | PRE)).toBe("full");
    expect(mode(fresh, MODIFIED | PRE)).toBe("record");
    expect(mode(fresh, TRACKED | STRICT)).toBe("full");
    expect(mode(fresh, ADDED | PRE | MERGE)).toBe("record");
  });
  it("SP-013/SP-014/SP-037/SP-021: a fresh log (Session Start done, Session End open) has no error in creation mode, and the session end's findings in full mode", () => {
    expect(check(fresh, OK, { flags: 1 }).findings).toEqual([]);
    expect(ids(check(fresh, OK, { flags: ADDED | PRE }))).toEqual([]);
    expect(ids(check(fresh, OK, { flags: 0 }))).toEqual(["SP-013", "SP-014", "SP-037"]);
    expect(ids(check(fresh, OK, { flags: ADDED }))).toEqual(["SP-013", "SP-014", "SP-037"]);
  });
  it("SP-120: record mode (an old log edited, named while tracked, or in a merge) demands no compliance, no QA binding, no agreement with git; --strict and a named full mode demand all", () => {
    // an old log with historical gaps: an unticked start row, the end open, a memory renamed since,
    // HANDOFF.md changed by the commit being made, no commit evidence
    const old = mdLog({ start: [must("Read memory-index, load task-relevant memories", "[x]", "memory-index, renamed-memory"), must("Confirm not on main/master", "[ ]", "")], end: OPEN_END, commits: "" });
    const facts = { ...OK, "handoff.changed": true };
    for (const f of [2, MODIFIED | PRE, TRACKED, ADDED | PRE | MERGE, MODIFIED | PRE | MERGE | STRICT]) {
      expect(mode(old, f)).toBe("record");
      expect(check(old, facts, { flags: f }).findings).toEqual([]);
    }
    const all = ["SP-016", "SP-013", "SP-013", "SP-014", "SP-017", "SP-037"];
    for (const f of [0, MODIFIED | PRE | STRICT, TRACKED | STRICT]) expect(ids(check(old, facts, { flags: f })).filter((i) => i !== "SP-021")).toEqual(all);
    // the structure is kept
    expect(ids(check(mdLog({ start: [must("Confirm not on main/master", "[ ]", "")], end: OPEN_END, endHeading: "## Closing" }), OK, { flags: MODIFIED | PRE }))).toEqual(["SP-010", "SP-012"]);
  });
});
