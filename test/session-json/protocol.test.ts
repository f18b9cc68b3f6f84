// Protocol rules of JSON session logs (spec §6.5, catalog §11.16), through the WASM core.
import { describe, it, expect } from "vitest";
import { run, validLog, item, ids, errors, of, type Json, type F } from "./util.js";

const noise = (fs: F[]) => fs.filter((f) => f.severity !== "info");
const logWith = (fn: (l: Json) => void) => {
  const l = validLog();
  fn(l);
  return l;
};

describe("session fields (SP-104, SP-105, SP-106, SP-115)", () => {
  it.each(["feat/new-feature", "fix/bug-123", "docs/update-readme", "chore/cleanup", "refactor/code-cleanup", "test/add-tests", "ci/update-workflow"])(
    "TC-376: %s follows the convention",
    (b) => expect(ids(run(logWith((l) => (l.session.branch = b))).findings)).not.toContain("SP-105"),
  );
  it.each(["main", "feature/something", "bugfix/something", "my-branch"])("TC-377 / TC-384: %s does not", (b) => {
    const f = of(run(logWith((l) => (l.session.branch = b))).findings, "SP-105");
    expect(f).toHaveLength(1);
    expect(f[0].severity).toBe("warning");
    expect(f[0].message).toBe(`Branch '${b}' doesn't follow conventional naming (feat/, fix/, docs/, chore/, refactor/, test/, ci/)`);
  });
  it("SP-105: a non-string branch gets no naming warning (the schema reports the type)", () => {
    const r = run(logWith((l) => (l.session.branch = 7)));
    expect(ids(r.findings)).not.toContain("SP-105");
    expect(ids(r.findings)).toContain("SP-102");
  });
  it.each(["abcdef1", "a".repeat(40), "abc1234"])("TC-378: %s is a SHA", (s) =>
    expect(ids(run(logWith((l) => (l.session.startingCommit = s))).findings)).not.toContain("SP-104"));
  it.each(["abc", "xyz123", "a".repeat(41), "ABCDEF1"])("TC-379 / TC-385: %s is not a SHA", (s) =>
    expect(ids(run(logWith((l) => (l.session.startingCommit = s))).findings)).toContain("SP-104"));

  const future = (date: string, now: string) => of(run(logWith((l) => (l.session.date = date)), { now }).findings, "SP-106");
  it("TC-386 / TC-390: dates two or more days ahead of UTC are in the future", () => {
    expect(future("2026-03-03", "2026-03-01T00:00:00Z")[0].message).toMatch(/^Session date '2026-03-03' is in the future/);
    expect(future("2026-03-04", "2026-03-01T23:00:00Z")).toHaveLength(1);
  });
  it("TC-387 / TC-388: today and past dates pass", () => {
    expect(future("2026-03-01", "2026-03-01T00:00:00Z")).toEqual([]);
    expect(future("2025-12-31", "2026-03-01T00:00:00Z")).toEqual([]);
  });
  it("TC-389: tomorrow (UTC) is an error at 09:59 UTC and accepted from 10:00 UTC", () => {
    expect(future("2026-03-02", "2026-03-01T09:59:00Z")).toHaveLength(1);
    expect(future("2026-03-02", "2026-03-01T10:00:00Z")).toEqual([]);
    expect(future("2026-01-01", "2025-12-31T10:00:00Z")).toEqual([]); // year boundary
    expect(future("2026-03-02", "2026-03-01T11:00:00+02:00")).toHaveLength(1); // 09:00 UTC
  });
  it("SP-106: an unusable clock is a visible info, not a pass", () => {
    const f = of(run(validLog(), { now: "yesterday" }).findings, "SP-106");
    expect(f[0].severity).toBe("info");
  });

  const num = (name: string, n: unknown) => of(run(logWith((l) => (l.session.number = n)), { name }).findings, "SP-115");
  it("TC-473 / TC-474 / TC-478 / TC-479: numbers read from file names", () => {
    expect(num("2026-07-26-session-3355.json", 3355)).toEqual([]);
    expect(num("2026-07-26-session-3355-validate-session-number.json", 3355)).toEqual([]);
    expect(num("2026-07-26-session-12-fix-3355.json", 12)).toEqual([]);
    expect(num("2026-07-26-session-3342-slug.json", 3342)).toEqual([]);
    expect(num("2026-07-26-session-12-fix-3355.json", 3355)).toHaveLength(1);
  });
  it("TC-475 / TC-483: leading zeros are equal", () => {
    expect(num("2026-07-26-session-09-slug.json", 9)).toEqual([]);
  });
  it("TC-476 / TC-477 / TC-484: names without a number are skipped", () => {
    for (const n of ["2025-12-22-session-64a-x.json", "2025-12-28-session-critic-468-review.json", "session-3355.json"]) {
      expect(num(n, 1)).toEqual([]);
    }
  });
  it("TC-480 / TC-481 / TC-482 / TC-488: mismatch => one error naming both numbers, the fixes and the file", () => {
    const f = num("2026-07-26-session-3342-slug.json", 3343);
    expect(f).toHaveLength(1);
    expect(f[0].message).toContain("3342");
    expect(f[0].message).toContain("3343");
    expect(f[0].message).toContain("Set session.number");
    expect(f[0].message).toContain("rename the file");
    expect(f[0].message).toContain("2026-07-26-session-3342-slug.json");
  });
  it("TC-485: number missing / string / boolean => no error from SP-115", () => {
    for (const v of [undefined, "3342", true]) expect(num("2026-07-26-session-3342.json", v)).toEqual([]);
  });
  it("TC-486 / TC-487: no session, session a list, root a list, legacy session_number => skipped", () => {
    const name = "2026-07-26-session-5.json";
    expect(ids(run({ session_number: 9 }, { name }).findings)).not.toContain("SP-115");
    expect(ids(run({ session: [9] }, { name }).findings)).not.toContain("SP-115");
    expect(ids(run([9], { name }).findings)).not.toContain("SP-115");
  });
});

