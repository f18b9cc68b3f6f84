// Issue 33 item 4: a trap in one file never changes another file's result, in every batched
// validator. The core is made to trap on one file (test hook debug.trap, assembly/index.ts); every
// other file's result must equal a run without that file. Before, a failed batch was split into
// one-file calls: one trapped manifest gave every other manifest a false SM-012 ("spec.md was not
// supplied": its spec was in another call), and a trap in consistency or in traceability's first
// pass took every file's result with it.
import { afterEach, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { executeValidator, type ContentDoc, type Facts, type ValidatorOutput } from "../../dist/engine.js";
import { KIND, type WasmValidator } from "../../dist/wasm/abi.js";
import { validateConsistency, validateManifests, validateTraceability } from "../../dist/index.js";
import { TABLES } from "../rules/tables/index.mjs";
import type { RuleCases } from "../rules/rule-tester.js";
import { tmpDir, writeTree } from "../helpers.js";
import { manifest, session } from "../rules/tables/manifest.mjs";

const enc = new TextEncoder();
type TableDoc = RuleCases["valid"][number]["docs"][number];
const contentDocs = (docs: TableDoc[]): ContentDoc[] =>
  docs.map((d) => ({ file: d.name, kind: KIND[d.kind], flags: d.flags ?? 0, bytes: d.bytes ?? enc.encode(d.text ?? "") }));

/** Results by file, files other than `victim` only (the order a run gives them in is not the question). */
const others = (out: ValidatorOutput, victim: string) =>
  out.results.filter((r) => r.file !== victim).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));

/** Every table case of a validator with at least two documents of different names, once. */
function multiDocCases(validator: string): { name: string; docs: ContentDoc[]; facts: Facts }[] {
  const out: { name: string; docs: ContentDoc[]; facts: Facts }[] = [];
  const seen = new Set<string>();
  for (const [rule, cases] of Object.entries(TABLES[validator as keyof typeof TABLES] as Record<string, RuleCases>)) {
    for (const c of [...cases.valid, ...cases.invalid]) {
      if (c.validator !== undefined || c.host || c.read || c.docs.length < 2 || c.docs.some((d) => d.bytes === undefined && d.text === undefined)) continue;
      if (new Set(c.docs.map((d) => d.name)).size < 2) continue;
      const key = JSON.stringify([c.docs.map((d) => [d.name, d.text?.length]), c.facts]);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ name: `${rule}: ${c.name}`, docs: contentDocs(c.docs), facts: c.facts ?? {} });
    }
  }
  return out;
}

describe("issue 33 item 4: a trap in one file leaves every other file's result as a run without it", () => {
  const validators: [WasmValidator, boolean][] = [
    ["manifest", false], ["session-log", true], ["session-log", false], ["memory-index", false],
    ["traceability", false], ["pre-pr", false], ["pre-pr", true],
  ];
  // (aibrain and session-protocol judge one document per call: nothing is batched)
  for (const [validator, separable] of validators) {
    const cases = multiDocCases(validator).slice(0, 12); // (a dozen per validator keeps the file in the fast tier)
    it(`${validator} (${separable ? "separable" : "judged together"}): ${cases.length} table cases, each document trapping in turn`, () => {
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) for (const victim of new Set(c.docs.map((d) => d.file))) {
        const trapped = executeValidator(validator, c.docs, { ...c.facts, "debug.trap": `unreachable:${victim}` }, { separable });
        const without = executeValidator(validator, c.docs.filter((d) => d.file !== victim), c.facts, { separable });
        const what = `${c.name} (${victim} trapping)`;
        expect(others(trapped, victim), what).toEqual(others(without, victim));
        const v = trapped.results.filter((r) => r.file === victim);
        expect(v.map((r) => r.findings.map((f) => f.ruleId)), what).toEqual([["AC-902"]]);
        expect(trapped.internalErrors, what).toHaveLength(1);
      }
    });
  }

  it("manifest: one trapped manifest gives the other manifest no false SM-012 (the issue's repro)", () => {
    const a = session(manifest(), { folder: "2026-02-14_a_a1b2c3" });
    const b = session(manifest(), { folder: "2026-02-14_b_a1b2c3" });
    const docs = contentDocs([...a, ...b]);
    const out = executeValidator("manifest", docs, { "debug.trap": `unreachable:${a[0].name}` }, { separable: false });
    const other = out.results.find((r) => r.file === b[0].name)!;
    expect(other.findings.map((f) => f.ruleId)).not.toContain("SM-012");
    expect(out.results.find((r) => r.file === a[0].name)!.findings.map((f) => f.ruleId)).toEqual(["AC-902"]);
  });
});

