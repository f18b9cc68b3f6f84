// A transaction of the protocol machine re-checks, under the lock, that the session is blocked on the
// same gate as when the call read it (review: a concurrent session_end moved the block from
// QUALITY_CHECKS to QA_VALIDATION while advance_phase linted, and the late advance "recovered" it).
import { describe, it, expect } from "vitest";
import { protocolRepo } from "./helpers.js";
import { advancePhase, openProtocol, sessionStart } from "../../dist/phase/machine.js";

describe("phase machine: BLOCKED on one gate is not BLOCKED on another", () => {
  it("PH-001: an advance whose blocked gate changed meanwhile is a CONFLICT, never a recovery of the other gate", async () => {
    const dir = protocolRepo({ memories: false });
    const ctx = openProtocol({ root: dir });
    await sessionStart(ctx, { objective: "race" });
    const first = (await advancePhase(ctx)) as { phase?: string };
    expect(JSON.stringify(first)).toContain("BLOCKED");
    // another writer moves the block between this call's read and its transaction
    const store = ctx.store as unknown as { transact: (fn: (d: any) => unknown) => Promise<unknown> };
    const orig = store.transact.bind(store);
    store.transact = (fn) => orig((docs: any) => {
      if (docs.current) docs.current.blockedGate = "QA_VALIDATION";
      return fn(docs);
    });
    await expect(advancePhase(ctx)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
