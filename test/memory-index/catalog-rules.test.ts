// Spec §12.4 (MI-003), §12.5 (MI-004/014), §12.6 (MI-005), §12.8 (MI-010), §12.11 (MI-018/019).
import { describe, it, expect } from "vitest";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mi, idx, root, files, fixture, runDir } from "./mi-helpers.js";
import { runCli, tmpDir } from "../helpers.js";

const PR = { "skills-pr-index.md": idx(["pr review verification", "skill-pr-001"]), ...files("skill-pr-001") };
const PR_OK = { "skills-pr-index.md": idx(["pr review verification", "pr-review-001"]), ...files("pr-review-001") };
const MIXED = {
  "skills-mixed-index.md": idx(["a b", "mixed-valid-entry"], ["c d", "skill-mixed-invalid"], ["e f", "mixed-another-valid"]),
  ...files("mixed-valid-entry", "skill-mixed-invalid", "mixed-another-valid"),
};
const GHOST = { "skills-ghost-index.md": idx(["ghost skill entry", "skill-ghost-missing"]) };
const TWO_BAD = {
  "skills-domain1-index.md": idx(["domain1 keywords", "skill-domain1-bad"]),
  "skills-domain2-index.md": idx(["domain2 keywords", "skill-domain2-bad"]),
  ...files("skill-domain1-bad", "skill-domain2-bad"),
};

describe("memory-index catalog §12.4 MI-003 deprecated skill- prefix", () => {
  it("TC-003-01 file references fail", () => {
    expect(mi(PR).domains.pr.passed).toBe(false);
  });
  it("TC-003-02 exact message", () => {
    expect(mi(PR).domains.pr.msgs("MI-003")).toEqual(["Index references deprecated 'skill-' prefix: skill-pr-001.md (ADR-017 violation)"]);
  });
  it("TC-003-03 the name is reported", () => {
    expect(mi(PR).domains.pr.msgs("MI-003")[0]).toContain("skill-pr-001");
  });
  it("TC-003-04 CLI exits 1", () => {
    expect(runCli(["memory-index", "--dir", fixture(PR)]).code).toBe(1);
  });
  it("TC-003-05 run fails", () => {
    expect(mi(PR).passed).toBe(false);
  });
  it("TC-003-06 conforming name passes", () => {
    expect(mi(PR_OK).domains.pr.msgs("MI-002", "MI-003", "MI-004")).toEqual([]);
  });
  it("TC-003-07 no naming violations", () => {
    expect(mi(PR_OK).domains.pr.msgs("MI-003")).toEqual([]);
  });
  it("TC-003-08 CONFLICT: no root exits 1 (MI-011); with a root index exit 0", () => {
    expect(runCli(["memory-index", "--dir", fixture(PR_OK)]).code).toBe(1);
    expect(runCli(["memory-index", "--dir", fixture({ ...PR_OK, "memory-index.md": root(["pr", "skills-pr-index"]) })]).code).toBe(0);
  });
  it("TC-003-09 mixed index fails", () => {
    expect(mi(MIXED).domains.mixed.passed).toBe(false);
  });
  it("TC-003-10 exactly one naming violation", () => {
    expect(mi(MIXED).domains.mixed.msgs("MI-003")).toEqual(["Index references deprecated 'skill-' prefix: skill-mixed-invalid.md (ADR-017 violation)"]);
  });
  it("TC-003-11 all three exist (no MI-002)", () => {
    expect(mi(MIXED).domains.mixed.msgs("MI-002")).toEqual([]);
  });
  it("TC-003-12 missing skill- file: naming issue then missing issue", () => {
    const d = mi(GHOST).domains.ghost;
    const ms = d.msgs("MI-002", "MI-003", "MI-004");
    expect(ms).toHaveLength(2);
    expect(ms[0]).toContain("ADR-017 violation");
    expect(ms[1]).toContain("Missing file");
  });
  it("TC-003-13 in both lists", () => {
    const d = mi(GHOST).domains.ghost;
    expect(d.msgs("MI-003")[0]).toContain("skill-ghost-missing");
    expect(d.msgs("MI-002")).toEqual(["Missing file: skill-ghost-missing.md"]);
  });
  it("TC-003-14 skillbook- is fine", () => {
    const v = mi({ "skills-skillbook-index.md": idx(["skillbook patterns", "skillbook-management"]), ...files("skillbook-management") });
    expect(v.domains.skillbook.msgs("MI-002", "MI-003", "MI-004")).toEqual([]);
  });
  it("TC-003-15 no naming violation for skillbook-", () => {
    const v = mi({ "skills-skillbook-index.md": idx(["skillbook patterns", "skillbook-management"]), ...files("skillbook-management") });
    expect(v.domains.skillbook.msgs("MI-003")).toEqual([]);
  });
  it("TC-003-16 both domains fail", () => {
    const v = mi(TWO_BAD);
    expect(v.domains.domain1.passed).toBe(false);
    expect(v.domains.domain2.passed).toBe(false);
  });
  it("TC-003-17 failed_domains 2", () => {
    expect(mi(TWO_BAD).summary.failed_domains).toBe(2);
  });
  it("TC-003-18 skill-bad", () => {
    const d = mi({ "skills-a-index.md": idx(["a", "skill-bad"]), ...files("skill-bad") }).domains.a;
    expect(d.passed).toBe(false);
    expect(d.msgs("MI-003")[0]).toContain("ADR-017 violation");
  });
  it("TC-003-19 skillbook-one", () => {
    expect(mi({ "skills-a-index.md": idx(["a", "skillbook-one"]), ...files("skillbook-one") }).domains.a.msgs("MI-003")).toEqual([]);
  });
  it("TC-003-20 one violation among three", () => {
    const d = mi({ "skills-a-index.md": idx(["a", "valid-entry"], ["b", "skill-bad"], ["c", "another-valid"]), ...files("valid-entry", "skill-bad", "another-valid") }).domains.a;
    expect(d.msgs("MI-003")).toHaveLength(1);
    expect(d.msgs("MI-002")).toEqual([]);
  });
  it("TC-003-21 skill-ghost: exactly 2 issues", () => {
    expect(mi({ "skills-a-index.md": idx(["a", "skill-ghost"]) }).domains.a.msgs("MI-002", "MI-003", "MI-004")).toHaveLength(2);
  });
  it("TC-003-22 auth with skill- entry", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login", "skill-auth-login"]), ...files("skill-auth-login"), "memory-index.md": root(["auth", "skills-auth-index"]) });
    expect(v.passed).toBe(false);
    expect(v.domains.auth.msgs("MI-003")).toHaveLength(1);
  });
});

