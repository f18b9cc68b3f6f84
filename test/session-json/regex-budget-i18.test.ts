// Issue 18: the regular-expression engine's step/depth budget is an internal limit (AC-904), never
// a verdict on the input ("does not match").
import { describe, it, expect } from "vitest";
import { BUILTIN_SESSION_SCHEMA } from "../../dist/validators/session-json-schema.js";
import { run, validLog } from "./util.js";

function withBranchPattern(pattern: string): string {
  const s = JSON.parse(JSON.stringify(BUILTIN_SESSION_SCHEMA));
  s.properties.session.properties.branch = { type: "string", pattern };
  return JSON.stringify(s);
}
function logOnBranch(branch: string) {
  const l = validLog();
  l.session.branch = branch;
  return l;
}

describe("issue 18: regex engine step budget", () => {
  const schema = withBranchPattern("^feat/(a|b)*$");
  it("regex step budget: a short branch matches the pattern (no finding)", () => {
    const r = run(logOnBranch("feat/" + "ab".repeat(20)), { schema });
    expect(r.findings.filter((f) => f.id === "SP-102" || f.id === "AC-904")).toEqual([]);
  });
  it("regex step budget: a genuine mismatch is still SP-102 'does not match'", () => {
    const r = run(logOnBranch("feat/abc"), { schema });
    expect(r.findings.find((f) => f.id === "SP-102")?.message).toMatch(/does not match/);
  });
  it("regex step budget: exhausting the budget is AC-904 (internal limit), never 'does not match'", () => {
    for (const n of [196, 400, 5000]) {
      const r = run(logOnBranch("feat/" + "a".repeat(n)), { schema });
      const msgs = r.findings.map((f) => `${f.id} ${f.message}`);
      expect(msgs.filter((m) => /does not match/.test(m)), `n=${n}`).toEqual([]);
      const lim = r.findings.filter((f) => f.id === "AC-904");
      expect(lim.length, `n=${n}: ${msgs.join(" | ")}`).toBe(1);
      expect(lim[0].severity).toBe("error");
      expect(lim[0].message).toMatch(/session\.branch: pattern .* not checked: the regular-expression budget ran out/);
      expect(r.status).not.toBe("pass");
    }
  });
  it("regex step budget: a catastrophic pattern on patternProperties is AC-904, not 'additional property'", () => {
    const s = JSON.parse(JSON.stringify(BUILTIN_SESSION_SCHEMA));
    s.properties.session.patternProperties = { "^(x|x)*y$": {} };
    const l = logOnBranch("feat/x");
    (l.session as Record<string, unknown>)["x".repeat(40)] = 1;
    const r = run(l, { schema: JSON.stringify(s) });
    expect(r.findings.filter((f) => f.id === "AC-904").length).toBe(1);
  });
});
