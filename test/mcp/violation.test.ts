// Issue 40 item 7 (seed deviation): the phase machine's VIOLATION state. A forced advance past a MUST
// gate that has not passed (ADR-011 advance_phase `force`) logs the violation and puts the session in
// VIOLATION, which no advance lifts and the gate does not count as READY; session_end still ends it.
import { describe, it, expect } from "vitest";
import { protocolRepo } from "./helpers.js";
import { advancePhase, getBlockedReason, openProtocol, sessionStart } from "../../dist/phase/machine.js";
import { lookupPhase, phaseReady } from "../../dist/phase/lookup.js";

describe("issue-40 item 7 phase machine VIOLATION state", () => {
  it("PH-VIOLATION: advance_phase force past a failing MUST gate -> VIOLATION, logged; advance refused; blocked reason says so", async () => {
    const dir = protocolRepo({ memories: false });
    const ctx = openProtocol({ root: dir });
    await sessionStart(ctx, { objective: "force it" });
    const r = (await advancePhase(ctx, undefined, { force: true })) as { phase: string; message: string; missing_gate: string };
    expect(r.phase).toBe("VIOLATION");
    expect(r.missing_gate).toBe("SERENA_INIT");
    expect(r.message).toContain("VIOLATION");
    const docs = ctx.store.read();
    expect(docs.current?.currentPhase).toBe("VIOLATION");
    expect(docs.current?.blockedFrom).toBe("INIT");
    expect(docs.violations.at(-1)).toMatchObject({ phase: "SERENA_INIT", severity: "CRITICAL" });
    expect(docs.violations.at(-1)!.recovery).toContain("forced past SERENA_INIT");
    await expect(advancePhase(ctx)).rejects.toMatchObject({ code: "OUT_OF_ORDER" });
    expect(await getBlockedReason(ctx)).toMatchObject({ blocked: true, phase: "VIOLATION", gate: "SERENA_INIT" });
    // the hook gate (gate.phases) never counts a VIOLATION as READY
    const l = lookupPhase(dir);
    expect(l.ok && l.phase).toBe("VIOLATION");
    expect(phaseReady(l)).toBe(false);
  });

  it("PH-VIOLATION: a forced jump past the next gate is a VIOLATION too; without force it stays BLOCKED", async () => {
    const dir = protocolRepo({ memories: false });
    const ctx = openProtocol({ root: dir });
    await sessionStart(ctx, { objective: "jump" });
    expect(((await advancePhase(ctx, "READY")) as { phase: string }).phase).toBe("BLOCKED");
    const dir2 = protocolRepo({ memories: false });
    const ctx2 = openProtocol({ root: dir2 });
    await sessionStart(ctx2, { objective: "jump" });
    expect(((await advancePhase(ctx2, "READY", { force: true })) as { phase: string }).phase).toBe("VIOLATION");
  });
});
