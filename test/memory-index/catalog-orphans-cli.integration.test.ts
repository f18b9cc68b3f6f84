// Spec §12.10 (orphans), §12.2 (CLI, exit codes), §12.12 (output), §12.13 (integration).
import { describe, it, expect } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mi, idx, root, files, fixture } from "./mi-helpers.js";
import { runCli, makeRepo } from "../helpers.js";

const INVALID_ATOMIC = "Rename to {domain}-{description} format per ADR-017";
const INVALID_SKILLS = "Rename to {domain}-{description}-index format or move to atomic file per ADR-017";
const json = (dir: string, ...extra: string[]) => {
  const r = runCli(["memory-index", "--dir", dir, "-f", "json", ...extra]);
  return { code: r.code, doc: JSON.parse(r.stdout) };
};

describe("memory-index catalog §12.10 orphans", () => {
  const PR = { "skills-pr-index.md": idx(["valid entry", "pr-valid-skill"]), ...files("pr-valid-skill", "skill-pr-001") };
  const THREE = { "skills-test-index.md": idx(["indexed", "test-indexed"]), ...files("test-indexed", "skill-orphan-one", "skill-orphan-two", "skill-orphan-three") };
  const LEGACY = { "skills-test-index.md": idx(["indexed", "test-indexed"]), ...files("test-indexed", "test-unindexed", "skill-legacy") };
  const AUTH = { "skills-auth-index.md": idx(["auth login", "auth-login-flow"]), ...files("auth-login-flow"), "memory-index.md": root(["auth", "skills-auth-index"]) };
  it("TC-O-01 domain orphan record", () => {
    const v = mi({ "skills-orphan-index.md": idx(["alpha beta", "indexed-skill"]), ...files("indexed-skill", "orphan-unindexed") });
    expect(v.orphans).toEqual([{ file: "orphan-unindexed", domain: "orphan", expected: "skills-orphan-index", rule: "MI-017" }]);
  });
  it("TC-O-02 skill- orphan listed", () => {
    expect(mi(PR).orphans.map((o) => o.file)).toContain("skill-pr-001");
  });
  it("TC-O-03 its domain is INVALID", () => {
    expect(mi(PR).orphans.find((o) => o.file === "skill-pr-001")!.domain).toBe("INVALID");
  });
  it("TC-O-04 guidance mentions ADR-017 and {domain}-{description}", () => {
    const e = mi(PR).orphans.find((o) => o.file === "skill-pr-001")!.expected;
    expect(e).toContain("ADR-017");
    expect(e).toContain("{domain}-{description}");
  });
  it("TC-O-05 three INVALID orphans", () => {
    expect(mi(THREE).orphans.filter((o) => o.domain === "INVALID")).toHaveLength(3);
  });
  it("TC-O-06 all mention ADR-017", () => {
    expect(mi(THREE).orphans.every((o) => o.expected.includes("ADR-017"))).toBe(true);
  });
  it("TC-O-07 skill-legacy INVALID, test-unindexed domain test", () => {
    const o = mi(LEGACY).orphans;
    expect(o.find((x) => x.file === "skill-legacy")!.domain).toBe("INVALID");
    expect(o.find((x) => x.file === "test-unindexed")!.domain).toBe("test");
  });
  it("TC-O-08 guidance and expected index", () => {
    const o = mi(LEGACY).orphans;
    expect(o.find((x) => x.file === "skill-legacy")!.expected).toContain("ADR-017");
    expect(o.find((x) => x.file === "test-unindexed")!.expected).toBe("skills-test-index");
  });
  it("TC-O-09 clean: no INVALID orphans", () => {
    expect(mi({ "skills-clean-index.md": idx(["clean domain", "clean-skill"]), ...files("clean-skill") }).orphans).toEqual([]);
  });
  it("TC-O-10 a referenced skill- file is no orphan", () => {
    expect(mi({ "skills-indexed-index.md": idx(["indexed skill", "skill-indexed-bad"]), ...files("skill-indexed-bad") }).orphans).toEqual([]);
  });
  it("TC-O-11 MI-003 catches it instead", () => {
    expect(mi({ "skills-indexed-index.md": idx(["indexed skill", "skill-indexed-bad"]), ...files("skill-indexed-bad") }).domains.indexed.msgs("MI-003")).toHaveLength(1);
  });
  it("TC-O-12 skillbook- file: no orphan at all", () => {
    expect(mi({ "skills-skill-index.md": idx(["indexed", "skill-valid"]), ...files("skill-valid", "skillbook-unindexed") }).orphans).toEqual([]);
  });
  it("TC-O-13 lone skill- file", () => {
    expect(mi(files("skill-no-domain")).orphans).toEqual([{ file: "skill-no-domain", domain: "INVALID", expected: INVALID_ATOMIC, rule: "MI-015" }]);
  });
  it("TC-O-14 no orphans", () => {
    expect(mi({ "skills-test-index.md": idx(["alpha", "test-skill"]), ...files("test-skill") }).orphans).toEqual([]);
  });
  it("TC-O-15 exactly one INVALID orphan", () => {
    expect(mi({ "skills-test-index.md": idx(["alpha", "test-valid"]), ...files("test-valid", "skill-orphan") }).orphans.map((o) => [o.file, o.domain])).toEqual([["skill-orphan", "INVALID"]]);
  });
  it("TC-O-16 domain orphan", () => {
    expect(mi({ "skills-test-index.md": idx(["alpha", "test-indexed"]), ...files("test-indexed", "test-unindexed") }).orphans.map((o) => [o.file, o.domain])).toEqual([["test-unindexed", "test"]]);
  });
  it("TC-O-17 referenced skill- file", () => {
    expect(mi({ "skills-test-index.md": idx(["alpha", "skill-indexed"]), ...files("skill-indexed") }).orphans).toEqual([]);
  });
  it("TC-O-18 skillbook- not INVALID", () => {
    expect(mi({ "skills-test-index.md": idx(["alpha", "test-valid"]), ...files("test-valid", "skillbook-unindexed") }).orphans.filter((o) => o.domain === "INVALID")).toEqual([]);
  });
  it("TC-O-19 one INVALID orphan, no indices", () => {
    const o = mi(files("skill-no-domain")).orphans;
    expect(o).toHaveLength(1);
    expect(o[0].domain).toBe("INVALID");
  });
  it("TC-O-20 three INVALID", () => {
    expect(mi(THREE).orphans.filter((o) => o.domain === "INVALID")).toHaveLength(3);
  });
  it("TC-O-21 skill-orphan next to auth", () => {
    expect(mi({ ...AUTH, ...files("skill-orphan") }).orphans.map((o) => [o.file, o.domain])).toEqual([["skill-orphan", "INVALID"]]);
  });
  it("TC-O-22 auth-orphan-file", () => {
    expect(mi({ ...AUTH, ...files("auth-orphan-file") }).orphans.map((o) => [o.file, o.domain, o.expected])).toEqual([["auth-orphan-file", "auth", "skills-auth-index"]]);
  });
  it("TC-O-23 clean auth", () => {
    expect(mi(AUTH).orphans).toEqual([]);
  });
  it("TC-O-24 nested domains: two records in discovery order", () => {
    const v = mi({ "skills-git-index.md": idx(["k", "git-a"]), "skills-git-hooks-index.md": idx(["k", "git-hooks-a"]), ...files("git-a", "git-hooks-a", "git-hooks-b") });
    expect(v.orphans.map((o) => [o.file, o.domain, o.expected])).toEqual([
      ["git-hooks-b", "git-hooks", "skills-git-hooks-index"],
      ["git-hooks-b", "git", "skills-git-index"],
    ]);
  });
  it("TC-O-25 skills-foo reported although referenced", () => {
    expect(mi({ "skills-a-index.md": idx(["k", "skills-foo"]), ...files("skills-foo") }).orphans).toEqual([{ file: "skills-foo", domain: "INVALID", expected: INVALID_SKILLS, rule: "MI-016" }]);
  });
  it("TC-O-26 ./a-x resolves but a-x stays an orphan; MI-019 judges the base name a-x (issue 10)", () => {
    const v = mi({ "skills-a-index.md": idx(["k", "[a-x](./a-x.md)"]), ...files("a-x") });
    expect(v.domains.a.msgs("MI-002")).toEqual([]);
    expect(v.orphans.map((o) => o.file)).toEqual(["a-x"]);
    expect(v.domains.a.msgs("MI-019")).toEqual([]);
  });
  it("TC-O-27 no matching domain: not reported", () => {
    expect(mi({ "skills-a-index.md": idx(), ...files("project-notes") }).orphans).toEqual([]);
  });
  it("TC-O-28 referenced only from the root index: still an orphan of domain a", () => {
    const v = mi({ "skills-a-index.md": idx(), "memory-index.md": root(["k", "skills-a-index, a-x"]), ...files("a-x") });
    expect(v.orphans.map((o) => [o.file, o.domain])).toEqual([["a-x", "a"]]);
  });
  it("TC-O-29 orphans alone: passed, exit 0", () => {
    const f = { ...AUTH, ...files("auth-orphan-file") };
    expect(mi(f).passed).toBe(true);
    expect(runCli(["memory-index", "--dir", fixture(f)]).code).toBe(0);
  });
});