describe("issue 33 item 4: the validators that batch outside the engine", () => {
  const envTrap = process.env.AGENTCHECK_DEBUG_TRAP;
  afterEach(() => {
    if (envTrap === undefined) delete process.env.AGENTCHECK_DEBUG_TRAP;
    else process.env.AGENTCHECK_DEBUG_TRAP = envTrap;
  });
  /** The validator's output on `files`, with the core trapping on `victim`, and on `files` without it. */
  function both<T extends ValidatorOutput>(files: Record<string, string>, victim: string, run: (root: string) => T): { trapped: T; without: T } {
    const r1 = tmpDir("ac-trap-");
    writeTree(r1, files);
    process.env.AGENTCHECK_DEBUG_TRAP = `unreachable:${victim}`;
    const trapped = run(r1);
    delete process.env.AGENTCHECK_DEBUG_TRAP;
    const r2 = tmpDir("ac-trap-");
    writeTree(r2, files);
    rmSync(join(r2, victim));
    return { trapped, without: run(r2) };
  }

  it("consistency: a trap on one feature's PRD leaves the other feature's row as without that file", () => {
    const P = ".agents/planning/";
    const prd = "## Requirements\n\n- [ ] r1\n";
    const files = { [`${P}prd-a.md`]: prd, [`${P}tasks-a.md`]: "- [ ] t\n", [`${P}prd-b.md`]: prd, [`${P}tasks-b.md`]: "- [x] t\n" };
    const { trapped, without } = both(files, `${P}prd-a.md`, (root) => validateConsistency({ root, maxFileBytes: 1 << 20 }));
    expect(trapped.features.filter((f) => f.feature === "b")).toEqual(without.features.filter((f) => f.feature === "b"));
    expect(trapped.features.some((f) => f.feature === "b")).toBe(true);
    expect(trapped.results.find((r) => r.file === `${P}prd-a.md` && r.findings.some((f) => f.ruleId === "AC-902"))).toBeDefined();
    expect(trapped.internalErrors).toHaveLength(1);
  });

  it("traceability: a trap on one spec (first pass) leaves the other specs' results as without it", () => {
    const spec = (type: string, id: string, related: string) => `---\ntype: ${type}\nid: ${id}\nstatus: approved\nrelated:\n  - ${related}\n---\n# ${id}\n`;
    const files = {
      ".agents/specs/requirements/REQ-001-a.md": spec("requirement", "REQ-001", "DESIGN-001"),
      ".agents/specs/requirements/REQ-002-b.md": spec("requirement", "REQ-002", "DESIGN-001"),
      ".agents/specs/design/DESIGN-001-a.md": spec("design", "DESIGN-001", "REQ-001"),
    };
    const victim = ".agents/specs/requirements/REQ-002-b.md";
    const { trapped, without } = both(files, victim, (root) => validateTraceability({ root, maxFileBytes: 1 << 20 }));
    expect(others(trapped, victim)).toEqual(others(without, victim));
    expect(trapped.results.filter((r) => r.file === victim).map((r) => r.findings.map((f) => f.ruleId))).toEqual([["AC-902"]]);
  });

  it("manifests through validateManifests: the other session folder keeps its result", () => {
    const files: Record<string, string> = {};
    for (const f of ["2026-02-14_a_a1b2c3", "2026-02-14_b_a1b2c3"]) {
      for (const d of session(manifest({ session_id: f }), { folder: f })) files[d.name] = d.text!;
      files[`agents/sessions/${f}/plan.json`] = "{}";
      files[`agents/sessions/${f}/plan.md`] = "# plan\n";
    }
    const victim = "agents/sessions/2026-02-14_a_a1b2c3/state.json";
    const { trapped, without } = both(files, victim, (root) => validateManifests({ root }));
    expect(others(trapped, victim).map((r) => r.file)).toEqual(["agents/sessions/2026-02-14_b_a1b2c3/state.json"]);
    expect(others(trapped, victim)).toEqual(others(without, victim));
    expect(others(trapped, victim).flatMap((r) => r.findings.map((f) => f.ruleId))).not.toContain("SM-012");
  });
});
