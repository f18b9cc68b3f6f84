// The Claude Code hook commands (`agentcheck hooks <name>`): no options, the hook's JSON on stdin. One
// table, read by the commander registration (src/commands/register-integrations.ts), the lean start
// paths (src/bin-main.ts; src/hooks-cli.ts, the bundle of the hooks in claude.js) and the confinement
// test's command list (CONF-00, test/hostile/confinement.integration.test.ts). Data only: the module
// and function that run each hook are named here and imported by src/commands/hook-load.ts (or
// statically by a bundle that holds the module), so that reading the table loads no hook.

export type HookCommand =
  | { name: string; description: string; module: "claude"; fn: "runStopHook" | "runSessionEndHook" | "runSessionStartHook" }
  | { name: string; description: string; module: "observe-hook"; fn: "runPostToolUseHook" }
  | { name: string; description: string; module: "pre-compact-hook"; fn: "runPreCompactHook" };

export const HOOK_COMMANDS: readonly HookCommand[] = [
  {
    name: "stop",
    description: "Claude Code Stop hook: blocks (exit 2) only when the session changed something and its end protocol is unmet (hooks.stop: block | warn | off)",
    module: "claude", fn: "runStopHook",
  },
  {
    name: "session-end",
    description: "Claude Code SessionEnd hook: runs the session-end check once, records the evidence when it passes, warns otherwise (never blocks)",
    module: "claude", fn: "runSessionEndHook",
  },
  {
    name: "session-start",
    description: "Claude Code SessionStart hook: creates the session state in the configured mode (hooks.sessionStartMode: analysis | planning | coding | disabled) and records protocol-start evidence",
    module: "claude", fn: "runSessionStartHook",
  },
  {
    // bin/agentcheck.js answers it from a bundle of its own (dist/cli/observe.cjs) unless AGENTCHECK_NO_LEAN
    name: "post-tool-use",
    description: "Claude Code PostToolUse hook: records what the agent did (memory, hand-off and protocol reads, skill listings, validator runs, the repository's own start steps) as start evidence; sets protocolStartComplete when every required start step has evidence (never blocks)",
    module: "observe-hook", fn: "runPostToolUseHook",
  },
  {
    name: "pre-compact",
    description: "Claude Code PreCompact hook: saves the session's .aibrain checkpoint (session state, focus, next steps) before the context is compacted (never blocks)",
    module: "pre-compact-hook", fn: "runPreCompactHook",
  },
];

/** The hook command of that name, or undefined. */
export const hookCommand = (name: string): HookCommand | undefined => HOOK_COMMANDS.find((h) => h.name === name);
