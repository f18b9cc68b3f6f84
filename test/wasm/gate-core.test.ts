// The hook gate's build of the core (assembly/gate.ts -> agentcheck-gate.wasm, issue 39 item 3) must
// judge a session state exactly as the whole core does: both are built from the same sources with the
// same run (assembly/entry.ts); the gate's runs SS-002 alone (the one finding its host reads). Every session-state rule tester case, states with random values, and
// the run's shared steps (the text screen, the severity policy, a BOM) go through both modules here
// and must give the same raw result, record for record. The gate bundles pick the module at build
// time (__AGENTCHECK_GATE_CORE__, scripts/bundle-gate.mjs); this file sets that name on globalThis
// around a fresh import of the runner, as the bundles' define does, and removes it again.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { KIND } from "../../dist/wasm/abi.js";
import { factDocs, type Facts } from "../../dist/engine.js";
import tables from "../rules/tables/session-state.mjs";
import { coreBuilds, type DocInput, type Instance } from "./core-builds.js";

const GATE = "__AGENTCHECK_GATE_CORE__";
let gate: Instance;
let whole: Instance;

beforeAll(async () => {
  ({ build: gate, whole } = await coreBuilds(GATE));
});
afterAll(() => {
  vi.resetModules();
});

const enc = new TextEncoder();
const schema = JSON.parse(/STATE_SCHEMA = (".*");/.exec(readFileSync(new URL("../../src/wasm/generated/state-schema.ts", import.meta.url), "utf8"))![1]) as string;

/**
 * Both modules' raw result for one input, or the error each threw. The gate's build runs SS-002 alone
 * (of its rules) and puts no "mode" value (its host reads neither: src/state/check.ts stateIssues), so
 * the whole core's SS-001 findings and "mode" values are left out of its result here, and the gate's
 * must hold none.
 */
function both(docs: DocInput[]): [unknown, unknown] {
  const run = (c: Instance) => {
    try {
      return c.runRaw("validate_session_state", docs);
    } catch (e) {
      return { threw: (e as Error).message };
    }
  };
  const g = run(gate);
  const w = run(whole);
  if ("findings" in g) {
    expect(g.findings.filter((f) => f.ruleId === "SS-001")).toEqual([]);
    expect(g.data.filter((d) => d.key === "mode")).toEqual([]);
  }
  return [g, "findings" in w ? { ...w, findings: w.findings.filter((f) => f.ruleId !== "SS-001"), data: w.data.filter((d) => d.key !== "mode") } : w];
}

function stateDocs(facts: Facts, docs: { name: string; kind: string; text?: string; bytes?: Uint8Array }[]): DocInput[] {
  return [
    ...factDocs(facts),
    ...docs.map((d) => ({ name: d.name, kind: KIND[d.kind as keyof typeof KIND], bytes: d.bytes ?? enc.encode(d.text ?? "") })),
  ];
}

