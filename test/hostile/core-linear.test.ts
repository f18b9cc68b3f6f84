// Issue 33 items 3 and 8: no path of the rule core or of its neighbours is quadratic in its input.
// One JSON string with ~23,000 escapes exhausted the core's memory (`unreachable`) in every JSON
// entry point (a string was concatenated per escape); a directive comment or a percent-encoded link
// target were built one character at a time the same way; 2,000 nested braces in a glob overflowed
// the stack; a 2,800-level nested list kept `session migrate-handoff --dry-run` busy 48 s (`\s+$`
// retried each run of white space from each of its positions). Every case runs in process on inputs
// large enough that the old code trapped or ran far past the test timeout; speed targets are in
// `npm run bench` (scripts/bench/session-state.mjs), never here.
import { describe, expect, it } from "vitest";
import { executeValidator } from "../../dist/engine.js";
import { KIND } from "../../dist/wasm/abi.js";
import { MANIFEST_SCHEMA } from "../../dist/wasm/generated/manifest-schema.js";
import { stateIssues } from "../../dist/state/check.js";
import { planHandoff } from "../../dist/handoff/migrate.js";
import { compileGlob, globMatch, MAX_BRACE_DEPTH } from "../../src/glob.js";
import { UsageError } from "../../src/report.js";

const enc = new TextEncoder();
/** 200,000 escapes in one string (the old core trapped from ~23,000 on, and at 10,000 in a manifest). */
const ESCAPES = 200_000;
const bomb = (unit = "\n") => `a${unit.repeat(ESCAPES)}`;
const T0 = "2026-02-11T09:00:00.000Z";

describe("issue 33 item 3: JSON string decoding in the core is linear (the escape bomb)", () => {
  const cases: { name: string; run: () => { internalErrors: string[]; ruleIds: string[] } }[] = [
    {
      name: "manifest (SM-002 schema layer): 200,000 escapes in session_id and topic",
      run: () => {
        const text = JSON.stringify({ session_id: bomb(), topic: bomb("\\") });
        const o = executeValidator("manifest", [{ file: ".agents/sessions/s/state.json", kind: KIND.MANIFEST, bytes: enc.encode(text) }], { "manifest.schema": MANIFEST_SCHEMA });
        return { internalErrors: o.internalErrors, ruleIds: o.results.flatMap((r) => r.findings.map((f) => f.ruleId)) };
      },
    },
    {
      name: "session log JSON (SP-102): 200,000 \\u escapes in schemaVersion",
      run: () => {
        const text = JSON.stringify({ schemaVersion: bomb("\u0001"), session: {} });
        const o = executeValidator("session-log", [{ file: ".agents/sessions/2026-01-05-session-1.json", kind: KIND.SESSION_JSON, bytes: enc.encode(text) }], {
          now: "2026-01-06T12:00:00Z",
          "session.schema": JSON.stringify({ properties: { schemaVersion: { type: "string", pattern: "^1\\.0$" } } }),
        });
        return { internalErrors: o.internalErrors, ruleIds: o.results.flatMap((r) => r.findings.map((f) => f.ruleId)) };
      },
    },
    {
      name: ".aibrain task checkpoint (task save --data): 200,000 escapes in a front-matter value",
      run: () => {
        const fm = { id: "S-1", task_id: bomb('"'), project: "p", created_at: "2026-02-07T10:00:00Z", updated_at: "2026-02-07T11:00:00Z", iteration_count: 1, checkpoint_number: 0, phase: "build", status: "in_progress" };
        const o = executeValidator("aibrain", [{ file: ".aibrain/sessions/session-T1.md", kind: KIND.AIBRAIN, bytes: enc.encode(`---\n${JSON.stringify(fm)}\n---\n\nbody\n`) }], {});
        return { internalErrors: o.internalErrors, ruleIds: o.results.flatMap((r) => r.findings.map((f) => f.ruleId)) };
      },
    },
  ];
  for (const c of cases) {
    it(`${c.name}: judged, no AC-902`, () => {
      const r = c.run();
      expect(r.internalErrors).toEqual([]);
      expect(r.ruleIds).not.toContain("AC-902");
    });
  }

  it("session state (SS-002, the gate's check): 160,000 \\n escapes in a 1 MiB state, judged without a trap", () => {
    const s = {
      sessionId: "s1", currentMode: "coding", modeHistory: [{ mode: "coding", timestamp: T0 }],
      protocolStartComplete: true, protocolEndComplete: false, protocolStartEvidence: { handoffRead: "\n".repeat(160_000) }, protocolEndEvidence: {},
      orchestratorWorkflow: null, version: 1, createdAt: T0, updatedAt: T0,
    };
    expect(stateIssues(s, undefined, "s1")).toEqual([]);
    // the decoded value is the one written: a pattern check on it still sees every character
    const bad = { ...s, modeHistory: [{ mode: `coding${"\n".repeat(160_000)}`, timestamp: T0 }] };
    expect(stateIssues(bad, undefined, "s1").map((i) => i.path)).toContain("modeHistory.0.mode");
  });
});

