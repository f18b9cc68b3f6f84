// §11.11 QA-exemption classification (SP-050..SP-052) and §11.12 strict-gate helpers, through SP-037
// and the strict rules of the WASM core.
import { describe, it, expect } from "vitest";
import { decodeList } from "../../dist/wasm/list.js";
import { check, ids, of, mdLog, OK, HEADER } from "./lib.js";

const LOG = ".agents/sessions/2025-12-31-session-110.md";
const qaLog = (ev: string, st = "[x]") =>
  mdLog({ end: [`| MUST | Route to qa agent (feature implementation) | ${st} | ${ev} |`, "| MUST | Commit all changes | [x] | Commit SHA: `abc1234` |"] });
/** SP-037 findings for a QA row with the given evidence and staged (changed) files, pre-commit context. */
const qa = (ev: string, staged: string[], extra: Record<string, string | boolean | string[]> = {}) =>
  of(check(qaLog(ev), { ...OK, context: "pre-commit", staged, ...extra }), "SP-037");
const inv = (files: string[]) => qa("SKIPPED: investigation-only", files);
const docs = (files: string[]) => qa("SKIPPED: docs-only", files);

describe("session-md: investigation-only allowlist (SP-052, §11.11)", () => {
  it("TC-201/TC-202/TC-205..TC-210/TC-264/TC-269..TC-276/TC-306: the five allowlisted folders are eligible", () => {
    const all = [LOG, ".agents/analysis/research-findings.md", ".agents/retrospective/session-learnings.md", ".serena/memories/project-context.md", ".agents/security/threat-assessment.md"];
    for (const f of all) expect(inv([f])).toEqual([]);
    expect(inv(all)).toEqual([]);
  });
  it("TC-203/TC-204/TC-266: an empty list is eligible (pre-commit falls back to no staged files => unknown)", () => {
    // Empty staged list with a Starting Commit diff that is empty: eligible.
    expect(qa("SKIPPED: investigation-only", [], { "diff.a1b2c3d": [] })).toEqual([]);
  });
  it("TC-211/TC-212/TC-213/TC-217/TC-265/TC-277/TC-278/TC-307: code, workflows and tests are not eligible and are listed", () => {
    const f = inv([LOG, "scripts/Validate-Session.ps1", ".github/workflows/ci.yml", "tests/Feature.Tests.ps1"]);
    expect(f).toHaveLength(1);
    expect(f[0].message).toContain("scripts/Validate-Session.ps1, .github/workflows/ci.yml, tests/Feature.Tests.ps1");
    expect(f[0].message).not.toContain(LOG + ",");
    expect(f[0].message).toContain(".agents/sessions/, .agents/analysis/, .agents/retrospective/, .agents/security/, .serena/memories/");
  });
  it("TC-214/TC-215/TC-216/TC-221/TC-260/TC-279: planning, ADRs, QA reports and HANDOFF.md are not eligible", () => {
    for (const f of [".agents/planning/feature-prd.md", ".agents/architecture/adr-001.md", ".agents/qa/feature-qa-report.md", ".agents/HANDOFF.md"]) {
      expect(inv([LOG, f])[0].message).toContain(f);
    }
  });
  it("TC-218/TC-219/TC-283/TC-284/TC-308: backslashes and mixed separators are normalised", () => {
    expect(inv([".agents\\sessions\\2025-12-31-session-110.md", ".serena\\memories/x.md", ".agents/analysis\\y.md"])).toEqual([]);
  });
  it("TC-220/TC-224/TC-280/TC-281: prefix look-alikes are not eligible", () => {
    expect(inv([".agents/sessions-evil/malicious.md"])).toHaveLength(1);
    expect(inv([".serena/memoriesX/evil.md"])).toHaveLength(1);
  });
  it("TC-222/TC-223/TC-282: deep paths and the memories directory itself are eligible", () => {
    expect(inv([".agents/sessions/2025/12/deep/session.md", ".serena/memories"])).toEqual([]);
  });
  it("TC-258/TC-259/TC-298: retrospective and security files are investigation-eligible (any extension)", () => {
    expect(inv([".agents/retrospective/retro.json", ".agents/security/scan.json"])).toEqual([]);
  });
  it("TC-316/TC-322: investigation-only claim with staged src/a.ts => error listing it and the allowed folders", () => {
    const f = inv(["src/a.ts", LOG]);
    expect(f.map((x) => x.severity)).toEqual(["error"]);
    expect(f[0].message).toMatch(/files changed outside .*\.agents\/sessions\/.*: src\/a\.ts$/);
  });
  it("TC-315: investigation-only claim, eligible => valid", () => {
    expect(inv([LOG, ".agents/analysis/a.md"])).toEqual([]);
  });
});

