// Issue 11, the full bad-input matrix: every bad input x every file kind a command reads x every
// command reading it. Each run is killed at KILL_MS (a kill = a hang, reported as a failure); it
// must exit 0, 1 or 2; it never exits 0 when the file could not be checked; BOM / CRLF / lone CR
// give the LF verdict (exit code, rule ids and line numbers); no output quotes the target of a
// link out of the repository.
import { describe, expect, it } from "vitest";
import { BADS, KINDS, judge, runMatrix } from "./matrix.js";

describe("issue 11 bad-input matrix (all inputs x all file kinds x all commands)", () => {
  it("every run ends, exits 0/1/2, never passes an unchecked file, and CRLF/CR/BOM keep the LF verdict", async () => {
    const t0 = Date.now();
    const results = await runMatrix(KINDS, BADS, 2);
    const problems = results.map(judge).filter((p): p is string => p !== undefined);
    const slowest = results.reduce((a, b) => (b.run.ms > a.run.ms ? b : a));
    console.log(`matrix: ${results.length} runs (${KINDS.length} kinds x ${BADS.length} inputs, every command of the kind) in ${Date.now() - t0} ms; slowest ${slowest.run.ms} ms: ${slowest.kind} / ${slowest.bad} / ${slowest.command}`);
    expect(problems).toEqual([]);
  }, 900_000);
});
