// Schema catalog (SCH-*), serialization (SER-*), defaults (DEF-*) and zod / core (SS-002) parity: the
// note store and the gate check states with the core's JSON Schema interpreter over the schema
// generated from zod at build time (issue 12), so both must accept and reject the same documents.
import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  SessionStateSchema, validateStateZod, stateIssues, newState, newWorkflow, AGENT_TYPES, sessionStateJsonSchema,
  AgentTypeSchema, StateError,
} from "../../dist/index.js";
import { parseJsonNote } from "../../dist/state/notes.js";
import { renderJsonNote } from "../../dist/state/notes.js";
import { fullState, invocation, minimalState, workflow, T0 } from "./fixtures.js";

/** zod and the core's SS-002 must agree; returns the common verdict. */
function valid(v: unknown): boolean {
  const z = SessionStateSchema.safeParse(v).success;
  const core = stateIssues(v).length === 0;
  expect(core, `SS-002 (core) disagrees with zod on ${JSON.stringify(v).slice(0, 300)}`).toBe(z);
  return z;
}
function zodMessages(v: unknown): string {
  const r = validateStateZod(v);
  return r.ok ? "" : JSON.stringify(r.issues);
}

describe("session-state schema (§2, catalog §10.1)", () => {
  it("SCH-01 minimal valid state", () => {
    expect(valid(minimalState())).toBe(true);
  });
  it("SCH-02 feature, task, two mode-history entries, evidence", () => {
    expect(valid(minimalState({
      activeFeature: "f", activeTask: "t", currentMode: "planning",
      modeHistory: [{ mode: "analysis", timestamp: T0 }, { mode: "planning", timestamp: T0 }],
      protocolStartEvidence: { branch: "main" },
    }))).toBe(true);
  });
  it("SCH-03 each mode with empty modeHistory and version 0 is invalid for us (history must end with the current mode)", () => {
    for (const m of ["analysis", "planning", "coding", "disabled"]) {
      expect(valid(minimalState({ currentMode: m, modeHistory: [], version: 0 }))).toBe(false);
      expect(valid(minimalState({ currentMode: m, modeHistory: [{ mode: m, timestamp: T0 }], version: 0 }))).toBe(true);
    }
    expect(zodMessages(minimalState({ modeHistory: [] }))).toContain("modeHistory");
    expect(valid(minimalState({ currentMode: "coding" }))).toBe(false); // last entry is analysis
  });
  it("SCH-04 state with a full empty workflow", () => {
    expect(valid(minimalState({ orchestratorWorkflow: workflow() }))).toBe(true);
  });
  it("SCH-05 workflow with one completed invocation including output", () => {
    expect(valid(minimalState({ orchestratorWorkflow: workflow({ agentHistory: [invocation()] }) }))).toBe(true);
    expect(valid(fullState())).toBe(true);
  });
  it("SCH-06 only currentMode present: invalid (required)", () => {
    expect(valid({ currentMode: "analysis" })).toBe(false);
    expect(zodMessages({ currentMode: "analysis" })).toMatch(/sessionId/);
  });
  it("SCH-07 unknown mode: invalid", () => {
    expect(valid(minimalState({ currentMode: "invalid-mode" }))).toBe(false);
  });
  it("SCH-08 bad timestamp: invalid", () => {
    expect(valid(minimalState({ createdAt: "not-a-timestamp" }))).toBe(false);
    expect(zodMessages(minimalState({ createdAt: "not-a-timestamp" }))).toContain("createdAt");
  });
  it("SCH-09 negative version: invalid", () => {
    expect(valid(minimalState({ version: -1 }))).toBe(false);
    expect(valid(minimalState({ version: 1.5 }))).toBe(false);
  });
  it("SCH-10 unknown activeAgent: invalid", () => {
    expect(valid(minimalState({ orchestratorWorkflow: workflow({ activeAgent: "invalid-agent" }) }))).toBe(false);
  });
  it("SCH-11 extra top-level key: invalid (closed object), also nested", () => {
    expect(valid(minimalState({ foo: "bar" }))).toBe(false);
    expect(valid(minimalState({ orchestratorWorkflow: workflow({ extra: 1 }) }))).toBe(false);
    expect(valid(minimalState({ orchestratorWorkflow: workflow({ agentHistory: [invocation({ x: 1 })] }) }))).toBe(false);
  });
  it("SCH-12 timestamps with offsets are accepted", () => {
    expect(valid(minimalState({ createdAt: "2026-02-11T12:00:00+02:00", updatedAt: "2026-02-11T10:00:00.000Z", modeHistory: [{ mode: "analysis", timestamp: "2026-02-11T12:00:00.5+02:00" }] }))).toBe(true);
    expect(valid(minimalState({ createdAt: "2026-02-30T00:00:00Z" }))).toBe(false);
    expect(valid(minimalState({ createdAt: "2026-02-11 10:00:00Z" }))).toBe(false);
  });
  it("SCH-13 verdict confidence on seed 001's 0–100 scale (issue 40 item 7): 100 / 0 / 1.01 / 0.5 valid, 100.01 / -0.1 invalid", () => {
    const v = (c: number) => minimalState({ orchestratorWorkflow: workflow({ verdicts: [{ agent: "qa", decision: "approve", confidence: c, reasoning: "", timestamp: T0 }] }) });
    expect(valid(v(100))).toBe(true);
    expect(valid(v(0))).toBe(true);
    expect(valid(v(1.01))).toBe(true);
    expect(valid(v(0.5))).toBe(true); // an older state's 0–1 value still reads
    expect(valid(v(100.01))).toBe(false);
    expect(valid(v(-0.1))).toBe(false);
  });
  it("SCH-14 decision id must be a UUID", () => {
    const d = (id: string) => minimalState({ orchestratorWorkflow: workflow({ decisions: [{ id, type: "scope", description: "", rationale: "", decidedBy: "qa", approvedBy: [], rejectedBy: [], timestamp: T0 }] }) });
    expect(valid(d("abc"))).toBe(false);
    expect(valid(d("0b7e5f5c-3a59-4a53-9f55-0d1f2a9b7c11"))).toBe(true);
  });
  it("SCH-15 evidence values must be strings", () => {
    expect(valid(minimalState({ protocolStartEvidence: { n: 3 } }))).toBe(false);
    expect(valid(minimalState({ protocolEndEvidence: { n: "3" } }))).toBe(true);
  });
  it("SCH-16 sessionId required and lowercase-slug shaped", () => {
    const s = minimalState();
    delete s.sessionId;
    expect(valid(s)).toBe(false);
    expect(valid(minimalState({ sessionId: "Bad_ID" }))).toBe(false);
    expect(valid(minimalState({ sessionId: "../x" }))).toBe(false);
    expect(valid(minimalState({ sessionId: "a/b" }))).toBe(false);
    expect(valid(minimalState({ sessionId: "2026-02-11-session-01" }))).toBe(true);
  });
  it("SCH-17 all 17 agent types accepted, case-sensitive", () => {
    expect(AGENT_TYPES.length).toBe(17);
    for (const a of AGENT_TYPES) {
      expect(AgentTypeSchema.safeParse(a).success).toBe(true);
      expect(valid(minimalState({ orchestratorWorkflow: workflow({ activeAgent: a }) }))).toBe(true);
    }
    expect(valid(minimalState({ orchestratorWorkflow: workflow({ activeAgent: "Orchestrator" }) }))).toBe(false);
  });
  it("invariant: updatedAt before createdAt is invalid; size over 1 MiB is invalid", () => {
    expect(valid(minimalState({ updatedAt: "2026-02-11T09:00:00.000Z" }))).toBe(false);
    expect(valid(minimalState({ protocolStartEvidence: { big: "x".repeat(1024 * 1024) } }))).toBe(false);
  });
  it("exports a JSON Schema with closed objects and date-time formats", () => {
    const js = sessionStateJsonSchema() as { additionalProperties: boolean; required: string[]; properties: Record<string, { format?: string }> };
    expect(js.additionalProperties).toBe(false);
    expect(js.required).toContain("sessionId");
    expect(js.properties.createdAt.format).toBe("date-time");
  });
});

