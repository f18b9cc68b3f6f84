// The lean commands' build of the core (assembly/lean.ts -> agentcheck-lean.wasm, issue 39 item 5)
// must judge memory-index, consistency and traceability inputs exactly as the whole core does: both
// are built from the same sources with the same run (assembly/entry.ts). Every rule tester case of
// the three validators goes through both modules here and must give the same raw result, record for
// record. dist/cli/lean.cjs picks the module at build time (__AGENTCHECK_LEAN_CORE__,
// scripts/bundle-cli.mjs); this file sets that name on globalThis around a fresh import of the
// runner, as the bundle's define does, and removes it again.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { KIND } from "../../dist/wasm/abi.js";
import { factDocs, type Facts } from "../../dist/engine.js";
import memoryIndex from "../rules/tables/memory-index.mjs";
import consistency from "../rules/tables/consistency.mjs";
import traceability from "../rules/tables/traceability.mjs";
import common from "../rules/tables/common.mjs";
import { coreBuilds, type DocInput, type Instance } from "./core-builds.js";

const LEAN = "__AGENTCHECK_LEAN_CORE__";
let lean: Instance;
let whole: Instance;

beforeAll(async () => {
  ({ build: lean, whole } = await coreBuilds(LEAN));
});
afterAll(() => {
  vi.resetModules();
});

const enc = new TextEncoder();
type Case = { name: string; docs: { name: string; kind: string; flags?: number; text?: string; bytes?: Uint8Array }[]; facts?: Facts };
type Table = Record<string, { valid: Case[]; invalid: Case[] }>;

function docsOf(c: Case): DocInput[] {
  return [
    ...factDocs(c.facts ?? {}),
    ...c.docs.map((d) => ({ name: d.name, kind: KIND[d.kind as keyof typeof KIND], flags: d.flags, bytes: d.bytes ?? enc.encode(d.text ?? "") })),
  ];
}

/** Both modules' raw result for one input, or the error each threw. */
function both(exportName: string, docs: DocInput[]): [unknown, unknown] {
  const run = (c: Instance) => {
    try {
      return c.runRaw(exportName, docs);
    } catch (e) {
      return { threw: (e as Error).message };
    }
  };
  return [run(lean), run(whole)];
}

describe("the lean commands' core (agentcheck-lean.wasm)", () => {
  it("is its own, smaller module with the whole core's exports less the other validators", () => {
    expect(lean.coreFile()).toBe("agentcheck-lean.wasm");
    expect(whole.coreFile()).toBe("agentcheck.wasm");
    const l = lean.wasmBytes();
    const w = whole.wasmBytes();
    expect(l.length).toBeLessThan(w.length / 2);
    const names = (b: Uint8Array) => WebAssembly.Module.exports(new WebAssembly.Module(b)).map((e) => e.name).sort();
    expect(names(l)).toEqual(["abi_version", "debug_abort", "input_reserve", "memory", "result_len", "result_ptr", "validate_consistency", "validate_memory_index", "validate_pre_pr", "validate_traceability"]);
    expect(names(w)).toEqual(expect.arrayContaining(names(l)));
  });

  it("keeps the garbage of at most two runs (assembly/lean.ts): memory stays bounded over 1,000 calls", () => {
    const text = "# Feature\n\n## Requirements\n\n" + "- REQ-001: the parser keeps the table intact\n".repeat(400);
    const docs: DocInput[] = [{ name: ".agents/planning/PRD-x.md", kind: KIND.PLANNING_DOC, bytes: enc.encode(text) }];
    const first = lean.runRaw("validate_consistency", docs);
    const before = lean.wasmMemoryBytes();
    for (let i = 0; i < 1000; i++) lean.runRaw("validate_consistency", docs);
    expect(lean.wasmMemoryBytes()).toBeLessThanOrEqual(before + 2 * 1024 * 1024);
    expect(lean.runRaw("validate_consistency", docs)).toEqual(first);
  });

  const cases = ([["validate_memory_index", memoryIndex], ["validate_consistency", consistency], ["validate_traceability", traceability]] as const).flatMap(([exp, t]) =>
    Object.entries(t as unknown as Table).flatMap(([rule, r]) => [...r.valid, ...r.invalid].map((c) => [`${rule}: ${c.name}`, exp, c] as const)),
  );
  it.each(cases)("judges as the whole core: %s", (_name, exp, c) => {
    const [a, b] = both(exp, docsOf(c));
    expect(a).toEqual(b);
  });

  // the passes the lean commands run over their findings through validate_pre_pr
  // (assembly/validators/pre-pr/passes.ts): the inline directives (the AC-010/AC-011 cases) and the
  // configuration's overrides; any other pre-pr family is unknown to the lean build (status 1)
  const passCases = Object.entries(common as unknown as Record<string, { valid: (Case & { validator?: string })[]; invalid: (Case & { validator?: string })[] }>).flatMap(([rule, r]) =>
    [...r.valid, ...r.invalid].filter((c) => c.validator === "pre-pr" && c.facts?.family === "dir").map((c) => [`${rule}: ${c.name}`, c] as const),
  );
  it("has directive cases to compare", () => expect(passCases.length).toBeGreaterThan(5));
  it.each(passCases)("applies the inline directives as the whole core: %s", (_name, c) => {
    const [a, b] = both("validate_pre_pr", docsOf(c));
    expect(a).toEqual(b);
  });
  it("applies the configuration's overrides as the whole core", () => {
    const facts = {
      family: "overrides",
      "ovr.rules": ["0", "MI-017", "off", "1", "MI-018", "warning", "1", "CN-001", "error"],
      "ovr.matches": ["0", "0", "0", "1", "1", "1"],
      "ovr.findings": ["0", "MI-017", "warning", "0", "MI-018", "error", "1", "MI-018", "error", "-1", "MI-018", "error", "1", "CN-001", "warning"],
    };
    const [a, b] = both("validate_pre_pr", factDocs(facts));
    expect(a).toEqual(b);
    expect((a as { status: number }).status).toBe(0);
  });
  it("answers no other pre-pr family (status 1), where the whole core runs its rules", () => {
    const r = lean.runRaw("validate_pre_pr", factDocs({ family: "row", row: "PP-004", phase: "plan", selected: "true", enabled: "true" }));
    expect(r.status).toBe(1);
  });
});
