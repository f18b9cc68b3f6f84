// The Claude Code PostToolUse hook (`agentcheck hooks post-tool-use`, issue 40 item 4): records what
// the agent actually did into the current session's start evidence (src/state/observed.ts decides
// what a tool call is evidence of), and sets protocolStartComplete once every required start step
// has evidence. Lean: one CommonJS bundle (dist/cli/observe.cjs, scripts/bundle-cli.mjs) with the
// note store and the state check only (no commander, zod or markdownlint). A tool call that is
// evidence of nothing returns before any state is read; a step already recorded writes nothing.
// PostToolUse cannot undo the tool: the hook always exits 0 and says why on stderr when it records
// nothing for a reason the user should know.
import { startProtocolFor } from "../protocol-preset.js";
import { readHookStdin } from "../hook-input.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { resolveNotesRoot, type ResolvedRoot } from "./paths.js";
import { openSessionStore, type SessionStore } from "./ops.js";
import { isStateError, StateError } from "./errors.js";
import { DEFAULT_PATHS, HANDOFF_FILE, PROTOCOL_FILE } from "../config-paths.js";
import {
  applyObservations, builtinSpecs, evidenceKey, missingStartSteps, actsOf, observeActs, startStepsRequired, storedSpecs,
  type ObservePaths, type ObservedStep, type Observation, type StartFacts, type StartProtocol, type StepSpec,
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
    sessions: r.settings.sessionsDir ?? DEFAULT_PATHS.sessions,
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
 * The start steps this repository requires, with the evidence each needs: none when the preset makes no
 * start demands; the MUST start steps of the repository's own SESSION-PROTOCOL.md when `repoSteps` gives
 * them (src/phase/repo-checklist.ts repoStartSpecs, parsed and classified by the core); else the
 * built-in steps the repository can serve.
 */
export function requiredStartSpecs(r: Pick<ResolvedRoot, "settings" | "worktree">, repoSteps?: readonly StepSpec[]): StepSpec[] {
  if (startProtocolFor(r.settings.preset)) return [];
  if (repoSteps && repoSteps.length > 0) return [...repoSteps];
  return builtinSpecs(observePaths(r), requiredStartSteps(r) as never);
}

/**
 * The start steps a session waits for: the ones SessionStart fixed in its evidence (REQUIRED_KEY), or,
 * for a session created otherwise (`session create`), the built-in ones of the preset.
 */
export function sessionSpecs(r: Pick<ResolvedRoot, "settings" | "worktree">, s: Pick<SessionState, "protocolStartEvidence">): StepSpec[] {
  return storedSpecs(s.protocolStartEvidence) ?? requiredStartSpecs(r);
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

/**
 * Tick a start step no tool call can show (kind `record`: "Confirm the plan with the user") by an
 * explicit record (`agentcheck session record-step <step> --note …`): the evidence says it was
 * recorded, not observed. A step the hooks observe is refused (doing it is its evidence), and so is a
 * key the session does not require.
 */
export async function recordStep(store: SessionStore, id: string | undefined, key: string, note: string, r: Pick<ResolvedRoot, "settings" | "worktree">): Promise<SessionState> {
  let specs: StepSpec[] = [];
  const out = await store.transact(id, (d, tx) => {
    specs = sessionSpecs(r, d);
    const spec = specs.find((x) => x.key === key);
    if (!spec) {
      throw new StateError("INVALID_INPUT", `'${key.slice(0, 40)}' is not a start step session ${d.sessionId} requires (required: ${specs.map((x) => x.key).join(", ") || "none"})`);
    }
    if (spec.kind !== "record") {
      throw new StateError("INVALID_INPUT", `start step ${key} is observed (${spec.kind}${spec.arg ? ` ${spec.arg}` : ""}): the PostToolUse hook records it when you do it; only a step no tool call shows is recorded by hand`);
    }
    const detail = `${note.trim() === "" ? "(no note)" : note} (recorded, not observed)`;
    const a = applyObservations(d, [{ step: key, detail }], "record-step", specs.map((x) => x.key), tx.now);
    tx.changed = a.changed;
  });
  return out.state;
}

/** Entry point (bin/agentcheck.js, `agentcheck hooks post-tool-use`). Always 0. */
export async function runPostToolUseHook(): Promise<number> {
  const read = await readHookStdin(OBSERVE_MAX_INPUT_BYTES);
  if (!read.ok) {
    process.stderr.write(`agentcheck post-tool-use: ${read.error}; nothing recorded\n`);
    return 0;
  }
  const input = read.value;
  const tool = typeof input.tool_name === "string" ? input.tool_name : "";
  const cwd = typeof input.cwd === "string" && input.cwd !== "" && existsSync(input.cwd) ? input.cwd
    : process.env.CLAUDE_PROJECT_DIR && existsSync(process.env.CLAUDE_PROJECT_DIR) ? process.env.CLAUDE_PROJECT_DIR : process.cwd();
  try {
    const r = resolveNotesRoot({ cwd });
    const paths = observePaths(r);
    const done = actsOf(tool, input.tool_input, r.worktree, paths); // what the call did, read once
    if (done.length === 0) return 0; // evidence of nothing: no state read
    // without the repository's own protocol the steps are the built-in ones: a call that is evidence of
    // none of them (a Read of any other file) reads no state either
    if (!existsSync(join(r.worktree, paths.protocol)) && observeActs(done, builtinSpecs(paths)).length === 0) return 0;
    const store = openSessionStore({ cwd });
    let state: SessionState;
    try {
      state = store.getSync(store.resolveId());
    } catch (e) {
      if (isStateError(e) && (e.code === "NO_CURRENT_SESSION" || e.code === "NOT_FOUND")) return 0; // no session to record into
      throw e;
    }
    const specs = sessionSpecs(r, state);
    const required = specs.map((x) => x.key);
    const observations = observeActs(done, [...specs, ...builtinSpecs(paths, ["validator"])]);
    const fresh = observations.filter((o) => !state.protocolStartEvidence[evidenceKey(o.step)]);
    if (fresh.length === 0 && (state.protocolStartComplete || missingStartSteps(required, state.protocolStartEvidence).length > 0)) return 0;
    const w = await recordObservations(store, state.sessionId, tool, fresh, required);
    if (w.completed) process.stderr.write(`agentcheck: session ${state.sessionId}: start protocol complete (observed: ${required.join(", ") || "nothing required"})\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`agentcheck post-tool-use: nothing recorded: ${(e as Error)?.message ?? String(e)}\n`);
    return 0;
  }
}