describe("session-md: audit artifacts and docs-only (SP-050, SP-051, §11.11)", () => {
  it("TC-225/TC-261/TC-297/TC-302/TC-319/TC-320: markdown-only changes (extension case-insensitive) are docs-only", () => {
    expect(docs(["README.md", "docs/guide.md"])).toEqual([]);
    expect(docs(["README.md", "docs/guide.md", LOG])).toEqual([]);
    expect(docs(["docs/README.md", ".agents/architecture/ADR-001.md", "CHANGELOG.MD"])).toEqual([]);
  });
  it("TC-226: the same docs-only files are not investigation-eligible", () => {
    expect(inv(["README.md", "docs/guide.md"])).toHaveLength(1);
  });
  it("TC-227/TC-228/TC-229/TC-232..TC-238/TC-252/TC-253: audit artifacts (any extension) are filtered out", () => {
    const audit = [".agents/sessions/2026-01-01-session-01.md", ".agents/sessions/2026/01/deep/session.json", ".agents/analysis/investigations/deep/report.json",
      ".serena/memories/category/subcategory/memory.yaml", ".serena/memories", ".agents\\sessions\\x.json"];
    expect(docs(audit)).toEqual([]);
    expect(inv([LOG])).toEqual([]);
  });
  it("TC-230/TC-231/TC-263/TC-296/TC-301/TC-305: an empty list is not docs-only (fail closed; Go said docs-only)", () => {
    expect(qa("SKIPPED: docs-only", [], { "diff.a1b2c3d": [] })[0].message).toBe("Docs-only QA skip, but no changed files");
  });
  it("TC-239..TC-248/TC-254..TC-256/TC-262/TC-267/TC-268/TC-303/TC-304: non-markdown implementation files are kept and listed", () => {
    const f = docs([LOG, "scripts/Validate-Session.ps1", ".github/workflows/ci.yml", "tests/Feature.Tests.ps1", ".agents/retrospective/l.json",
      ".agents/sessions-evil/m.json", ".serena/memoriesX/e.json", ".agents/analysisX/e.json", "src/main.go"]);
    expect(f[0].message).toBe("Docs-only QA skip, but non-doc files changed: scripts/Validate-Session.ps1, .github/workflows/ci.yml, tests/Feature.Tests.ps1, " +
      ".agents/retrospective/l.json, .agents/sessions-evil/m.json, .serena/memoriesX/e.json, .agents/analysisX/e.json, src/main.go");
  });
  it("TC-249/TC-250/TC-251/TC-257/TC-299/TC-300: session log + ADR is docs-only; + script is not", () => {
    expect(docs([LOG, ".agents/architecture/ADR-037.md"])).toEqual([]);
    expect(docs([LOG, ".agents/analysis/a.md", ".serena/memories/m.md", "scripts/a.ps1", "scripts/b.ps1", ".agents/architecture/ADR-1.md"])[0].message).toContain(": scripts/a.ps1, scripts/b.ps1");
    expect(docs(["docs/README.md", "src/app.go", "tests/app_test.go"])).toHaveLength(1);
  });
});