describe("memory-index catalog §12.5 MI-004 / MI-014 path traversal", () => {
  it("TC-004-01 ../ entry", () => {
    const d = mi({ "skills-a-index.md": idx(["a", "../../../../etc/passwd"]) }).domains.a;
    expect(d.passed).toBe(false);
    expect(d.msgs("MI-004")).toEqual(["Path traversal detected: ../../../../etc/passwd.md"]);
    expect(d.msgs("MI-002")).toEqual([]);
  });
  it("TC-004-02 ../ in the root index", () => {
    const v = mi({ "memory-index.md": root(["evil", "../../../../etc/passwd"]) });
    expect(v.rootMsgs("MI-014")).toEqual(["P1 VALIDITY: Path traversal detected in memory-index: ../../../../etc/passwd.md"]);
    expect(v.passed).toBe(false);
  });
  it("TC-004-03 absolute name", () => {
    expect(mi({ "skills-a-index.md": idx(["k", "/etc/passwd"]) }).domains.a.msgs("MI-004")).toEqual(["Path traversal detected: /etc/passwd.md"]);
  });
  it("TC-004-04 symlink to a file outside", () => {
    const outside = tmpDir("agentcheck-out-");
    writeFileSync(join(outside, "secret.md"), "x\n");
    const dir = fixture({ "skills-a-index.md": idx(["k", "a-x"]) });
    symlinkSync(join(outside, "secret.md"), join(dir, "a-x.md"));
    expect(runDir(dir).domains.a.msgs("MI-004")).toEqual(["Path traversal detected: a-x.md"]);
  });
});

const u = (...rows: [string, string][]) => mi({ "skills-a-index.md": idx(...rows) }).domains.a;

