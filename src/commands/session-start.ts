// Session start: create the session state and record protocol-start evidence gathered from git
// (branch, starting commit) plus the session log path the session is expected to write.
// Used by the Claude Code SessionStart hook and the Inngest session-protocol-start function.
import { join } from "node:path";
import { namesIn, nextSessionName, stateSessions } from "../session-id.js";
import { PhaseStore } from "../phase/store.js";
import { pushAll } from "../arrays.js";
import { ignoreLiveState } from "../live-state.js";
import { gitRaw, gitTopLevel, gitVerify } from "../git-run.js";
import { isStateError } from "../state/errors.js";
import { openSessionStore } from "../state/ops.js";
import type { SessionState } from "../state/schema.js";
import { DEFAULT_PATHS, loadConfig, type ResolvedPaths } from "../config.js";
import { resolveNotesRoot } from "../state/paths.js";
import { missingSpecs, REQUIRED_KEY, stepText, storedSpecs, type StepSpec } from "../state/observed.js";
import { recordObservations, requiredStartSpecs } from "../state/observe-hook.js";
import { repoStartSpecs } from "../phase/repo-checklist.js";
import { restoreText } from "./continuity.js";
import { DEFAULT_PRESET, PRESETS, startProtocolFor, type PresetRules } from "../protocol-preset.js";

export interface SessionStartOptions {
  cwd: string;
  notesDir?: string;
  /** Explicit session id; default `<today>-session-<next number>`. */
  sessionId?: string;
  /** Clock (ISO 8601), for reproducible runs. */
  now?: string;
}

/**
 * Next session id (src/session-id.ts): today's date and one past the highest number used today by a
 * session log, a session state or a protocol (MCP) session, two digits at least.
 */
export function nextSessionId(root: string, now: Date, notesDir?: string, paths: ResolvedPaths = DEFAULT_PATHS): string {
  const names = namesIn(join(root, paths.sessions));
  pushAll(names, stateSessions(root, notesDir).ids);
  pushAll(names, protocolSessionIds(root, paths).all);
  return nextSessionName(now.toISOString().slice(0, 10), names);
}

/** The MCP server's active protocol session, which a session start adopts (one identity); undefined for none. */
export function activeProtocolSession(root: string, paths: ResolvedPaths = DEFAULT_PATHS): string | undefined {
  return protocolSessionIds(root, paths).active;
}

/** The MCP server's protocol sessions: the active one (adopted by the hook) and every id it used. */
function protocolSessionIds(root: string, paths: ResolvedPaths): { active?: string; all: string[] } {
  try {
    const docs = new PhaseStore({ root, memoriesDir: paths.memories }).read();
    const all = docs.history.map((h) => h.id);
    for (const v of docs.violations) all.push(v.sessionId);
    if (docs.current) all.push(docs.current.sessionId);
    return { active: docs.current?.sessionId, all };
  } catch {
    return { all: [] }; // an unreadable protocol state names no session (the MCP server reports it)
  }
}

/** Git facts for the start evidence. */
export function startEvidence(root: string, sessionId: string, now: string, sessionsDir: string = DEFAULT_PATHS.sessions): Record<string, string> {
  const head = gitVerify(root, "HEAD");
  let branch = process.env.GITHUB_HEAD_REF || "";
  if (!branch) {
    const r = gitRaw(root, ["symbolic-ref", "--short", "-q", "HEAD"]);
    branch = r.status === 0 ? r.stdout.toString("utf8").trim() : head ? `(detached at ${head.slice(0, 12)})` : "";
  }
  return {
    gitBranch: branch,
    startingCommit: head ?? "",
    sessionLogPath: `${sessionsDir}/${sessionId}.json`,
    completedAt: now,
  };
}

/** Create the session (when it does not exist) and record protocol-start evidence. */
export async function recordSessionStart(o: SessionStartOptions): Promise<{ state: SessionState; created: boolean; evidence: Record<string, string> }> {
  const root = gitTopLevel(o.cwd) ?? o.cwd;
  const { paths } = await loadConfig(root, undefined, root); // paths.sessions: where the session log goes
  ignoreLiveState(root, paths.memories);
  const store = openSessionStore({ cwd: root, notesDir: o.notesDir });
  const now = o.now ?? new Date().toISOString();
  // one identity: a protocol session the MCP server already started is this session
  let id = o.sessionId ?? activeProtocolSession(root, paths) ?? nextSessionId(root, new Date(now), o.notesDir, paths);
  let created = false;
  for (let attempt = 0; ; attempt++) {
    try {
      await store.create(id);
      created = true;
      break;
    } catch (e) {
      if (!isStateError(e) || e.code !== "ALREADY_EXISTS") throw e;
      if (o.sessionId) break; // an explicit id that exists: record the evidence on it
      if (attempt > 50) throw e;
      const m = /^(.*-session-)(\d+)$/.exec(id);
      id = m ? `${m[1]}${String(Number(m[2]) + 1).padStart(2, "0")}` : `${id}-2`;
    }
  }
  const evidence = startEvidence(root, id, now, paths.sessions);
  // git facts are evidence, not the start protocol: protocolStartComplete waits for the observed
  // start steps (src/state/observed.ts; the PostToolUse hook records them), unless none is required
  const { completedAt: _at, ...facts } = evidence;
  // the start steps this session waits for are fixed now, with the evidence each needs: the hooks read
  // them from the state (the protocol file may change during the session; the lean hook loads no core)
  const specs = startSpecsFor(root);
  await store.update(id, { protocolStartEvidence: { ...facts, [REQUIRED_KEY]: JSON.stringify(specs) } });
  const { state } = await recordObservations(store, id, "SessionStart", [], specs.map((x) => x.key));
  if (!created) await store.use(id);
  return { state, created, evidence };
}

