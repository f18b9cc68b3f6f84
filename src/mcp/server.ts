// `agentcheck mcp`: the session protocol as a stdio MCP server (specs/session-protocol-mcp.md §3),
// plus agentcheck's validators as tools. Built on the official SDK (McpServer; stdio through
// LineServerTransport, src/mcp/transport.ts, which answers malformed lines);
// loaded only by this command, so no other command pays for the SDK. Extra tools (e.g. the
// per-session manifest tools) are added to EXTRA_TOOLS before the server starts.
import { presetOf, type PresetRules, type ProtocolPreset } from "../protocol-preset.js";
import type { RunSettings } from "../run-settings.js";
import { execFile } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { McpServer, z } from "./sdk.js";
import { LineServerTransport } from "./transport.js";
import { version } from "../version.js";
import { SESSION_MODES } from "../scope.js";
import { registerManifestTools } from "../manifest/mcp-tools.js";
import { PhaseFormatError } from "../phase/format.js";
import { GATES, PHASES, TRANSITIONS } from "../phase/model.js";
import {
  ProtocolError, advancePhase, assertProtocolOn, checklistOf, getBlockedReason, openProtocol, recordEvidence, sessionEnd, sessionStart, status,
  validateGate, type ProtocolContext,
} from "../phase/machine.js";
import { memoriesDirRefusal } from "../phase/store.js";
import { StateError } from "../state/errors.js";
import { execRefusal, setNoExec } from "../exec-policy.js";

type Shape = Record<string, z.ZodType>;

/** A tool contributed by another module (registered into every server this process creates). */
export interface ExtraTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Shape;
  outputSchema?: Shape;
  readOnly?: boolean;
  /** Returns the structured result (an object); throw to report a tool error. */
  handler: (args: Record<string, unknown>, ctx: { root: string }) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

/** Extra tools; push into it (or call registerExtraTool) before createServer/runMcpServer. */
export const EXTRA_TOOLS: ExtraTool[] = [];
export function registerExtraTool(t: ExtraTool): void {
  if (EXTRA_TOOLS.some((x) => x.name === t.name)) throw new Error(`MCP tool ${t.name} is already registered`);
  EXTRA_TOOLS.push(t);
}

export interface ServerOptions {
  /** Workspace root: every path a tool takes is confined to it. */
  root: string;
  memoriesDir?: string;
  /** Fixed clock (tests). */
  now?: string;
  /** The workspace's configuration (folders, rule settings); default: none. */
  settings?: RunSettings;
  /** protocol.preset of the workspace's configuration (default full). */
  preset?: PresetRules & { name: ProtocolPreset };
}

const BIN = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "bin", "agentcheck.js");

/** A workspace-relative path, refused when it leaves the workspace (also through symlinks). */
export function confine(root: string, p: string): string {
  if (typeof p !== "string" || p === "" || p.includes("\0")) throw new ProtocolError("INVALID_INPUT", "a path must be a non-empty string");
  const abs = resolve(root, p);
  const rel = relative(root, abs);
  if (rel.startsWith("..") || isAbsolute(rel)) throw new ProtocolError("INVALID_INPUT", `path outside the workspace refused: ${p.slice(0, 200)}`);
  if (existsSync(abs)) {
    const real = realpathSync(abs);
    const realRoot = realpathSync(root);
    if (real !== realRoot && !real.startsWith(realRoot + sep)) throw new ProtocolError("INVALID_INPUT", `path outside the workspace refused (resolves to ${real}): ${p.slice(0, 200)}`);
  }
  // a name that starts with "-" ("--output-file=/x") would be read as an option by the CLI it is passed to
  const out = rel === "" ? "." : rel.split(sep).join("/");
  return out.startsWith("-") ? `./${out}` : out;
}

/** Over this size the text copy of a result is compact JSON (the structured copy is the same data). */
const PRETTY_MAX_CHARS = 256 * 1024;

function ok(v: Record<string, unknown>) {
  const compact = JSON.stringify(v);
  return { content: [{ type: "text" as const, text: compact.length > PRETTY_MAX_CHARS ? compact : JSON.stringify(v, null, 2) }], structuredContent: v };
}

