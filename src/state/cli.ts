// Implementations of `agentcheck session …` (spec §6). stdout carries exactly one JSON document
// (the result, or {"ok":false,"error":{…}}); diagnostics go to stderr; exit codes as ERROR_EXIT.
import { StateError, isStateError, type Issue } from "./errors.js";
import { SessionStore } from "./ops.js";
import { notePaths, parseJsonNoteText } from "./notes.js";
import { stateIssues } from "./check.js";
import { ensureGitignored } from "./init.js";
import { excludeLiveState } from "../live-state.js";
import { WriteRefusedError } from "../fswrite.js";
import { worktreeRoot } from "./paths.js";
import type { WorkflowModeT } from "./schema.js";
import { pushAll } from "../arrays.js";
import { denyApproval, grantApproval, listApprovals, requestApproval, type Approval } from "./approvals.js";
import { writeErr, writeOut } from "../stdio.js";

export interface SessionGlobals {
  notesDir?: string;
  session?: string;
  pretty?: boolean;
  json?: boolean;
}

type Handler = (store: SessionStore, g: SessionGlobals) => Promise<unknown>;

export function writeResult(value: unknown, pretty?: boolean): void {
  writeOut(`${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
}

export function writeError(e: StateError, pretty?: boolean, command = "session"): number {
  writeResult({ ok: false, error: e.toJSON() }, pretty);
  writeErr(`agentcheck ${command}: ${e.code}: ${e.message}\n`);
  return e.exitCode;
}

/** Run one session command: open the store, call the handler, print its result or the error document. */
export async function runSession(handler: Handler, g: SessionGlobals): Promise<number> {
  try {
    const store = new SessionStore({ notesDir: g.notesDir });
    const result = await handler(store, g);
    writeResult(result, g.pretty);
    return 0;
  } catch (e) {
    if (isStateError(e)) return writeError(e, g.pretty);
    // a write refused by the confined writer (a path that links out of the repository): an I/O error
    if (e instanceof WriteRefusedError) return writeError(new StateError("IO_ERROR", e.message), g.pretty);
    const err = e as Error;
    if (process.env.AGENTCHECK_DEBUG) writeErr(`${err?.stack ?? ""}\n`);
    return writeError(new StateError("INTERNAL", err?.message ?? String(e)), g.pretty);
  }
}

let stdinCache: string | undefined;
async function readStdin(): Promise<string> {
  if (stdinCache !== undefined) return stdinCache;
  if (process.stdin.isTTY) return (stdinCache = "");
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return (stdinCache = Buffer.concat(chunks).toString("utf8"));
}

/** JSON from --data (or the positional argument), else stdin; `undefined` when both are empty. */
export async function jsonInput(what: string, inline?: string): Promise<unknown> {
  const text = inline !== undefined ? inline : await readStdin();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StateError("INVALID_INPUT", `${what}: invalid JSON (${(e as Error).message})`);
  }
}

function requireObj(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new StateError("INVALID_INPUT", `${what} must be a JSON object`);
  return v as Record<string, unknown>;
}

export const handlers = {
  create: (o: { id?: string; mode?: string; current?: boolean; force?: boolean }): Handler => async (s) =>
    s.create(o.id, { mode: o.mode as WorkflowModeT | undefined, makeCurrent: o.current !== false, force: o.force }),

  getState: (): Handler => async (s, g) => s.getSync(s.resolveId(g.session)),

  current: (): Handler => async (s, g) => ({ sessionId: g.session ? s.resolveId(g.session) : await s.currentId() }),

  use: (id: string): Handler => async (s) => ({ sessionId: await s.use(id) }),

  setState: (arg: string | undefined, o: { data?: string; expectedVersion?: string }): Handler => async (s, g) => {
    const v = await jsonInput("set-state", arg ?? o.data);
    if (v === undefined) throw new StateError("INVALID_INPUT", "no updates: give a JSON patch as argument or on stdin");
    const patch = { ...requireObj(v, "the patch") };
    let expectedVersion: number | undefined;
    if (patch.expectedVersion !== undefined) {
      if (typeof patch.expectedVersion !== "number") throw new StateError("INVALID_INPUT", "expectedVersion must be a number");
      expectedVersion = patch.expectedVersion;
      delete patch.expectedVersion;
    }
    if (o.expectedVersion !== undefined) expectedVersion = parseVersion(o.expectedVersion);
    const mode = patch.mode ?? patch.currentMode;
    if (typeof mode === "string") await refuseSelfLift(s, g, mode);
    return s.update(g.session, patch, { expectedVersion });
  },

  mode: (mode: string, o: { expectedVersion?: string }): Handler => async (s, g) => {
    await refuseSelfLift(s, g, mode);
    return s.setMode(g.session, mode as WorkflowModeT, { expectedVersion: o.expectedVersion === undefined ? undefined : parseVersion(o.expectedVersion) });
  },

  /** Pending approvals (all of them with --all), oldest first. */
  approvals: (o: { all?: boolean }): Handler => async (s) => listApprovals(s.notes, o.all ? {} : { status: "pending" }),

  /** A person grants a pending approval; its action (the mode change) is applied in the same command. */
  approve: (id: string, o: { by?: string; note?: string }): Handler => async (s) => {
    refuseInsideAgent("approve");
    const a = await grantApproval(s.notes, id, { by: o.by ?? personName(), note: o.note });
    return { approval: a, state: await applyGranted(s, a), ...(await workflowNotice(a)) };
  },

  deny: (id: string, o: { by?: string; note?: string }): Handler => async (s) => {
    refuseInsideAgent("deny");
    const a = await denyApproval(s.notes, id, { by: o.by ?? personName(), note: o.note });
    return { approval: a, ...(await workflowNotice(a)) };
  },

  protocolStart: (o: { data?: string }): Handler => async (s, g) => {
    const v = await jsonInput("protocol-start evidence", o.data);
    return s.protocolStart(g.session, (v === undefined ? {} : requireObj(v, "evidence")) as Record<string, string>);
  },

  /** Tick a start step that no tool call shows (src/state/observe-hook.ts recordStep). */
  recordStep: (step: string, o: { note?: string }): Handler => async (s, g) => {
    const { recordStep } = await import("./observe-hook.js");
    const { resolveNotesRoot } = await import("./paths.js");
    return recordStep(s, g.session, step, o.note ?? "", resolveNotesRoot({ notesDir: g.notesDir }));
  },

  protocolEnd: (o: { data?: string; keepFocus?: boolean }): Handler => async (s, g) => {
    const v = await jsonInput("protocol-end evidence", o.data);
    return s.protocolEnd(g.session, (v === undefined ? {} : requireObj(v, "evidence")) as Record<string, string>, { keepFocus: o.keepFocus });
  },

  agentStart: (agent: string, o: { prompt?: string; handoffFrom?: string; data?: string }): Handler => async (s, g) => {
    const v = await jsonInput("agent start input", o.data);
    const extra = v === undefined ? {} : requireObj(v, "agent start input");
    const bad = Object.keys(extra).filter((k) => k !== "context" && k !== "artifacts" && k !== "prompt");
    if (bad.length) throw new StateError("INVALID_INPUT", `agent start input: unknown key(s) ${bad.join(", ")} (allowed: context, artifacts, prompt)`);
    const r = await s.startInvocation(g.session, {
      agent: agent as never,
      prompt: o.prompt ?? (extra.prompt as string | undefined),
      context: extra.context as Record<string, unknown> | undefined,
      artifacts: extra.artifacts as string[] | undefined,
      handoffFrom: o.handoffFrom as never,
    });
    return { index: r.index, state: r.state };
  },

  agentComplete: (agent: string, o: { handoffTo?: string; reason?: string; failed?: boolean; data?: string }): Handler => async (s, g) => {
    const v = await jsonInput("agent output", o.data);
    return s.completeInvocation(g.session, {
      agent: agent as never,
      output: v === undefined ? undefined : (requireObj(v, "agent output") as never),
      handoffTo: o.handoffTo as never,
      handoffReason: o.reason,
      failed: o.failed === true,
    });
  },

  decisionAdd: (o: { data?: string }): Handler => async (s, g) => {
    const v = await jsonInput("decision", o.data);
    if (v === undefined) throw new StateError("INVALID_INPUT", "decision: JSON expected on stdin or in --data");
    return s.addDecision(g.session, v as never);
  },

  verdictAdd: (o: { data?: string }): Handler => async (s, g) => {
    const v = await jsonInput("verdict", o.data);
    if (v === undefined) throw new StateError("INVALID_INPUT", "verdict: JSON expected on stdin or in --data");
    return s.addVerdict(g.session, v as never);
  },

  handoffAdd: (o: { data?: string }): Handler => async (s, g) => {
    const v = await jsonInput("handoff", o.data);
    if (v === undefined) throw new StateError("INVALID_INPUT", "handoff: JSON expected on stdin or in --data");
    return s.addHandoff(g.session, v as never);
  },

  compact: (): Handler => async (s, g) => s.compact(g.session),

  close: (o: { data?: string }): Handler => async (s, g) => {
    const v = await jsonInput("protocol-end evidence", o.data);
    return s.close(g.session, (v === undefined ? {} : requireObj(v, "evidence")) as Record<string, string>);
  },

  gc: (): Handler => async (s) => s.gc(),

  /** Full validation with the zod schema (the single source of truth); issues carry paths. */
  validate: (): Handler => async (s, g) => {
    const id = s.resolveId(g.session);
    const np = notePaths.state(id);
    const text = s.notes.readStateText(id);
    if (text === undefined) throw new StateError("NOT_FOUND", `no session state '${id}'`, { sessionId: id });
    const { value, json } = parseJsonNoteText(text, np);
    const { validateStateZod } = await import("./schema.js");
    let issues: Issue[];
    try {
      const z = validateStateZod(value);
      issues = z.ok ? [] : z.issues;
    } catch (e) {
      // zod's size refinement re-serializes the state: too deep for that, the core's answer stands alone
      if (!(e instanceof RangeError)) throw e;
      issues = [];
    }
    // SS-002 in the core (what every read and the gate apply), with the note name's session id
    const core = stateIssues(value, undefined, id, json);
    if (issues.length === 0 && core.length > 0) pushAll(issues, core); // never report valid what the gate rejects
    if (issues.length > 0) throw new StateError("SCHEMA_INVALID", `session state '${id}' is invalid (${issues.length} issue${issues.length === 1 ? "" : "s"})`, { issues });
    return { ok: true, sessionId: id, version: (value as { version: number }).version, file: s.notes.file(np) };
  },

  schema: (): Handler => async () => {
    const { sessionStateJsonSchema } = await import("./schema.js");
    return sessionStateJsonSchema();
  },

  init: (): Handler => async (s) => {
    const wt = worktreeRoot(process.cwd());
    // the worktree's configured memories folder (paths.memories), read by the state settings' one reader
    const { readStateSettings } = await import("./config.js");
    const { DEFAULT_PATHS } = await import("../config-paths.js");
    return { ...ensureGitignored(wt, s.root), exclude: excludeLiveState(wt, readStateSettings(wt).memoriesDir ?? DEFAULT_PATHS.memories) };
  },
};

// ---------------------------------------------------------------- approvals (issue 40 item 5)

/**
 * A command run by the agent itself: Claude Code sets CLAUDECODE=1 in the environment of the commands
 * its Bash tool runs. (An agent can unset it; docs/security.md says what this does and does not guard.)
 */
export function insideAgent(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CLAUDECODE === "1";
}

/** How much a mode allows, for "does this change loosen the gate". */
const OPENNESS: Record<string, number> = { analysis: 0, planning: 1, coding: 2, disabled: 3 };

/**
 * From inside a gated session (analysis or planning), a change to a mode that allows more is not made:
 * it becomes a pending approval (`approval/requested`) that a person grants with
 * `agentcheck session approve <id>`. Tightening the gate needs nobody's approval.
 */
async function refuseSelfLift(s: SessionStore, g: SessionGlobals, mode: string): Promise<void> {
  if (!insideAgent() || !(mode in OPENNESS)) return;
  const id = s.resolveId(g.session);
  const cur = s.getSync(id).currentMode;
  if (cur !== "analysis" && cur !== "planning") return;
  if (OPENNESS[mode] <= OPENNESS[cur]) return;
  const a = await requestApproval(s.notes, { sessionId: id, action: { kind: "mode", mode: mode as WorkflowModeT }, requestedBy: "agent" });
  throw new StateError("POLICY_VIOLATION",
    `the session is in ${cur} mode and a mode change from inside it needs a person's approval: approval ${a.id} is pending; ask the user to run \`agentcheck session approve ${a.id}\` in a terminal (or deny it with \`agentcheck session deny ${a.id}\`)`,
    { approval: a });
}