describe("memory-index catalog §12.6 MI-005 keyword uniqueness", () => {
  const OVERLAP = { "skills-overlap-index.md": idx(["shared keyword overlap common alpha", "skill-one"], ["shared keyword overlap common beta", "skill-two"]), ...files("skill-one", "skill-two") };
  const UNIQUE = { "skills-unique-index.md": idx(["alpha beta gamma delta epsilon", "unique-skill-one"], ["zeta eta theta iota kappa", "unique-skill-two"]), ...files("unique-skill-one", "unique-skill-two") };
  it("TC-005-01 densities recorded", () => {
    expect(Object.keys(mi(OVERLAP).domains.overlap.densities).length).toBeGreaterThan(0);
  });
  it("TC-005-02 20% each fails", () => {
    const d = mi(OVERLAP).domains.overlap;
    expect(d.msgs("MI-005")).toHaveLength(2);
    expect(d.densities).toEqual({ "skill-one": 0.2, "skill-two": 0.2 });
  });
  it("TC-005-03 keyword_issues 2", () => {
    expect(mi(OVERLAP).summary.keyword_issues).toBe(2);
  });
  it("TC-005-04 unique keywords pass", () => {
    expect(mi(UNIQUE).domains.unique.msgs("MI-005")).toEqual([]);
  });
  it("TC-005-05 density 1.0", () => {
    expect(mi(UNIQUE).domains.unique.densities["unique-skill-one"]).toBe(1);
  });
  it("TC-005-06 single entry passes", () => {
    expect(mi({ "skills-single-index.md": idx(["alpha beta gamma", "single-skill"]) }).domains.single.msgs("MI-005")).toEqual([]);
  });
  it("TC-005-07 single entry density 1.0", () => {
    expect(mi({ "skills-single-index.md": idx(["alpha beta gamma", "single-skill"]) }).domains.single.densities).toEqual({ "single-skill": 1 });
  });
  it("TC-005-08 case-insensitive overlap fails", () => {
    const d = mi({ "skills-case-index.md": idx(["Alpha BETA gamma", "case-skill-one"], ["ALPHA beta GAMMA", "case-skill-two"]) }).domains["case"];
    expect(d.msgs("MI-005")).toHaveLength(2);
    expect(d.densities).toEqual({ "case-skill-one": 0, "case-skill-two": 0 });
  });
  it("TC-005-09 disjoint sets: 1.0 both", () => {
    expect(u(["alpha beta gamma", "skill-one"], ["delta epsilon zeta", "skill-two"]).densities).toEqual({ "skill-one": 1, "skill-two": 1 });
  });
  it("TC-005-10 4 of 5 shared: 0.2 both", () => {
    const d = u(["a b c d x", "skill-one"], ["a b c d y", "skill-two"]);
    expect(d.densities).toEqual({ "skill-one": 0.2, "skill-two": 0.2 });
    expect(d.msgs("MI-005")).toHaveLength(2);
  });
  it("TC-005-11 single entry {alpha, beta}: 1.0", () => {
    expect(u(["alpha beta", "skill-one"]).densities).toEqual({ "skill-one": 1 });
  });
  it("TC-005-12 no entries: passes, no densities", () => {
    const d = u();
    expect(d.densities).toEqual({});
    expect(d.msgs("MI-005")).toEqual([]);
  });
  it("TC-005-13 mixed case overlap fails", () => {
    expect(u(["Alpha BETA gamma", "skill-one"], ["ALPHA beta GAMMA", "skill-two"]).msgs("MI-005")).toHaveLength(2);
  });
  it("TC-005-14 empty keyword set: 0.0", () => {
    expect(u(["", "empty-keywords"], ["alpha", "has-keywords"]).densities["empty-keywords"]).toBe(0);
  });
  it("TC-005-15 single auth entry: 1.0", () => {
    expect(mi({ "skills-auth-index.md": idx(["auth login session token", "auth-login-flow"]) }).domains.auth.densities).toEqual({ "auth-login-flow": 1 });
  });
  it("TC-005-16 near-identical rows fail", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login session token jwt", "auth-login-flow"], ["auth login session token oauth", "auth-oauth-flow"]), ...files("auth-login-flow", "auth-oauth-flow"), "memory-index.md": root(["auth", "skills-auth-index"]) });
    expect(v.passed).toBe(false);
    expect(v.domains.auth.msgs("MI-005").length).toBeGreaterThan(0);
  });
  it("TC-005-17 4/5 unique each passes", () => {
    const d = mi({ "skills-auth-index.md": idx(["auth login session jwt bearer", "auth-jwt-flow"], ["auth oauth2 pkce code grant", "auth-oauth-flow"]) }).domains.auth;
    expect(d.msgs("MI-005")).toEqual([]);
    expect(d.densities).toEqual({ "auth-jwt-flow": 0.8, "auth-oauth-flow": 0.8 });
  });
  it("TC-005-18 exactly 0.4 passes (inclusive)", () => {
    const d = u(["u1 u2 u3 u4 s1 s2 s3 s4 s5 s6", "a-x"], ["s1 s2 s3 s4 s5 s6", "a-y"]);
    expect(d.densities["a-x"]).toBe(0.4);
    expect(d.msgs("MI-005").some((m) => m.includes("a-x"))).toBe(false);
  });
  it("TC-005-19 17/43 rounds to 0.40 and passes", () => {
    const uniq = Array.from({ length: 17 }, (_, i) => `u${i}`);
    const shared = Array.from({ length: 26 }, (_, i) => `s${i}`);
    const d = u([[...uniq, ...shared].join(" "), "a-x"], [shared.join(" "), "a-y"]);
    expect(d.densities["a-x"]).toBe(0.4);
    expect(d.msgs("MI-005").some((m) => m.includes("a-x "))).toBe(false);
  });
  it("TC-005-20 5/8 is reported as 0.62 and 62%", () => {
    const d = u(["u1 u2 u3 u4 u5 s1 s2 s3", "a-x"], ["s1 s2 s3", "a-y"]);
    expect(d.densities["a-x"]).toBe(0.62);
    const dir = fixture({ "skills-a-index.md": idx(["u1 u2 u3 u4 u5 s1 s2 s3", "a-x"], ["s1 s2 s3", "a-y"]) });
    expect(runCli(["memory-index", "--dir", dir]).stdout).toContain("    a-x: 62%");
  });
  it("TC-005-21 nearest-integer percent in the message", () => {
    expect(u(["a b c d e f g", "a-x"], ["a b c d e z", "a-y"]).msgs("MI-005")).toEqual([
      "Low keyword uniqueness: a-x has 29% unique keywords (need >=40%)",
      "Low keyword uniqueness: a-y has 17% unique keywords (need >=40%)",
    ]);
  });
  it("TC-005-22 duplicated name re-reported per row", () => {
    const d = u(["a b", "a-x"], ["a b", "a-y"], ["a b", "a-x"]);
    expect(d.msgs("MI-005")).toHaveLength(3);
    expect(d.densities).toEqual({ "a-x": 0, "a-y": 0 });
  });
  it("TC-005-23 last row of a name gives its set", () => {
    const d = u(["a b", "a-x"], ["c d", "a-x"], ["a e", "a-y"]);
    expect(d.densities).toEqual({ "a-x": 1, "a-y": 1 });
    expect(d.msgs("MI-005")).toEqual([]);
  });
  it("TC-005-24 two empty keyword cells fail", () => {
    const d = u(["", "a-x"], ["", "a-y"]);
    expect(d.densities).toEqual({ "a-x": 0, "a-y": 0 });
    expect(d.msgs("MI-005")).toHaveLength(2);
  });
});