/**
 * The most a validator report may take in one tool result, in UTF-8 bytes (each of its two copies,
 * structured and text; the text copy's escaping adds at most as much again). The SDK's stdio clients
 * drop a message over 10 MiB (bytes: non-ASCII text counts 2-4 each) and close the connection with
 * it, which a long-history repository's report reaches (rjmurillo/ai-agents: `check` 5.7 MB compact,
 * 10.5 MB as a tool result).
 */
export const MAX_REPORT_BYTES = 3 * 1024 * 1024;

type RankedFinding = { severity?: string; ruleId?: string };

/**
 * A report over MAX_REPORT_BYTES (its JSON in UTF-8) keeps its summary, every result's file, validator and verdict, and
 * as many findings as fit: internal errors and unread files (AC-9xx) first, then errors, warnings,
 * notes (as the SARIF cap); `truncated` says how many were left out and how to get them all. The exit
 * code is the run's. A report whose skeleton alone does not fit is a tool error, never a shorter pass.
 */
export function boundReport(out: { exit_code: number; report: unknown }, limit = MAX_REPORT_BYTES): Record<string, unknown> {
  const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
  if (bytes(out.report) <= limit) return out;
  const report = structuredClone(out.report) as Record<string, unknown>;
  const rows = [report.results, report.checks].filter(Array.isArray).flat() as Record<string, unknown>[];
  const all: { row: Record<string, unknown>; f: RankedFinding; i: number; rank: number; size: number }[] = [];
  for (const row of rows) {
    if (!Array.isArray(row.findings)) continue;
    (row.findings as RankedFinding[]).forEach((f, i) => all.push({ row, f, i, rank: rankOf(f), size: bytes(f) + 1 }));
    row.findings = [];
  }
  let dataDropped = false;
  let room = limit - bytes(report) - 512;
  if (room < 0) {
    for (const row of rows) if ("data" in row) { delete row.data; dataDropped = true; }
    room = limit - bytes(report) - 512;
  }
  if (room < 0) throw new Error(`the report is too large for a tool result even without its findings (over ${limit} bytes); run the agentcheck CLI with -o FILE`);
  const order = all.map((_, k) => k).sort((x, y) => all[x].rank - all[y].rank || x - y);
  const keep = new Set<number>();
  for (const k of order) {
    if (all[k].size > room) break;
    room -= all[k].size;
    keep.add(k);
  }
  // kept findings go back in their original order
  all.forEach((e, k) => { if (keep.has(k)) (e.row.findings as RankedFinding[]).push(e.f); });
  return {
    exit_code: out.exit_code,
    report,
    truncated: {
      findings_total: all.length,
      findings_kept: keep.size,
      ...(dataDropped ? { data_dropped: true } : {}),
      limit_bytes: limit,
      note: "the report is over the tool-result limit: its summary and verdicts are complete, the findings left out are the lowest-ranked (AC-9xx, then errors, warnings, notes are kept first); run the agentcheck CLI with -o FILE for the full report",
    },
  };
}

function rankOf(f: RankedFinding): number {
  if (typeof f.ruleId === "string" && /^AC-9\d\d$/.test(f.ruleId)) return 0;
  return f.severity === "error" ? 1 : f.severity === "warning" ? 2 : 3;
}

function toolError(e: unknown) {
  let text: string;
  if (e instanceof ProtocolError) text = `${e.code}: ${e.message}`;
  else if (e instanceof PhaseFormatError) text = `CORRUPT_STATE: ${e.message}`;
  else if (e instanceof StateError) text = `${e.code}: ${e.message}`;
  else text = `INTERNAL: ${(e as Error)?.message ?? String(e)}`;
  return { content: [{ type: "text" as const, text }], isError: true };
}

async function guard(fn: () => Promise<Record<string, unknown>> | Record<string, unknown>) {
  try {
    return ok(await fn());
  } catch (e) {
    return toolError(e);
  }
}

