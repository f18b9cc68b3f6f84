// The core's allocator fast path (scripts/asc-rt.mjs): small objects are cut from a reserve block
// that stays an ordinary TLSF block. These tests check the patch itself and drive the built module
// through many collections with objects of every size, comparing each run with the first.
import { describe, it, expect } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runValidator, wasmMemoryBytes } from "../../dist/wasm/loader.js";
import * as abi from "../../dist/wasm/abi.js";
import { CORPUS, HAS_CORPUS } from "../helpers.js";
// @ts-expect-error: a build script in plain JavaScript
import { patchTlsf, patchTcms } from "../../scripts/asc-rt.mjs";
// @ts-expect-error: the compiler's own copy of its runtime sources
import { libraryFiles } from "assemblyscript/asc";

const enc = new TextEncoder();

describe("allocator reserve (scripts/asc-rt.mjs)", () => {
  it("patches the installed runtime's allocateBlock once and keeps TLSF's own path for large requests", () => {
    const src = libraryFiles["rt/tlsf"] as string;
    const out = patchTlsf(src) as string;
    expect(out).toContain("function allocateTlsfBlock(root: Root, size: usize): Block {");
    expect(out.match(/export function allocateBlock\(/g)).toHaveLength(1);
    expect(out).toContain("return allocateTlsfBlock(root, size);");
    // the rest of the runtime is untouched
    expect(out.length).toBeGreaterThan(src.length);
    expect(out.replace(/\n\/\/ agentcheck \(scripts\/asc-rt\.mjs\)[\s\S]*?function allocateTlsfBlock/, "export function allocateBlock")).toBe(src);
  });

  it("the collector: __new takes small objects from the reserve inline, the sweep frees runs of dead blocks at once; each anchor once", () => {
    const src = libraryFiles["rt/tcms"] as string;
    const out = patchTcms(src) as string;
    expect(out.match(/__alloc_object\(/g)).toHaveLength(1);
    expect(out.match(/__sweep_free\(/g)).toHaveLength(1);
    expect(out.match(/__sweep_end\(\)/g)).toHaveLength(1);
    expect(out.match(/@inline linkTo\(/g)).toHaveLength(1);
    // the sweep files the last run before the spaces flip
    expect(out.indexOf("__sweep_end()")).toBeLessThan(out.indexOf("fromSpace = to;"));
    expect(out.indexOf("__sweep_end()")).toBeGreaterThan(out.indexOf("__sweep_free("));
    const back = out
      .replace("__alloc_object(", "__alloc(")
      .replace("__sweep_free(changetype<usize>(iter));", "__free(changetype<usize>(iter) + BLOCK_OVERHEAD);")
      .replace("  __sweep_end();\n", "")
      .replace("// @ts-ignore: decorator\n  @inline linkTo(", "  linkTo(");
    expect(back).toBe(src);
    expect(() => patchTcms(src.replace("__alloc(OBJECT_OVERHEAD + size)", "__alloc(size + OBJECT_OVERHEAD)"))).toThrow(/asc-rt/);
    expect(() => patchTcms(src.replace("__free(changetype<usize>(iter) + BLOCK_OVERHEAD);", "freeIt(iter);"))).toThrow(/asc-rt/);
    const tlsf = patchTlsf(libraryFiles["rt/tlsf"] as string) as string;
    for (const fn of ["__alloc_object(size: usize): usize", "__sweep_free(block: usize): void", "__sweep_end(): void"]) expect(tlsf).toContain(`export function ${fn} {`);
  });

  it("refuses a runtime without the expected allocateBlock (a new AssemblyScript must be reviewed)", () => {
    expect(() => patchTlsf("export function allocate(root: Root, size: usize): Block {}")).toThrow(/asc-rt/);
    const src = libraryFiles["rt/tlsf"] as string;
    const twice = src + "\n" + "export function allocateBlock(root: Root, size: usize): Block {";
    expect(() => patchTlsf(twice)).toThrow(/asc-rt/);
  });

  it("many runs in one instance, small and large objects, collections in between: every run gives the first run's findings", () => {
    // documents of growing size: strings and arrays below and above the reserve's request limit (1 KB)
    const docs = (i: number) => [
      { name: `.agents/sessions/2026-02-0${(i % 9) + 1}-session-${i}.md`, kind: abi.KIND.SESSION_MD, bytes: enc.encode(`## Session ${i}\n\n- [ ] ${"x".repeat(i * 37)}\n`.repeat(5 + (i % 13))) },
      { name: `.agents/sessions/2026-02-0${(i % 9) + 1}-session-${i}.json`, kind: abi.KIND.SESSION_JSON, bytes: enc.encode(JSON.stringify({ session: { number: i, date: "2026-02-01", branch: "b".repeat(i * 11) }, protocolCompliance: {} })) },
    ];
    const first = Array.from({ length: 60 }, (_, i) => runValidator("session-log", docs(i)).findings);
    expect(first.some((f) => f.length > 0)).toBe(true);
    const mem = wasmMemoryBytes();
    for (let round = 0; round < 4; round++) {
      for (let i = 59; i >= 0; i--) expect(runValidator("session-log", docs(i)).findings).toEqual(first[i]);
    }
    // garbage is swept at each run's start: memory does not keep growing with the rounds
    expect(wasmMemoryBytes()).toBeLessThanOrEqual(mem * 2);
  });

  it.skipIf(!HAS_CORPUS)("the corpus's JSON logs three times in one instance: the same results each time", () => {
    const dir = join(CORPUS, "ai-agents-efa406e9a", ".agents", "sessions");
    const docs = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => ({ name: `.agents/sessions/${f}`, kind: abi.KIND.SESSION_JSON, bytes: new Uint8Array(readFileSync(join(dir, f))) }));
    const once = runValidator("session-log", docs);
    expect(once.findings.length).toBeGreaterThan(1000);
    for (let k = 0; k < 2; k++) {
      const again = runValidator("session-log", docs);
      expect(again.findings).toEqual(once.findings);
      expect(again.docStatus).toEqual(once.docStatus);
    }
  });
});