function refuseInsideAgent(what: string): void {
  if (insideAgent()) throw new StateError("POLICY_VIOLATION", `an approval is granted or denied by a person, not from inside the session it gates: run \`agentcheck session ${what}\` in your own terminal`);
}

function personName(): string {
  const u = process.env.USER ?? process.env.USERNAME ?? process.env.LOGNAME ?? "";
  return u ? `person:${u}` : "person";
}

/**
 * A workflow waiting on the approval (session-state-update) learns the answer at once: `approval/resolved`
 * is sent when the shell names an Inngest event endpoint (src/workflows/notify.ts); `event` in the result
 * says what was sent. A failed send is a warning: the answer is recorded, and the run finds it at its time-out.
 */
async function workflowNotice(a: Approval): Promise<{ event?: unknown }> {
  const { notifyResolved } = await import("../workflows/notify.js");
  const r = await notifyResolved(a);
  if (r === undefined) return {};
  if (!r.sent) writeErr(`agentcheck session: warning: approval ${a.id} is ${a.status}, but ${r.name} was not sent (${r.error}); a workflow waiting on it sees the answer at its time-out\n`);
  return { event: r };
}

/** Apply what a granted approval asked for; the new state. */
async function applyGranted(s: SessionStore, a: Approval): Promise<unknown> {
  return s.setMode(a.sessionId, a.action.mode);
}

function parseVersion(v: string): number {
  // plain decimal digits only: Number() would also take "" (0), " 2 ", "0x1", "1e1" and "+3"
  const n = /^[0-9]+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) throw new StateError("INVALID_INPUT", `--expected-version takes a whole number >= 0, got '${v}'`);
  return n;
}
