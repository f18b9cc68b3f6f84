// This area's project settings, read through the one configuration reader (src/config-file.ts: the
// same file discovery, BOM, JSONC and error answers as `check` and `pre-pr`) and checked by the one
// configuration validation (src/config-validate.ts: the schema declared once in src/config-schema.ts,
// rendered at build time, without zod, so the gate stays lean). A configuration `check` would refuse
// is refused here too: StateError USAGE naming the file and the key (session commands exit 2, the gate
// denies every tool but the read-only ones). Keys (in agentcheck.config.json or .jsonc, or under
// "agentcheck" in package.json): state.notesDir, state.requireTaskForCoding, state.agentNotes,
// protocol.preset, gate.enabled, gate.readOnlyTools (alias gate.readOnlyExtra), gate.requireProtocolStart, gate.phases
// (read-only tools only until the session protocol reaches READY), paths.memories.
import { dirname, resolve } from "node:path";
import { findConfigFile } from "../config-file.js";
import { validateConfig } from "../config-validate.js";
import { configPath } from "../config-paths.js";
import { StateError } from "./errors.js";
import { DEFAULT_PRESET, PRESETS, presetName, type ProtocolPreset } from "../protocol-preset.js";

export interface StateSettings {
  /** Absolute notes root from the config (relative values resolve against the config file's folder). */
  notesDir?: string;
  requireTaskForCoding: boolean;
  agentNotes: boolean;
  /** state.compactionRetentionDays (undefined: COMPACTION_RETENTION_DAYS). */
  compactionRetentionDays?: number;
  gateEnabled: boolean;
  readOnlyTools: string[];
  requireProtocolStart: boolean;
  /** gate.phases: read-only tools only until the session protocol (agentcheck mcp) reaches READY. */
  gatePhases: boolean;
  /** paths.memories when set (workspace-relative): where the session protocol keeps its state. */
  memoriesDir?: string;
  /** protocol.preset (src/protocol-preset.ts): the defaults of gateEnabled and requireProtocolStart. */
  preset: ProtocolPreset;
  /** paths.sessions when set (workspace-relative): where the session log goes (a start step may write it). */
  sessionsDir?: string;
  /** paths.skills when set (workspace-relative): the skills folder a start step lists (src/state/observed.ts). */
  skillsDir?: string;
  /** Where the settings came from (for diagnostics), or undefined for defaults. */
  source?: string;
}

/**
 * Settings for the worktree at `root`. A configuration that cannot be read or parsed, or that the one
 * validation refuses, throws StateError USAGE (exit 2; the gate fails closed).
 */
export function readStateSettings(root: string, cwd: string = root): StateSettings {
  const out: StateSettings = {
    requireTaskForCoding: false,
    agentNotes: false,
    gateEnabled: PRESETS[DEFAULT_PRESET].gate,
    readOnlyTools: [],
    requireProtocolStart: PRESETS[DEFAULT_PRESET].requireProtocolStart, // no configuration: the default preset's table row
    gatePhases: false,
    preset: DEFAULT_PRESET,
  };
  let found;
  let cfg;
  try {
    found = findConfigFile(root, undefined, cwd);
    if (!found) return out;
    cfg = validateConfig(found.value, found.source);
  } catch (e) {
    throw new StateError("USAGE", (e as Error).message);
  }
  out.source = found.file;
  const { state = {}, gate = {}, paths = {} } = cfg;
  if (state.notesDir !== undefined) out.notesDir = resolve(dirname(found.file), state.notesDir);
  out.requireTaskForCoding = state.requireTaskForCoding ?? false;
  out.agentNotes = state.agentNotes ?? false;
  if (state.compactionRetentionDays !== undefined) out.compactionRetentionDays = state.compactionRetentionDays;
  out.preset = presetName(cfg);
  // the preset's table row says what is on (no protocol.preset: DEFAULT_PRESET, full, whose start block
  // is on); gate.enabled and gate.requireProtocolStart, when set, win
  out.gateEnabled = gate.enabled ?? PRESETS[out.preset].gate;
  out.requireProtocolStart = gate.requireProtocolStart ?? PRESETS[out.preset].requireProtocolStart;
  out.gatePhases = gate.phases ?? false;
  // normalised by the one place paths.* is resolved, as for every other command
  if (paths.memories !== undefined) out.memoriesDir = configPath(cfg, "memories");
  if (paths.skills !== undefined) out.skillsDir = configPath(cfg, "skills");
  if (paths.sessions !== undefined) out.sessionsDir = configPath(cfg, "sessions");
  // readOnlyExtra: the spec's name for the same list, accepted as an alias
  out.readOnlyTools = [...(gate.readOnlyTools ?? []), ...(gate.readOnlyExtra ?? [])];
  return out;
}