describe("issue 33 item 3: strings built per character elsewhere in the core", () => {
  it("AC-010: a disable directive naming one 300,000-character id is parsed without a trap", () => {
    const text = `<!-- agentcheck-disable ${"X".repeat(300_000)} -->\ntext\n`;
    const o = executeValidator("pre-pr", [{ file: "docs/a.md", kind: KIND.PREPR_FILE, bytes: enc.encode(text) }], { family: "dir", reportUnused: true, findings: [] });
    expect(o.internalErrors).toEqual([]);
    expect(o.results.flatMap((r) => r.findings.map((f) => f.ruleId))).toEqual(["AC-010"]);
  });
});

describe("issue 33 item 8: glob brace nesting is bounded (was a raw stack overflow)", () => {
  it("2,000 nested braces: a configuration error naming the bound, no stack overflow", () => {
    const p = `${"{a,".repeat(2000)}b${"}".repeat(2000)}`;
    expect(() => compileGlob(p)).toThrow(UsageError);
    expect(() => compileGlob(p)).toThrow(`braces nested deeper than ${MAX_BRACE_DEPTH} levels`);
  });
  it(`${MAX_BRACE_DEPTH} nested braces still compile and match`, () => {
    const p = `${"{a,".repeat(MAX_BRACE_DEPTH)}b${"}".repeat(MAX_BRACE_DEPTH)}`;
    expect(globMatch(p, "a")).toBe(true);
    expect(globMatch(p, "b")).toBe(true);
    expect(globMatch(p, "ab")).toBe(false);
    expect(globMatch(p, "c")).toBe(false);
  });
});

describe("issue 33 item 8: session migrate-handoff parses in linear time", () => {
  it("a 2,800-level nested list under Next steps is one hand-off holding every level (was 48 s and more)", () => {
    const lines = ["# Handoff", "", "## Next steps", ""];
    for (let k = 0; k < 2800; k++) lines.push(`${"  ".repeat(k)}- item ${k}`);
    const plan = planHandoff(`${lines.join("\n")}\n`, ".agents/HANDOFF.md");
    expect(plan.handoffs).toHaveLength(1);
    expect(plan.handoffs[0].reason).toBe("item 0");
    expect(plan.handoffs[0].context.endsWith("- item 2799")).toBe(true);
  });
  it("a heading or table delimiter row with 200,000 spaces before its end", () => {
    const sp = " ".repeat(200_000);
    const text = `# Decisions${sp}#${sp}\n\n- use X\n\n## Next steps\n\n| Item | Next action |\n|---|---${sp}|\n| a | do it${sp} |\n\n#${sp}x${sp}\n`;
    const plan = planHandoff(text, ".agents/HANDOFF.md");
    expect(plan.decisions.map((d) => d.section)).toEqual(["Decisions"]);
    expect(plan.handoffs.map((h) => h.reason)).toEqual(["a: do it"]);
    expect(plan.sections.map((s) => s.section)).toEqual(["Decisions", "Decisions > Next steps", "x"]);
  });
});
