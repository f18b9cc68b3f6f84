// What bin/agentcheck.js runs for every command but the hook gate. Bundled with its lazily loaded
// command modules into dist/cli/ (scripts/bundle-cli.mjs): a command loads the chunks it uses and
// nothing else. `--version` and the simple memory-index invocations skip commander entirely.
import { version } from "./version.js";

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
  if (args[0] === "memory-index") {
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
