// What bin/agentcheck.js runs for every command but the hook gate. Bundled with its lazily loaded
// command modules into dist/cli/ (scripts/bundle-cli.mjs): a command loads the chunks it uses and
// nothing else. `--version` and the simple memory-index, consistency and traceability invocations
// skip commander entirely.
import { version } from "./version.js";

/** The output options every validating command shares (src/commands/common.ts), in commander's syntax. */
const OUTPUT_FLAGS = ["-f, --format <name>", "-o, --output-file <path>", "--max-warnings <n>", "-q, --quiet", "--verbose", "--color", "--no-color", "--max-file-size <bytes>", "--now <iso>"];
/** Options the lean path accepts (the commander definitions are in src/cli.ts; anything else goes there). */
const LEAN_FLAGS: Record<"consistency" | "traceability", string[]> = {
  consistency: [...OUTPUT_FLAGS, "--all", "--feature <name>", "--checkpoint <n>", "--path <dir>", "--profile <name>", "--enable <ids>", "--advisory"],
  traceability: [...OUTPUT_FLAGS, "--specs <dir>", "--strict", "--profile <name>", "--enable <ids>"],
};

export async function run(argv: string[]): Promise<number> {
  // a closed pipe (`agentcheck ... | head`) ends the output quietly, as for other command-line tools
  for (const s of [process.stdout, process.stderr]) {
    s.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const lean = process.env.AGENTCHECK_NO_LEAN !== "1"; // tests compare both paths
  if (lean && (args[0] === "consistency" || args[0] === "traceability")) {
    // lean start path: these run in CI loops next to the Python originals (issue 13); no commander
    const { leanParse, leanRun } = await import("./lean.js");
    const o = leanParse(args.slice(1), LEAN_FLAGS[args[0]]);
    if (o) {
      if (args[0] === "consistency") {
        const { runConsistencyCommand } = await import("./commands/consistency.js");
        return leanRun(() => runConsistencyCommand({ format: "text", ...o }));
      }
      const { runTraceabilityCommand } = await import("./commands/traceability.js");
      return leanRun(() => runTraceabilityCommand({ format: "text", ...o }));
    }
  }
  if (lean && args[0] === "memory-index") {
    // lean start path (src/lean.ts): no commander unless the arguments need it
    const [{ leanParse, leanRun }, mi] = await Promise.all([import("./lean.js"), import("./commands/memory-index.js")]);
    const o = leanParse(args.slice(1), mi.MEMORY_INDEX_FLAGS);
    if (o) return leanRun(() => mi.runMemoryIndexCommand({ format: "text", ...o }));
  }
  if (args[0] === "task") {
    // lean start path for checkpoint saves in agent loops (src/aibrain/cli.ts): no commander
    const { taskLean } = await import("./aibrain/cli.js");
    const code = await taskLean(args.slice(1));
    if (code !== undefined) return code;
  }
  const { main } = await import("./cli.js");
  return main(argv);
}