/** Run the CLI in the workspace with --format json; the report is returned as is. */
function runCli(root: string, args: string[]): Promise<Record<string, unknown>> {
  return new Promise((res, rej) => {
    // the server's --no-exec (or AGENTCHECK_NO_EXEC) holds for every command it runs
    const env = { ...process.env, NO_COLOR: "1", ...(execRefusal() ? { AGENTCHECK_NO_EXEC: "1" } : {}) };
    execFile(process.execPath, [BIN, ...args], { cwd: root, maxBuffer: 256 * 1024 * 1024, env }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
      if (code !== 0 && code !== 1) {
        rej(new ProtocolError("INVALID_INPUT", `agentcheck ${args[0]} failed (exit ${code}): ${String(stderr).trim().slice(0, 2000) || String(err?.message)}`));
        return;
      }
      let report: unknown;
      try {
        report = JSON.parse(stdout) as unknown;
      } catch {
        rej(new Error(`agentcheck ${args[0]} printed no JSON report (exit ${code}): ${String(stderr).trim().slice(0, 500)}`));
        return;
      }
      try {
        res(boundReport({ exit_code: code, report }));
      } catch (e) {
        rej(e);
      }
    });
  });
}

const GateName = z.string().describe(`a gate (${GATES.join(", ")}), the phase it leads to, or ALL (validate_gate only)`);
const GateResultShape = z.object({
  phase: z.enum(GATES), requirement_level: z.enum(["MUST", "SHOULD"]), status: z.enum(["PASS", "FAIL", "SKIPPED"]),
  evidence: z.string(), blocking: z.boolean(), message: z.string(),
  // GIT_COMMIT when it passes (issue 35): the blobs of the session's range
  content_evidence: z.object({ files: z.record(z.string(), z.string()) }).optional(),
});
const PhaseOut = z.string().describe(`${PHASES.join(" | ")} | BLOCKED | VIOLATION`);
const ChecklistShape = z.object({
  start: z.array(z.looseObject({ requirement: z.string(), step: z.string(), done: z.boolean(), evidence: z.string() })),
  end: z.array(z.looseObject({ requirement: z.string(), step: z.string(), done: z.boolean(), evidence: z.string() })),
});
const ReportOut = { exit_code: z.number().describe("0 clean, 1 findings (as the CLI)"), report: z.unknown().describe("the --format json report") };

/**
 * Tools that can run code the repository controls (pre-pr's `prePr.testCommand`, an executable
 * `.markdownlint-cli2.cjs` / `.mjs` that pre-pr and the QUALITY_CHECKS gate load) say so: in their
 * description and in their annotations (not read-only, open world: the code may do anything). Under
 * --no-exec (or AGENTCHECK_NO_EXEC) nothing of the repository runs (each is reported instead), so
 * they are what they are without it.
 */