describe("checklist items (SP-107..SP-114)", () => {
  it("TC-382: key lookup: Complete / complete / any casing; absent = incomplete", () => {
    const r = run(logWith((l) => {
      const s = l.protocolCompliance.sessionStart;
      s.handoffRead = { level: "MUST", Complete: true, Evidence: "x" };
      s.constraintsRead = { level: "MUST", COMPLETE: true, EVIDENCE: "x" };
      s.memoriesLoaded = { level: "MUST", evidence: "x" };
    }));
    expect(of(r.findings, "SP-108").map((f) => f.message)).toEqual(["Incomplete MUST: sessionStart.memoriesLoaded"]);
  });
  it("TC-392: one start MUST incomplete => Incomplete MUST", () => {
    const r = run(logWith((l) => (l.protocolCompliance.sessionStart.notOnMain.complete = false)));
    expect(of(r.findings, "SP-108").map((f) => f.message)).toEqual(["Incomplete MUST: sessionStart.notOnMain"]);
  });
  it("TC-393: complete MUST with empty evidence => warning Missing evidence", () => {
    const f = of(run(logWith((l) => (l.protocolCompliance.sessionStart.notOnMain.evidence = ""))).findings, "SP-109");
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ severity: "warning", message: "Missing evidence: sessionStart.notOnMain" });
  });
  it("TC-395 / TC-396: handoffPreserved is an ordinary MUST item", () => {
    expect(ids(run(validLog()).findings)).not.toContain("SP-108");
    const r = run(logWith((l) => (l.protocolCompliance.sessionEnd.handoffPreserved.complete = false)));
    expect(of(r.findings, "SP-108").map((f) => f.message)).toEqual(["Incomplete MUST: sessionEnd.handoffPreserved"]);
  });
  it("TC-397: legacy handoffNotUpdated MUST NOT incomplete (no handoffPreserved) => no error", () => {
    const r = run(logWith((l) => {
      delete l.protocolCompliance.sessionEnd.handoffPreserved;
      l.protocolCompliance.sessionEnd.handoffNotUpdated = item(false, "", "MUST NOT");
    }));
    expect(errors(r.findings)).toEqual([]);
  });
  it("TC-399: the required end set names handoffPreserved, not the legacy key", () => {
    const r = run(logWith((l) => delete l.protocolCompliance.sessionEnd.handoffPreserved));
    expect(of(r.findings, "SP-107").map((f) => f.message)).toEqual(["Missing required item: sessionEnd.handoffPreserved"]);
  });
  it("TC-400 / TC-401 / TC-402: non-required items: MUST incomplete errors, MUST complete and SHOULD incomplete pass", () => {
    const r = run(logWith((l) => {
      const s = l.protocolCompliance.sessionEnd;
      s.customCheck = item(false);
      s.otherCheck = item(true);
      s.gitStatusVerified = item(false, "", "SHOULD");
    }));
    expect(errors(r.findings).map((f) => f.message)).toEqual(["Incomplete MUST: sessionEnd.customCheck"]);
  });
  it("TC-403 / TC-407 (order): absent required items => sorted Missing required item errors", () => {
    const r = run(logWith((l) => {
      delete l.protocolCompliance.sessionStart.usageMandatoryRead;
      delete l.protocolCompliance.sessionStart.constraintsRead;
      delete l.protocolCompliance.sessionEnd.qaValidation;
    }));
    expect(of(r.findings, "SP-107").map((f) => f.message)).toEqual([
      "Missing required item: sessionStart.constraintsRead",
      "Missing required item: sessionStart.usageMandatoryRead",
      "Missing required item: sessionEnd.qaValidation",
    ]);
  });
  it("TC-404: a non-object value under a non-required key is ignored by the item walker", () => {
    const r = run(logWith((l) => (l.protocolCompliance.sessionStart.extraFlag = true)), { schema: "{}" });
    expect(errors(r.findings)).toEqual([]);
  });
  it("TC-495 / TC-496 / TC-527: a bare boolean required item => one malformed-item error naming the type", () => {
    const r = run(logWith((l) => (l.protocolCompliance.sessionStart.handoffRead = true)), { schema: "{}" });
    expect(errors(r.findings).map((f) => [f.id, f.message])).toEqual([
      ["SP-112", "Malformed item: sessionStart.handoffRead is boolean (true), not an object with complete/level/evidence"],
    ]);
  });
  it("TC-497 / TC-530: well-formed items: neither SP-112 nor SP-113/114 fire", () => {
    expect(ids(run(validLog()).findings).filter((i) => ["SP-112", "SP-113", "SP-114"].includes(i))).toEqual([]);
  });
  it("TC-518 / TC-519 / TC-520: required item without level => Missing level (even if complete); optional item => nothing", () => {
    const r = run(logWith((l) => {
      l.protocolCompliance.sessionStart.handoffRead = { complete: true, evidence: "x" };
      l.protocolCompliance.sessionStart.notOnMain = { complete: false, evidence: "" };
      l.protocolCompliance.sessionStart.optionalThing = { complete: false };
    }), { schema: "{}" });
    expect(of(r.findings, "SP-113").map((f) => f.message.split(" declares")[0])).toEqual([
      "Missing level: sessionStart.handoffRead",
      "Missing level: sessionStart.notOnMain",
    ]);
    expect(errors(r.findings)).toHaveLength(2);
  });
  it("TC-521 / TC-522 / TC-523 / TC-524: demotion to SHOULD needs completion or a justification", () => {
    const demote = (complete: boolean, evidence: string) =>
      of(run(logWith((l) => (l.protocolCompliance.sessionStart.handoffRead = item(complete, evidence, "SHOULD")))).findings, "SP-114");
    expect(demote(false, "")[0].message).toMatch(/^Unjustified demotion: sessionStart\.handoffRead is required but declares level 'SHOULD'/);
    expect(demote(false, "Not needed: no HANDOFF in this repo")).toEqual([]);
    expect(demote(false, "   ")).toHaveLength(1);
    expect(demote(true, "")).toEqual([]);
  });
  it("TC-525 / TC-526: incomplete MUST is not a demotion; incomplete MUST NOT is not a demotion", () => {
    const r = run(logWith((l) => {
      l.protocolCompliance.sessionStart.handoffRead = item(false, "");
      l.protocolCompliance.sessionStart.notOnMain = item(false, "", "MUST NOT");
    }));
    expect(of(r.findings, "SP-114")).toEqual([]);
    expect(of(r.findings, "SP-108")).toHaveLength(1);
  });
  it("corpus shapes: MUST_NOT / BLOCKED levels, status/completed shapes, lists and strings as items => findings, no crash", () => {
    const r = run(logWith((l) => {
      const s = l.protocolCompliance.sessionStart;
      s.handoffRead = { level: "MUST_NOT", Complete: false, Evidence: "" };
      s.notOnMain = { level: "BLOCKED", complete: false };
      s.constraintsRead = { status: "done" };
      s.memoriesLoaded = ["a"];
      s.branchVerified = "yes";
      s.serenaActivated = { level: 5, completed: true };
    }));
    expect(r.status).toBe("checked");
    const got = noise(r.findings).filter((f) => f.id !== "SP-102").map((f) => f.id).sort();
    expect(got).toEqual(["SP-112", "SP-112", "SP-113", "SP-114", "SP-114", "SP-114"]);
  });
});

