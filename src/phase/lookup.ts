// The session protocol's current phase for the PreToolUse gate (policy gate.phases), read by the
// protocol's own store (src/phase/store.ts: the memories folder of paths.memories when it is a folder,
// else the JSON fallback, state kept there counting until it moves; every file parsed strictly), so
// the gate and `agentcheck phase status` never disagree. scripts/bundle-gate.mjs bundles it into the hook.
import { PHASES } from "./phases.js";
import { PhaseStore } from "./store.js";

export type PhaseLookup =
  | { ok: true; phase: string; blockedFrom?: string }
  | { ok: false; reason: "no-session" | "unreadable"; detail: string };

/**
 * Never throws: a state that does not read or parse is "unreadable" (the gate denies). `memoriesDir`:
 * the workspace-relative memories folder (config paths.memories; default the store's).
 */
export function lookupPhase(root: string, memoriesDir?: string): PhaseLookup {
  try {
    const store = new PhaseStore({ root, memoriesDir });
    const s = store.read().current;
    if (!s) return { ok: false, reason: "no-session", detail: `no active session in ${store.stateFile}` };
    return s.blockedFrom !== undefined ? { ok: true, phase: s.currentPhase, blockedFrom: s.blockedFrom } : { ok: true, phase: s.currentPhase };
  } catch (e) {
    return { ok: false, reason: "unreadable", detail: (e as Error)?.message ?? String(e) };
  }
}

/** READY or later (a BLOCKED session counts as the phase it was blocked in). */
export function phaseReady(l: PhaseLookup): boolean {
  if (!l.ok) return false;
  const p = l.phase === "BLOCKED" && l.blockedFrom ? l.blockedFrom : l.phase;
  const i = (PHASES as readonly string[]).indexOf(p);
  return i >= (PHASES as readonly string[]).indexOf("READY");
}