describe("the gate's core (agentcheck-gate.wasm)", () => {
  it("is its own, smaller module with the whole core's exports less the other validators", () => {
    expect(gate.coreFile()).toBe("agentcheck-gate.wasm");
    expect(whole.coreFile()).toBe("agentcheck.wasm");
    const g = gate.wasmBytes();
    const w = whole.wasmBytes();
    expect(g.length).toBeLessThan(w.length / 3);
    const names = (b: Uint8Array) => WebAssembly.Module.exports(new WebAssembly.Module(b)).map((e) => e.name).sort();
    expect(names(g)).toEqual(["abi_version", "debug_abort", "input_reserve", "memory", "result_len", "result_ptr", "validate_session_state"]);
    expect(names(w)).toEqual(expect.arrayContaining(names(g)));
  });

  const cases = Object.entries(tables as Record<string, { valid: { name: string; docs: never[]; facts?: Facts }[]; invalid: { name: string; docs: never[]; facts?: Facts }[] }>)
    .flatMap(([rule, t]) => [...t.valid, ...t.invalid].map((c) => ({ rule, ...c })));
  it.each(cases.map((c) => [`${c.rule}: ${c.name}`, c] as const))("judges as the whole core: %s", (_name, c) => {
    const [a, b] = both(stateDocs(c.facts ?? {}, c.docs));
    expect(a).toEqual(b);
    expect((a as { status?: number }).status).toBe(0);
  });

  it("judges the run's shared steps as the whole core: BOM, the text screen, severity policy, no schema, corrupt JSON", () => {
    const valid = JSON.stringify({
      sessionId: "s1", currentMode: "analysis", modeHistory: [{ mode: "analysis", timestamp: "2026-01-01T00:00:00.000Z" }], protocolStartComplete: false,
      protocolEndComplete: false, protocolStartEvidence: {}, protocolEndEvidence: {}, orchestratorWorkflow: null, version: 1, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z",
    });
    const name = ".agent-notes/sessions/session-s1.md";
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode(valid.replace('"analysis"', '"weird"'))]);
    const inputs: DocInput[][] = [
      stateDocs({ "state.schema": schema, "state.id": "s1" }, [{ name, kind: "SESSION_STATE", bytes: bom }]),
      stateDocs({ "state.schema": schema, "state.id": "s1" }, [{ name, kind: "SESSION_STATE", bytes: new Uint8Array([0x7b, 0xff, 0x7d]) }]),
      stateDocs({ "state.schema": schema, "state.id": "s1" }, [{ name, kind: "SESSION_STATE", text: `${valid.slice(0, -1)},"x":"\u00e9\u{1F600}"}` }]),
      stateDocs({ "state.schema": schema, "state.id": "s1", "severity.SS-002": "warning" }, [{ name, kind: "SESSION_STATE", text: "{\"version\":-1}" }]),
      stateDocs({ "state.schema": schema, "severity.mode": "strict", "severity.SS-001": "off" }, [{ name, kind: "SESSION_STATE", text: valid }]),
      stateDocs({ "state.id": "s1" }, [{ name, kind: "SESSION_STATE", text: valid }]),
      stateDocs({ "state.schema": "{not json", "state.id": "s1" }, [{ name, kind: "SESSION_STATE", text: valid }]),
      stateDocs({ "state.schema": schema, "state.id": "s1" }, [{ name, kind: "SESSION_STATE", text: `${valid} x` }]),
      stateDocs({ "state.schema": schema, "state.id": "s1" }, [{ name, kind: "SESSION_STATE", text: "" }]),
      // a fact given twice: the last one counts, in both
      [...stateDocs({ "state.schema": "{}" }, []), ...stateDocs({ "state.schema": schema, "state.id": "s1" }, [{ name, kind: "SESSION_STATE", text: valid.replace('"s1"', '"s2"') }])],
    ];
    for (const docs of inputs) {
      const [a, b] = both(docs);
      expect(a).toEqual(b);
    }
  });

  it("judges states with random values as the whole core (property)", () => {
    const base = {
      sessionId: "s1", currentMode: "analysis", modeHistory: [{ mode: "analysis", timestamp: "2026-01-01T00:00:00.000Z" }], protocolStartComplete: true,
      protocolEndComplete: false, protocolStartEvidence: { handoffRead: "yes" }, protocolEndEvidence: {}, orchestratorWorkflow: null, version: 1,
      createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const keys = Object.keys(base);
    fc.assert(
      fc.property(fc.constantFrom(...keys, "extra"), fc.jsonValue({ maxDepth: 3 }), fc.boolean(), (key, value, drop) => {
        const s: Record<string, unknown> = { ...base };
        if (drop) delete s[key];
        else s[key] = value;
        const [a, b] = both(stateDocs({ "state.schema": schema, "state.id": "s1" }, [{ name: "session-s1.md", kind: "SESSION_STATE", text: JSON.stringify(s) }]));
        expect(a).toEqual(b);
      }),
      { numRuns: 150 },
    );
  });

  // assembly/validators/session-state/plain.ts confirms the usual state without the JSON-schema layer:
  // written for one schema text, named by its size and FNV-1a hash
  it("has its narrow SS-002 check written for the current state schema (review plain.ts when this fails)", () => {
    const src = readFileSync(new URL("../../assembly/validators/session-state/plain.ts", import.meta.url), "utf8");
    const bytes = enc.encode(schema);
    let h = 2166136261;
    for (const b of bytes) h = Math.imul((h ^ b) >>> 0, 16777619) >>> 0;
    expect(Number(/const SCHEMA_BYTES: i32 = (\d+);/.exec(src)?.[1])).toBe(bytes.length);
    expect(Number(/const SCHEMA_FNV1A: u32 = (0x[0-9a-f]+);/.exec(src)?.[1])).toBe(h);
  });

  it("judges states near the narrow check's edges as the whole core (property)", () => {
    const digits = (n: number, w: number) => String(n).padStart(w, "0");
    const iso = fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2999-12-31T23:59:59Z"), noInvalidDate: true }).map((d) => d.toISOString());
    const timestamp = fc.oneof(
      iso,
      fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.constantFrom("T", "t", " "),
        fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 61 }), fc.constantFrom("", ".", ".5", ".123456789"),
        fc.constantFrom("Z", "z", "+00:00", "-23:59", "+24:00", "+05:60", "", "+0530", "Z\n"))
        .map(([y, mo, d, t, h, mi, se, f, z]) => `${digits(y, 4)}-${digits(mo, 2)}-${digits(d, 2)}${t}${digits(h, 2)}:${digits(mi, 2)}:${digits(se, 2)}${f}${z}`),
      fc.string({ maxLength: 30 }),
    );
    const mode = fc.constantFrom("analysis", "planning", "coding", "disabled");
    const anyMode = fc.oneof(mode, fc.constantFrom("Coding", "", "review"), fc.jsonValue({ maxDepth: 1 }));
    const validId = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,127}$/);
    const strings = fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
    // a valid state with varied values (the narrow check confirms it), then one field set to a value
    // near an edge of the schema or the invariants (valid or not)
    const valid = fc.record({
      sessionId: validId, currentMode: mode, history: fc.array(fc.tuple(mode, iso), { maxLength: 3 }), protocolStartComplete: fc.boolean(),
      protocolEndComplete: fc.boolean(), protocolStartEvidence: strings, protocolEndEvidence: strings,
      version: fc.oneof(fc.nat(), fc.constant(9007199254740991)), times: fc.tuple(iso, iso).map(([x, y]) => (x <= y ? [x, y] : [y, x])),
      activeFeature: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }), activeTask: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
    }).map((v) => {
      const st: Record<string, unknown> = {
        sessionId: v.sessionId, currentMode: v.currentMode, modeHistory: [...v.history.map(([m, t]) => ({ mode: m, timestamp: t })), { mode: v.currentMode, timestamp: v.times[0] }],
        protocolStartComplete: v.protocolStartComplete, protocolEndComplete: v.protocolEndComplete, protocolStartEvidence: v.protocolStartEvidence,
        protocolEndEvidence: v.protocolEndEvidence, orchestratorWorkflow: null, version: v.version, createdAt: v.times[0], updatedAt: v.times[1],
      };
      if (v.activeFeature !== undefined) st.activeFeature = v.activeFeature;
      if (v.activeTask !== undefined) st.activeTask = v.activeTask;
      return st;
    });
    const edges: Record<string, fc.Arbitrary<unknown>> = {
      none: fc.constant(undefined),
      sessionId: fc.oneof(fc.stringMatching(/^[a-z0-9-]{0,130}$/), fc.constantFrom("-s1", "S1", "a".repeat(128), "a".repeat(129), "s1\n", "s\u00e91", "")),
      currentMode: anyMode,
      modeHistory: fc.array(fc.oneof(fc.record({ mode: anyMode, timestamp }), fc.record({ mode, timestamp, extra: fc.string() }), fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 }),
      protocolStartComplete: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })),
      protocolEndEvidence: fc.oneof(fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 })), { maxKeys: 3 }), fc.jsonValue({ maxDepth: 1 })),
      orchestratorWorkflow: fc.oneof(fc.constantFrom(null, {}, [], false), fc.jsonValue({ maxDepth: 2 })),
      version: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -0, 1e21, 9007199254740991, 9007199254740992, 2 ** 60, -1e-9), fc.double(), fc.jsonValue({ maxDepth: 1 })),
      createdAt: timestamp,
      updatedAt: timestamp,
      activeTask: fc.oneof(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 })),
      extra: fc.jsonValue({ maxDepth: 1 }),
    };
    const edge = fc.constantFrom(...Object.keys(edges)).chain((k) => edges[k].map((v) => [k, v] as const));
    fc.assert(
      fc.property(valid, edge, fc.boolean(), (base, [key, value], sameId) => {
        const st = { ...base };
        if (key !== "none") st[key] = value;
        const id = sameId && typeof st.sessionId === "string" ? st.sessionId : "s1";
        const [a, b] = both(stateDocs({ "state.schema": schema, "state.id": id }, [{ name: `session-${id}.md`, kind: "SESSION_STATE", text: JSON.stringify(st) }]));
        expect(a).toEqual(b);
      }),
      { numRuns: 500 },
    );
  });

  it("judges what only its narrow check could see differently as the whole core: duplicate keys, escapes, another schema", () => {
    const t = "2026-01-01T00:00:00.000Z";
    const valid = JSON.stringify({
      sessionId: "s1", currentMode: "coding", modeHistory: [{ mode: "coding", timestamp: t }], protocolStartComplete: true,
      protocolEndComplete: false, protocolStartEvidence: { read: "yes" }, protocolEndEvidence: {}, orchestratorWorkflow: null, version: 2, createdAt: t, updatedAt: t,
    });
    const name = "session-s1.md";
    const texts = [
      valid,
      valid.replace('"version":2', '"version":-1,"version":2'),
      valid.replace('"version":2', '"version":2,"version":-1'),
      valid.replace('"currentMode":"coding"', '"currentMode":"coding","currentMode":"analysis"'),
      valid.replace('{"mode":"coding"', '{"mode":"analysis","mode":"coding"'),
      valid.replace('{"read":"yes"}', '{"read":"yes","read":1}'),
      valid.replace('"sessionId"', '"\\u0073essionId"'),
      valid.replace('"coding","modeHistory"', '"c\\u006fding","modeHistory"'),
      valid.replace('"version":2', '"version":2.0'),
      valid.replace('"version":2', '"version":2e0'),
      valid.replace('"version":2', '"version":1e400'),
      valid.replace(`"updatedAt":"${t}"`, '"updatedAt":"2025-12-31T23:59:59.999Z"'),
      valid.replace(`"updatedAt":"${t}"`, '"updatedAt":"2026-01-01T01:00:00+01:00"'),
      valid.replace(`"updatedAt":"${t}"`, '"updatedAt":"2026-01-01T00:00:60Z"'),
      ` ${valid}`,
      `${valid}\n`,
      // one case per condition of the narrow check
      valid.replace('"version":2', '"version":9007199254740991'),
      valid.replace('"version":2', '"version":9007199254740992'),
      valid.replace('"version":2', '"version":-1'),
      valid.replace('"version":2', '"version":0.5'),
      valid.replace('"version":2', '"version":"2"'),
      valid.replace('"sessionId":"s1"', '"sessionId":"-s1"'),
      valid.replace('"sessionId":"s1"', `"sessionId":"s${"1".repeat(127)}"`),
      valid.replace('"sessionId":"s1"', `"sessionId":"s${"1".repeat(128)}"`),
      valid.replace(`{"mode":"coding","timestamp":"${t}"}`, `{"mode":"coding","timestamp":"${t}","at":1}`),
      valid.replace(`{"mode":"coding","timestamp":"${t}"}`, '{"mode":"coding"}'),
      valid.replace(`[{"mode":"coding","timestamp":"${t}"}]`, "[]"),
      valid.replace(`[{"mode":"coding","timestamp":"${t}"}]`, `[{"mode":"coding","timestamp":"${t}"},{"mode":"planning","timestamp":"${t}"}]`),
      valid.replace(`[{"mode":"coding","timestamp":"${t}"}]`, `[{"mode":"planning","timestamp":"${t}"},{"mode":"coding","timestamp":"${t}"}]`),
      valid.replace('"orchestratorWorkflow":null', '"orchestratorWorkflow":{}'),
      valid.replace('"protocolStartComplete":true', '"protocolStartComplete":1'),
      valid.replace('"protocolEndComplete":false', '"protocolEndComplete":null'),
      valid.replace('{"read":"yes"}', '{"read":1}'),
      valid.replace('"protocolEndEvidence":{}', '"protocolEndEvidence":[]'),
      valid.replace('"version":2', '"version":2,"activeFeature":"f","activeTask":"t"'),
      valid.replace('"version":2', '"version":2,"activeFeature":3'),
      valid.replace('"version":2', '"version":2,"activeTask":null'),
      valid.replace('"version":2', '"version":2,"extra":"x"'),
      valid.replace(`"createdAt":"${t}"`, '"createdAt":"2026-01-01T00:00:00.001Z"'),
      valid.replace(`"createdAt":"${t}"`, '"createdAt":"2026-01-01T00:00:00"'),
      valid.replace(`"timestamp":"${t}"`, '"timestamp":"2026-02-30T00:00:00Z"'),
      valid.replace('"currentMode":"coding"', '"currentMode":"Coding"'),
    ];
    // the size limit (1 MiB) is the document's, a BOM included
    const sized = (n: number) => valid.replace('"read":"yes"', `"read":"${"y".repeat(n - valid.length + 3)}"`);
    const byteCases = [sized(1048576), sized(1048577), sized(1048575)].map((x) => enc.encode(x));
    for (const b of [...byteCases, new Uint8Array([0xef, 0xbb, 0xbf, ...byteCases[2]]), new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode(valid)])]) {
      const [a, c] = both(stateDocs({ "state.schema": schema, "state.id": "s1" }, [{ name, kind: "SESSION_STATE", bytes: b }]));
      expect(a).toEqual(c);
    }
    expect(byteCases.map((b) => b.length)).toEqual([1048576, 1048577, 1048575]);
    for (const text of texts) {
      for (const facts of [{ "state.schema": schema, "state.id": "s1" }, { "state.schema": schema }, { "state.schema": schema, "state.id": "s2" }, { "state.schema": `${schema} `, "state.id": "s1" },
        { "state.schema": schema, "state.status": "ok" }, { "state.schema": schema, "state.status": "corrupt", "state.detail": "x" }, { "state.schema": schema, "severity.SS-001": "off", "severity.SS-002": "warning" }]) {
        const [a, b] = both(stateDocs(facts, [{ name, kind: "SESSION_STATE", text }]));
        expect(a).toEqual(b);
      }
    }
  });
});
