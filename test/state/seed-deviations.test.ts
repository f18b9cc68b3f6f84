// Issue 40 item 7 (seed deviations in the session state): verdict confidence on seed 001's 0–100
// scale (older 0–1 states read and migrated), and compaction retention (seed 001's
// COMPACTION_RETENTION_DAYS: archives of the agent history pruned after the retention period).
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { SessionStore, totalInvocations } from "../../dist/state/ops.js";
import { COMPACTION_RETENTION_DAYS } from "../../dist/state/constants.js";
import { verdictConfidence } from "../../dist/state/verdict-scale.js";
import { validateStateZod } from "../../dist/state/schema.js";
import { tmpDir } from "../helpers.js";

const ID = "2026-12-01-session-01";

function storeAt(clock: { t: number }, o: Record<string, unknown> = {}) {
  return new SessionStore({ root: tmpDir("seed-dev-"), requireTaskForCoding: false, agentNotes: false, now: () => new Date(clock.t), ...o });
}

describe("issue-40 item 7 verdict confidence 0–100 (seed 001's Verdict type)", () => {
  it("SCH-13 (0–100): 0, 1, 80 and 100 are valid, 100.5 and -1 are not", () => {
    const clock = { t: Date.parse("2026-12-01T10:00:00Z") };
    return (async () => {
      const s = storeAt(clock);
      await s.create(ID);
      for (const c of [0, 1, 80, 100]) await s.addVerdict(ID, { agent: "critic", decision: "approve", confidence: c, reasoning: "r" });
      const st = await s.get(ID);
      expect(st.orchestratorWorkflow!.verdicts.map((v: { confidence: number }) => v.confidence)).toEqual([0, 1, 80, 100]);
      for (const c of [100.5, -1]) await expect(s.addVerdict(ID, { agent: "critic", decision: "approve", confidence: c, reasoning: "r" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
      const bad = structuredClone(st);
      bad.orchestratorWorkflow.verdicts[0].confidence = 101;
      expect(validateStateZod(bad).ok).toBe(false);
    })();
  });

  it("an old 0–1 fraction is taken as the old scale: on input and when an older state is read (0.8 -> 80)", async () => {
    expect(verdictConfidence(0.8)).toBe(80);
    expect(verdictConfidence(0.255)).toBe(25.5);
    expect(verdictConfidence(1)).toBe(1);
    expect(verdictConfidence(0)).toBe(0);
    const clock = { t: Date.parse("2026-12-01T10:00:00Z") };
    const s = storeAt(clock);
    await s.create(ID);
    await s.addVerdict(ID, { agent: "qa", decision: "approve", confidence: 0.9, reasoning: "r" });
    expect((await s.get(ID)).orchestratorWorkflow!.verdicts[0].confidence).toBe(90);
    // a state written by an older version: confidence 0.75 in the file
    const file = s.notes.file(`sessions/session-${ID}`);
    writeFileSync(file, readFileSync(file, "utf8").replace('"confidence": 90', '"confidence": 0.75').replace('"confidence":90', '"confidence":0.75'));
    expect(readFileSync(file, "utf8")).toMatch(/"confidence":\s*0\.75/);
    expect((await s.get(ID)).orchestratorWorkflow!.verdicts[0].confidence).toBe(75);
    await s.update(ID, { task: "t" }); // the next write stores the migrated value
    expect(readFileSync(file, "utf8")).toMatch(/"confidence":\s*75\b/);
  });
});

describe("issue-40 item 7 compaction retention (COMPACTION_RETENTION_DAYS)", () => {
  async function compacted(o: Record<string, unknown> = {}) {
    const clock = { t: Date.parse("2026-12-01T10:00:00Z") };
    const s = storeAt(clock, { compactThreshold: 3, compactKeep: 1, ...o });
    await s.create(ID);
    for (let i = 0; i < 4; i++) {
      await s.startInvocation(ID, { agent: "implementer", prompt: `p${i}` });
      await s.completeInvocation(ID, { agent: "implementer" });
    }
    const st = await s.get(ID);
    const entry = st.orchestratorWorkflow!.compactionHistory[0];
    expect(entry).toBeDefined();
    return { s, clock, entry, total: totalInvocations(st) };
  }

  it("default 30 days: an archive younger than that is kept by gc; older, gc prunes it and the entry keeps its count with prunedAt", async () => {
    expect(COMPACTION_RETENTION_DAYS).toBe(30);
    const { s, clock, entry, total } = await compacted();
    const archive = s.notes.file(entry.notePath);
    expect(existsSync(archive)).toBe(true);
    clock.t += 29 * 86_400_000;
    expect((await s.gc()).removed).toEqual([]);
    expect(existsSync(archive)).toBe(true);
    clock.t += 2 * 86_400_000;
    const r = await s.gc();
    expect(r.removed).toEqual([`${entry.notePath}.md`]);
    expect(existsSync(archive)).toBe(false);
    const st = await s.get(ID);
    expect(st.orchestratorWorkflow!.compactionHistory[0]).toMatchObject({ notePath: entry.notePath, count: entry.count, prunedAt: new Date(clock.t).toISOString() });
    expect(totalInvocations(st)).toBe(total);
    expect((await s.gc()).removed).toEqual([]); // once
  });

  it("configurable: 1 day prunes with the next compaction; 0 keeps archives forever", async () => {
    const a = await compacted({ compactionRetentionDays: 1 });
    a.clock.t += 2 * 86_400_000;
    await a.s.compact(ID);
    expect(existsSync(a.s.notes.file(a.entry.notePath))).toBe(false);
    const b = await compacted({ compactionRetentionDays: 0 });
    b.clock.t += 3650 * 86_400_000;
    expect((await b.s.gc()).removed).toEqual([]);
    expect(existsSync(b.s.notes.file(b.entry.notePath))).toBe(true);
  });
});
