// `check` and `session-log` with simple options, without commander (issue 13: `check --staged` runs
// in every commit hook, `session-log` at every session end). bin/agentcheck.js loads this module as one CommonJS bundle (dist/cli/check.cjs, built by
// scripts/bundle-cli.mjs) with a V8 code cache, as it does the lean commands (src/lean-cli.ts).
// runCheckLean answers undefined when the arguments need the full CLI (help, an unknown or malformed
// option, positional arguments), which then handles them with commander's behaviour and messages.
import { leanParse, leanParsePaths, leanRun } from "./lean.js";
import { CHECK_OWN_FLAGS, OUTPUT_FLAGS, SESSION_LOG_OWN_FLAGS, flagDefaults, flagStrings } from "./flags.js";
import { runCheckCommand } from "./commands/check.js";
import { runSessionLogCommand } from "./commands/session-log.js";

/**
 * The options of `check` the lean path accepts: the declarations commander's `check` is made from
 * (src/flags.ts) but the baseline ones, which the full CLI handles.
 */
export const CHECK_FLAGS = flagStrings(OUTPUT_FLAGS, CHECK_OWN_FLAGS);

/** The options of `session-log` the lean path accepts (its paths are positional, as for commander). */
export const SESSION_LOG_FLAGS = flagStrings(OUTPUT_FLAGS, SESSION_LOG_OWN_FLAGS);

/** commander's defaults of the lean options (--format text). */
const DEFAULTS = flagDefaults(OUTPUT_FLAGS);

/** Run `args` (without node and the script) on the lean path, or undefined for the full CLI. */
export async function runCheckLean(args: string[]): Promise<number | undefined> {
  if (args[0] === "session-log") {
    // `session-log` runs at every session end (hooks, workflow steps): the same bundle, its own flags
    const p = leanParsePaths(args.slice(1), SESSION_LOG_FLAGS);
    if (!p) return undefined;
    return leanRun(() => runSessionLogCommand(p.paths, { ...DEFAULTS, ...p.options }));
  }
  if (args[0] !== "check") return undefined;
  const o = leanParse(args.slice(1), CHECK_FLAGS);
  if (!o) return undefined;
  // commander's defaults, no paths
  return leanRun(() => runCheckCommand([], { ...DEFAULTS, ...o }));
}