describe("memory-index catalog §12.2 CLI and exit codes", () => {
  const CI = { "skills-ci-index.md": idx(["alpha", "ci-skill"]), ...files("ci-skill") };
  const OK = { "skills-test-index.md": idx(["alpha beta gamma delta epsilon", "test-skill"]), ...files("test-skill"), "memory-index.md": root(["test", "skills-test-index"]) };
  it("TC-C-01 missing path, json: exit 2, one line on stderr, empty stdout (adopted from the issue)", () => {
    const r = runCli(["memory-index", "--dir", "/nonexistent/path", "-f", "json"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^agentcheck: memory directory not found: .*nonexistent\/path\n$/);
  });
  it("TC-C-02 CONFLICT: missing path exits 2", () => {
    expect(runCli(["memory-index", "--dir", "/nonexistent/path"]).code).toBe(2);
  });
  it("TC-C-03 missing path without CI: still 2 (agentcheck has one exit policy)", () => {
    expect(runCli(["memory-index", "--dir", "/nonexistent/path"], { env: { CI: undefined } }).code).toBe(2);
  });
  it("TC-C-04 missing path with CI: 2", () => {
    expect(runCli(["memory-index", "--dir", "/nonexistent/path"], { env: { CI: "true" } }).code).toBe(2);
  });
  it("TC-C-05 API: a missing directory is a usage error, not a report", async () => {
    const { runMemoryIndexCommand } = await import("../../dist/commands/memory-index.js");
    await expect(runMemoryIndexCommand({ dir: "/nonexistent/path" })).rejects.toThrow(/memory directory not found/);
  });
  it("TC-C-06 CONFLICT: no root exits 1; with a root index exits 0", () => {
    expect(runCli(["memory-index", "--dir", fixture(CI)]).code).toBe(1);
    expect(runCli(["memory-index", "--dir", fixture({ ...CI, "memory-index.md": root(["ci", "skills-ci-index"]) })]).code).toBe(0);
  });
  it("TC-C-07 empty dir: the report fails, exit 1 (agentcheck always exits by verdict)", () => {
    expect(runCli(["memory-index", "--dir", fixture({})]).code).toBe(1);
  });
  it("TC-C-08 clean fixture exits 0", () => {
    expect(runCli(["memory-index", "--dir", fixture(OK)]).code).toBe(0);
  });
  it("TC-C-09 missing file exits 1", () => {
    expect(runCli(["memory-index", "--dir", fixture({ "skills-broken-index.md": idx(["alpha", "missing-skill"]) })]).code).toBe(1);
  });
  it("TC-C-10 json: one document, passing verdict", () => {
    const { code, doc } = json(fixture({ "skills-test-index.md": idx(["alpha", "test-skill"]), ...files("test-skill"), "memory-index.md": root(["test", "skills-test-index"]) }));
    expect(code).toBe(0);
    expect(doc.results.find((r: { data?: Record<string, string> }) => r.data?.domains).data.verdict).toBe("pass");
  });
  it("TC-C-11 adapted (no markdown format): text output carries the report; no root exits 1", () => {
    const r = runCli(["memory-index", "--dir", fixture({ "skills-test-index.md": idx(["alpha", "test-skill"]), ...files("test-skill") })]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Result: FAILED");
  });
  it("TC-C-12 text format runs", () => {
    const r = runCli(["memory-index", "--dir", fixture({ "skills-test-index.md": idx(["alpha", "test-skill"]), ...files("test-skill") }), "-f", "text"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("index test: PASS, 1 entries");
  });
  it("TC-C-13 console run completes", () => {
    const r = runCli(["memory-index", "--dir", fixture({ "skills-format-index.md": idx(["alpha beta gamma", "format-skill"]), ...files("format-skill") })]);
    expect([0, 1]).toContain(r.code);
    expect(r.stderr).toBe("");
  });
  it("TC-C-14 orphans are reported and nothing is changed (no fix mode)", () => {
    const dir = fixture({ "skills-fix-index.md": idx(["alpha", "fix-indexed"]), ...files("fix-indexed", "fix-orphaned") });
    const before = readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]);
    const { doc } = json(dir);
    expect(doc.results.flatMap((r: { findings: { message: string }[] }) => r.findings.map((f) => f.message))).toContain(
      "Orphaned file (not indexed): fix-orphaned (should be in skills-fix-index)",
    );
    expect(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")])).toEqual(before);
  });
  it("TC-C-15 default directory: .serena/memories of the repository", () => {
    const repo = makeRepo({ ".serena/memories/skills-a-index.md": idx(["k", "a-x"]) });
    const r = runCli(["memory-index"], { cwd: repo, env: { MEMORY_PATH: undefined } });
    expect(r.stdout).toContain(".serena/memories/skills-a-index.md");
  });
  it("TC-C-16 no --ci flag needed: exit codes follow the verdict", () => {
    expect(runCli(["memory-index", "--dir", fixture({})]).code).toBe(1);
    expect(runCli(["memory-index", "--ci"]).code).toBe(2); // unknown option: usage error
  });
  it("TC-C-17 formats text and json accepted", () => {
    const dir = fixture(OK);
    for (const f of ["text", "json"]) expect(runCli(["memory-index", "--dir", dir, "-f", f]).code).toBe(0);
  });
  it("TC-C-18 MEMORY_PATH gives the default directory", () => {
    const r = runCli(["memory-index"], { env: { MEMORY_PATH: "/custom/path", CI: "true" } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("/custom/path");
    expect(runCli(["memory-index"], { env: { MEMORY_PATH: fixture(OK) } }).code).toBe(0);
  });
  it("TC-C-19 unknown format: exit 2", () => {
    expect(runCli(["memory-index", "--dir", fixture(OK), "-f", "xml"]).code).toBe(2);
  });
  it("TC-C-20 CI=yes changes nothing", () => {
    const dir = fixture({});
    expect(runCli(["memory-index", "--dir", dir], { env: { CI: "yes" } }).code).toBe(runCli(["memory-index", "--dir", dir], { env: { CI: undefined } }).code);
  });
});

describe("memory-index catalog §12.12 output", () => {
  const C13 = { "skills-format-index.md": idx(["alpha beta gamma", "format-skill"]), ...files("format-skill") };
  const T = { "skills-test-index.md": idx(["alpha", "test-skill"]), ...files("test-skill") };
  it("TC-OUT-01 json parses", () => {
    expect(() => JSON.parse(runCli(["memory-index", "--dir", fixture(C13), "-f", "json"]).stdout)).not.toThrow();
  });
  it("TC-OUT-02 adapted: the text report has the run summary", () => {
    expect(runCli(["memory-index", "--dir", fixture(C13)]).stdout).toMatch(/memory index \(reference layout\): Domains: 1 total/);
  });
  it("TC-OUT-03 adapted: summary metrics present", () => {
    expect(runCli(["memory-index", "--dir", fixture(C13)]).stdout).toContain("Files: 1 indexed, 0 missing; Keyword Issues: 0");
  });
  it("TC-OUT-04 adapted: summary and metrics for one domain", () => {
    const out = runCli(["memory-index", "--dir", fixture(T)]).stdout;
    expect(out).toContain("Domains: 1 total, 1 passed, 0 failed");
  });
  it("TC-OUT-05 adapted: per-domain line", () => {
    expect(runCli(["memory-index", "--dir", fixture(T)]).stdout).toContain("index test: PASS");
  });
  it("TC-OUT-06 adapted: JSON has results, summary and per-index data", () => {
    const doc = JSON.parse(runCli(["memory-index", "--dir", fixture(T), "-f", "json"]).stdout);
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(["results", "summary"]));
    expect(doc.results.find((r: { data?: Record<string, string> }) => r.data?.domain === "test").data.uniqueness).toBe("test-skill\t1.0");
  });
  it("TC-OUT-07 failing fixture: final line and Result: FAILED", () => {
    const out = runCli(["memory-index", "--dir", fixture({ "skills-broken-index.md": idx(["alpha", "missing-skill"]) })]).stdout;
    expect(out).toContain("Result: FAILED");
    expect(out.trimEnd().split("\n").pop()).toMatch(/checked: \d+ errors?/);
  });
  it("TC-OUT-08 INVALID orphan text", () => {
    const out = runCli(["memory-index", "--dir", fixture(files("skill-x"))]).stdout;
    expect(out).toContain("Orphaned file (not indexed): skill-x (should be in Rename to {domain}-{description} format per ADR-017)");
  });
  it("TC-OUT-09 format-only failure: the issue is shown (parity gap closed)", () => {
    const out = runCli(["memory-index", "--dir", fixture({ "skills-a-index.md": `# T\n\n${idx()}` })]).stdout;
    expect(out).toContain("index a: FAIL");
    expect(out).toContain("Title detected");
  });
});

describe("memory-index catalog §12.13 integration", () => {
  it("TC-I-01 clean run", () => {
    const v = mi({
      "skills-test-index.md": idx(["alpha beta gamma delta epsilon", "test-skill-one"], ["zeta eta theta iota kappa", "test-skill-two"]),
      ...files("test-skill-one", "test-skill-two"),
      "memory-index.md": root(["test", "skills-test-index"]),
    });
    expect(v.passed).toBe(true);
    expect(v.summary.domains).toBe(1);
    expect(v.summary.missing_files).toBe(0);
  });
  it("TC-I-02 broken index", () => {
    const v = mi({ "skills-broken-index.md": idx(["alpha beta", "missing-skill"]) });
    expect(v.passed).toBe(false);
    expect(v.summary.missing_files).toBe(1);
  });
  it("TC-I-03 two domains", () => {
    const v = mi({ "skills-d1-index.md": idx(["alpha", "d1-skill"]), "skills-d2-index.md": idx(["beta", "d2-skill"]), ...files("d1-skill", "d2-skill") });
    expect(v.summary.domains).toBe(2);
    expect(Object.keys(v.domains).sort()).toEqual(["d1", "d2"]);
  });
  it("TC-I-04 one domain, two files, valid", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login session", "auth-login-flow"], ["auth logout signout", "auth-logout-process"]), ...files("auth-login-flow", "auth-logout-process"), "memory-index.md": root(["auth", "skills-auth-index"]) });
    expect([v.summary.domains, v.summary.total_files, v.passed]).toEqual([1, 2, true]);
  });
  it("TC-I-05 two domains valid", () => {
    const v = mi({
      "skills-auth-index.md": idx(["auth login", "auth-login-flow"]),
      "skills-build-index.md": idx(["build compile", "build-process"]),
      ...files("auth-login-flow", "build-process"),
      "memory-index.md": root(["auth", "skills-auth-index"], ["build", "skills-build-index"]),
    });
    expect([v.summary.domains, v.passed]).toEqual([2, true]);
  });
  it("TC-I-06 five files, two domains, no orphans", () => {
    const v = mi({
      "skills-auth-index.md": idx(["auth login jwt bearer token", "auth-jwt-flow"], ["auth oauth2 pkce authorization code", "auth-oauth-flow"], ["auth logout signout session revoke", "auth-logout"]),
      "skills-build-index.md": idx(["build compile msbuild dotnet restore", "build-dotnet"], ["build test xunit nunit coverage", "build-testing"]),
      ...files("auth-jwt-flow", "auth-oauth-flow", "auth-logout", "build-dotnet", "build-testing"),
      "memory-index.md": root(["auth", "skills-auth-index"], ["build", "skills-build-index"]),
    });
    expect(v.passed).toBe(true);
    expect(v.summary).toMatchObject({ domains: 2, passed_domains: 2, total_files: 5, missing_files: 0 });
    expect(v.orphans).toEqual([]);
  });
  it("TC-I-07 deterministic: two runs give the same report apart from the duration", () => {
    const dir = fixture({ "skills-a-index.md": idx(["a b", "a-x"], ["a c", "a-y"]), ...files("a-x", "a-z", "skill-q") });
    const strip = (s: string) => s.replace(/"durationMs": [\d.]+/, "");
    expect(strip(runCli(["memory-index", "--dir", dir, "-f", "json"]).stdout)).toBe(strip(runCli(["memory-index", "--dir", dir, "-f", "json"]).stdout));
  });
});
