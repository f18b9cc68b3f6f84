// Command-line entry. Commands import their implementation only when they run (fast start).
import { Command, CommanderError } from "commander";
import { withOutputOptions } from "./commands/common.js";
import { UsageError } from "./report.js";
import { version } from "./version.js";

export function buildProgram(): Command {
  const program = new Command("agentcheck")
    .description("Validate what AI coding agents leave in a repository: session logs, memory indexes, planning docs, session state.")
    .version(version(), "-V, --version")
    .showHelpAfterError()
    .exitOverride();

  withOutputOptions(
    program
      .command("check [dir]")
      .description("run every validator that applies to the workspace (default: the enclosing repository)"),
  )
    .addHelpText("after", "\nExample:\n  $ agentcheck check examples/workspace --format json")
    .action(async (dir: string | undefined, o) => {
      const { runCheckCommand } = await import("./commands/check.js");
      process.exitCode = await runCheckCommand(dir, o);
    });

  withOutputOptions(
    program
      .command("session-log [paths...]")
      .description("validate session logs (.md and .json); default: the repository's .agents/sessions/")
      .option("--mode <mode>", "JSON logs: full | creation | record (default: record for committed, unchanged logs, else full)")
      .option("--strict", "strict gate: template drift against .agents/SESSION-PROTOCOL.md and git-bound post-commit checks")
      .option("--context <ctx>", "pre-commit (staged logs) | ci (logs changed vs --base) | local (default)")
      .option("--base <ref>", "base ref for changes on the branch (default origin/main; env AGENTCHECK_BASE_REF)")
      .option("--cutoff <date>", "skip logs dated before YYYY-MM-DD as historical (env AGENTCHECK_CUTOFF)")
      .option("--memories-dir <dir>", "memories folder, repo-relative (default .serena/memories)"),
  )
    .addHelpText("after", "\nExamples:\n  $ agentcheck session-log .agents/sessions/2026-01-05-session-42.json --mode creation\n  $ agentcheck session-log --context pre-commit --strict\n  $ agentcheck session-log --context ci --base origin/main --cutoff 2025-12-21")
    .action(async (paths: string[], o) => {
      const { runSessionLogCommand } = await import("./commands/session-log.js");
      process.exitCode = await runSessionLogCommand(paths, o);
    });

  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return 0;
      return 2; // commander already printed the message
    }
    if (e instanceof UsageError) {
      process.stderr.write(`agentcheck: ${e.message}\n`);
      return 2;
    }
    const err = e as Error;
    process.stderr.write(`agentcheck: ${err && err.message ? err.message : String(e)}\n`);
    if (process.env.AGENTCHECK_DEBUG) process.stderr.write(`${err?.stack ?? ""}\n`);
    return 2;
  }
}