describe("defaults and serialization (§10.2)", () => {
  it("DEF-01 new state", () => {
    const s = newState("abc", T0);
    expect(s.currentMode).toBe("analysis");
    expect(s.modeHistory).toEqual([{ mode: "analysis", timestamp: T0 }]);
    expect(s.version).toBe(1);
    expect(s.createdAt).toBe(s.updatedAt);
    expect(s.protocolStartComplete || s.protocolEndComplete).toBe(false);
    expect(s.protocolStartEvidence).toEqual({});
    expect(s.protocolEndEvidence).toEqual({});
    expect(s.orchestratorWorkflow).toBeNull();
    expect("activeFeature" in s || "activeTask" in s).toBe(false);
    expect(valid(s)).toBe(true);
  });
  it("DEF-02 new workflow", () => {
    const w = newWorkflow(T0);
    expect(w.activeAgent).toBeNull();
    expect(w.workflowPhase).toBe("planning");
    for (const k of ["agentHistory", "decisions", "verdicts", "pendingHandoffs", "compactionHistory"] as const) expect(w[k]).toEqual([]);
    expect(w.startedAt).toBe(w.lastAgentChange);
  });
  it("SER-01 serialize then parse round-trips", () => {
    const s = fullState();
    const text = renderJsonNote("sessions/session-s1", "session-state", "Session state s1", s);
    expect(parseJsonNote(text, "x")).toEqual(s);
  });
  it("SER-02 'not json' is CORRUPT", () => {
    expect(() => parseJsonNote("not json", "x")).toThrow(StateError);
    try {
      parseJsonNote("not json", "x");
    } catch (e) {
      expect((e as InstanceType<typeof StateError>).code).toBe("CORRUPT");
    }
  });
  it("SER-03 {\"foo\":\"bar\"} parses but is SCHEMA_INVALID", () => {
    expect(parseJsonNote('{"foo":"bar"}', "x")).toEqual({ foo: "bar" });
    expect(valid({ foo: "bar" })).toBe(false);
  });
});

