// Real MCP clients (the SDK's Client over stdio) against the real `agentcheck mcp` process, in real
// git repositories.
import { createHash } from "node:crypto";
import { afterEach } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, commitAll, git, makeRepo, writeTree } from "../helpers.js";

export interface Conn {
  client: Client;
  close: () => Promise<void>;
  stderr: () => string;
}

/** `open(dir, args)` connects a client that is closed after each test of the file that calls this. */
export function closedAfterEach(): (dir: string, args?: string[]) => Promise<Conn> {
  let conns: Conn[] = [];
  afterEach(async () => {
    for (const c of conns) await c.close();
    conns = [];
  });
  return async (dir, args = []) => {
    const c = await connect(dir, args);
    conns.push(c);
    return c;
  };
}

export async function connect(cwd: string, args: string[] = []): Promise<Conn> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", ...args], cwd, stderr: "pipe", env: { ...process.env, NO_COLOR: "1" } as Record<string, string> });
  let err = "";
  transport.stderr?.on("data", (d) => (err += String(d)));
  const client = new Client({ name: "agentcheck-test", version: "0.0.0" });
  await client.connect(transport);
  // as real clients do: the client then checks every structured result against the tool's output schema
  await client.listTools();
  return { client, close: () => client.close(), stderr: () => err };
}

export interface ToolOut {
  isError: boolean;
  text: string;
  data: Record<string, any>;
}

export async function call(c: Conn, name: string, args: Record<string, unknown> = {}): Promise<ToolOut> {
  const r = (await c.client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };
  return { isError: r.isError === true, text: r.content.map((x) => x.text).join("\n"), data: (r.structuredContent ?? {}) as Record<string, any> };
}

/** Call and expect success; the structured result. */
export async function ok(c: Conn, name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const r = await call(c, name, args);
  if (r.isError) throw new Error(`${name} failed: ${r.text}`);
  return r.data;
}

export const sha256 = (p: string) => createHash("sha256").update(readFileSync(p)).digest("hex");

/** A repository with everything the start gates look for, on a feature branch. */
export function protocolRepo(opts: { memories?: boolean } = {}): string {
  const files: Record<string, string> = {
    "README.md": "# Project\n\nSome text.\n",
    ".agents/HANDOFF.md": "# Hand-off\n\nState of the project.\n",
    ".claude/skills/github/scripts/get-pr.ps1": "Write-Output 'pr'\n",
  };
  if (opts.memories !== false) files[".serena/memories/skill-usage-mandatory.md"] = "# Skill usage\n\nUse the scripts.\n";
  const dir = makeRepo(files);
  git(dir, "checkout", "-q", "-b", "feat/protocol");
  return dir;
}

/** A session log valid in creation mode (JSON), with `work` entries in its work log. */
export function writeSessionLog(dir: string, id: string, work: string[] = [], startingCommit?: string): string {
  const startKeys = ["serenaActivated", "serenaInstructions", "handoffRead", "sessionLogCreated", "skillScriptsListed", "usageMandatoryRead", "constraintsRead", "memoriesLoaded", "branchVerified", "notOnMain"];
  const endKeys = ["checklistComplete", "handoffPreserved", "serenaMemoryUpdated", "markdownLintRun", "qaValidation", "changesCommitted", "validationPassed"];
  const start: Record<string, unknown> = {};
  for (const k of startKeys) start[k] = { complete: true, evidence: "Evidence", level: "MUST" };
  const end: Record<string, unknown> = {};
  for (const k of endKeys) end[k] = { complete: false, evidence: "", level: "MUST" };
  const m = /^(\d{4}-\d{2}-\d{2})-session-(\d+)$/.exec(id)!;
  const log = {
    schemaVersion: "1.0",
    session: { number: Number(m[2]), date: m[1], branch: "feat/protocol", startingCommit: startingCommit ?? git(dir, "rev-parse", "--short", "HEAD"), objective: "Protocol test" },
    protocolCompliance: { sessionStart: start, sessionEnd: end },
    workLog: work.map((w) => ({ action: w, result: "done" })),
    endingCommit: "",
    nextSteps: [],
  };
  const rel = `.agents/sessions/${id}.json`;
  writeTree(dir, { [rel]: JSON.stringify(log, null, 2) + "\n" });
  return rel;
}

export { commitAll, git, writeTree, join, readFileSync, writeFileSync };
