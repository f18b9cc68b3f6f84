// What every agentcheck workflow function shares: where the work happens, the run's one clock, the
// repository's configuration for a step, and which errors a retry cannot cure.
import type { LoadedConfig } from "../config.js";
import { NonRetriableError } from "inngest";
import { gitTopLevel } from "../git-run.js";
import { isStateError } from "../state/errors.js";
import { openSessionStore, type SessionStore } from "../state/ops.js";
import type { Where } from "./events.js";

export interface WorkflowOptions {
  /** Repository (or worktree) to work in when the event does not name one (data.cwd). */
  cwd?: string;
  /** Session notes root (default: <worktree>/.agent-notes or the configured one). */
  notesDir?: string;
}

export interface At {
  cwd: string;
  notesDir?: string;
  /** The run's clock: every timestamp the run records, the same in every retry. */
  now: string;
}

/** Minimal view of the step tools the helpers need. */
interface StepLike {
  run: (id: string, fn: () => unknown) => Promise<unknown>;
}

/**
 * The run's place and clock. The clock is the event's `data.now`, else the time the event was received
 * (`event.ts`), else one memoized step: a retried step sees the same time, so what it records (and the
 * `once` checks of the store) are those of the first attempt.
 */
export async function whereOf(event: { data?: unknown; ts?: number }, step: StepLike, opts: WorkflowOptions): Promise<At> {
  const data = (event.data ?? {}) as Where;
  const cwd = data.cwd ?? opts.cwd ?? process.cwd();
  let now = data.now;
  if (now === undefined && typeof event.ts === "number" && Number.isFinite(event.ts)) now = new Date(event.ts).toISOString();
  if (now === undefined) now = (await step.run("clock", () => new Date().toISOString())) as string;
  return { cwd: gitTopLevel(cwd) ?? cwd, notesDir: data.notesDir ?? opts.notesDir, now };
}

/** The session store of the run, its clock fixed to the run's. */
export function storeAt(at: At): SessionStore {
  return openSessionStore({ cwd: at.cwd, notesDir: at.notesDir, now: () => new Date(at.now) });
}

/**
 * A step that validates runs with its repository's configuration (paths.sessions, rule options,
 * severities, protocol.preset), loaded by the step itself and passed to `fn`: Inngest may run steps of several runs,
 * for different repositories, in one process at once, and each step may run in a process that served
 * another repository last. Nothing is process state, so the steps need no turn of their own.
 */
export async function withRepoConfig<T>(cwd: string, fn: (settings: LoadedConfig) => T | Promise<T>): Promise<T> {
  const { loadConfig } = await import("../config.js");
  return fn(await loadConfig(cwd, undefined, cwd));
}

/** Error codes of the store a retry cannot change (the input or the state is wrong, not the moment). */
const FINAL = new Set(["INVALID_INPUT", "POLICY_VIOLATION", "ALREADY_EXISTS", "NOT_FOUND", "NO_CURRENT_SESSION", "CORRUPT", "SCHEMA_INVALID", "CONFLICT"]);

/**
 * Run a store operation in a step: errors a retry cannot cure become NonRetriableError (Inngest does
 * not retry them); LOCK_TIMEOUT / IO_ERROR stay retriable, and the retry re-reads under the lock.
 */
export async function stateStep<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isStateError(e) && FINAL.has(e.code)) throw new NonRetriableError(`${e.code}: ${e.message}`, { cause: e });
    throw e;
  }
}
