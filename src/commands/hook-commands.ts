// The Claude Code hook commands (`agentcheck hooks <name>`): no options, the hook's JSON on stdin. One
// table, read by the commander registration (src/commands/register-integrations.ts), the lean start
// path (src/bin-main.ts: no commander for these), and the confinement test's command list (CONF-00,
// test/hostile/confinement.integration.test.ts). Implementations are imported only when a hook runs.

export interface HookCommand {
  /** The subcommand: `agentcheck hooks <name>`. */
  name: string;
  /** One line for `--help`. */
  description: string;
  /** Run the hook; the exit code. */
  run: () => Promise<number>;
}

export const HOOK_COMMANDS: readonly HookCommand[] = [
  {
    name: "stop",
    description: "Claude Code Stop hook: blocks (exit 2) only when the session changed something and its end protocol is unmet (hooks.stop: block | warn | off)",
    run: async () => (await import("./claude.js")).runStopHook(),
  },
  {
    name: "session-end",
    description: "Claude Code SessionEnd hook: runs the session-end check once, records the evidence when it passes, warns otherwise (never blocks)",
    run: async () => (await import("./claude.js")).runSessionEndHook(),
  },
  {
    name: "session-start",
    description: "Claude Code SessionStart hook: creates the session state in the configured mode (hooks.sessionStartMode: analysis | planning | coding | disabled) and records protocol-start evidence",
    run: async () => (await import("./claude.js")).runSessionStartHook(),
  },
  {
    name: "post-tool-use",
    description: "Claude Code PostToolUse hook: records what the agent did (memory, hand-off and protocol reads, skill listings, validator runs, the repository's own start steps) as start evidence; sets protocolStartComplete when every required start step has evidence (never blocks)",
    // bin/agentcheck.js answers it from a bundle of its own (dist/cli/observe.cjs) unless AGENTCHECK_NO_LEAN
    run: async () => (await import("../state/observe-hook.js")).runPostToolUseHook(),
  },
  {
    name: "pre-compact",
    description: "Claude Code PreCompact hook: saves the session's .aibrain checkpoint (session state, focus, next steps) before the context is compacted (never blocks)",
    run: async () => (await import("./pre-compact-hook.js")).runPreCompactHook(),
  },
];

/** The hook command of that name, or undefined. */
export const hookCommand = (name: string): HookCommand | undefined => HOOK_COMMANDS.find((h) => h.name === name);
