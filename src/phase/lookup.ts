// The session protocol's current phase for the PreToolUse gate (policy gate.phases): a lean read of
// the "Current Phase" line (or the JSON fallback), without the full parser. No dependencies beyond
// node:fs and the phase names: scripts/bundle-gate.mjs bundles it into the hook.
import { join } from "node:path";
import { NOTE_MAX_BYTES, readTextBounded } from "../fsread.js";
import { PHASES } from "./phases.js";

export type PhaseLookup =
  | { ok: true; phase: string; blockedFrom?: string }
  | { ok: false; reason: "no-session" | "unreadable"; detail: string };

const STATE_MD = ".serena/memories/session-current-state.md";
const STATE_JSON = ".agents/sessions/.session-state.json";

/** Bounded read (no FIFOs or devices, no links out of the worktree); undefined when the file is absent. */
function read(p: string, root: string): string | undefined {
  const r = readTextBounded(p, { maxBytes: NOTE_MAX_BYTES, root });
  if (r.ok) return r.text;
  if (r.refusal.reason === "missing") return undefined;
  throw new Error(r.refusal.detail);
}

/** Never throws. */
export function lookupPhase(root: string): PhaseLookup {
  try {
    const md = read(join(root, STATE_MD), root);
    if (md !== undefined) {
      const m = /^- \*\*Current Phase\*\*: (\S+)$/m.exec(md);
      if (!m) return { ok: false, reason: "unreadable", detail: `${STATE_MD} has no Current Phase line` };
      const b = /^- \*\*Blocked From\*\*: (\S+)$/m.exec(md);
      return b ? { ok: true, phase: m[1], blockedFrom: b[1] } : { ok: true, phase: m[1] };
    }
    const js = read(join(root, STATE_JSON), root);
    if (js === undefined) return { ok: false, reason: "no-session", detail: `no ${STATE_MD}` };
    const cur = (JSON.parse(js) as { current?: { currentPhase?: unknown; blockedFrom?: unknown } | null }).current;
    if (!cur) return { ok: false, reason: "no-session", detail: `no active session in ${STATE_JSON}` };
    if (typeof cur.currentPhase !== "string") return { ok: false, reason: "unreadable", detail: `${STATE_JSON} has no currentPhase` };
    return typeof cur.blockedFrom === "string" ? { ok: true, phase: cur.currentPhase, blockedFrom: cur.blockedFrom } : { ok: true, phase: cur.currentPhase };
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
