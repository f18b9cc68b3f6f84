// Continuity across compaction (issue 40 item 6): the PreCompact hook saves the current session as a
// `.aibrain` checkpoint (task id = the session id; its front matter carries a snapshot of the session
// state), and SessionStart with source `compact` or `resume` gives the agent back the resume text
// (seed 004, src/aibrain/checkpoint.ts renderResume) with the start steps still missing. Live state:
// `.aibrain/` is in the repository's exclude file (src/live-state.ts), never in `git status`.
import { CheckpointStore, renderResume, resumeInfo, type Checkpoint } from "../aibrain/checkpoint.js";
import { excludeLiveState } from "../live-state.js";
import { DEFAULT_PATHS } from "../config-paths.js";
import { isStateError } from "../state/errors.js";
import { resolveNotesRoot } from "../state/paths.js";
import { missingSpecs, stepText } from "../state/observed.js";
import { sessionSpecs } from "../state/observe-hook.js";
import type { SessionState } from "../state/schema.js";

/** The checkpoint of a session before compaction (pure): front-matter fields and body. */
export function sessionCheckpoint(s: SessionState, o: { previousIteration?: number; trigger: string; missing: readonly string[] }): Record<string, unknown> {
  const wf = s.orchestratorWorkflow;
  const history = wf?.agentHistory ?? [];
  const blocked = history.filter((h) => h.status === "blocked");
  const blockers: string[] = [];
  for (const h of blocked) for (const b of h.output?.blockers ?? []) blockers.push(`${h.agent}: ${b}`);
  const next: string[] = o.missing.map((m) => `start protocol: ${m}`);
  for (const h of wf?.pendingHandoffs ?? []) next.push(`hand-off to ${h.toAgent}: ${h.reason}`);
  const done = history.filter((h) => h.status === "completed" && h.output);
  const last = done.length > 0 ? done[done.length - 1] : undefined;
  const focus = s.activeTask ?? s.activeFeature;
  return {
    iteration_count: (o.previousIteration ?? 0) + 1,
    phase: wf ? `${s.currentMode}/${wf.workflowPhase}` : s.currentMode,
    status: blocked.length > 0 ? "blocked" : "in_progress",
    ...(focus ? { objective: s.activeFeature && s.activeTask ? `${s.activeFeature}: ${s.activeTask}` : focus } : {}),
    next_steps: next,
    blockers,
    ...(last?.output?.summary ? { last_output: `${last.agent}: ${last.output.summary}` } : {}),
    compaction_trigger: o.trigger,
    session_id: s.sessionId,
    session_state: s,
  };
}

/** Save the session's checkpoint (one file per session, `.aibrain/session-<id>.md`). */
export async function saveSessionCheckpoint(root: string, s: SessionState, trigger: string): Promise<Checkpoint> {
  const r = resolveNotesRoot({ cwd: root });
  try {
    excludeLiveState(root, r.settings.memoriesDir ?? DEFAULT_PATHS.memories);
  } catch {
    /* an odd exclude file: the checkpoint is still saved */
  }
  const missing = missingSpecs(sessionSpecs(r, s), s.protocolStartEvidence).map(stepText);
  const cps = new CheckpointStore({ root });
  let prev: Checkpoint | undefined;
  try {
    prev = cps.load(s.sessionId);
  } catch (e) {
    if (!isStateError(e) || e.code !== "NOT_FOUND") throw e;
  }
  const data = sessionCheckpoint(s, { previousIteration: prev?.data.iteration_count, trigger, missing });
  const body = `## Task Summary\n\nSession ${s.sessionId} (mode ${s.currentMode}), saved before a context compaction (${trigger}).\n`;
  return cps.save(s.sessionId, data, body);
}

/** The resume text of a session's checkpoint, or undefined when it has none (or it cannot be read). */
export function restoreText(root: string, sessionId: string): string | undefined {
  try {
    const cps = new CheckpointStore({ root });
    return renderResume(resumeInfo(cps.load(sessionId), cps.workspace));
  } catch {
    return undefined;
  }
}
