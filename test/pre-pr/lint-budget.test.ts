// PP-003: the lint raises V8's interrupt budget for its process once, when the first lint worker
// starts (src/prepr/markdown.ts, LINT_INTERRUPT_BUDGET; the speed itself is measured in the bench).
// node:v8 is mocked here, so that the call can be seen: V8 offers no way to read a flag back.
import { describe, it, expect, vi } from "vitest";

const calls: string[] = [];
vi.mock("node:v8", async (orig) => {
  const real = (await orig()) as Record<string, unknown>;
  return { ...real, setFlagsFromString: (f: string) => void calls.push(f) };
});

describe("lint worker JIT settings", () => {
  it("PP-003: the first lint worker's options set --interrupt-budget once; later workers do not set it again", async () => {
    // a fresh copy of the module: the unit tier runs files without isolation, so another file may have
    // started a lint worker through the module already
    vi.resetModules();
    const { LINT_INTERRUPT_BUDGET, lintWorkerOptions } = await import("../../dist/prepr/markdown.js");
    expect(LINT_INTERRUPT_BUDGET).toBeGreaterThan(132 * 1024); // Node 20's default budget
    expect(calls).toEqual([]); // importing the module sets nothing: only a lint does
    lintWorkerOptions();
    expect(calls).toEqual([`--interrupt-budget=${LINT_INTERRUPT_BUDGET}`]);
    lintWorkerOptions({ files: [], configs: [] });
    expect(calls).toHaveLength(1);
  });
});