/**
 * The start steps this repository requires, with their evidence (src/state/observe-hook.ts
 * requiredStartSpecs): under a preset with start demands, the MUST start steps of its own
 * SESSION-PROTOCOL.md when it has them (classified by the core), else the built-in ones.
 */
export function startSpecsFor(root: string): StepSpec[] {
  const r = resolveNotesRoot({ cwd: root });
  return requiredStartSpecs(r, startProtocolFor(r.settings.preset) ? undefined : repoStartSpecs(r.worktree));
}

/** The start steps still to do, as the SessionStart context says them ("" when none). */
export function startStepsText(s: SessionState, required: readonly StepSpec[]): string {
  if (s.protocolStartComplete) return "";
  const missing = missingSpecs(required, s.protocolStartEvidence);
  if (missing.length === 0) return "";
  return ` Start protocol (recorded as you do it, by the PostToolUse hook): ${missing.map(stepText).join("; ")}.`;
}

/** The start steps a session waits for (fixed at its start; the built-in ones for an older state). */
function specsOf(root: string, s: SessionState): StepSpec[] {
  // the stored steps answer without the notes root; it is resolved only for an older state
  return storedSpecs(s.protocolStartEvidence) ?? requiredStartSpecs(resolveNotesRoot({ cwd: root }));
}

/** SessionStart hook: on startup a new session; on resume/clear/compact the current one is kept. */
/** How to leave a mode, for the SessionStart context. */
export function leaveModeText(mode: string): string {
  if (mode === "analysis") {
    return "Analysis mode allows read-only tools only (no edits, no shell). To edit, the user switches the session with `agentcheck session mode coding` in a terminal (`planning` adds the shell only).";
  }
  if (mode === "planning") return "Planning mode allows the shell but no file edits; before editing, ask the user to switch with `agentcheck session mode coding` (run from your shell, that command becomes a pending approval the user grants with `agentcheck session approve <id>`).";
  if (mode === "coding") return "Coding mode allows every tool; `agentcheck session mode analysis` returns to read-only.";
  return "Enforcement is off (mode disabled); `agentcheck session mode analysis` switches it back on.";
}

/** What SessionStart says about the session log, by the protocol preset (src/protocol-preset.ts). */
export function logRequestText(preset: Pick<PresetRules, "logRequired"> & { name: string }, logPath: string): string {
  if (preset.logRequired) return `Write the session log at ${logPath}; at the end, \`agentcheck session end\` checks it and the commits.`;
  return `This repository's session protocol is ${preset.name} (protocol.preset): a session log is optional; one written at ${logPath} is validated at the end.`;
}

export async function sessionStart(o: { cwd: string; source?: string; notesDir?: string; mode?: "analysis" | "planning" | "coding" | "disabled"; preset?: PresetRules & { name: string } }): Promise<{ context?: string; warnings: string[] }> {
  const warnings: string[] = [];
  const root = gitTopLevel(o.cwd) ?? o.cwd;
  try {
    if (o.source && o.source !== "startup") {
      const store = openSessionStore({ cwd: root, notesDir: o.notesDir });
      try {
        const s = store.getSync(store.resolveId());
        // after a compaction or on resume: the checkpoint PreCompact saved (seed 004's resume text)
        const resume = o.source === "compact" || o.source === "resume" ? restoreText(root, s.sessionId) : undefined;
        return {
          context: `agentcheck: continuing session ${s.sessionId} (mode ${s.currentMode}). ${leaveModeText(s.currentMode)}${startStepsText(s, specsOf(root, s))}` +
            (resume ? `\n\n${resume}` : ""),
          warnings,
        };
      } catch (e) {
        if (!isStateError(e) || (e.code !== "NO_CURRENT_SESSION" && e.code !== "NOT_FOUND")) throw e;
      }
    }
    const r = await recordSessionStart({ cwd: root, notesDir: o.notesDir });
    let s = r.state;
    if (o.mode && o.mode !== s.currentMode) {
      s = await openSessionStore({ cwd: root, notesDir: o.notesDir }).setMode(s.sessionId, o.mode);
    }
    const ev = r.evidence;
    return {
      context:
        `agentcheck: session ${s.sessionId} started in ${s.currentMode} mode (hooks.sessionStartMode in agentcheck.config.jsonc sets it). ${leaveModeText(s.currentMode)} ` +
        `Branch ${ev.gitBranch || "(none)"}, starting commit ${ev.startingCommit ? ev.startingCommit.slice(0, 12) : "(none yet)"}. ` +
        logRequestText(o.preset ?? { ...PRESETS[DEFAULT_PRESET], name: DEFAULT_PRESET }, ev.sessionLogPath) +
        startStepsText(s, specsOf(root, s)),
      warnings,
    };
  } catch (e) {
    warnings.push(`session start failed: ${(e as Error).message}`);
    return { warnings };
  }
}
