// Commander definitions of the `session` command group. Only this small file loads with the CLI;
// implementations (./cli.js, ./gate.js) are imported when a command runs.
import { Command, CommanderError } from "commander";
import { AGENT_TYPES, DECISION_TYPES, VERDICT_DECISIONS, WORKFLOW_MODES, WORKFLOW_PHASES } from "./constants.js";
import { writeOut } from "../stdio.js";

const AGENTS_HELP = `\n<agent> is one of: ${AGENT_TYPES.join(", ")}`;

type Globals = { notesDir?: string; session?: string; pretty?: boolean; json?: boolean };

async function run(cmd: Command, pick: (h: typeof import("./cli.js").handlers) => Parameters<typeof import("./cli.js").runSession>[0]): Promise<void> {
  const m = await import("./cli.js");
  process.exitCode = await m.runSession(pick(m.handlers), cmd.optsWithGlobals() as Globals);
}

const STDIN_HINT = "JSON on stdin, or --data <json>";

/** Register `session …` on the program. */
/**
 * exitOverride of the command groups whose stdout is one JSON document (session, task, manifest): a
 * usage error (unknown flag or subcommand, missing argument, a group run without its subcommand)
 * prints the JSON USAGE document too, then commander's error goes on to exit 2.
 */
export function jsonUsageExit(err: CommanderError): never {
  if (err.code !== "commander.helpDisplayed" && err.code !== "commander.version") {
    const message = err.code === "commander.help" ? "missing subcommand (see the help above)" : err.message.replace(/^error: /, "");
    writeOut(`${JSON.stringify({ ok: false, error: { code: "USAGE", message } })}\n`);
  }
  throw err;
}

