// What bin/agentcheck.js runs for every command but the hook gate and the lean commands it answers
// itself (src/lean-cli.ts, loaded as one CommonJS bundle). Bundled with its lazily loaded command
// modules into dist/cli/ (scripts/bundle-cli.mjs): a command loads the chunks it uses and nothing
// else. `--version` and the simple memory-index, consistency and traceability invocations skip
// commander entirely.
import { version } from "./version.js";
import { quietEpipe } from "./epipe.js";
import { hookCommand } from "./commands/hook-commands.js";

export async function run(argv: string[]): Promise<number> {
  quietEpipe();
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const lean = process.env.AGENTCHECK_NO_LEAN !== "1"; // tests compare both paths
  if (lean && (args[0] === "consistency" || args[0] === "traceability" || args[0] === "memory-index")) {
    // lean start path: these run in CI loops next to the Python originals (issue 13); no commander
    const { runLean } = await import("./lean-cli.js");
    const code = await runLean(args);
    if (code !== undefined) return code;
  }
  if (args[0] === "task") {
    // lean start path for checkpoint saves in agent loops (src/aibrain/cli.ts): no commander
    const { taskLean } = await import("./aibrain/cli.js");
    const code = await taskLean(args.slice(1));
    if (code !== undefined) return code;
  }
  const hook = lean && args.length === 2 && args[0] === "hooks" ? hookCommand(args[1]) : undefined;
  if (hook) {
    // lean start path for the Claude Code hooks (src/commands/hook-commands.ts: no arguments to
    // parse): no commander, which builds the whole program first. The ones in claude.js through
    // src/hooks-cli.ts (bin/agentcheck.js loads it as one CommonJS bundle), the others alone
    if (hook.module === "claude") {
      const { runHookLean } = await import("./hooks-cli.js");
      const code = await runHookLean(args[1]);
      if (code !== undefined) return code;
    } else {
      const [{ leanRun }, { loadHook }] = await Promise.all([import("./lean.js"), import("./commands/hook-load.js")]);
      return leanRun(await loadHook(hook));
    }
  }
  if (lean && args[0] === "pre-pr") {
    // lean start path for pre-pr (src/commands/pre-pr-lean.ts): no commander, which builds the whole program first
    const { runPrePrLean } = await import("./commands/pre-pr-lean.js");
    const code = await runPrePrLean(args.slice(1));
    if (code !== undefined) return code;
  }
  const { main } = await import("./cli.js");
  return main(argv);
}
