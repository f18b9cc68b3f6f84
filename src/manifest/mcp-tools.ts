// MCP tools over the session manifests (names from the design): session_transition_phase,
// session_complete_checkpoint, session_add_commit, session_set_status, session_update_git.
// Library functions with zod input schemas; `registerManifestTools(server)` adds them to an MCP server
// (the `agentcheck mcp` server registers them). Each call is one manager transaction.
import { z } from "zod";
import { PHASES, STATUSES } from "./schema.js";
import { ManifestManager, type ManagerOptions } from "./manager.js";
import { isStateError } from "../state/errors.js";
import type { SessionManifest } from "./schema.js";

const sessionId = z.string().min(1).describe("session folder name under agents/sessions/ (its session_id)");

export const TransitionPhaseInput = {
  session_id: sessionId,
  new_phase: z.enum(PHASES).describe("the next phase (spec → plan → build → docs → complete)"),
  force: z.boolean().optional().describe("allow a skip or a backward move; recorded in the manifest's overrides"),
  reason: z.string().optional().describe("why force was needed (recorded)"),
};
export const CompleteCheckpointInput = {
  session_id: sessionId,
  checkpoint_id: z.int().min(1).describe("checkpoint number (1..checkpoints_total)"),
};
export const AddCommitInput = {
  session_id: sessionId,
  sha: z.string().min(1).describe("commit sha or ref (verified with git when the workspace is a repository)"),
  message: z.string().optional().describe("message (default: the commit's subject)"),
  checkpoint: z.int().min(1).nullable().optional().describe("checkpoint the commit belongs to"),
};
export const SetStatusInput = {
  session_id: sessionId,
  status: z.enum(STATUSES).describe("active | paused | failed (complete only in phase complete)"),
};
export const UpdateGitInput = {
  session_id: sessionId,
  branch: z.string().optional(),
  worktree: z.string().nullable().optional().describe("worktree path, or null to clear it"),
  base_branch: z.string().optional(),
};

type Shape = z.ZodRawShape;
type Args<S extends Shape> = z.infer<z.ZodObject<S>>;

export interface ManifestTool<S extends Shape = Shape> {
  name: string;
  title: string;
  description: string;
  /** zod raw shape (what McpServer.registerTool takes as inputSchema). */
  inputShape: S;
  /** The same as a strict zod object (for validating calls outside an MCP server). */
  inputSchema: z.ZodObject<S>;
  run(m: ManifestManager, args: Args<S>): Promise<SessionManifest>;
}

function tool<S extends Shape>(name: string, title: string, description: string, inputShape: S, run: (m: ManifestManager, a: Args<S>) => Promise<SessionManifest>): ManifestTool<S> {
  return { name, title, description, inputShape, inputSchema: z.strictObject(inputShape), run };
}

export const MANIFEST_TOOLS = [
  tool("session_transition_phase", "Move a session to its next phase",
    "Move a session manifest (agents/sessions/<id>/state.json) to the next phase. Skips and backward moves are refused with the allowed next phase named, unless force is set (then recorded).",
    TransitionPhaseInput, (m, a) => m.transition(a.session_id, a.new_phase, { force: a.force, reason: a.reason })),
  tool("session_complete_checkpoint", "Complete a build checkpoint",
    "Mark a checkpoint completed; current_checkpoint advances to the next open one.",
    CompleteCheckpointInput, (m, a) => m.completeCheckpoint(a.session_id, a.checkpoint_id)),
  tool("session_add_commit", "Record a commit in a session",
    "Record a commit (sha verified with git when the workspace is a repository) and the checkpoint it belongs to.",
    AddCommitInput, (m, a) => m.addCommit(a.session_id, a.sha, a.message, a.checkpoint ?? null)),
  tool("session_set_status", "Set a session's status",
    "Set status active, paused or failed; complete follows phase complete.",
    SetStatusInput, (m, a) => m.setStatus(a.session_id, a.status)),
  tool("session_update_git", "Set a session's git branch or worktree",
    "Set the git branch, worktree (null clears it) or base branch of a session.",
    UpdateGitInput, (m, a) => m.setGit(a.session_id, { branch: a.branch, worktree: a.worktree, baseBranch: a.base_branch })),
] as const;

export type ManifestToolName = (typeof MANIFEST_TOOLS)[number]["name"];

/** MCP CallToolResult: the new manifest as JSON text (and structured), or an error document with isError. */
export interface ToolResult {
  [k: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Call one tool by name: validates the input with its zod schema, runs one manager transaction. */
export async function callManifestTool(name: string, input: unknown, opts: ManagerOptions = {}): Promise<ToolResult> {
  const t = MANIFEST_TOOLS.find((x) => x.name === name) as ManifestTool | undefined;
  if (!t) return errorResult("INVALID_INPUT", `unknown tool '${name}'`);
  const parsed = t.inputSchema.safeParse(input ?? {});
  if (!parsed.success) {
    return errorResult("INVALID_INPUT", `invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`);
  }
  try {
    const manifest = await t.run(new ManifestManager(opts), parsed.data);
    const doc = { ok: true, manifest };
    return { content: [{ type: "text", text: JSON.stringify(doc) }], structuredContent: doc };
  } catch (e) {
    if (isStateError(e)) return errorResult(e.code, e.message, e.details);
    return errorResult("INTERNAL", (e as Error)?.message ?? String(e));
  }
}

function errorResult(code: string, message: string, details?: Record<string, unknown>): ToolResult {
  const doc = { ok: false, error: details ? { code, message, details } : { code, message } };
  return { content: [{ type: "text", text: JSON.stringify(doc) }], structuredContent: doc, isError: true };
}

/** The part of McpServer used here (keeps this module free of the SDK import). */
export interface ToolRegistry {
  registerTool(name: string, config: { title?: string; description?: string; inputSchema?: Shape }, cb: (args: Record<string, unknown>) => Promise<ToolResult>): unknown;
}

/** Register the five manifest tools on an MCP server; `opts.root` is the workspace (default: cwd's worktree). */
export function registerManifestTools(server: ToolRegistry, opts: ManagerOptions = {}): string[] {
  for (const t of MANIFEST_TOOLS) {
    server.registerTool(t.name, { title: t.title, description: t.description, inputSchema: t.inputShape }, (args) => callManifestTool(t.name, args, opts));
  }
  return MANIFEST_TOOLS.map((t) => t.name);
}
