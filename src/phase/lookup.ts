// The session protocol's current phase for the PreToolUse gate (policy gate.phases), read the way the
// protocol's own store reads it (src/phase/store.ts), so the gate and `agentcheck phase status` never
// disagree: the memories folder (config paths.memories) when it is a folder, else only the JSON
// fallback; each parsed strictly (a file that does not parse is unreadable: the gate denies). Node's
// fs, the format parser and the phase names only: scripts/bundle-gate.mjs bundles it into the hook.
import { statSync } from "node:fs";
import { join } from "node:path";
import { NOTE_MAX_BYTES, readTextBounded } from "../fsread.js";
import { CURRENT_STATE_FILE, parseState, renderState } from "./format.js";
import type { ProtocolState } from "./model.js";
import { PHASES } from "./phases.js";

export type PhaseLookup =
  | { ok: true; phase: string; blockedFrom?: string }
  | { ok: false; reason: "no-session" | "unreadable"; detail: string };

/** The protocol store's defaults (src/config.ts DEFAULT_PATHS.memories, src/phase/store.ts). */
export const DEFAULT_MEMORIES_DIR = ".serena/memories";
const STATE_JSON = ".agents/sessions/.session-state.json";
const JSON_FORMAT = "agentcheck-session-protocol";

/** Bounded read (no FIFOs or devices, no links out of the worktree); undefined when the file is absent. */
function read(p: string, root: string): string | undefined {
  const r = readTextBounded(p, { maxBytes: NOTE_MAX_BYTES, root });
  if (r.ok) return r.text;
  if (r.refusal.reason === "missing") return undefined;
  throw new Error(r.refusal.detail);
}

const found = (s: ProtocolState): PhaseLookup =>
  s.blockedFrom !== undefined ? { ok: true, phase: s.currentPhase, blockedFrom: s.blockedFrom } : { ok: true, phase: s.currentPhase };

/** The JSON fallback's current state: undefined when the file is absent or holds no session; throws when it does not parse. */
function jsonCurrent(root: string): ProtocolState | undefined {
  const js = read(join(root, STATE_JSON), root);
  if (js === undefined) return undefined;
  const o = JSON.parse(js) as { format?: unknown; current?: unknown } | null;
  if (typeof o !== "object" || o === null || o.format !== JSON_FORMAT) throw new Error(`${STATE_JSON} is not a ${JSON_FORMAT} document`);
  if (o.current === null || o.current === undefined) return undefined;
  // the store's own check: the state must survive its markdown form's strict parser
  return parseState(renderState(o.current as ProtocolState), STATE_JSON);
}

/**
 * Never throws. `memoriesDir`: the workspace-relative memories folder (config paths.memories). With a
 * memories folder, state still in the JSON fallback (kept there before the folder existed) counts
 * until the store's next change moves it into the folder; an active session in both is unreadable,
 * as for the store (src/phase/store.ts read, migrateJson).
 */
export function lookupPhase(root: string, memoriesDir: string = DEFAULT_MEMORIES_DIR): PhaseLookup {
  try {
    let isDir = false;
    try {
      isDir = statSync(join(root, memoriesDir)).isDirectory();
    } catch {
      /* no memories folder: the JSON fallback, as the store decides */
    }
    const fromJson = jsonCurrent(root);
    if (isDir) {
      const rel = `${memoriesDir.replace(/\/+$/, "")}/${CURRENT_STATE_FILE}`;
      const md = read(join(root, memoriesDir, CURRENT_STATE_FILE), root);
      if (md !== undefined) {
        const st = parseState(md, rel);
        if (fromJson) return { ok: false, reason: "unreadable", detail: `${STATE_JSON} and ${rel} both hold an active session` };
        return found(st);
      }
      return fromJson ? found(fromJson) : { ok: false, reason: "no-session", detail: `no ${rel}` };
    }
    return fromJson ? found(fromJson) : { ok: false, reason: "no-session", detail: `no active session in ${STATE_JSON}` };
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