describe("SS-002: the generated schema is current", () => {
  it("SS-002 src/wasm/generated/state-schema.ts is the zod schema's JSON Schema (npm run build regenerates it)", async () => {
    const { stateJsonSchema } = await import("../../dist/state/schema.js");
    const { STATE_SCHEMA } = await import("../../dist/wasm/generated/state-schema.js");
    expect(STATE_SCHEMA).toBe(JSON.stringify(stateJsonSchema()));
  });
});

describe("zod schema and the core's SS-002 agree (random mutations)", () => {
  const base = fullState();
  const paths: string[][] = [];
  const walk = (v: unknown, p: string[]) => {
    paths.push(p);
    if (v && typeof v === "object") for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], [...p, k]);
  };
  walk(base, []);
  const replacements = [null, 0, -1, 1.5, 2, "", "x", "analysis", "coding", "analyst", "Orchestrator", T0, "2026-13-01T00:00:00Z", true, [], {}, ["a"], { a: "b" }, { a: 1 }, undefined, "0b7e5f5c-3a59-4a53-9f55-0d1f2a9b7c11", "in_progress"];
  it("agrees on every single-field mutation and on random multi-field mutations", () => {
    for (const p of paths) {
      if (p.length === 0) continue;
      for (const r of replacements) {
        const s = structuredClone(base);
        let o = s as Record<string, unknown>;
        for (const k of p.slice(0, -1)) o = o[k] as Record<string, unknown>;
        if (r === undefined) delete o[p[p.length - 1]];
        else o[p[p.length - 1]] = structuredClone(r);
        valid(s);
      }
    }
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(paths.length - 1), fc.nat(replacements.length - 1), fc.string()), { minLength: 1, maxLength: 4 }), (muts) => {
        const s = structuredClone(base);
        for (const [pi, ri, key] of muts) {
          const p = paths[pi];
          if (p.length === 0) continue;
          let o = s as Record<string, unknown>;
          for (const k of p.slice(0, -1)) {
            o = o?.[k] as Record<string, unknown>;
            if (!o || typeof o !== "object") return;
          }
          const r = replacements[ri];
          if (r === undefined) delete o[p[p.length - 1]];
          else o[p[p.length - 1]] = structuredClone(r);
          if (key.length > 0 && key.length < 4) o[key] = 1; // maybe an extra key
        }
        valid(s);
      }),
      { numRuns: 400, seed: 42 },
    );
  });
  it("agrees on arbitrary JSON values", () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => { valid(v); }), { numRuns: 300, seed: 7 });
  });
});
