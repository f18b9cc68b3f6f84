import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { runValidator, ruleTable, debugAbort, WasmAbortError, wasmMemoryBytes, wasmBytes } from "../../dist/wasm/loader.js";
import * as abi from "../../dist/wasm/abi.js";
import { ROOT } from "../helpers.js";

const enc = new TextEncoder();

describe("WASM core ABI", () => {
  // host constants against assembly/abi.ts: test/wasm/contract.integration.test.ts (every constant, both generated)

  it("rule table: unique ids, known severities, non-empty titles", () => {
    const rules = ruleTable();
    expect(rules.length).toBeGreaterThan(3);
    const ids = rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of rules) {
      expect(["error", "warning", "info"]).toContain(r.severity);
      expect(r.title.length).toBeGreaterThan(0);
      expect(r.description.length).toBeGreaterThan(0);
    }
  });

  // Branch session-json: the JSON session-log side (parser, schema interpreter, regex, SP-100..SP-132)
  // adds ~57 KB: main with the markdown rules is ~46 KB, with the JSON side ~103 KB (minimal runtime).
  // Limit raised so this branch is green; the integrator decides the real budget.
  // Branch memory-index adds ~18 KB (main e447570: 129.2 KB; with memory-index: 147.5 KB), after
  // dropping the AS Unicode case tables and rule descriptions to save ~7 KB.
  // Branch pre-pr: the pre-PR rule families (PIN, WFS, SFM, PRD, PATH, RDY, TOK, PLAN, DRIFT) add ~22 KB
  // (main 7dad49b with memory-index: 147.5 KB; with pre-pr: 166.3 KB); raised again for the same reason.
  // Branch i15-mcp: the session-protocol gate rules (PH-001..PH-009) add ~6 KB (main ad83173 + PH:
  // 190.6 KB); main a1247ab with manifest and aibrain and PH: 212.9 KB (main alone ~207 KB, already over
  // 192 KB). The rule model (issue 12) moved titles, descriptions and message templates out of the
  // module: 198 KB with 168 rules in one file each, run through runRules, and SS-002's schema
  // interpreter in use. Guard at 220 KB (a regression guard, not the target); the < 64 KB target of
  // issue 13 needs smaller code, not text: see docs/benchmarks.md. Branch wsize lowers the guard with
  // each cut (docs/benchmarks.md "WASM module size, step by step"): 198,308 bytes without source paths,
  // 185,654 with message numbers instead of message-id strings; 193,860 with the pre-pr row rules (PP-000..PP-015).
  // Branch mdspeed: the byte-span markdown scanner (assembly/lib/lines.ts: line table, SIMD needle
  // search, checklist rows split on bytes, with String fallbacks for Unicode white space) adds ~6.4 KB
  // for 3.8x fewer instructions on the markdown logs: 200,223 bytes; with the byte-level JSON scanner
  // (branch jscan) as well, 206,570 bytes, guard 204 KB. Branch wsize: rule ids put together at start
  // and unmanaged rules (-5.8 KB): 200,622 bytes. Branch jsoncore: one more inlining pass in the release
  // build (scripts/asc-size.mjs, +2.2 KB) and the JSON core's speed work: 200,530 bytes.
  // Seventh session: the extra inlining pass inlines functions of up to 20 expressions instead of 8
  // (scripts/asc-size.mjs: +30 KB, about 12% less core time in-process): 230,890 bytes, guard 236 KB.
  // Issue 39 item 6 withdrew the size goals: the guard is 512 KB (241,875 bytes with memory health
  // MEM-01..03 and the commit checks).
  it("module stays under 512 KB (issue 39 item 6)", () => {
    expect(wasmBytes().length).toBeLessThan(512 * 1024);
  });

  it("the module carries no source file paths (abort sites pass no file)", () => {
    const text = Buffer.from(wasmBytes()).toString("utf16le") + Buffer.from(wasmBytes().subarray(1)).toString("utf16le");
    expect(text).not.toMatch(/assembly\/|~lib\//);
  });

  it("the module reports message numbers, not message-id strings (scripts/asc-size.mjs); the host maps them back", () => {
    const bytes = Buffer.from(wasmBytes());
    // a static string of the module: its UTF-16 bytes preceded by its byte length (AssemblyScript's rtSize)
    const holdsString = (s: string): boolean => {
      const needle = Buffer.from(s, "utf16le");
      for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
        if (at >= 4 && bytes.readUInt32LE(at - 4) === needle.length) return true;
      }
      return false;
    };
    const ids = [...new Set(ruleTable().flatMap((r) => Object.keys(r.messages)))];
    expect(ids.length).toBeGreaterThan(100);
    expect(holdsString("row.status"), "the probe finds a string the module does carry").toBe(true);
    // short ids such as "detail" or "message" are placeholder names too; "skipTests" is also the
    // pre-pr fact key of --skip-tests
    const alsoKeys = new Set(["skipTests"]);
    expect(ids.filter((id) => id.length > 8 && !alsoKeys.has(id) && holdsString(id))).toEqual([]);
  });

  it("an abort becomes WasmAbortError and the next call works on a fresh instance", () => {
    expect(() => debugAbort(1)).toThrow(WasmAbortError);
    try {
      debugAbort(1);
    } catch (e) {
      expect((e as Error).message).toContain("debug_abort called with a non-zero code");
      // the release module carries no source paths (scripts/asc-size.mjs); line and column remain
      expect((e as Error).message).toMatch(/\(at core:\d+:\d+\)$/);
    }
    expect(debugAbort(0)).toBe(0);
  });

  it("memory stays bounded over 1,000 calls", () => {
    const doc = { name: ".agents/sessions/2026-01-01-session-1.md", kind: abi.KIND.SESSION_MD, bytes: enc.encode("# Session 1\n".repeat(200)) };
    runValidator("session-log", [doc]);
    const before = wasmMemoryBytes();
    for (let i = 0; i < 1000; i++) runValidator("session-log", [doc]);
    expect(wasmMemoryBytes()).toBeLessThanOrEqual(Math.max(before * 2, 16 * 1024 * 1024));
  });

  it("CO-001: memory stays bounded over 3,000 calls of a validator that never collects between documents (each run's garbage is swept when the next starts)", () => {
    const text = "# Feature\n\n## Requirements\n\n" + "- REQ-001: the parser keeps the table intact\n".repeat(400);
    const doc = { name: ".agents/planning/PRD-x.md", kind: abi.KIND.PLANNING_DOC, bytes: enc.encode(text) };
    runValidator("consistency", [doc]);
    const before = wasmMemoryBytes();
    for (let i = 0; i < 3000; i++) runValidator("consistency", [doc]);
    expect(wasmMemoryBytes()).toBeLessThanOrEqual(before + 1024 * 1024);
  });

  it("rule ids put together at start (defineRuleN, unmanaged Rule) survive collections: same findings after 300 calls", () => {
    const doc = { name: ".agents/sessions/2026-01-01-session-1.md", kind: abi.KIND.SESSION_MD, bytes: enc.encode("# Session 1\n\nsome text\n".repeat(50)) };
    const first = runValidator("session-log", [doc]).findings;
    expect(first.length).toBeGreaterThan(2);
    for (const f of first) expect(ruleTable().some((r) => r.id === f.ruleId)).toBe(true);
    // every call ends in a collection and allocates: freed ids would be overwritten by now
    for (let i = 0; i < 300; i++) {
      runValidator("session-log", [{ name: `.agents/sessions/2026-02-0${(i % 9) + 1}-session-${i}.md`, kind: abi.KIND.SESSION_MD, bytes: enc.encode(`## Session ${i}\n`.repeat(20 + i)) }]);
    }
    expect(runValidator("session-log", [doc]).findings).toEqual(first);
  });

  it("AC-002: invalid UTF-8 and NUL bytes are findings, not crashes", () => {
    const bad = runValidator("session-log", [
      { name: "2026-01-01-session-1.md", kind: abi.KIND.SESSION_MD, bytes: new Uint8Array([0x23, 0xff, 0xfe, 0x0a]) },
      { name: "2026-01-01-session-2.md", kind: abi.KIND.SESSION_MD, bytes: new Uint8Array([0x23, 0x00, 0x41]) },
    ]);
    const ids = ruleTable();
    expect(bad.findings.map((f) => f.ruleId)).toEqual(["AC-002", "AC-002"]);
  });

  it("property: random bytes into every validator entry point never abort", () => {
    const validators = Object.keys(abi.VALIDATOR_EXPORTS) as (keyof typeof abi.VALIDATOR_EXPORTS)[];
    const kinds = Object.values(abi.KIND);
    fc.assert(
      fc.property(
        fc.array(fc.record({ bytes: fc.uint8Array({ maxLength: 300 }), kind: fc.constantFrom(...kinds), name: fc.string({ maxLength: 30 }) }), { maxLength: 5 }),
        fc.constantFrom(...validators),
        (docs, v) => {
          const r = runValidator(v, docs);
          expect(r.docStatus.length).toBe(docs.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
