// `agentcheck workflows serve`: the Inngest app of docs/workflows.md on a port, for the Inngest dev
// server or a self-hosted Inngest. Registered by cli.ts; inngest is loaded only when the command runs.
import type { Command } from "commander";
import { UsageError } from "../report.js";
import { writeErr } from "../stdio.js";

export function registerWorkflowCommands(program: Command): void {
  const wf = program.command("workflows").description("the session-protocol workflows on Inngest (docs/workflows.md)");
  wf.command("serve")
    .description("serve the agentcheck Inngest functions at http://<host>:<port>/api/inngest until stopped")
    .option("--port <n>", "port to listen on (0: any free one)", "3000")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--cwd <dir>", "repository the functions work in when an event names none (default: this one)")
    .option("--notes-dir <dir>", "session notes root")
    .option("--app-id <id>", "Inngest app id", "agentcheck")
    .option("--dev", "dev mode: no request signing (default unless INNGEST_SIGNING_KEY is set)")
    .option("--approval-modes <modes>", "comma-separated modes whose entry waits for approval/resolved (e.g. coding,disabled)")
    .addHelpText("after", "\nExamples:\n  $ agentcheck workflows serve --port 3000\n  $ npx inngest-cli@latest dev -u http://127.0.0.1:3000/api/inngest")
    .action(async (o: { port: string; host: string; cwd?: string; notesDir?: string; appId: string; dev?: boolean; approvalModes?: string }) => {
      process.exitCode = await runWorkflowsServe(o);
    });
}

export async function runWorkflowsServe(o: { port: string; host: string; cwd?: string; notesDir?: string; appId: string; dev?: boolean; approvalModes?: string }): Promise<number> {
  const port = Number(o.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number (0-65535), got '${o.port}'`);
  const { WORKFLOW_MODES } = await import("../state/constants.js");
  const modes = (o.approvalModes ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  for (const m of modes) if (!(WORKFLOW_MODES as readonly string[]).includes(m)) throw new UsageError(`--approval-modes: '${m}' is not a mode (${WORKFLOW_MODES.join(", ")})`);
  let mod: typeof import("./serve.js");
  try {
    mod = await import("./serve.js");
  } catch (e) {
    writeErr(`agentcheck: workflows serve needs the 'inngest' package (npm install inngest@^4): ${(e as Error).message}\n`);
    return 2;
  }
  const { findRepoRoot } = await import("../repo.js");
  const { resolve } = await import("node:path");
  const cwd = o.cwd ? resolve(o.cwd) : (findRepoRoot(process.cwd()) ?? process.cwd());
  const isDev = o.dev === true ? true : undefined;
  const { server, url } = await mod.startWorkflowServer({ port, host: o.host, cwd, notesDir: o.notesDir, appId: o.appId, isDev, approvalModes: modes as never });
  writeErr(`agentcheck: Inngest functions served at ${url} (repository ${cwd})\n`);
  writeErr(`agentcheck: with the Inngest dev server: npx inngest-cli@latest dev -u ${url}\n`);
  return new Promise<number>((done) => {
    const stop = () => {
      server.close(() => done(0));
      server.closeAllConnections();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
