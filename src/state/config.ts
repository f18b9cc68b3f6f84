// Tiny reader of this area's project settings, so that the gate does not load the general config
// loader. Keys (in agentcheck.config.json or .jsonc, or under "agentcheck" in package.json, at the worktree root):
//   state.notesDir (string), state.requireTaskForCoding (boolean), state.agentNotes (boolean),
//   gate.enabled (boolean), gate.readOnlyTools (string[]; alias gate.readOnlyExtra), gate.requireProtocolStart (boolean).
import { CONFIG_MAX_BYTES, ReadRefusedError, readTextOrThrow } from "../fsread.js";
import { dirname, join, resolve } from "node:path";
import { StateError } from "./errors.js";

export interface StateSettings {
  /** Absolute notes root from the config (relative values resolve against the config file's folder). */
  notesDir?: string;
  requireTaskForCoding: boolean;
  agentNotes: boolean;
  gateEnabled: boolean;
  readOnlyTools: string[];
  requireProtocolStart: boolean;
  /** Where the settings came from (for diagnostics), or undefined for defaults. */
  source?: string;
  /** Problems found in the config (bad types); the offending keys fall back to defaults. */
  problems: string[];
}

/** // and /* comments and trailing commas removed (outside strings), for agentcheck.config.jsonc. */
function stripComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
      out += " ";
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

function readJson(path: string, root: string): unknown {
  try {
    // bounded reader: a FIFO or /dev/zero config is refused at once (the gate then fails closed)
    const text = readTextOrThrow(path, { maxBytes: CONFIG_MAX_BYTES, root });
    return JSON.parse(path.endsWith(".jsonc") ? stripComments(text) : text);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (e instanceof ReadRefusedError ? e.refusal.reason === "missing" : err.code === "ENOENT" || err.code === "ENOTDIR") return undefined;
    throw new StateError("USAGE", `cannot read the configuration ${path}: ${err.message}`);
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Settings for the worktree at `root`. A config that cannot be parsed throws StateError USAGE (exit 2; the gate fails closed). */
export function readStateSettings(root: string): StateSettings {
  const out: StateSettings = {
    requireTaskForCoding: false,
    agentNotes: false,
    gateEnabled: true,
    readOnlyTools: [],
    requireProtocolStart: false,
    problems: [],
  };
  let cfg: unknown;
  let file = join(root, "agentcheck.config.json");
  cfg = readJson(file, root);
  if (cfg === undefined) {
    file = join(root, "agentcheck.config.jsonc");
    cfg = readJson(file, root);
  }
  if (cfg === undefined) {
    file = join(root, "package.json");
    const pkg = readJson(file, root);
    cfg = isObj(pkg) ? pkg.agentcheck : undefined;
  }
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
  for (const key of ["readOnlyTools", "readOnlyExtra"]) {
    // readOnlyExtra: the spec's name for the same list, accepted as an alias
    const v = gate[key];
    if (v === undefined) continue;
    if (Array.isArray(v) && v.every((t) => typeof t === "string")) out.readOnlyTools.push(...(v as string[]));
    else out.problems.push(`gate.${key} must be an array of tool names`);
  }
  return out;
}