export function registerSessionCommands(program: Command): Command {
  const session = program
    .command("session")
    .description("session state: mode, protocol evidence, agent workflow; the PreToolUse gate (JSON on stdout)")
    .option("--notes-dir <dir>", "notes root (default: $AGENTCHECK_NOTES_DIR, config state.notesDir, <worktree>/.agent-notes)")
    .option("--session <id>", "session to act on (default: the current session)")
    .option("--pretty", "indent the JSON output")
    .option("--json", "JSON output (the default; accepted for compatibility)")
    .addHelpText("after", "\nExamples:\n  $ agentcheck session create --id 2026-02-11-session-01\n  $ agentcheck session mode coding\n  $ echo '{\"task\":\"T-12\"}' | agentcheck session set-state\n\nExit codes: 0 ok, 1 internal, 2 usage, 3 not found, 4 corrupt, 5 schema-invalid, 6 invalid input, 7 version conflict, 8 lock timeout / I/O.");
  // Usage errors (unknown flags, missing arguments) also print the JSON error document.
  session.exitOverride(jsonUsageExit);

  session.command("create").description("create a session state (mode analysis) and make it current")
    .option("--id <id>", "session id: lowercase letters, digits, '-' (default: a UUID; recommended: the session log's file stem)")
    .option("--mode <mode>", "initial mode: analysis | planning | coding | disabled")
    .option("--no-current", "do not point the current session at it")
    .option("--force", "replace an existing (e.g. corrupt) state; the old file is kept as <file>.corrupt-<time>")
    .action(async (o, cmd) => run(cmd, (h) => h.create(o)));

  session.command("get-state").description("print the full session state").action(async (_o, cmd) => run(cmd, (h) => h.getState()));
  session.command("current").description("print {\"sessionId\"} of the current session").action(async (_o, cmd) => run(cmd, (h) => h.current()));
  session.command("use <id>").description("make an existing session the current one").action(async (id: string, _o, cmd) => run(cmd, (h) => h.use(id)));

  session.command("set-state [json]").description("apply a JSON patch: mode, task, feature, protocol flags/evidence, workflowPhase; optional expectedVersion")
    .option("--data <json>", "the patch (instead of the argument or stdin)")
    .option("--expected-version <n>", "fail with exit 7 unless the stored version is n")
    .addHelpText("after", `\nmode is one of: ${WORKFLOW_MODES.join(", ")}\nworkflowPhase is one of: ${WORKFLOW_PHASES.join(", ")}`)
    .action(async (json: string | undefined, o, cmd) => run(cmd, (h) => h.setState(json, o)));

  session.command("mode <mode>").description("switch mode: analysis | planning | coding | disabled (from inside a gated Claude Code session, a looser mode becomes a pending approval)")
    .option("--expected-version <n>", "fail with exit 7 unless the stored version is n")
    .action(async (mode: string, o, cmd) => run(cmd, (h) => h.mode(mode, o)));

  session.command("approvals").description("list pending approvals (mode changes an agent asked for from inside a gated session)")
    .option("--all", "granted and denied ones too").action(async (o, cmd) => run(cmd, (h) => h.approvals(o)));
  session.command("approve <id>").description("grant a pending approval and apply it (a person's command: refused from inside Claude Code)")
    .option("--by <name>", "who grants it (default: person:$USER)").option("--note <text>", "why")
    .action(async (id: string, o, cmd) => run(cmd, (h) => h.approve(id, o)));
  session.command("deny <id>").description("deny a pending approval (a person's command: refused from inside Claude Code)")
    .option("--by <name>", "who denies it (default: person:$USER)").option("--note <text>", "why")
    .action(async (id: string, o, cmd) => run(cmd, (h) => h.deny(id, o)));

  session.command("protocol-start").description(`record session-start evidence (${STDIN_HINT}: {"key":"value"}) and mark it complete`)
    .option("--data <json>", "evidence map").action(async (o, cmd) => run(cmd, (h) => h.protocolStart(o)));
  session.command("record-step <step>").description("tick a start step no tool call shows (the SessionStart message names it, e.g. step3); the evidence says it was recorded, not observed")
    .option("--note <text>", "what was done").action(async (step: string, o, cmd) => run(cmd, (h) => h.recordStep(step, o)));
  session.command("protocol-end").description(`record session-end evidence (${STDIN_HINT}) and mark it complete; clears task and feature`)
    .option("--data <json>", "evidence map").option("--keep-focus", "keep activeTask and activeFeature")
    .action(async (o, cmd) => run(cmd, (h) => h.protocolEnd(o)));

  const agent = session.command("agent").description("agent invocations");
  agent.command("start <agent>").description(`record an agent invocation (optional ${STDIN_HINT}: {"context":{},"artifacts":[]})`)
    .option("--prompt <text>", "what the agent was asked").option("--handoff-from <agent>", "agent that handed off to this one")
    .option("--data <json>", "{context, artifacts}")
    .addHelpText("after", AGENTS_HELP)
    .action(async (name: string, o, cmd) => run(cmd, (h) => h.agentStart(name, o)));
  agent.command("complete <agent>").description(`complete the agent's latest in-progress invocation (${STDIN_HINT}: {"summary","artifacts","recommendations","blockers"})`)
    .option("--handoff-to <agent>", "agent that takes over").option("--reason <text>", "handoff reason").option("--failed", "the invocation failed")
    .option("--data <json>", "the output")
    .addHelpText("after", AGENTS_HELP)
    .action(async (name: string, o, cmd) => run(cmd, (h) => h.agentComplete(name, o)));

  session.command("decision").description("decisions").command("add").description(`add a decision (${STDIN_HINT}: {type, description, rationale, decidedBy, approvedBy?, rejectedBy?})`)
    .option("--data <json>", "the decision").addHelpText("after", `\ntype is one of: ${DECISION_TYPES.join(", ")}`)
    .action(async (o, cmd) => run(cmd, (h) => h.decisionAdd(o)));
  session.command("verdict").description("verdicts").command("add").description(`add a verdict (${STDIN_HINT}: {agent, decision, confidence, reasoning, conditions?, blockers?})`)
    .option("--data <json>", "the verdict").addHelpText("after", `\ndecision is one of: ${VERDICT_DECISIONS.join(", ")}${AGENTS_HELP.replace("<agent>", "agent")}`)
    .action(async (o, cmd) => run(cmd, (h) => h.verdictAdd(o)));
  session.command("handoff").description("handoffs").command("add").description(`announce a handoff (${STDIN_HINT}: {fromAgent, toAgent, reason, context, artifacts?, preservedContext?})`)
    .option("--data <json>", "the handoff").action(async (o, cmd) => run(cmd, (h) => h.handoffAdd(o)));

  session.command("compact").description("move all but the last 3 (and in-progress) invocations to a history note").action(async (_o, cmd) => run(cmd, (h) => h.compact()));
  session.command("close").description(`protocol-end (${STDIN_HINT}) and clear the current-session pointer`)
    .option("--data <json>", "evidence map").action(async (o, cmd) => run(cmd, (h) => h.close(o)));
  session.command("validate").description("validate the state against the schema (exit 4 corrupt, 5 invalid, with issue paths)").action(async (_o, cmd) => run(cmd, (h) => h.validate()));
  session.command("gc").description("remove temp files and lock debris of dead writers and orphaned history notes").action(async (_o, cmd) => run(cmd, (h) => h.gc()));
  session.command("schema").description("print the JSON Schema of the session state").action(async (_o, cmd) => run(cmd, (h) => h.schema()));
  session.command("init").description("add the notes root to the worktree's .gitignore").action(async (_o, cmd) => run(cmd, (h) => h.init()));

  session.command("migrate-handoff").description("move .agents/HANDOFF.md into session state: decisions, handoffs (open items, next steps), a context note with the rest; never deletes the file")
    .option("--file <path>", "hand-off file (default: <worktree>/.agents/HANDOFF.md)")
    .option("--dry-run", "print what would be written; write nothing")
    .action(async (o: { file?: string; dryRun?: boolean }, cmd) => {
      const g = cmd.optsWithGlobals() as Globals;
      const { runMigrateHandoff } = await import("../handoff/cli.js");
      process.exitCode = await runMigrateHandoff({ file: o.file, dryRun: o.dryRun, notesDir: g.notesDir, sessionId: g.session, pretty: g.pretty });
    });

  session.command("gate").description("Claude Code PreToolUse hook: hook JSON on stdin; no output = allow, deny JSON otherwise; always exit 0")
    .allowUnknownOption().allowExcessArguments().argument("[args...]")
    .action(async (args: string[], _o, cmd) => {
      // `session --notes-dir X gate` / `session --session ID gate`: the group's options name the state
      // as they do for every other session command (the launcher's fast path only sees `session gate ...`)
      const g = cmd.optsWithGlobals() as Globals;
      const fwd = [...(g.notesDir !== undefined ? ["--notes-dir", g.notesDir] : []), ...(g.session !== undefined ? ["--session", g.session] : [])];
      const { runGate } = await import("./gate.js");
      process.exitCode = await runGate([...fwd, ...(args ?? [])]);
    });
  return session;
}
