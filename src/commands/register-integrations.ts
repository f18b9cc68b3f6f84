// Commands of the integrations area (git hooks, Claude Code hooks, session end), registered on the
// program by cli.ts. Implementations are imported only when a command runs.
import type { Command } from "commander";
import { HOOK_COMMANDS } from "./hook-commands.js";

export function registerIntegrationCommands(program: Command): void {
  const hooks = program
    .command("hooks")
    .description("install git and Claude Code hooks that run agentcheck");

  hooks
    .command("install")
    .description("write a git pre-commit hook that runs `agentcheck check --staged` (honours core.hooksPath)")
    .option("--force", "replace a pre-commit hook that agentcheck did not write (the old one is kept as a backup)")
    .option("--manager <name>", "lefthook or husky: add `check --staged` to that hook manager's file (lefthook.yml, .husky/pre-commit) instead")
    .addHelpText("after", "\nExamples:\n  $ agentcheck hooks install\n  $ agentcheck hooks install --manager lefthook")
    .action(async (o: { force?: boolean; manager?: string }) => {
      if (o.manager !== undefined) {
        const { runManagerInstall } = await import("./hook-managers.js");
        process.exitCode = await runManagerInstall(o.manager, o.force);
        return;
      }
      const { runHooksInstall } = await import("./hooks.js");
      process.exitCode = await runHooksInstall(o);
    });

  hooks
    .command("uninstall")
    .description("remove the pre-commit hook agentcheck wrote (restores a hook it replaced)")
    .addHelpText("after", "\nExample:\n  $ agentcheck hooks uninstall")
    .action(async () => {
      const { runHooksUninstall } = await import("./hooks.js");
      process.exitCode = await runHooksUninstall();
    });

  hooks
    .command("status")
    .description("report where git looks for hooks and whether the agentcheck hook is active (exit 1 if not)")
    .addHelpText("after", "\nExample:\n  $ agentcheck hooks status")
    .action(async () => {
      const { runHooksStatus } = await import("./hooks.js");
      process.exitCode = await runHooksStatus();
    });

  hooks
    .command("claude")
    .description("print the Claude Code hook configuration; --write merges it into .claude/settings.local.json (personal)")
    .option("--write", "merge into .claude/settings.local.json (personal, not committed; existing entries are kept)")
    .option("--shared", "with --write: merge into .claude/settings.json instead (committed, for the whole team)")
    .option("--bin <command>", "command that runs agentcheck in the hooks (default: the project's node_modules/.bin/agentcheck when present, else agentcheck)")
    .option("--mcp", "with --write: also register the session protocol MCP server (agentcheck mcp) in .mcp.json")
    .addHelpText("after", "\nExamples:\n  $ agentcheck hooks claude --write\n  $ agentcheck hooks claude --write --shared\n  $ agentcheck hooks claude --write --mcp")
    .action(async (o: { write?: boolean; shared?: boolean; bin?: string; mcp?: boolean }) => {
      const { runHooksClaude } = await import("./claude.js");
      process.exitCode = await runHooksClaude(o);
    });

  // the Claude Code hooks: one table (src/commands/hook-commands.ts), no options, JSON on stdin
  for (const h of HOOK_COMMANDS) {
    hooks.command(h.name).description(h.description).action(async () => {
      const { loadHook } = await import("./hook-load.js");
      process.exitCode = await (await loadHook(h))();
    });
  }

  const session = program.commands.find((c) => c.name() === "session") ?? program.command("session").description("session state");
  session
    .command("end")
    .description("session-end check: log valid (full mode), changes committed (SP-039, SP-040); records protocol-end evidence only when both pass")
    .option("--notes-dir <dir>", "session state root (default: <worktree>/.agent-notes)")
    .option("--session <id>", "session id (default: the current session)")
    .option("--now <iso>", "fixed clock (ISO 8601)")
    .option("--write-log", "first record in the session's JSON log its endingCommit (HEAD when empty), contentEvidence and qaContentEvidence, so a check on main verifies the work after the branch is gone; commit the log, then run session end again")
    .addHelpText("after", "\nExample:\n  $ agentcheck session end --write-log\n  $ git commit -am 'session log: ending commit' && agentcheck session end")
    .action(async (o: { notesDir?: string; session?: string; now?: string; writeLog?: boolean }) => {
      const { runSessionEnd } = await import("./session-end.js");
      process.exitCode = await runSessionEnd(o);
    });
}