function repoCode(description: string, annotations: { readOnlyHint?: boolean; idempotentHint?: boolean }, what: string) {
  const refused = execRefusal();
  if (refused !== undefined) return { description: `${description} Repository code (${what}) is not run: the server runs with ${refused}; it is reported instead.`, annotations: { ...annotations, openWorldHint: false } };
  return {
    description: `${description} RUNS REPOSITORY CODE: ${what} (start the server with --no-exec to refuse it).`,
    annotations: { ...annotations, readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  };
}
/** What the QUALITY_CHECKS gate may run. */
const GATE_CODE = "the QUALITY_CHECKS gate loads an executable .markdownlint-cli2.cjs/.mjs";

export function createServer(o: ServerOptions): McpServer {
  const root = o.root;
  // the repository's protocol (protocol.preset, src/protocol-preset.ts): whether a log is required, and
  // whether the protocol tools run at all
  const ctx: ProtocolContext = openProtocol({ root, memoriesDir: o.memoriesDir, now: o.now, settings: o.settings, preset: o.preset });
  const protocolGuard = (fn: () => Promise<Record<string, unknown>> | Record<string, unknown>) =>
    guard(() => {
      assertProtocolOn(ctx);
      return fn();
    });
  const server = new McpServer({ name: "agentcheck", version: version() }, { capabilities: { tools: {}, resources: {} } });

  // ---------------------------------------------------------------- protocol tools
  server.registerTool("session_start", {
    title: "Start a protocol session",
    description: "Start a session (id YYYY-MM-DD-session-NN, phase INIT). Refused while a session is active unless resume is true. Branch and starting commit default to git's.",
    inputSchema: {
      objective: z.string().min(1).describe("what this session is for"),
      branch: z.string().optional(), starting_commit: z.string().optional(),
      resume: z.boolean().optional().describe("continue the active session instead of refusing"),
    },
    outputSchema: z.looseObject({
      resumed: z.boolean(), session_id: z.string(), phase: PhaseOut, objective: z.string(), branch: z.string(), starting_commit: z.string(),
      started_at: z.string(), blocked_until: z.array(z.string()), next_gate: z.string().nullable(), checklist: ChecklistShape,
    }),
  }, (a) => protocolGuard(() => sessionStart(ctx, a)));

  server.registerTool("validate_gate", {
    title: "Verify a protocol gate",
    ...repoCode("Run a gate's verification (or ALL gates) against the workspace and store the result. A passing gate also ends a BLOCKED state it caused.", { idempotentHint: true }, GATE_CODE),
    inputSchema: { phase: GateName, skip_qa: z.boolean().optional().describe("QA_VALIDATION: docs-only sessions may skip QA") },
    outputSchema: z.looseObject({ session_id: z.string(), phase: PhaseOut, results: z.array(GateResultShape) }),
  }, (a) => protocolGuard(() => validateGate(ctx, a.phase, { skipQa: a.skip_qa })));

  server.registerTool("advance_phase", {
    title: "Advance to the next phase",
    ...repoCode("Apply the next transition if its gate passes (blocking) or record the failure (non-blocking). A target beyond the next phase is refused, naming the missing gate (a skipped MUST gate is a violation and blocks).", {}, GATE_CODE),
    inputSchema: {
      target: z.string().optional().describe("the phase you expect to reach (optional)"),
      force: z.boolean().optional().describe("go past a MUST gate that has not passed: the violation is logged and the session enters VIOLATION, which only session_end leaves"),
    },
    outputSchema: z.looseObject({
      advanced: z.boolean(), from: z.string(), phase: PhaseOut, message: z.string(), refused: z.boolean().optional(),
      missing_gate: z.string().optional(), result: GateResultShape.optional(),
    }),
  }, (a) => protocolGuard(() => advancePhase(ctx, a.target, { force: a.force })));

  server.registerTool("record_evidence", {
    title: "Record evidence",
    description: "Append evidence for a gate, e.g. SKILL_VALIDATION memory_read, CONTEXT_RETRIEVAL handoff_hash <sha256>, CONTEXT_RETRIEVAL notes. Refused for a gate already passed.",
    inputSchema: {
      phase: GateName, evidence_type: z.string().min(1).describe("memory_read | handoff_hash | notes | constraints_read | handoff_updated | …"),
      evidence: z.string().min(1),
    },
    outputSchema: z.looseObject({
      session_id: z.string(), phase: PhaseOut, evidence_count: z.number(),
      recorded: z.object({ at: z.string(), phase: z.string(), type: z.string(), evidence: z.string() }),
    }),
  }, (a) => protocolGuard(() => recordEvidence(ctx, a.phase, a.evidence_type, a.evidence)));

  server.registerTool("get_blocked_reason", {
    title: "Why is the session blocked",
    description: "When BLOCKED: the failed gate, its requirement, what it says now, and the recovery steps.",
    inputSchema: {},
    outputSchema: z.looseObject({
      blocked: z.boolean(), session_id: z.string(), phase: PhaseOut, blocked_from: z.string().optional(), gate: z.string().optional(),
      requirement_level: z.string().optional(), status_now: z.string().optional(), message: z.string().optional(), recovery_steps: z.array(z.string()).optional(),
    }),
    annotations: { readOnlyHint: true },
  }, () => protocolGuard(() => getBlockedReason(ctx)));

  server.registerTool("session_end", {
    title: "End the session",
    ...repoCode("Run the remaining gates in order. COMPLETE: the session goes to the history and the current state is removed. Otherwise BLOCKED with what is missing. skip_qa only for docs-only changes; abandon only for sessions older than 24 h.", {}, GATE_CODE),
    inputSchema: {
      summary: z.string().min(1), skip_qa: z.boolean().optional(), decisions: z.array(z.string()).optional(),
      next_session_notes: z.string().optional(), abandon: z.boolean().optional(),
      write_log: z.boolean().optional().describe("at COMPLETE, record in the session's JSON log its endingCommit (HEAD when empty), contentEvidence and qaContentEvidence, so a check on main verifies the work after the branch is gone; then commit the log"),
    },
    outputSchema: z.looseObject({
      status: z.string(), session_id: z.string(), phase: PhaseOut.optional(), from: z.string().optional(), commit: z.string().optional(),
      // issue 35: the blobs of the session's range (startingCommit..commit), also in the history entry
      content_evidence: z.looseObject({ files: z.record(z.string(), z.string()) }).optional(),
      log_evidence: z.looseObject({ log: z.string(), written: z.boolean(), reason: z.string().optional() }).optional(),
      missing_gate: z.string().optional(), message: z.string().optional(), recovery_steps: z.array(z.string()).optional(), results: z.array(GateResultShape),
    }),
  }, (a) => protocolGuard(() => sessionEnd(ctx, a)));

  server.registerTool("get_checklist", {
    title: "Protocol checklist",
    description: "The start and end checklists (with status and evidence of the active session) and the transition table.",
    inputSchema: {},
    outputSchema: z.looseObject({ session_id: z.string().nullable(), checklist: ChecklistShape, transitions: z.array(z.looseObject({ from: z.string(), to: z.string(), gate: z.string(), blocking: z.boolean() })) }),
    annotations: { readOnlyHint: true },
  }, () => guard(() => {
    const cur = ctx.store.read().current;
    return { session_id: cur?.sessionId ?? null, checklist: checklistOf(cur, root), transitions: TRANSITIONS.map((t) => ({ ...t })) };
  }));

  server.registerTool("get_status", {
    title: "Session status",
    description: "The active session: phase, gates with status and evidence, recorded evidence.",
    inputSchema: {},
    outputSchema: z.looseObject({ active: z.boolean(), store: z.string(), state_file: z.string() }),
    annotations: { readOnlyHint: true },
  }, () => guard(() => status(ctx)));

  // ---------------------------------------------------------------- validators as tools
  // reads the workspace and nothing else (openWorldHint defaults to true in MCP)
  const ro = { readOnlyHint: true, openWorldHint: false };
  server.registerTool("validate_session_log", {
    description: "agentcheck session-log on workspace paths (default .agents/sessions); the --format json report.",
    inputSchema: { paths: z.array(z.string()).optional(), mode: z.enum(SESSION_MODES).optional() },
    outputSchema: z.looseObject(ReportOut), annotations: ro,
  }, (a) => guard(() => runCli(root, ["session-log", ...(a.paths ?? []).map((p) => confine(root, p)), ...(a.mode ? ["--mode", a.mode] : []), "--format", "json"])));

  server.registerTool("validate_memory_index", {
    description: "agentcheck memory-index on a workspace folder (default .serena/memories); the --format json report.",
    inputSchema: { dir: z.string().optional() }, outputSchema: z.looseObject(ReportOut), annotations: ro,
  }, (a) => guard(() => runCli(root, ["memory-index", ...(a.dir ? ["--dir", confine(root, a.dir)] : []), "--format", "json"])));

  server.registerTool("check_consistency", {
    description: "agentcheck consistency (every feature, or one); the --format json report.",
    inputSchema: { feature: z.string().optional(), checkpoint: z.union([z.literal(1), z.literal(2)]).optional() },
    outputSchema: z.looseObject(ReportOut), annotations: ro,
  }, (a) => guard(() => {
    if (a.feature !== undefined && (a.feature.startsWith("-") || /[\\/]|\.\./.test(a.feature))) throw new ProtocolError("INVALID_INPUT", `feature must be a name, not a path: ${a.feature.slice(0, 60)}`);
    return runCli(root, ["consistency", ...(a.feature ? ["--feature", a.feature] : ["--all"]), ...(a.checkpoint ? ["--checkpoint", String(a.checkpoint)] : []), "--format", "json"]);
  }));

  server.registerTool("check_traceability", {
    description: "agentcheck traceability on a workspace specs folder (default .agents/specs); the --format json report.",
    inputSchema: { specs: z.string().optional(), strict: z.boolean().optional() }, outputSchema: z.looseObject(ReportOut), annotations: ro,
  }, (a) => guard(() => runCli(root, ["traceability", ...(a.specs ? ["--specs", confine(root, a.specs)] : []), ...(a.strict ? ["--strict"] : []), "--format", "json"])));

  server.registerTool("run_pre_pr", {
    ...repoCode("agentcheck pre-pr (no fixes); the --format json report.", ro,
      "pre-pr runs the configured prePr.testCommand and loads an executable .markdownlint-cli2.cjs/.mjs"),
    inputSchema: { base: z.string().optional(), all: z.boolean().optional(), quick: z.boolean().optional(), only: z.string().optional() },
    outputSchema: z.looseObject(ReportOut),
  }, (a) => guard(() => {
    if (a.base !== undefined && (a.base.startsWith("-") || !/^[\w./@^~-]+$/.test(a.base))) throw new ProtocolError("INVALID_INPUT", `base must be a git ref: ${a.base.slice(0, 60)}`);
    if (a.only !== undefined && !/^[A-Za-z0-9,_-]+$/.test(a.only)) throw new ProtocolError("INVALID_INPUT", "only must be comma-separated check ids");
    return runCli(root, ["pre-pr", ...(a.base ? ["--base", a.base] : []), ...(a.all ? ["--all"] : []), ...(a.quick ? ["--quick"] : []), ...(a.only ? ["--only", a.only] : []), "--format", "json"]);
  }));

  server.registerTool("check", {
    description: "agentcheck check: every validator that applies to the workspace (or to the given files); the --format json report.",
    inputSchema: { paths: z.array(z.string()).optional(), only: z.string().optional() }, outputSchema: z.looseObject(ReportOut), annotations: ro,
  }, (a) => guard(() => {
    if (a.only !== undefined && !/^[A-Za-z0-9,_-]+$/.test(a.only)) throw new ProtocolError("INVALID_INPUT", "only must be comma-separated validator names");
    return runCli(root, ["check", ...(a.paths ?? []).map((p) => confine(root, p)), ...(a.only ? ["--only", a.only] : []), "--format", "json"]);
  }));

  // ---------------------------------------------------------------- extra tools
  for (const t of EXTRA_TOOLS) {
    server.registerTool(t.name, {
      title: t.title, description: t.description, inputSchema: t.inputSchema,
      ...(t.outputSchema ? { outputSchema: z.looseObject(t.outputSchema) } : {}), ...(t.readOnly ? { annotations: ro } : {}),
    }, (a: Record<string, unknown>) => guard(() => t.handler(a, { root })));
  }

  // per-session manifest tools (src/manifest/mcp-tools.ts): state.json v2 in agents/sessions/<slug>/
  registerManifestTools(server as unknown as Parameters<typeof registerManifestTools>[0], { root });

  // ---------------------------------------------------------------- resources
  const json = (uri: URL, v: unknown) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(v, null, 2) }] });
  const md = (uri: URL, text: string) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text }] });
  server.registerResource("state", "agentcheck://session/state", { description: "the active session (JSON)", mimeType: "application/json" }, (uri) => json(uri, status(ctx)));
  server.registerResource("checklist", "agentcheck://session/checklist", { description: "start and end checklists with status and evidence (JSON)", mimeType: "application/json" },
    (uri) => json(uri, checklistOf(ctx.store.read().current, root)));
  server.registerResource("history", "agentcheck://session/history", { description: "the last 10 sessions (JSON)", mimeType: "application/json" }, (uri) => json(uri, ctx.store.read().history));
  server.registerResource("violations", "agentcheck://session/violations", { description: "the violations log (JSON)", mimeType: "application/json" }, (uri) => json(uri, ctx.store.read().violations));
  for (const [name, which, file] of [["state-markdown", "state", "session-current-state.md"], ["history-markdown", "history", "session-history.md"], ["violations-markdown", "violations", "session-violations-log.md"]] as const) {
    server.registerResource(name, `agentcheck://session/${which}.md`, { description: `${file} as stored (markdown)`, mimeType: "text/markdown" }, (uri) => {
      ctx.store.read(); // a corrupt file is an error here too
      const text = ctx.store.readText(which);
      if (text === undefined) return md(uri, ctx.store.mode === "json" ? `(no markdown: the state is kept in ${ctx.store.stateFile})\n` : `(no ${file} yet)\n`);
      return md(uri, text);
    });
  }
  return server;
}

