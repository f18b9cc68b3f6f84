// `check` with simple options, without commander (issue 13: `check --staged` runs in every commit
// hook). bin/agentcheck.js loads this module as one CommonJS bundle (dist/cli/check.cjs, built by
// scripts/bundle-cli.mjs) with a V8 code cache, as it does the lean commands (src/lean-cli.ts).
// runCheckLean answers undefined when the arguments need the full CLI (help, an unknown or malformed
// option, positional arguments), which then handles them with commander's behaviour and messages.
import { leanParse, leanRun } from "./lean.js";
import { runCheckCommand } from "./commands/check.js";

/**
 * The options of `check` the lean path accepts, in commander's syntax (the commander definitions are
 * in src/cli.ts and src/commands/common.ts withOutputOptions; anything else goes there).
 */
export const CHECK_FLAGS = [
  "-f, --format <name>", "-o, --output-file <path>", "--max-warnings <n>", "-q, --quiet", "--verbose", "--color", "--no-color",
  "--max-file-size <bytes>", "--now <iso>",
  "--staged", "--changed", "--base <ref>", "--all", "--strict", "--profile <name>", "--mode <mode>", "--only <validators>",
  "--cutoff <date>", "--config <path>",
];

/** Run `args` (without node and the script) on the lean path, or undefined for the full CLI. */
export async function runCheckLean(args: string[]): Promise<number | undefined> {
  if (args[0] !== "check") return undefined;
  const o = leanParse(args.slice(1), CHECK_FLAGS);
  if (!o) return undefined;
  // commander's defaults: --format text, no paths
  return leanRun(() => runCheckCommand([], { format: "text", ...o }));
}
