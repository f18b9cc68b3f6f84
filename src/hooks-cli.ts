// The Claude Code hooks that run at every stop, session start and session end (`agentcheck hooks
// stop|session-start|session-end`, no options) as one CommonJS bundle (dist/cli/hooks.cjs,
// scripts/bundle-cli.mjs) that bin/agentcheck.js loads with its V8 code cache (bin/code-cache.cjs):
// no commander and no ES module graph to resolve and link at start-up (issue 39). src/bin-main.ts
// runs the same function for a caller that goes through the ES module CLI.
import { quietEpipe } from "./epipe.js";
import { leanRun } from "./lean.js";
import { runSessionEndHook, runSessionStartHook, runStopHook } from "./commands/claude.js";

/** `hooks <name>` commands without options and the function that runs each (src/commands/register-integrations.ts declares them for commander). */
const HOOK_COMMANDS: Record<string, () => Promise<number>> = {
  stop: runStopHook,
  "session-start": runSessionStartHook,
  "session-end": runSessionEndHook,
};

/** Run the hook `name` as cli.ts main() would (usage and other errors: one line, exit 2); undefined for a name that is not one of them. */
export async function runHookLean(name: string): Promise<number | undefined> {
  const fn = Object.hasOwn(HOOK_COMMANDS, name) ? HOOK_COMMANDS[name] : undefined;
  if (fn === undefined) return undefined;
  quietEpipe();
  return leanRun(fn);
}
