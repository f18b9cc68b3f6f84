// The lean commands: consistency, traceability and memory-index with simple options, without
// commander. bin/agentcheck.js loads this module as one CommonJS bundle (dist/cli/lean.cjs, built by
// scripts/bundle-cli.mjs: every module these commands use in one file, no module graph to resolve)
// before anything else; src/bin-main.ts calls the same function when it runs them. runLean answers
// undefined when the arguments need the full CLI (help, an unknown or malformed option, a
// positional argument), which then handles them with commander's behaviour and messages.
import { leanParse, leanRun } from "./lean.js";
import { runConsistencyCommand } from "./commands/consistency.js";
import { runTraceabilityCommand } from "./commands/traceability.js";
import { MEMORY_INDEX_FLAGS, runMemoryIndexCommand } from "./commands/memory-index.js";

/** The output options every validating command shares (src/commands/common.ts), in commander's syntax. */
const OUTPUT_FLAGS = ["-f, --format <name>", "-o, --output-file <path>", "--max-warnings <n>", "-q, --quiet", "--verbose", "--color", "--no-color", "--max-file-size <bytes>", "--now <iso>"];
/** Options the lean path accepts (the commander definitions are in src/cli.ts; anything else goes there). */
const LEAN_FLAGS = {
  consistency: [...OUTPUT_FLAGS, "--all", "--feature <name>", "--checkpoint <n>", "--path <dir>", "--profile <name>", "--enable <ids>", "--advisory"],
  traceability: [...OUTPUT_FLAGS, "--specs <dir>", "--strict", "--profile <name>", "--enable <ids>"],
  "memory-index": MEMORY_INDEX_FLAGS,
};

/** The commands runLean may answer (bin/agentcheck.js loads the bundle for these only). */
export const LEAN_COMMANDS = Object.keys(LEAN_FLAGS);

/** Run `args` (without node and the script) on the lean path, or undefined for the full CLI. */
export async function runLean(args: string[]): Promise<number | undefined> {
  const cmd = args[0];
  if (cmd !== "consistency" && cmd !== "traceability" && cmd !== "memory-index") return undefined;
  const o = leanParse(args.slice(1), LEAN_FLAGS[cmd]);
  if (!o) return undefined;
  if (cmd === "consistency") return leanRun(() => runConsistencyCommand({ format: "text", ...o }));
  if (cmd === "traceability") return leanRun(() => runTraceabilityCommand({ format: "text", ...o }));
  return leanRun(() => runMemoryIndexCommand({ format: "text", ...o }));
}
