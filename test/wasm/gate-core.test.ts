// The hook gate's build of the core (assembly/gate.ts -> agentcheck-gate.wasm, issue 39 item 3) must
// judge a session state exactly as the whole core does: both are built from the same sources with the
// same run (assembly/entry.ts). Every session-state rule tester case, states with random values, and
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

type Instance = typeof import("../../dist/wasm/instance.js");
type DocInput = Parameters<Instance["runRaw"]>[1][number];

const GATE = "__AGENTCHECK_GATE_CORE__";
let gate: Instance;
let whole: Instance;

beforeAll(async () => {
  vi.resetModules();
  (globalThis as Record<string, unknown>)[GATE] = true;
  try {
    gate = await import("../../dist/wasm/instance.js");
    gate.wasmBytes(); // the module file is chosen at first use
  } finally {
    delete (globalThis as Record<string, unknown>)[GATE];
  }
  vi.resetModules();
  whole = await import("../../dist/wasm/instance.js");
});
afterAll(() => {
  vi.resetModules();
});

const enc = new TextEncoder();
const schema = JSON.parse(/STATE_SCHEMA = (".*");/.exec(readFileSync(new URL("../../src/wasm/generated/state-schema.ts", import.meta.url), "utf8"))![1]) as string;

/** Both modules' raw result for one input, or the error each threw. */
function both(docs: DocInput[]): [unknown, unknown] {
  const run = (c: Instance) => {
    try {
      return c.runRaw("validate_session_state", docs);
    } catch (e) {
      return { threw: (e as Error).message };
    }
  };
  return [run(gate), run(whole)];
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
});