/** The workspace: --root, else the enclosing git work tree, else the current directory. */
async function workspaceRoot(arg: string | undefined): Promise<string> {
  const base = resolve(arg ?? process.cwd());
  if (arg) return realpathSync(base);
  const { gitTopLevel } = await import("../git-run.js");
  return gitTopLevel(base) ?? realpathSync(base);
}

export const MCP_USAGE = `Usage: agentcheck mcp [--root <dir>] [--memories-dir <dir>] [--no-exec]
Session protocol MCP server on stdio (tools, resources; see docs/mcp.md).
--no-exec: run nothing the repository controls (run_pre_pr's test command, an executable
markdownlint configuration in run_pre_pr and the QUALITY_CHECKS gate): each is reported instead
(also AGENTCHECK_NO_EXEC=1).
The memories folder is the configuration's paths.memories (default .serena/memories); --memories-dir
must name the same folder (agentcheck phase and the PreToolUse gate read paths.memories).
Register it:
  claude mcp add agentcheck -- npx agentcheck mcp
or in .mcp.json:
  { "mcpServers": { "agentcheck": { "command": "npx", "args": ["agentcheck", "mcp"] } } }
`;

/** Entry point of `agentcheck mcp`: serves until stdin closes. */
export async function runMcpServer(args: string[]): Promise<number> {
  let rootArg: string | undefined;
  let memoriesDir: string | undefined;
  let now: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const val = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--root") rootArg = val();
    else if (a === "--memories-dir") memoriesDir = val();
    else if (a === "--now") now = val();
    else if (a === "--no-exec") setNoExec(true);
    else if (a === "-h" || a === "--help") {
      process.stdout.write(MCP_USAGE);
      return 0;
    } else {
      process.stderr.write(`agentcheck mcp: unknown argument '${a}'\n${MCP_USAGE}`);
      return 2;
    }
  }
  const root = await workspaceRoot(rootArg);
  // the workspace's configuration: its paths.* place the protocol's memories and session logs
  // (the validator tools run the CLI, which loads the same file)
  const { loadConfig } = await import("../config.js");
  const settings = await loadConfig(root, undefined, root);
  // `agentcheck phase` and the PreToolUse gate read the configuration's memories folder: a server
  // keeping the session elsewhere would go unseen by both (the gate would see no session at all)
  const refused = memoriesDirRefusal("mcp", root, memoriesDir, settings.paths.memories);
  if (refused !== undefined) {
    process.stderr.write(`${refused}\n${MCP_USAGE}`);
    return 2;
  }
  const server = createServer({ root, memoriesDir, now, settings, preset: presetOf(settings.config) });
  // the SDK's stdio transport, but a line that is no JSON-RPC message gets its error response
  const transport = new LineServerTransport();
  await server.connect(transport);
  await new Promise<void>((res) => {
    server.server.onclose = () => res();
    process.stdin.on("end", () => res());
  });
  return 0;
}
