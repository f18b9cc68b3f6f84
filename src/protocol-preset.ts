// The session protocol a repository follows: one setting (`protocol.preset` in agentcheck.config.json,
// declared in src/config-schema.ts) and this one table of what each preset turns on. Every surface
// reads it from here: the SessionStart / Stop / SessionEnd hooks (src/commands/claude.ts), the gate
// (src/state/config.ts: the defaults of gate.enabled and gate.requireProtocolStart), `session end`
// (src/commands/session-end.ts), the MCP server's protocol tools (src/phase/gates.ts: whether
// SESSION_LOG demands a log) and the Inngest protocol functions (src/workflows/protocol.ts). Lean: no
// zod, no WASM (the gate loads it).

export const PROTOCOL_PRESETS = ["full", "validate-if-present", "off"] as const;
export type ProtocolPreset = (typeof PROTOCOL_PRESETS)[number];

/** The preset of a repository without `protocol.preset`: the seeds' protocol, as before presets existed. */
export const DEFAULT_PRESET: ProtocolPreset = "full";

export interface PresetRules {
  /** SessionStart creates the session state and tells the agent its id and mode. */
  sessionStart: boolean;
  /** A session log is required: SessionStart asks for one; session end, Stop and the SESSION_LOG gate fail without it. */
  logRequired: boolean;
  /** A session log that exists is validated (full mode) by session end and Stop. */
  validateLog: boolean;
  /** The end protocol demands the work committed (SP-039 clean tree, SP-040 commits since the start). */
  requireCommits: boolean;
  /** Stop may block the agent while the end protocol is unmet (hooks.stop still chooses block/warn/off). */
  stopEnforces: boolean;
  /** The PreToolUse gate is on by default (gate.enabled overrides). */
  gate: boolean;
  /** The start protocol's steps need evidence (the PostToolUse hook records it) before protocolStartComplete. */
  startSteps: boolean;
  /** The gate denies all but read-only tools until the start protocol has evidence (gate.requireProtocolStart overrides). */
  requireProtocolStart: boolean;
  /** The MCP server's protocol tools (session_start, gates, session_end) run. */
  protocolTools: boolean;
  /** One line for init, docs and messages. */
  summary: string;
}

/** What each preset turns on: the one declaration. */
export const PRESETS: Record<ProtocolPreset, PresetRules> = {
  full: {
    sessionStart: true, logRequired: true, validateLog: true, requireCommits: true, stopEnforces: true, startSteps: true,
    gate: true, requireProtocolStart: true, protocolTools: true,
    summary: "the seeds' protocol: a session log is required, the start and end checklists are enforced, the gate blocks until the start protocol has evidence",
  },
  "validate-if-present": {
    sessionStart: true, logRequired: false, validateLog: true, requireCommits: false, stopEnforces: true, startSteps: false,
    gate: true, requireProtocolStart: false, protocolTools: true,
    summary: "session logs are optional and validated when present; no start or end demands; Stop never blocks for a missing log",
  },
  off: {
    sessionStart: false, logRequired: false, validateLog: false, requireCommits: false, stopEnforces: false, startSteps: false,
    gate: false, requireProtocolStart: false, protocolTools: false,
    summary: "the hooks and the gate do nothing protocol-related; validators of committed artifacts still run on demand",
  },
};

/** The configured preset (the configuration was validated: an unknown name never reaches here). */
export function presetName(config: { protocol?: { preset?: string } } | undefined): ProtocolPreset {
  const p = config?.protocol?.preset;
  return (PROTOCOL_PRESETS as readonly string[]).includes(p ?? "") ? (p as ProtocolPreset) : DEFAULT_PRESET;
}

/** The rules of the configured preset, with its name. */
export function presetOf(config: { protocol?: { preset?: string } } | undefined): PresetRules & { name: ProtocolPreset } {
  const name = presetName(config);
  return { ...PRESETS[name], name };
}

/**
 * The start protocol the PostToolUse hook and SessionStart ask evidence for (src/state/observed.ts
 * StartProtocol): the built-in steps (undefined) under a preset with start demands, none otherwise.
 */
export function startProtocolFor(preset: ProtocolPreset | undefined): { steps?: readonly never[] } | undefined {
  return PRESETS[preset ?? DEFAULT_PRESET].startSteps ? undefined : { steps: [] };
}