describe("SP-111 evidence contradiction", () => {
  const contra = (ev: string, key = "handoffRead") => {
    const l = validLog();
    const sec = key === "qaValidation" ? l.protocolCompliance.sessionEnd : l.protocolCompliance.sessionStart;
    sec[key] = item(true, ev);
    return of(run(l).findings, "SP-111");
  };
  it.each(["not available", "SKIPPED", "N/A", "Deferred to next session", "will validate later", "will run after merge", "TODO", "pending review", "TBD"])(
    "TC-405: '%s' => warning",
    (ev) => {
      const f = contra(ev);
      expect(f).toHaveLength(1);
      expect(f[0].severity).toBe("warning");
      expect(f[0].message).toBe(`Evidence contradiction: sessionStart.handoffRead is complete but evidence suggests otherwise: '${ev}'`);
    },
  );
  it("TC-406 / TC-407: token detector", () => {
    expect(contra("mcp__serena__activate_project output confirmed")).toEqual([]);
    expect(contra("SKIPPED due to CI")).toHaveLength(1);
    expect(contra("N/A for this session")).toHaveLength(1);
    expect(contra("Tool output confirmed")).toEqual([]);
    expect(contra("pendingChanges reviewed; the tbdFlag is off")).toEqual([]); // whole words only
  });
  it.each([
    "Deferred to next session", "Deferred to pre-commit hook validation", "Planning artifacts staged; commit deferred to session-824",
    "Serena init deferred per ADR-007 fast-path", "deferred", "pending", "Tests skipped. Perf deferred to follow-up.",
    "Tests passed. But we deferred the deploy to next session", "Status; passed but pending review",
    "Not yet validated; pending final review", "Created item v1.5 pending review", "Tests haven't passed; pending review",
  ])("TC-408: genuine contradiction '%s' => warning", (ev) => expect(contra(ev)).toHaveLength(1));
  it.each([
    "Tests pass (perf benchmark deferred to follow-up)", "Schema validated (migration pending review)",
    "Two commits created: P0 (commit 5639b23f) and P1 (pending)", "CI checks passing (CodeRabbit pending)",
    "Markdown lint passed (0 errors after fix); pending pre-commit final run",
    "Tests passed. All scenarios but the edge case handled; deferred edge case",
    "Scorer rules verified against fixtures; Python hooks listed. No Python scorer (deferred per PRD 11).",
    "Steps 1-9 completed and validated. Step 10 deferred to audit commit.",
  ])("TC-409: scope-qualified '%s' => no warning", (ev) => expect(contra(ev)).toEqual([]));
  it.each([
    "uv run pytest tests/ -q: 14434 passed, 21 skipped, 45 xfailed", "21 skipped", "0 skipped", "1,234 skipped", "12   skipped",
    "94 passed plus 1 skipped", "103 passed, 2 errors, 5 skipped",
  ])("TC-410 / TC-415 / TC-416: test tally '%s' => no warning", (ev) => expect(contra(ev)).toEqual([]));
  it.each([
    "Tests skipped.", "step skipped", "1 step skipped", "14434 passed, 21 skipped, 45 xfailed; TODO wire up remaining check",
    "step 21 skipped", "PR #3141 skipped review", "v2.1 skipped tests", "Phase 2 skipped", "check 5 skipped", "test 3 skipped", "phase3 skipped",
  ])("TC-411: skipped step '%s' => warning", (ev) => expect(contra(ev)).toHaveLength(1));
  it("TC-412 / TC-413 / TC-414 / TC-417: clauses", () => {
    expect(contra("354 passed; markdownlint step skipped")).toHaveLength(1);
    expect(contra("Tests: 17 passed 3 skipped\nmarkdownlint: skipped")).toHaveLength(1);
    expect(contra("17 passed 3 skipped")).toEqual([]);
    expect(contra("markdownlint step skipped")).toHaveLength(1);
  });
  it("qaValidation: contradiction is an error; the exact skip tokens are exempt", () => {
    const f = contra("QA pending", "qaValidation");
    expect(f[0].severity).toBe("error");
    expect(contra("SKIPPED: docs-only", "qaValidation")).toEqual([]);
    expect(contra("SKIPPED: investigation-only", "qaValidation")).toEqual([]);
    expect(contra("SKIPPED: no time", "qaValidation")).toHaveLength(1);
  });
});

