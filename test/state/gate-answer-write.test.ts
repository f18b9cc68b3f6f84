// Issue 39 item 3: the gate launcher exits at once after the answer (bin/agentcheck-gate.cjs), so the
// answer must be out by then: writeAnswer (src/state/gate.ts) waits out a full non-blocking stdout
// (EAGAIN) instead of leaving the deny in process.stdout's queue, where an immediate exit would drop
// it and Claude Code would let the tool run.
import { describe, expect, it } from "vitest";
import { writeAnswer } from "../../src/state/gate.js";

/** A descriptor that refuses `refusals` writes with `code`, then takes at most `step` bytes per write. */
function fakeFd(refusals: number, code: string, step = 7) {
  const got: Buffer[] = [];
  let left = refusals;
  const write = (fd: number, b: Buffer, off: number, len: number): number => {
    expect(fd).toBe(1);
    if (left-- > 0) throw Object.assign(new Error(code), { code });
    const n = Math.min(step, len);
    got.push(Buffer.from(b.subarray(off, off + n)));
    return n;
  };
  return { write, text: () => Buffer.concat(got).toString("utf8") };
}

describe("issue-39 item 3: the gate's answer is written whole before the launcher exits", () => {
  const deny = JSON.stringify({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "not allowed in analysis mode" } }) + "\n";

  it("EAGAIN (a full non-blocking pipe) is waited out: the whole answer is written, nothing is left to a queue", () => {
    const fd = fakeFd(20, "EAGAIN");
    expect(writeAnswer(Buffer.from(deny), fd.write)).toBeUndefined();
    expect(fd.text()).toBe(deny);
  });

  it("a partial write goes on from where it stopped", () => {
    const fd = fakeFd(0, "EAGAIN", 3);
    expect(writeAnswer(Buffer.from(deny), fd.write)).toBeUndefined();
    expect(fd.text()).toBe(deny);
  });

  it("another error (a closed pipe) gives back what is left, for process.stdout and a draining exit", () => {
    const fd = fakeFd(1, "EPIPE");
    expect(writeAnswer(Buffer.from(deny), fd.write)?.toString("utf8")).toBe(deny);
  });
});
