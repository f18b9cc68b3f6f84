// The Claude Code PostToolUse hook (`agentcheck hooks post-tool-use`, issue 40 item 4): records what
// the agent actually did into the current session's start evidence (src/state/observed.ts decides
// what a tool call is evidence of), and sets protocolStartComplete once every required start step
// has evidence. Lean: one CommonJS bundle (dist/cli/observe.cjs, scripts/bundle-cli.mjs) with the
// note store and the state check only (no commander, zod or markdownlint). A tool call that is
// evidence of nothing returns before any state is read; a step already recorded writes nothing.
// PostToolUse cannot undo the tool: the hook always exits 0 and says why on stderr when it records
// nothing for a reason the user should know.
import { startProtocolFor } from "../protocol-preset.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { resolveNotesRoot, type ResolvedRoot } from "./paths.js";
import { openSessionStore, type SessionStore } from "./ops.js";
import { isStateError } from "./errors.js";
import { DEFAULT_PATHS, HANDOFF_FILE, PROTOCOL_FILE } from "../config-paths.js";
import {
  applyObservations, evidenceKey, missingStartSteps, observe, startStepsRequired,
  type ObservePaths, type ObservedStep, type Observation, type StartFacts, type StartProtocol,
} from "./observed.js";
import type { SessionState } from "./schema.js";

/** Largest hook input read (a Read's tool_response carries the file): past it, nothing is recorded. */
export const OBSERVE_MAX_INPUT_BYTES = 68 * 1024 * 1024;

/** The folders and files the start steps read, from the repository's configuration. */
export function observePaths(r: Pick<ResolvedRoot, "settings">): ObservePaths {
  return {
    memories: r.settings.memoriesDir ?? DEFAULT_PATHS.memories,
    skills: r.settings.skillsDir ?? DEFAULT_PATHS.skills,
    handoff: HANDOFF_FILE,
    protocol: PROTOCOL_FILE,
  };
}

/** What the repository holds that a start step reads. */
export function startFacts(root: string, p: ObservePaths): StartFacts {
  return {
    memories: existsSync(join(root, p.memories)),
    handoff: existsSync(join(root, p.handoff)),
    protocol: existsSync(join(root, p.protocol)),
    skills: existsSync(join(root, p.skills)),
  };
}

/**
 * The start steps this repository requires (the one place the shell asks). The protocol preset
 * (src/protocol-preset.ts) decides whether there are start demands at all: only `full` has them
 * (validate-if-present and off: none, so the start protocol is complete at once); `protocol` is the
 * repository's own list when known (its SESSION-PROTOCOL.md), else the built-in one.
 */
export function requiredStartSteps(r: Pick<ResolvedRoot, "settings" | "worktree">, protocol?: StartProtocol): ObservedStep[] {
  const p = startProtocolFor(r.settings.preset) ?? protocol; // the preset table says whether start steps are demanded
  return startStepsRequired(p, startFacts(r.worktree, observePaths(r)));
}

/**
 * Record `observations` of one tool call into session `id` (one compare-and-swap transaction; none
 * when nothing is new). Returns the state and whether the start protocol completed with this call.
 */
export async function recordObservations(
  store: SessionStore, id: string | undefined, tool: string, observations: readonly Observation[], required: readonly ObservedStep[],
): Promise<{ state: SessionState; written: boolean; completed: boolean }> {
  let completed = false;
  const r = await store.transact(id, (d, tx) => {
    const a = applyObservations(d, observations, tool, required, tx.now);
    tx.changed = a.changed;
    completed = a.completed;
  });
  return { state: r.state, written: r.committed, completed };
}

/** Read stdin up to the cap (undefined past it). */
async function readInput(): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of process.stdin) {
    const b = c as Buffer;
    size += b.length;
    if (size > OBSERVE_MAX_INPUT_BYTES) {
      process.stdin.destroy();
      return undefined;
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Entry point (bin/agentcheck.js, `agentcheck hooks post-tool-use`). Always 0. */
export async function runPostToolUseHook(): Promise<number> {
  const text = await readInput();
  if (text === undefined) {
    process.stderr.write(`agentcheck post-tool-use: hook input over ${OBSERVE_MAX_INPUT_BYTES / 1048576} MiB; nothing recorded\n`);
    return 0;
  }
  let input: Record<string, unknown>;
  try {
    const v = JSON.parse(text === "" ? "{}" : text) as unknown;
    if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error("not a JSON object");
    input = v as Record<string, unknown>;
  } catch (e) {
    process.stderr.write(`agentcheck post-tool-use: hook input is not a JSON object (${(e as Error).message}); nothing recorded\n`);
    return 0;
  }
  const tool = typeof input.tool_name === "string" ? input.tool_name : "";
  const cwd = typeof input.cwd === "string" && input.cwd !== "" && existsSync(input.cwd) ? input.cwd
    : process.env.CLAUDE_PROJECT_DIR && existsSync(process.env.CLAUDE_PROJECT_DIR) ? process.env.CLAUDE_PROJECT_DIR : process.cwd();
  try {
    const r = resolveNotesRoot({ cwd });
    const paths = observePaths(r);
    const observations = observe(tool, input.tool_input, r.worktree, paths);
    if (observations.length === 0) return 0; // evidence of nothing: no state read
    const store = openSessionStore({ cwd });
    let state: SessionState;
    try {
      state = store.getSync(store.resolveId());
    } catch (e) {
      if (isStateError(e) && (e.code === "NO_CURRENT_SESSION" || e.code === "NOT_FOUND")) return 0; // no session to record into
      throw e;
    }
    const fresh = observations.filter((o) => !state.protocolStartEvidence[evidenceKey(o.step)]);
    const required = requiredStartSteps(r);
    if (fresh.length === 0 && (state.protocolStartComplete || missingStartSteps(required, state.protocolStartEvidence).length > 0)) return 0;
    const w = await recordObservations(store, state.sessionId, tool, fresh, required);
    if (w.completed) process.stderr.write(`agentcheck: session ${state.sessionId}: start protocol complete (observed: ${required.join(", ") || "nothing required"})\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`agentcheck post-tool-use: nothing recorded: ${(e as Error)?.message ?? String(e)}\n`);
    return 0;
  }
}