describe("agreement rules (SP-116..SP-119)", () => {
  const branchEv = (key: string, ev: string, branch = "fix/3346-session-schema-enforcement", mode: "full" | "record" | "creation" = "full") =>
    of(run(logWith((l) => {
      l.session.branch = branch;
      l.protocolCompliance.sessionStart[key] = item(true, ev);
    }), { mode }).findings, "SP-116");
  it.each(["branchVerified", "notOnMain", "verifyBranch"])("TC-499: %s naming another branch => error naming both", (key) => {
    const f = branchEv(key, "Verified feat/999-some-other-thing");
    expect(f).toHaveLength(1);
    expect(f[0].message).toBe(`Evidence names a different branch: ${key} cites feat/999-some-other-thing but session.branch is 'fix/3346-session-schema-enforcement'`);
  });
  it("TC-500 / TC-501: own branch or no branch names => no error", () => {
    expect(branchEv("branchVerified", "git branch --show-current returned fix/3346-session-schema-enforcement")).toEqual([]);
    for (const ev of ["On a feature branch, not main", "Compared against origin/main", "merge-base with main resolved", ""]) {
      expect(branchEv("branchVerified", ev)).toEqual([]);
    }
  });
  it("TC-515 / TC-516 / TC-517: own branch plus another, a different one only, a prefix", () => {
    for (const ev of [
      "fix/3346-session-schema-enforcement, stacked on fix/3385-record-mode",
      "On fix/3346-session-schema-enforcement (renamed from the initial chore/adr006 branch)",
      "Branched fix/3346-session-schema-enforcement from feat/1769-autonomous",
      "On branch chore/old-thing, then created fix/3346-session-schema-enforcement.",
    ]) expect(branchEv("branchVerified", ev)).toEqual([]);
    expect(branchEv("branchVerified", "Verified feat/merge-velocity-analysis")).toHaveLength(1);
    expect(branchEv("branchVerified", "On fix/3346")).toEqual([]);
  });
  it("TC-513 / TC-541: different-branch evidence is not reported in record or creation mode", () => {
    expect(branchEv("branchVerified", "Verified feat/other", undefined, "record")).toEqual([]);
    expect(branchEv("branchVerified", "Verified feat/other", undefined, "creation")).toEqual([]);
  });
  const startEv = (ev: string) =>
    of(run(logWith((l) => {
      l.session.startingCommit = "1ffee3834e91";
      l.protocolCompliance.sessionStart.startingCommitNoted = item(true, ev, "SHOULD");
    })).findings, "SP-116");
  it("TC-502..TC-505: starting commit evidence", () => {
    expect(startEv("Starting commit: 50b05eb9")[0].message).toContain("names a different starting commit");
    expect(startEv("Starting commit: 1ffee38")).toEqual([]);
    expect(startEv("base 1ffee3834e91, head deadbeef1")).toEqual([]);
    expect(startEv("Recorded at session start")).toEqual([]);
  });
  it("TC-506 / TC-507 / TC-585: changesCommitted complete needs endingCommit", () => {
    const f = of(run(logWith((l) => (l.endingCommit = ""))).findings, "SP-117");
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ severity: "warning" });
    expect(f[0].message).toContain("endingCommit is empty");
    expect(of(run(validLog()).findings, "SP-117")).toEqual([]);
  });
  it("TC-508 / TC-509 / TC-510: nextSteps", () => {
    const f = of(run(logWith((l) => delete l.nextSteps), { schema: "{}" }).findings, "SP-118");
    expect(f[0].message).toContain("nextSteps");
    expect(of(run(logWith((l) => (l.nextSteps = []))).findings, "SP-118")).toEqual([]);
    expect(of(run(logWith((l) => (l.nextSteps = ["Land the follow-up PR"]))).findings, "SP-118")).toEqual([]);
  });
  it("TC-511 / TC-512: nextSteps absent: no errors in record mode, schema error for a new log", () => {
    const l = logWith((x) => delete x.nextSteps);
    expect(errors(run(l, { mode: "record" }).findings)).toEqual([]);
    expect(of(run(l).findings, "SP-102").map((f) => f.message)).toEqual(["Schema: (root): 'nextSteps' is a required property"]);
  });
  it("SP-119: starting and ending commit the same while commits are claimed", () => {
    const f = of(run(logWith((l) => (l.endingCommit = "a1b2c3d4e5"))).findings, "SP-119");
    expect(f).toHaveLength(1);
    expect(of(run(logWith((l) => { l.protocolCompliance.sessionEnd.changesCommitted.complete = false; l.endingCommit = "a1b2c3d"; })).findings, "SP-119")).toEqual([]);
  });
  it("TC-514: odd types never crash the cross-field checks", () => {
    for (const fn of [
      (l: Json) => (l.session.branch = 7),
      (l: Json) => (l.protocolCompliance = "string"),
      (l: Json) => { l.protocolCompliance.sessionStart = null; l.protocolCompliance.sessionEnd = null; },
      (l: Json) => (l.protocolCompliance.sessionStart.branchVerified = "flat"),
    ]) {
      const r = run(logWith(fn));
      expect(r.status).toBe("checked");
      expect(errors(r.findings).length).toBeGreaterThan(0);
    }
  });
});

