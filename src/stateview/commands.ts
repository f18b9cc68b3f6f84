// `agentcheck state show`: one normalised view of every session-state format in the workspace.
import type { Command } from "commander";
import { writeErr, writeOut } from "../stdio.js";
import { terminalText } from "../terminal.js";

export function registerStateViewCommands(program: Command): Command {
  const state = program
    .command("state")
    .description("read every session-state format in the workspace (Brain-note state, session-protocol memories, state.json manifests, .aibrain checkpoints)");
  state
    .command("show [dir]")
    .description("which formats the workspace holds, and its active sessions and tasks (phase or mode, last update, blockers, source file)")
    .option("--format <format>", "text | json", "text")
    .option("--notes-dir <dir>", "notes root of the Brain-note session state (default as for `session`)")
    .addHelpText("after", "\nExit codes: 0 every file read, 1 some file failed to parse (listed with the reason), 2 usage error.\n\nExample:\n  $ agentcheck state show --format json")
    .action(async (dir: string | undefined, o: { format: string; notesDir?: string }) => {
      if (o.format !== "text" && o.format !== "json") {
        writeErr("agentcheck state show: --format must be text or json\n");
        process.exitCode = 2;
        return;
      }
      const { showState, renderStateText } = await import("./show.js");
      const { resolve } = await import("node:path");
      const { statSync } = await import("node:fs");
      if (dir) {
        let isDir = false;
        try {
          isDir = statSync(resolve(dir)).isDirectory();
        } catch {
          /* reported below */
        }
        if (!isDir) {
          writeErr(`agentcheck state show: not a directory: ${dir}\n`);
          process.exitCode = 2;
          return;
        }
      }
      const v = showState({ cwd: dir ? resolve(dir) : process.cwd(), notesDir: o.notesDir });
      writeOut(o.format === "json" ? `${JSON.stringify(v, null, 2)}\n` : terminalText(renderStateText(v)));
      process.exitCode = v.failures.length > 0 ? 1 : 0;
    });
  return state;
}
