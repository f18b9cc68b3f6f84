// Command-line entry. Commands import their implementation only when they run (fast start).
import { Command, CommanderError, Option } from "commander";
import { withFlags, withOutputOptions } from "./commands/common.js";
import { CHECK_OWN_FLAGS, PRE_PR_FLAGS, SESSION_LOG_OWN_FLAGS } from "./flags.js";
import { UsageError } from "./report.js";
import { version } from "./version.js";
import { writeErr, writeOut } from "./stdio.js";
import { terminalText } from "./terminal.js";
import { registerIntegrationCommands } from "./commands/register-integrations.js";
import { registerSessionCommands } from "./state/commands.js";
import { registerTaskCommands } from "./aibrain/commands.js";
import { registerStateViewCommands } from "./stateview/commands.js";
import { registerManifestCommands } from "./manifest/commands.js";
import { registerProtocolCommands } from "./commands/protocol-register.js";
import { registerWorkflowCommands } from "./workflows/commands.js";

export function buildProgram(): Command {
  const program = new Command("agentcheck")
    .description("Validate what AI coding agents leave in a repository: session logs, memory indexes, planning docs, session state.")
    .version(version(), "-V, --version")
    .showSuggestionAfterError(true)
    // one line per usage error: "agentcheck: unknown command 'chek' (did you mean check?); agentcheck --help for more"
    .configureOutput({
      // synchronous writes (src/stdio.ts): nothing is left in a stream's queue when the process exits
      writeOut: (str) => writeOut(str),
      writeErr: (str) => writeErr(str),
      outputError: (str, write) => {
        const lines = str.trim().split("\n").map((l) => l.trim()).filter(Boolean);
        const head = lines[0].replace(/^error: /, "");
        const rest = lines.slice(1).map((l) => l.replace(/^\(Did you mean (.*)\?\)$/, "(did you mean $1?)")).join(" ");
        write(`agentcheck: ${head}${rest ? ` ${rest}` : ""}; agentcheck --help for more\n`);
      },
    })
    .exitOverride();

  withOutputOptions(withFlags(
    program
      .command("check [paths...]")
      .description("run every validator that applies to the workspace (default: the enclosing repository)"),
    CHECK_OWN_FLAGS,
  ))
    .addHelpText(
      "after",
      "\nA single directory argument is the workspace (a folder of the enclosing repository without a configuration or artifact folders of its own stands for the files below it); file arguments (as hook frameworks pass them) limit the run to those files.\n" +
        "With --staged or --changed, arguments restrict the staged or changed set.\n" +
        "\nExamples:\n  $ agentcheck check examples/workspace --format json\n  $ agentcheck check --staged\n  $ agentcheck check --changed --base origin/main --format sarif -o agentcheck.sarif",
    )
    .action(async (paths: string[], o) => {
      const { runCheckCommand } = await import("./commands/check.js");
      process.exitCode = await runCheckCommand(paths, o);
    });

  withOutputOptions(
    program
      .command("baseline [paths...]")
      .description("record the current findings of `check` in .agentcheck-baseline.json, so that later runs report only new ones")
      .option("--file <path>", "baseline file to write (default: .agentcheck-baseline.json at the repository root)")
      .option("--prune", "only drop what is fixed: lower each file's counts to what it still has, add nothing new")
      .option("--staged", "record what is staged")
      .option("--changed", "record the files changed on this branch")
      .option("--base <ref>", "with --changed: the base ref")
      .option("--strict", "as check --strict")
      .option("--profile <name>", "consistency/traceability profile: default or recommended")
      .option("--only <validators>", "only these validators (comma-separated): session-log, memory-index, consistency, traceability, session-state")
      .option("--cutoff <date>", "skip session logs dated before YYYY-MM-DD (env AGENTCHECK_CUTOFF)")
      .option("--config <path>", "configuration file"),
  )
    .addHelpText(
      "after",
      "\nThe file counts findings per file and rule (as ESLint's bulk suppressions), so edits above a finding or a reworded message change nothing.\n" +
        "`check` then hides the recorded findings and says how many remain and how many were fixed (--no-baseline shows all).\n" +
        "\nExamples:\n  $ agentcheck baseline\n  $ agentcheck check            # only new findings\n  $ agentcheck baseline --prune  # drop what was fixed\n  $ agentcheck check --no-baseline",
    )
    .action(async (paths: string[], o) => {
      const { runCheckCommand } = await import("./commands/check.js");
      const { resolve } = await import("node:path");
      // no --file: the workspace's default, decided where `check` decides it (a directory argument is the workspace)
      const file = o.file ? resolve(process.cwd(), o.file) : (true as const);
      process.exitCode = await runCheckCommand(paths, { ...o, baseline: false, writeBaseline: file });
    });

  withOutputOptions(withFlags(
    program
      .command("session-log [paths...]")
      .description("validate session logs (.md and .json); default: the repository's .agents/sessions/"),
    SESSION_LOG_OWN_FLAGS,
  ))
    .addHelpText("after", "\nExamples:\n  $ agentcheck session-log .agents/sessions/2026-01-05-session-42.json --mode creation\n  $ agentcheck session-log --context pre-commit --strict\n  $ agentcheck session-log --context ci --base origin/main --cutoff 2025-12-21")
    .action(async (paths: string[], o) => {
      const { runSessionLogCommand } = await import("./commands/session-log.js");
      process.exitCode = await runSessionLogCommand(paths, o);
    });

  withOutputOptions(
    program
      .command("consistency")
      .description("check a feature's Epic, PRD, Tasks and Plan against each other (CO-001..CO-010)")
      .option("--all", "every feature found in .agents/planning (prd-*.md, tasks-*.md)")
      .option("--feature <name>", "one feature (artifacts are found by substring, as in the reference)")
      .option("--checkpoint <n>", "1 (default) or 2 (adds the P0 task-completion check)")
      .option("--path <dir>", "base path holding .agents/ (default: the enclosing repository)")
      .option("--profile <name>", "reference (the Python original, quirks included), default (reference + FX-1: links in code are not checked) or recommended (all false-positive fixes)")
      .option("--enable <ids>", "extra opt-in fixes, comma-separated (FX-1,FX-2,FX-3,FX-4)")
      .option("--advisory", "report consistency errors as warnings (exit 0 unless --max-warnings)"),
  )
    .addHelpText("after", "\nExample:\n  $ agentcheck consistency --feature auth --checkpoint 2 --format markdown")
    .action(async (o) => {
      const { runConsistencyCommand } = await import("./commands/consistency.js");
      process.exitCode = await runConsistencyCommand(o);
    });

  withOutputOptions(
    program
      .command("traceability")
      .description("check the REQ -> DESIGN -> TASK chain of spec front matter (TR-001..TR-009)")
      .option("--specs <dir>", "specs folder with requirements/, design/, tasks/ (default: .agents/specs)")
      .addOption(new Option("--specs-path <dir>").hideHelp())
      .option("--strict", "warnings fail the run too")
      .option("--profile <name>", "reference or default (the same here: FX-1 concerns consistency only) or recommended (adds TR-008, TR-009, FX-7)")
      .option("--enable <ids>", "extra opt-in checks, comma-separated (FX-7,TR-008,TR-009)")
      .addOption(new Option("--no-cache").hideHelp())
      .addOption(new Option("--benchmark").hideHelp()),
  )
    .addHelpText("after", "\nExample:\n  $ agentcheck traceability --specs .agents/specs --strict --format json")
    .action(async (o) => {
      const { runTraceabilityCommand } = await import("./commands/traceability.js");
      process.exitCode = await runTraceabilityCommand(o);
    });

  withFlags(
    program
      .command("pre-pr")
      .description("run every pre-PR check on the files changed since the base branch (one row per check: PASS, WARN, FAIL or SKIP)"),
    PRE_PR_FLAGS,
  )
    .addHelpText("after", "\nExamples:\n  $ agentcheck pre-pr\n  $ agentcheck pre-pr --base origin/main --ci --format json\n  $ gh pr view --json body -q .body | agentcheck pre-pr --pr-body -")
    .action(async (o) => {
      if (o.exec === false) (await import("./exec-policy.js")).setNoExec(true);
      const { runPrePrCommand } = await import("./commands/pre-pr.js");
      process.exitCode = await runPrePrCommand(o);
    });

  program
    .command("init")
    .description("write a commented starting configuration (agentcheck.config.jsonc) at the repository root")
    .option("--force", "replace an existing configuration file")
    .option("--no-findings", "do not count the findings the repository already has (nor print the ways to start)")
    .addHelpText("after", "\nExample:\n  $ agentcheck init")
    .action(async (o: { force?: boolean; findings?: boolean }) => {
      const { runInit } = await import("./init.js");
      const { findRepoRoot } = await import("./repo.js");
      const root = findRepoRoot(process.cwd()) ?? process.cwd();
      process.exitCode = await runInit({ root, force: !!o.force, findings: o.findings !== false }, (l) => writeOut(terminalText(`${l}\n`)));
    });

  withOutputOptions(
    program
      .command("memory-index")
      .description("validate the memory index (ADR-017): domain indices, root index, orphans; default: the repository's .serena/memories/")
      .option("--dir <dir>", "memory directory (default: $MEMORY_PATH, else <repository>/.serena/memories)")
      .option("--layout <layout>", "auto (default: current when memory files live in subfolders, else reference) | reference (efa406e9a rules) | current (subfolders, every *-index.md, link-based root index, no symlinks)")
      .option("--orphans <level>", "orphan findings: warn (default) | error | off")
      .option("--naming <level>", "MI-019 domain-prefix naming findings: warn (default) | error | off"),
  )
    .addHelpText("after", "\nExample:\n  $ agentcheck memory-index --dir .serena/memories --orphans error")
    .action(async (o) => {
      const { runMemoryIndexCommand } = await import("./commands/memory-index.js");
      process.exitCode = await runMemoryIndexCommand(o);
    });

  registerSessionCommands(program);
  registerTaskCommands(program);
  registerStateViewCommands(program);
  registerManifestCommands(program);

  registerIntegrationCommands(program);
  registerProtocolCommands(program);
  registerWorkflowCommands(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version") return 0;
      // help shown because a command group was run without its subcommand (or no command at all): usage
      if (e.code === "commander.help") return 2;
      return 2; // commander already printed the message
    }
    if (e instanceof UsageError) {
      writeErr(`agentcheck: ${e.message}\n`);
      return 2;
    }
    const err = e as Error;
    writeErr(`agentcheck: ${err && err.message ? err.message : String(e)}\n`);
    if (process.env.AGENTCHECK_DEBUG) writeErr(`${err?.stack ?? ""}\n`);
    return 2;
  }
}