describe("modes (SP-120)", () => {
  const fresh = () => logWith((l) => {
    for (const s of [l.protocolCompliance.sessionStart, l.protocolCompliance.sessionEnd]) for (const k of Object.keys(s)) s[k] = item(false, "");
  });
  it("TC-491 / TC-492: a new log with incomplete MUST items fails in full mode and passes in record mode", () => {
    expect(errors(run(fresh()).findings).length).toBeGreaterThan(0);
    expect(errors(run(fresh(), { mode: "record" }).findings)).toEqual([]);
  });
  it("TC-493: a malformed log still fails in record mode", () => {
    const r = run(logWith((l) => (l.session.number = "x")), { mode: "record" });
    expect(ids(errors(r.findings))).toEqual(["SP-102"]);
    expect(ids(run("{oops", { mode: "record" }).findings)).toEqual(["SP-100"]);
  });
  it("TC-494: an old-style historical log (no schemaVersion/workLog/endingCommit/nextSteps, legacy items) passes in record mode", () => {
    const l = logWith((x) => {
      delete x.schemaVersion; delete x.workLog; delete x.endingCommit; delete x.nextSteps;
      x.protocolCompliance.sessionStart.handoffRead = item(false, "skipped");
      delete x.protocolCompliance.sessionEnd.qaValidation;
    });
    const r = run(l, { mode: "record" });
    expect(errors(r.findings)).toEqual([]);
    expect(r.data.mode).toBe("record");
  });
  it("TC-531 / TC-532: each required root field removed from a new log => schema error", () => {
    for (const k of ["schemaVersion", "workLog", "endingCommit", "nextSteps", "session", "protocolCompliance"]) {
      const r = run(logWith((l) => delete l[k]));
      expect(of(r.findings, "SP-102").map((f) => f.message)).toContain(`Schema: (root): '${k}' is a required property`);
    }
  });
  it("TC-533 / TC-534 / TC-535 / TC-537: record mode relaxes exactly the four newer root fields", () => {
    const l = logWith((x) => { delete x.schemaVersion; delete x.workLog; delete x.endingCommit; delete x.nextSteps; });
    expect(of(run(l, { mode: "record" }).findings, "SP-102")).toEqual([]);
    const noSession = logWith((x) => delete x.session);
    expect(of(run(noSession, { mode: "record" }).findings, "SP-102").map((f) => f.message)).toEqual(["Schema: (root): 'session' is a required property"]);
    const noNum = logWith((x) => delete x.session.number);
    expect(of(run(noNum, { mode: "record" }).findings, "SP-102").map((f) => f.message)).toEqual(["Schema: session: 'number' is a required property"]);
    const root = new Set(BUILTIN_REQUIRED);
    for (const k of ["schemaVersion", "workLog", "endingCommit", "nextSteps"]) expect(root.has(k)).toBe(true);
  });
  it("TC-536: endingCommit '' satisfies required", () => {
    const r = run(logWith((l) => (l.endingCommit = "")));
    expect(of(r.findings, "SP-102")).toEqual([]);
  });
  it("TC-538 / TC-539 / TC-540 / TC-543: creation mode: schema only plus session fields", () => {
    expect(errors(run(fresh(), { mode: "creation" }).findings)).toEqual([]);
    expect(errors(run(fresh(), { mode: "full" }).findings).length).toBeGreaterThan(0);
    expect(ids(errors(run(logWith((l) => delete l.workLog), { mode: "creation" }).findings))).toEqual(["SP-102"]);
    expect(run(fresh(), { mode: "creation" }).data.mode).toBe("creation");
  });
  it("TC-542: record and creation both set => record wins", () => {
    const l = logWith((x) => delete x.nextSteps);
    const r = run(l, { mode: "both" });
    expect(r.data.mode).toBe("record");
    expect(errors(r.findings)).toEqual([]);
  });
});

import { BUILTIN_SESSION_SCHEMA } from "../../dist/validators/session-json-schema.js";
const BUILTIN_REQUIRED: string[] = BUILTIN_SESSION_SCHEMA.required;
