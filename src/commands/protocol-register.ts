// Registers `agentcheck mcp` and `agentcheck phase …` (session protocol). Implementations are
// imported only when these commands run (bin/agentcheck.js starts `mcp` without commander at all).
import type { Command } from "commander";

export function registerProtocolCommands(program: Command): void {
  program
    .command("mcp")
    .description("session protocol MCP server on stdio (phase state machine, verified gates, validators as tools)")
    .option("--root <dir>", "workspace root (default: the enclosing git work tree)")
    .option("--memories-dir <dir>", "memories folder, workspace-relative (default .serena/memories)")
    .option("--no-exec", "run nothing the repository controls: run_pre_pr's test command and an executable markdownlint config (run_pre_pr, the QUALITY_CHECKS gate) are reported, not run (env AGENTCHECK_NO_EXEC=1)")
    .addHelpText("after", "\nRegister it:\n  $ claude mcp add agentcheck -- npx agentcheck mcp\nor in .mcp.json: { \"mcpServers\": { \"agentcheck\": { \"command\": \"npx\", \"args\": [\"agentcheck\", \"mcp\"] } } }")
    .action(async (o: { root?: string; memoriesDir?: string; exec?: boolean }) => {
      const { runMcpServer } = await import("../mcp/server.js");
      process.exitCode = await runMcpServer([...(o.root ? ["--root", o.root] : []), ...(o.memoriesDir ? ["--memories-dir", o.memoriesDir] : []), ...(o.exec === false ? ["--no-exec"] : [])]);
    });

  const phase = program
    .command("phase")
    .description("the session protocol's phase machine from the shell (JSON output): start | gate | advance | evidence | status | end");
  const common = (c: Command) =>
    c.option("--root <dir>", "workspace root (default: the enclosing git work tree)")
      .option("--memories-dir <dir>", "memories folder, workspace-relative (default .serena/memories)")
      .option("--now <iso>", "fixed clock (ISO 8601, UTC)");
  const run = (op: string) => async (...args: unknown[]) => {
    const { runPhaseCommand } = await import("./phase.js");
    process.exitCode = await runPhaseCommand(op, args);
  };
  common(phase.command("start <objective...>").description("start a session (refused while one is active)"))
    .option("--branch <name>").option("--starting-commit <rev>").option("--resume", "continue the active session")
    .action(run("start"));
  common(phase.command("gate <gate>").description("verify a gate (or ALL) and store the result"))
    .option("--skip-qa", "QA_VALIDATION: docs-only sessions may skip QA")
    .action(run("gate"));
  common(phase.command("advance [target]").description("apply the next transition if its gate passes"))
    .option("--force", "go past a MUST gate that has not passed: logged, the session enters VIOLATION (only `phase end` leaves it)")
    .action(run("advance"));
  common(phase.command("evidence <phase> <type> <evidence>").description("record evidence for a gate (- reads the evidence from stdin)")).action(run("evidence"));
  common(phase.command("status").description("the active session (JSON)")).action(run("status"));
  common(phase.command("end").description("run the remaining gates; COMPLETE or BLOCKED"))
    .requiredOption("--summary <text>")
    .option("--skip-qa", "docs-only sessions may skip QA")
    .option("--decision <text>", "a key decision (repeatable)", (v: string, prev: string[] = []) => [...prev, v])
    .option("--next-notes <text>", "notes for the next session")
    .option("--abandon", "end a session older than 24 h as ABANDONED")
    .action(run("end"));
  common(phase.command("blocked").description("why the session is blocked, with recovery steps")).action(run("blocked"));
}
