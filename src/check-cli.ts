// `check` and `session-log` with simple options, without commander (issue 13: `check --staged` runs
// in every commit hook, `session-log` at every session end). bin/agentcheck.js loads this module as one CommonJS bundle (dist/cli/check.cjs, built by
// scripts/bundle-cli.mjs) with a V8 code cache, as it does the lean commands (src/lean-cli.ts).
// runCheckLean answers undefined when the arguments need the full CLI (help, an unknown or malformed
// option, positional arguments), which then handles them with commander's behaviour and messages.
import { leanParse, leanParsePaths, leanRun } from "./lean.js";
import { runCheckCommand } from "./commands/check.js";
import { runSessionLogCommand } from "./commands/session-log.js";

/**
 * The options of `check` the lean path accepts, in commander's syntax (the commander definitions are
 * in src/cli.ts and src/commands/common.ts withOutputOptions; anything else goes there).
 */
export const CHECK_FLAGS = [
  "-f, --format <name>", "-o, --output-file <path>", "--max-warnings <n>", "-q, --quiet", "--verbose", "--color", "--no-color",
  "--max-file-size <bytes>", "--now <iso>",
  "--staged", "--staged-when-committing", "--changed", "--base <ref>", "--all", "--strict", "--profile <name>", "--mode <mode>", "--only <validators>",
  "--cutoff <date>", "--config <path>",
];

/**
 * The options of `session-log` the lean path accepts (src/cli.ts: the command's own and
 * withOutputOptions' without the baseline ones); its paths are positional, as for commander.
 */
export const SESSION_LOG_FLAGS = [
  "-f, --format <name>", "-o, --output-file <path>", "--max-warnings <n>", "-q, --quiet", "--verbose", "--color", "--no-color",
  "--max-file-size <bytes>", "--now <iso>",
  "--mode <mode>", "--strict", "--context <ctx>", "--base <ref>", "--cutoff <date>", "--memories-dir <dir>",
];

/** Run `args` (without node and the script) on the lean path, or undefined for the full CLI. */
export async function runCheckLean(args: string[]): Promise<number | undefined> {
  if (args[0] === "session-log") {
    // `session-log` runs at every session end (hooks, workflow steps): the same bundle, its own flags
    const p = leanParsePaths(args.slice(1), SESSION_LOG_FLAGS);
    if (!p) return undefined;
    return leanRun(() => runSessionLogCommand(p.paths, { format: "text", ...p.options }));
  }
  if (args[0] !== "check") return undefined;
  const o = leanParse(args.slice(1), CHECK_FLAGS);
  if (!o) return undefined;
  // commander's defaults: --format text, no paths
  return leanRun(() => runCheckCommand([], { format: "text", ...o }));
}
