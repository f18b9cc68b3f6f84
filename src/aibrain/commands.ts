// Commander definitions of `agentcheck task …` (.aibrain checkpoints). The work is in ./cli.ts, which
// bin/agentcheck.js also reaches directly (lean start path) for plain invocations.
import type { Command } from "commander";
import { jsonUsageExit } from "../state/commands.js";

async function act(sub: string, id: string | undefined, cmd: Command): Promise<void> {
  const { execTask } = await import("./cli.js");
  process.exitCode = await execTask(sub, id, cmd.optsWithGlobals());
}

function withFieldOptions(c: Command): Command {
  return c
    .option("--iteration <n>", "iteration_count (iterations done)")
    .option("--phase <phase>", "phase, e.g. feature_build")
    .option("--status <status>", "in_progress | blocked | completed")
    .option("--data <json>", "front-matter keys as a JSON object (- reads stdin); other keys pass through")
    .option("--body-file <file>", "markdown body from a file (- reads stdin); default: keep the previous body")
    .option("--project <name>", "project name (default: kept, else the workspace folder's name)");
}

export function registerTaskCommands(program: Command): Command {
  const task = program
    .command("task")
    .description("checkpoints of long-running agent tasks in .aibrain/session-<task>.md (JSON front matter + markdown)")
    .option("--dir <dir>", "workspace holding .aibrain/ (default: the enclosing worktree)")
    .option("--pretty", "indent JSON output")
    .addHelpText("after", "\nExamples:\n  $ agentcheck task save TASK-123 --iteration 5 --phase feature_build --status in_progress --body-file notes.md\n  $ agentcheck task update TASK-123 --data '{\"next_steps\":[\"write tests\"]}'\n  $ agentcheck task resume TASK-123\n\nExit codes: 0 ok, 1 internal, 2 usage, 3 not found, 4 corrupt (line:column), 5 invalid, 6 rejected input / already exists, 8 lock timeout / I/O.");
  task.exitOverride(jsonUsageExit);
  withFieldOptions(task.command("save <task>").description("save (overwrite) the checkpoint; needs iteration, phase and status"))
    .action(async (id: string, _o: unknown, cmd: Command) => act("save", id, cmd));
  withFieldOptions(task.command("update <task>").description("merge fields into the existing checkpoint (null removes a key) and save"))
    .action(async (id: string, _o: unknown, cmd: Command) => act("update", id, cmd));
  task.command("load <task>").description("print the checkpoint: front-matter keys plus markdown_content")
    .option("--archived", "load the archived checkpoint")
    .action(async (id: string, _o: unknown, cmd: Command) => act("load", id, cmd));
  task.command("archive <task>").description("move a completed task to .aibrain/sessions/archive/ (never overwrites)")
    .action(async (id: string, _o: unknown, cmd: Command) => act("archive", id, cmd));
  task.command("list").description("active and archived tasks with status and iteration")
    .option("--format <format>", "text | json", "text")
    .action(async (_o: unknown, cmd: Command) => act("list", undefined, cmd));
  task.command("resume <task>").description("what a new context window needs to continue: objective, status, iteration, next steps, blockers, last output")
    .option("--format <format>", "markdown | json", "markdown")
    .action(async (id: string, _o: unknown, cmd: Command) => act("resume", id, cmd));
  return task;
}