describe("memory-index catalog §12.8 MI-010 duplicates", () => {
  it("TC-010-01 distinct entries pass", () => {
    expect(u(["a", "skill-one"], ["b", "skill-two"]).msgs("MI-010")).toEqual([]);
  });
  it("TC-010-02 duplicate reported", () => {
    const d = u(["a", "skill-one"], ["b", "skill-one"]);
    expect(d.msgs("MI-010")).toEqual(["Duplicate entry: skill-one appears multiple times in index"]);
    expect(d.passed).toBe(false);
  });
  it("TC-010-03 exactly one duplicate", () => {
    const d = mi({ "skills-auth-index.md": idx(["auth login", "auth-login-flow"], ["auth session", "auth-login-flow"]), ...files("auth-login-flow"), "memory-index.md": root(["auth", "skills-auth-index"]) }).domains.auth;
    expect(d.msgs("MI-010")).toHaveLength(1);
  });
  it("TC-010-04 different files pass", () => {
    const d = mi({ "skills-auth-index.md": idx(["auth login jwt", "auth-login-flow"], ["auth logout signout", "auth-logout-flow"]), ...files("auth-login-flow", "auth-logout-flow") }).domains.auth;
    expect(d.msgs("MI-010")).toEqual([]);
  });
  it("TC-010-05 duplicate without files", () => {
    expect(mi({ "skills-auth-index.md": idx(["auth login", "auth-login-flow"], ["auth session", "auth-login-flow"]) }).domains.auth.msgs("MI-010")).toHaveLength(1);
  });
  it("TC-010-06 three rows, one issue at the second row", () => {
    const v = mi({ "skills-a-index.md": idx(["x", "a"], ["y", "a"], ["z", "a"]) });
    const f = v.domains.a.findings.filter((x) => x.ruleId === "MI-010");
    expect(f.map((x) => [x.message, x.line])).toEqual([["Duplicate entry: a appears multiple times in index", 4]]);
  });
  it("TC-010-07 bare and linked forms are the same name", () => {
    expect(u(["x", "a"], ["y", "[a](a.md)"]).msgs("MI-010")).toHaveLength(1);
  });
  it("TC-010-08 same file in two indices is allowed", () => {
    const v = mi({ "skills-a-index.md": idx(["x", "shared"]), "skills-b-index.md": idx(["y", "shared"]) });
    expect(v.all.filter((f) => f.ruleId === "MI-010")).toEqual([]);
  });
});

