// The Claude Code hooks that run at every stop, session start and session end (`agentcheck hooks
// stop|session-start|session-end`, no options) as one CommonJS bundle (dist/cli/hooks.cjs,
// scripts/bundle-cli.mjs) that bin/agentcheck.js loads with its V8 code cache (bin/code-cache.cjs):
// no commander and no ES module graph to resolve and link at start-up (issue 39). src/bin-main.ts
// runs the same function for a caller that goes through the ES module CLI.
import { quietEpipe } from "./epipe.js";
import { leanRun } from "./lean.js";
import * as claude from "./commands/claude.js";
import { hookCommand } from "./commands/hook-commands.js";

/** Run the hook `name` as cli.ts main() would (usage and other errors: one line, exit 2); undefined for a name that is not one of them. */
export async function runHookLean(name: string): Promise<number | undefined> {
  // the hooks of the one table (src/commands/hook-commands.ts) that live in claude.js, which this bundle holds
  const h = hookCommand(name);
  if (h === undefined || h.module !== "claude") return undefined;
  const fn = claude[h.fn];
  quietEpipe();
  return leanRun(fn);
}