describe("session-md: QA row (SP-037, §11.12)", () => {
  it("TC-317: a checked row citing an existing report passes", () => {
    expect(qa("QA report: `.agents/qa/test-report.md`", ["src/a.ts"], { "path..agents/qa/test-report.md": "file" })).toEqual([]);
  });
  it("TC-318: a checked row citing no report fails", () => {
    expect(qa("Done", ["src/a.ts"])[0].message).toContain("QA row cites no QA report");
  });
  it("SP-037: a cited report that does not exist fails ('file not found')", () => {
    expect(qa("`.agents/qa/gone.md`", ["src/a.ts"], { "path..agents/qa/gone.md": "missing" })[0].message).toBe("QA report referenced but file not found: .agents/qa/gone.md");
  });
  it("TC-321: a docs-only session citing an existing QA report passes (original failed)", () => {
    expect(qa("QA report: .agents/qa/r.md", [LOG, "docs/a.md"], { "path..agents/qa/r.md": "file" })).toEqual([]);
  });
  it("SP-037: unchecked rows fail with the claim-specific message", () => {
    expect(qa("SKIPPED: investigation-only", [LOG], {}).length).toBe(0);
    const u = (ev: string) => of(check(qaLog(ev, "[ ]"), { ...OK, context: "pre-commit", staged: [LOG] }), "SP-037")[0].message;
    expect(u("SKIPPED: investigation-only")).toContain("Investigation-only session: check the QA row");
    expect(u("SKIPPED: docs-only")).toContain("Docs-only session");
    expect(u("")).toContain("QA row not checked");
  });
  it("SP-037: unknown changed files => cannot verify (error in CI, warning locally, SP-090 without git)", () => {
    const noStart = mdLog({ info: "- **Date**: 2026-01-05", end: ["| MUST | Route to qa agent | [x] | SKIPPED: docs-only |"] });
    expect(of(check(noStart, { ...OK, context: "ci" }), "SP-037").map((f) => f.severity)).toEqual(["error"]);
    expect(of(check(noStart, { ...OK, context: "local" }), "SP-037").map((f) => f.severity)).toEqual(["warning"]);
    const { git: _g, ...noGit } = OK;
    const o = check(noStart, { ...noGit, context: "local" });
    expect(ids(o)).not.toContain("SP-037");
    expect(of(o, "SP-090")[0].message).toContain("SP-037");
  });
  it("SP-024: a QA report path escaping the repository (.., absolute, symlink) is an error", () => {
    for (const ev of ["`../outside/x.md`", "`/etc/passwd/x.md`", "`.agents/qa/../../../x.md`"]) {
      expect(ids(check(qaLog(ev), OK))).toContain("SP-024");
    }
    expect(of(check(qaLog("`.agents/qa/link.md`"), { ...OK, "path..agents/qa/link.md": "outside" }), "SP-024")[0].message).toContain("symlink");
    expect(decodeList(check(qaLog("`.agents/qa/x.md` and `docs/a.md`"), { phase: "extract" }).data["need.paths"])).toEqual([".agents/qa/x.md", "docs/a.md"]);
  });
});

const PROTO = `# Protocol\n\n### Session Start (COMPLETE ALL before work)\n\n${HEADER}\n| MUST | Read memory-index, load task-relevant memories | [ ] | List memories loaded |\n| MUST | Confirm not on main/master | [ ] | e |\n\n## Session End Checklist\n\n### Session End (COMPLETE ALL before closing)\n\n${HEADER}\n| MUST | Route to qa agent (feature implementation) | [ ] | e |\n| MUST | Commit all changes (including .serena/memories) | [ ] | e |\n| MUST NOT | Update \`.agents/HANDOFF.md\` directly | [ ] | e |\n`;
const STRICT = { ...OK, strict: true, context: "pre-commit", staged: [".agents/sessions/2026-01-05-session-42.md"] };