describe("memory-index catalog §12.11 MI-018 / MI-019", () => {
  it("TC-P2-01 five keywords pass", () => {
    expect(u(["a b c d e", "a-x"]).msgs("MI-018")).toEqual([]);
  });
  it("TC-P2-02 two keywords warn", () => {
    const d = u(["a b", "a-x"]);
    expect(d.msgs("MI-018")[0]).toContain("Insufficient keywords");
    expect(d.findings.find((f) => f.ruleId === "MI-018")!.severity).toBe("warning");
  });
  it("TC-P2-03 warning only: verdict unaffected", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login", "auth-login-flow"]), ...files("auth-login-flow"), "memory-index.md": root(["auth", "skills-auth-index"]) });
    expect(v.domains.auth.msgs("MI-018")).toHaveLength(1);
    expect(v.passed).toBe(true);
  });
  it("TC-P2-04 five keywords", () => {
    expect(mi({ "skills-auth-index.md": idx(["auth login session token jwt", "auth-login-flow"]) }).domains.auth.msgs("MI-018")).toEqual([]);
  });
  it("TC-P2-05 prefixed name passes", () => {
    expect(mi({ "skills-test-index.md": idx(["a", "test-skill"]) }).domains.test.msgs("MI-019")).toEqual([]);
  });
  it("TC-P2-06 other prefix warns", () => {
    expect(mi({ "skills-test-index.md": idx(["a", "other-skill"]) }).domains.test.msgs("MI-019")[0]).toContain("Naming violation");
  });
  it("TC-P2-07 one non-conforming name, verdict unaffected", () => {
    const v = mi({ "skills-auth-index.md": idx(["auth login", "login-auth-flow"]), ...files("login-auth-flow"), "memory-index.md": root(["auth", "skills-auth-index"]) });
    expect(v.domains.auth.msgs("MI-019")).toEqual(["Naming violation: login-auth-flow should start with 'auth-' per ADR-017"]);
    expect(v.passed).toBe(true);
  });
  it("TC-P2-08 conforming name", () => {
    expect(mi({ "skills-auth-index.md": idx(["auth login", "auth-login-flow"]) }).domains.auth.msgs("MI-019")).toEqual([]);
  });
  it("TC-P2-09 raw token count (a a a a a = 5)", () => {
    expect(mi({ "skills-x-index.md": idx(["a a a a a", "x-y"]) }).domains.x.msgs("MI-018")).toEqual([]);
  });
});
