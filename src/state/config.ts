// This area's project settings, read through the one configuration reader (src/config-file.ts: the
// same file discovery, BOM, JSONC and error answers as `check` and `pre-pr`) without the zod schema, so
// the gate stays lean. Keys (in agentcheck.config.json or .jsonc, or under "agentcheck" in package.json):
//   state.notesDir (string), state.requireTaskForCoding (boolean), state.agentNotes (boolean),
//   gate.enabled (boolean), gate.readOnlyTools (string[]; alias gate.readOnlyExtra), gate.requireProtocolStart (boolean),
//   gate.phases (boolean: read-only tools only until the session protocol reaches READY).
import { dirname, resolve } from "node:path";
import { findConfigFile } from "../config-file.js";
import { StateError } from "./errors.js";
import { pushAll } from "../arrays.js";

export interface StateSettings {
  /** Absolute notes root from the config (relative values resolve against the config file's folder). */
  notesDir?: string;
  requireTaskForCoding: boolean;
  agentNotes: boolean;
  gateEnabled: boolean;
  readOnlyTools: string[];
  requireProtocolStart: boolean;
  /** gate.phases: read-only tools only until the session protocol (agentcheck mcp) reaches READY. */
  gatePhases: boolean;
  /** paths.memories when set (workspace-relative): where the session protocol keeps its state. */
  memoriesDir?: string;
  /** Where the settings came from (for diagnostics), or undefined for defaults. */
  source?: string;
  /** Problems found in the config (bad types); the offending keys fall back to defaults. */
  problems: string[];
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Settings for the worktree at `root`. A config that cannot be parsed throws StateError USAGE (exit 2; the gate fails closed). */
export function readStateSettings(root: string, cwd: string = root): StateSettings {
  const out: StateSettings = {
    requireTaskForCoding: false,
    agentNotes: false,
    gateEnabled: true,
    readOnlyTools: [],
    requireProtocolStart: false,
    gatePhases: false,
    problems: [],
  };
  let found;
  try {
    found = findConfigFile(root, undefined, cwd);
  } catch (e) {
    throw new StateError("USAGE", (e as Error).message);
  }
  const cfg = found?.value;
  const file = found?.file ?? root;
  if (!isObj(cfg)) return out;
  out.source = file;
  const state = isObj(cfg.state) ? cfg.state : {};
  const gate = isObj(cfg.gate) ? cfg.gate : {};
  const bool = (o: Record<string, unknown>, k: string, name: string, dflt: boolean): boolean => {
    if (o[k] === undefined) return dflt;
    if (typeof o[k] === "boolean") return o[k] as boolean;
    out.problems.push(`${name} must be a boolean`);
    return dflt;
  };
  if (state.notesDir !== undefined) {
    if (typeof state.notesDir === "string" && state.notesDir.trim() !== "") out.notesDir = resolve(dirname(file), state.notesDir);
    else out.problems.push("state.notesDir must be a non-empty string");
  }
  out.requireTaskForCoding = bool(state, "requireTaskForCoding", "state.requireTaskForCoding", false);
  out.agentNotes = bool(state, "agentNotes", "state.agentNotes", false);
  out.gateEnabled = bool(gate, "enabled", "gate.enabled", true);
  out.requireProtocolStart = bool(gate, "requireProtocolStart", "gate.requireProtocolStart", false);
  out.gatePhases = bool(gate, "phases", "gate.phases", false);
  const paths = isObj(cfg.paths) ? cfg.paths : {};
  if (paths.memories !== undefined) {
    // normalised as src/config.ts configPath does for every other command
    if (typeof paths.memories === "string" && paths.memories.trim() !== "") out.memoriesDir = paths.memories.replace(/\\/g, "/").replace(/\/+$/, "").replace(/^\.\//, "") || ".";
    else out.problems.push("paths.memories must be a non-empty string");
  }
  for (const key of ["readOnlyTools", "readOnlyExtra"]) {
    // readOnlyExtra: the spec's name for the same list, accepted as an alias
    const v = gate[key];
    if (v === undefined) continue;
    if (Array.isArray(v) && v.every((t) => typeof t === "string")) pushAll(out.readOnlyTools, v as string[]);
    else out.problems.push(`gate.${key} must be an array of tool names`);
  }
  return out;
}
