// The runner (dist/wasm/instance.js) on one build of the core and on the whole core, each a fresh
// import: a bundle picks its build at build time with a define (__AGENTCHECK_GATE_CORE__ for the gate,
// __AGENTCHECK_LEAN_CORE__ for lean.cjs); this sets that name on globalThis around the first import
// and removes it again. Shared by the parity tests of the gate and lean builds.
import { vi } from "vitest";

export type Instance = typeof import("../../dist/wasm/instance.js");
export type DocInput = Parameters<Instance["runRaw"]>[1][number];

export async function coreBuilds(define: string): Promise<{ build: Instance; whole: Instance }> {
  vi.resetModules();
  const g = globalThis as Record<string, unknown>;
  g[define] = true;
  let build: Instance;
  try {
    build = await import("../../dist/wasm/instance.js");
    build.wasmBytes(); // the module file is chosen at first use
  } finally {
    delete g[define];
  }
  vi.resetModules();
  const whole = await import("../../dist/wasm/instance.js");
  // a define that chose nothing would compare the whole core with itself
  if (build.wasmBytes().length === whole.wasmBytes().length) throw new Error(`coreBuilds: ${define} did not choose another build of the core`);
  return { build, whole };
}
