// Verdict confidence on seed 001's scale, 0–100 (issue 40 item 7). States written before used 0–1:
// a confidence strictly between 0 and 1 is read as that old scale and becomes a percentage (0.8 → 80),
// on every read and so at the next write; 0 and 1 read as written (on the 0–100 scale). An input
// below 1 that is not a whole number is taken the same way (`verdictConfidence`).

/** A confidence in the old 0–1 scale (a fraction strictly between 0 and 1) as a percentage. */
export function verdictConfidence(c: number): number {
  return c > 0 && c < 1 ? Math.round(c * 10000) / 100 : c;
}

/** The state with every verdict's confidence on the 0–100 scale (in place; returns it). */
export function migrateVerdictScale<T extends { orchestratorWorkflow: { verdicts: { confidence: number }[] } | null }>(s: T): T {
  const vs = s.orchestratorWorkflow?.verdicts;
  if (vs) for (const v of vs) if (typeof v.confidence === "number") v.confidence = verdictConfidence(v.confidence);
  return s;
}
