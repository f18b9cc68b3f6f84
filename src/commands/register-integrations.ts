// Commands of the integrations area (git hooks, Claude Code hooks, session end), registered on the
// program by cli.ts. Implementations are imported only when a command runs.
import type { Command } from "commander";

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

  hooks
    .command("stop")
    .description("Claude Code Stop hook: blocks (exit 2) only when the session changed something and its end protocol is unmet (hooks.stop: block | warn | off)")
    .action(async () => {
      const { runStopHook } = await import("./claude.js");
      process.exitCode = await runStopHook();
    });

  hooks
    .command("session-end")
    .description("Claude Code SessionEnd hook: runs the session-end check once, records the evidence when it passes, warns otherwise (never blocks)")
    .action(async () => {
      const { runSessionEndHook } = await import("./claude.js");
      process.exitCode = await runSessionEndHook();
    });

  hooks
    .command("session-start")
    .description("Claude Code SessionStart hook: creates the session state in the configured mode (hooks.sessionStartMode: analysis | planning | coding | disabled) and records protocol-start evidence")
    .action(async () => {
      const { runSessionStartHook } = await import("./claude.js");
      process.exitCode = await runSessionStartHook();
    });

  hooks
    .command("post-tool-use")
    .description("Claude Code PostToolUse hook: records what the agent did (memory, hand-off and protocol reads, skill listings, validator runs) as start evidence; sets protocolStartComplete when every required start step has evidence (never blocks)")
    .action(async () => {
      const { runPostToolUseHook } = await import("../state/observe-hook.js");
      process.exitCode = await runPostToolUseHook();
    });

  hooks
    .command("pre-compact")
    .description("Claude Code PreCompact hook: saves the session's .aibrain checkpoint (session state, focus, next steps) before the context is compacted (never blocks)")
    .action(async () => {
      const { runPreCompactHook } = await import("./pre-compact-hook.js");
      process.exitCode = await runPreCompactHook();
    });

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
