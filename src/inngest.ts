// `agentcheck/inngest`: Inngest functions for the session protocol. Every step calls the same
// library functions the CLI and the Claude Code hooks use, so a workflow reaches the same verdict.
// `inngest` (v4) is an optional peer dependency: only this subpath needs it.
//
//   import { Inngest } from "inngest";
//   import { createSessionFunctions } from "agentcheck/inngest";
//   const inngest = new Inngest({ id: "my-app" });
//   export const { functions } = createSessionFunctions(inngest, { cwd: "/path/to/repo" });
import { NonRetriableError, type Inngest } from "inngest";
import { recordSessionStart, startEvidence } from "./commands/session-start.js";
import {
  checkCommitEvidence, checkSessionLog, loadSession, recordSessionEnd,
} from "./commands/session-end.js";
import { gitTopLevel } from "./git-run.js";
import { cutoffOption } from "./report.js";
import { openSessionStore } from "./state/ops.js";

export const EVENTS = {
  protocolStart: "session/protocol.start",
  completionRequested: "feature/completion.requested",
  stateUpdate: "session/state.update",
  complete: "session/complete",
} as const;

export interface SessionFunctionOptions {
  /** Repository (or worktree) to work in when the event does not name one (data.cwd). */
  cwd?: string;
  /** Session notes root (default: <worktree>/.agent-notes or the configured one). */
  notesDir?: string;
}

interface EventData {
  cwd?: string;
  sessionId?: string;
  notesDir?: string;
  /** Fixed clock (ISO 8601), for reproducible runs. */
  now?: string;
}

/**
 * The configuration a check reads (paths.sessions, rule options, severities) is process-wide state
 * (src/config.ts loadConfig). Inngest may run steps of several runs, for different repositories, in
 * one process at once, and each step may run in a process that loaded another repository's
 * configuration last: every step that validates loads its repository's configuration itself and
 * runs one at a time, so no step judges with another repository's settings.
 */
let configTurn: Promise<unknown> = Promise.resolve();
function withRepoConfig<T>(cwd: string, fn: () => T | Promise<T>): Promise<T> {
  const run = configTurn.then(async () => {
    const { loadConfig } = await import("./config.js");
    await loadConfig(cwd, undefined, cwd);
    return fn();
  });
  configTurn = run.catch(() => undefined);
  return run;
}

function where(data: EventData, opts: SessionFunctionOptions) {
  const cwd = data.cwd ?? opts.cwd ?? process.cwd();
  return { cwd: gitTopLevel(cwd) ?? cwd, notesDir: data.notesDir ?? opts.notesDir };
}

/**
 * The two session-protocol functions for an Inngest client:
 * - `session-protocol-start` (event `session/protocol.start`): create the session state if needed
 *   and record protocol-start evidence; emits `session/state.update`.
 * - `session-protocol-end` (event `feature/completion.requested`): validate the session log (full
 *   mode) and check the commits; only when both pass, record protocol-end
 *   evidence and emit `session/state.update` and `session/complete`.
 */
export function createSessionFunctions(inngest: Inngest.Any, opts: SessionFunctionOptions = {}) {
  const sessionProtocolStart = inngest.createFunction(
    { id: "session-protocol-start", name: "Session protocol start", triggers: [{ event: EVENTS.protocolStart }] },
    async ({ event, step }) => {
      const data = (event.data ?? {}) as EventData;
      const at = where(data, opts);
      const preview = await step.run("gather-start-evidence", () => {
        const id = data.sessionId ?? "(new)";
        return startEvidence(at.cwd, id, data.now ?? new Date().toISOString());
      });
      const started = await step.run("record-protocol-start", async () => {
        // recordSessionStart loads the configuration (paths.sessions names the log's path): in turn
        const r = await withRepoConfig(at.cwd, () => recordSessionStart({ cwd: at.cwd, notesDir: at.notesDir, sessionId: data.sessionId, now: data.now }));
        return { sessionId: r.state.sessionId, created: r.created, version: r.state.version, evidence: r.evidence };
      });
      await step.sendEvent("emit-state-update", {
        name: EVENTS.stateUpdate,
        data: { sessionId: started.sessionId, version: started.version, protocolStartComplete: true, protocolStartEvidence: started.evidence },
      });
      return { sessionId: started.sessionId, created: started.created, gitBranch: preview.gitBranch, evidence: started.evidence };
    },
  );

  const sessionProtocolEnd = inngest.createFunction(
    { id: "session-protocol-end", name: "Session protocol end", triggers: [{ event: EVENTS.completionRequested }] },
    async ({ event, step }) => {
      const data = (event.data ?? {}) as EventData;
      const at = where(data, opts);
      const session = await step.run("load-session", () => {
        const l = loadSession({ cwd: at.cwd, notesDir: at.notesDir, sessionId: data.sessionId });
        return l.state ? { sessionId: l.state.sessionId, protocolEndComplete: l.state.protocolEndComplete } : { missing: l.reason ?? "no session" };
      });
      if ("missing" in session) throw new NonRetriableError(`no session to end: ${session.missing}`);
      if (session.protocolEndComplete) return { sessionId: session.sessionId, complete: true, alreadyComplete: true, missing: [] as string[] };

      const state = () => openSessionStore({ cwd: at.cwd, notesDir: at.notesDir }).getSync(session.sessionId);
      const log = await step.run("validate-session-log", () =>
        // the repository's configuration (paths.sessions, severities) and the cutoff, as `session end` reads them
        withRepoConfig(at.cwd, async () => {
          const r = await checkSessionLog(at.cwd, state(), { now: data.now, cutoff: cutoffOption(undefined) });
          return { ok: r.ok, missing: r.missing, evidence: r.evidence };
        }),
      );
      const commits = await step.run("check-commit-evidence", () =>
        // SP-039 / SP-040 with the repository's severities, as `session end` judges them
        withRepoConfig(at.cwd, () => {
          const store = openSessionStore({ cwd: at.cwd, notesDir: at.notesDir });
          return checkCommitEvidence(at.cwd, state(), store.root);
        }),
      );
      const missing = [...log.missing, ...commits.missing];
      if (missing.length > 0) {
        // nothing is recorded: the session stays open until the missing items are done
        return { sessionId: session.sessionId, complete: false, missing };
      }
      const recorded = await step.run("record-protocol-end", async () => {
        const evidence = {
          ...log.evidence,
          ...commits.evidence,
          protocolValidationPassed: "yes",
          closedAt: data.now ?? new Date().toISOString(),
        };
        const s = await recordSessionEnd({ cwd: at.cwd, notesDir: at.notesDir, sessionId: session.sessionId }, evidence);
        return { version: s.version, evidence };
      });
      await step.sendEvent("emit-state-update", {
        name: EVENTS.stateUpdate,
        data: { sessionId: session.sessionId, version: recorded.version, protocolEndComplete: true, protocolEndEvidence: recorded.evidence },
      });
      await step.sendEvent("emit-session-complete", {
        name: EVENTS.complete,
        data: { sessionId: session.sessionId, evidence: recorded.evidence },
      });
      return { sessionId: session.sessionId, complete: true, missing: [] as string[], evidence: recorded.evidence };
    },
  );

  return { sessionProtocolStart, sessionProtocolEnd, functions: [sessionProtocolStart, sessionProtocolEnd] };
}