describe("session-md: strict gate template rules (§11.12)", () => {
  it("TC-309: identical checklists => no drift", () => {
    const o = check(mdLog(), STRICT, { protocol: PROTO });
    expect(o.findings).toEqual([]);
  });
  it("TC-310: protocol 2 start rows, session 1 => SP-031 row count mismatch", () => {
    const o = check(mdLog({ start: ["| MUST | Confirm not on main/master | [x] | e |"] }), STRICT, { protocol: PROTO });
    expect(of(o, "SP-031")[0].message).toContain("row count mismatch (protocol=2, session=1)");
  });
  it("TC-311/TC-323: a changed Req or step => drift naming the row, expected and actual keys", () => {
    const o = check(mdLog({ start: ["| MUST | Read memory-index, load task-relevant memories | [x] | memory-index |", "| SHOULD | Confirm not on main/master | [x] | e |"] }), STRICT, { protocol: PROTO });
    expect(of(o, "SP-031")[0].message).toContain("mismatch at row 2: expected 'MUST|Confirm not on main/master', got 'SHOULD|Confirm not on main/master'");
    const end = check(mdLog({ end: ["| MUST | Route to qa agent | [x] | `.agents/qa/042-parser.md` |", "| MUST | Commit all changes (including .serena/memories) | [x] | Commit SHA: abc1234 |", "| MUST NOT | Update `.agents/HANDOFF.md` directly | [x] | x |"] }), STRICT, { protocol: PROTO });
    expect(of(end, "SP-035")[0].message).toContain("row 1: expected 'MUST|Route to qa agent (feature implementation)', got 'MUST|Route to qa agent'");
  });
  it("SP-031 versioning: a log older than the protocol's last change is not compared (info)", () => {
    const o = check(mdLog({ start: [] }), { ...STRICT, "protocol.date": "2026-02-01" }, { protocol: PROTO });
    expect(of(o, "SP-031").map((f) => f.severity)).toEqual(["info"]);
  });
  it("SP-005: strict without a protocol (or without its tables) is an error", () => {
    expect(of(check(mdLog(), STRICT), "SP-005")[0].message).toContain("not found");
    expect(of(check(mdLog(), STRICT, { protocol: "# nothing\n" }), "SP-005")[0].message).toContain("no parsable checklists");
  });
  it("SP-030/SP-032/SP-034/SP-036: empty tables and tables without MUST rows", () => {
    const t = mdLog({ start: [], end: ["| SHOULD | a | [x] | e |"] });
    expect(ids(check(t, STRICT, { protocol: PROTO })).filter((i) => /SP-03[0246]/.test(i)).sort()).toEqual(["SP-030", "SP-034"]);
    const u = mdLog({ start: ["| SHOULD | a | [x] | e |"], end: ["| SHOULD | a | [x] | e |", "| SHOULD | b | [x] | e |", "| MUST NOT | c | [x] | e |"] });
    expect(ids(check(u, STRICT, { protocol: PROTO })).filter((i) => /SP-03[0246]/.test(i)).sort()).toEqual(["SP-032", "SP-036"]);
  });
  it("TC-312/TC-313/TC-314: Starting Commit from the bold or plain label, or none", () => {
    const sha = (info: string) => check(mdLog({ info }), { phase: "extract" }).data["start.sha"];
    expect(sha("- **Starting Commit**: `abc1234`")).toBe("abc1234");
    expect(sha(`Starting Commit: ${"b".repeat(40)}`)).toBe("b".repeat(40));
    expect(sha("- **Date**: 2026-01-05")).toBe("");
  });
  it("TC-324: pre-commit exempts the unchecked commit row; CI reports it", () => {
    const t = mdLog({ end: ["| MUST | Route to qa agent | [x] | `.agents/qa/042-parser.md` |", "| MUST | Commit all changes (including .serena/memories) | [ ] | Commit SHA: _______ |"] });
    expect(ids(check(t, { ...OK, context: "pre-commit", staged: ["x.md"] }))).not.toContain("SP-013");
    expect(of(check(t, { ...OK, context: "ci" }), "SP-013")[0].message).toBe("MUST step not checked: Commit all changes (including .serena/memories)");
  });
  it("SP-038..SP-042: post-commit git facts", () => {
    const f = { ...OK, strict: true, context: "ci", head: "a1b2c3d" + "0".repeat(33), clean: false, commits: [], "diff.a1b2c3d": ["src/a.ts"] };
    const o = check(mdLog(), f, { protocol: PROTO });
    expect(ids(o).filter((i) => /SP-0[34]\d/.test(i)).sort()).toEqual(["SP-039", "SP-040", "SP-041", "SP-042"]);
    expect(of(o, "SP-041")[0].message).toBe("Commit SHA not found in git history: abc1234");
    const good = { ...f, head: "f".repeat(40), clean: true, commits: ["abc1234"], "diff.a1b2c3d": [".agents/sessions/2026-01-05-session-42.md", "src/a.ts"] };
    expect(check(mdLog(), good, { protocol: PROTO }).findings).toEqual([]);
    const noStart = check(mdLog({ info: "- **Date**: 2026-01-05" }), good, { protocol: PROTO });
    expect(of(noStart, "SP-038")[0].message).toContain("No Starting Commit");
  });
  it("SP-090: strict outside a git repository skips the git rules with one info finding", () => {
    const { git: _g, ["handoff.changed"]: _h, ...noGit } = OK;
    const o = check(mdLog(), { ...noGit, strict: true, context: "local" }, { protocol: PROTO });
    expect(o.findings.map((f) => [f.rule, f.severity, f.message])).toEqual([["SP-090", "info", "No git facts (not a git repository root): SP-017, SP-038..SP-042 not checked"]]);
  });
});
