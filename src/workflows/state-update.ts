// session-state-update: seed 001's state workflow. Applies a `session set-state` patch through the
// store (the same transaction as the CLI), waits for a person where a mode change needs one
// (approval/requested → approval/resolved, or the live protocol's own approval), and announces a mode
// change (session/mode.changed).
import type { Inngest } from "inngest";
import { isStateError } from "../state/errors.js";
import type { StatePatch } from "../state/ops.js";
import type { SessionState, WorkflowModeT } from "../state/schema.js";
import { EVENTS, type ApprovalGrantedData, type ApprovalRequestedData, type ApprovalResolvedData, type StateUpdateData } from "./events.js";
import { stateStep, storeAt, whereOf, type At, type WorkflowOptions } from "./context.js";

export type ApprovalStatus = "pending" | "granted" | "denied" | "expired";

/**
 * The live protocol's pending approvals (one record, answered from either side: an `approval/granted`
 * / `approval/resolved` event or the local `session approve|deny`). Every method is called inside a step; `request` with the same
 * `key` (a retried step) returns the same approval.
 */
export interface ApprovalPort {
  request(r: { key: string; cwd: string; sessionId: string; kind: "mode-change"; from: WorkflowModeT; to: WorkflowModeT; requestedBy?: string; at: string }): Promise<{ approvalId: string }> | { approvalId: string };
  status(r: { cwd: string; approvalId: string }): Promise<ApprovalStatus> | ApprovalStatus;
  grant(r: { cwd: string; approvalId: string; by?: string; comment?: string; at: string }): Promise<void> | void;
  /** A person denied it (an `approval/resolved` event with status "denied"). */
  deny(r: { cwd: string; approvalId: string; by?: string; comment?: string; at: string }): Promise<void> | void;
  /** The wait ended without an answer. */
  expire(r: { cwd: string; approvalId: string; at: string }): Promise<void> | void;
}

/**
 * The live protocol's pending approvals (src/state/approvals.ts, `agentcheck session approve|deny`),
 * in the notes root of the event's repository: the default. A request for the same mode in the same
 * session while one is pending is that one (a retried step asks once). A grant that arrives as an event
 * after a local denial does not overturn it; a wait that ends unanswered denies the approval
 * ("no answer before the time-out"), so it does not stay pending for a run that has ended.
 */
export const liveApprovals: ApprovalPort = {
  async request(r) {
    const { requestApproval } = await import("../state/approvals.js");
    const a = await requestApproval(storeAt({ cwd: r.cwd, now: r.at }).notes, {
      sessionId: r.sessionId, action: { kind: "mode", mode: r.to }, reason: `switch from ${r.from} to ${r.to}`, requestedBy: r.requestedBy ?? "workflow", now: new Date(r.at),
    });
    return { approvalId: a.id };
  },
  async status(r) {
    const { getApproval } = await import("../state/approvals.js");
    return getApproval(storeAt({ cwd: r.cwd, now: new Date().toISOString() }).notes, r.approvalId).status;
  },
  async grant(r) {
    const { grantApproval } = await import("../state/approvals.js");
    await resolvedOnce(() => grantApproval(storeAt({ cwd: r.cwd, now: r.at }).notes, r.approvalId, { by: r.by ?? "approval/resolved", ...(r.comment ? { note: r.comment } : {}), now: new Date(r.at) }));
  },
  async deny(r) {
    const { denyApproval } = await import("../state/approvals.js");
    await resolvedOnce(() => denyApproval(storeAt({ cwd: r.cwd, now: r.at }).notes, r.approvalId, { by: r.by ?? "approval/resolved", ...(r.comment ? { note: r.comment } : {}), now: new Date(r.at) }));
  },
  async expire(r) {
    const { denyApproval } = await import("../state/approvals.js");
    await resolvedOnce(() => denyApproval(storeAt({ cwd: r.cwd, now: r.at }).notes, r.approvalId, { by: "workflow time-out", note: "no answer before the time-out", now: new Date(r.at) }));
  },
};

/** An approval resolved meanwhile (or by this step's earlier attempt) is CONFLICT: what it says stands. */
async function resolvedOnce(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    if (!isStateError(e) || e.code !== "CONFLICT") throw e;
  }
}

/** Without a live protocol: the approval exists only as the events (id = the request's key). */
export const eventOnlyApprovals: ApprovalPort = {
  request: (r) => ({ approvalId: `approval-${r.key}` }),
  status: () => "pending",
  grant: () => undefined,
  deny: () => undefined,
  expire: () => undefined,
};

export interface StateUpdateOptions extends WorkflowOptions {
  /** Modes whose entry waits for a person (default none). */
  approvalModes?: WorkflowModeT[];
  /** Where the pending approval lives (default: the live protocol's, liveApprovals). */
  approvals?: ApprovalPort;
  /** How long a mode change waits for approval/resolved (Inngest duration; default "1h"). */
  approvalTimeout?: string;
  /**
   * Look at the live approval this often while waiting (Inngest duration, e.g. "1m"; default: only at
   * the time-out): an answer given with `session approve|deny` where no Inngest event endpoint is named
   * (so no event is sent) ends the wait within this time. The wait becomes up to MAX_APPROVAL_SLICES
   * waits of this length, each followed by a `poll-approval-<n>` step.
   */
  approvalPoll?: string;
}

/** Most waits one approval is cut into (Inngest allows 1,000 steps per run). */
export const MAX_APPROVAL_SLICES = 100;

/** Milliseconds of an Inngest duration ("45s", "5m", "1h", "2d", "1h30m"); NaN when it is not one. */
export function durationMs(d: string): number {
  const m = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(d.trim());
  if (!m || d.trim() === "") return NaN;
  const [dd, hh, mm, ss] = m.slice(1).map((x) => Number(x ?? 0));
  return (((dd * 24 + hh) * 60 + mm) * 60 + ss) * 1000;
}

/** The waits of one approval: the time-out alone, or slices of `poll` (the last one the rest). */
export function approvalWaits(timeout: string, poll: string | undefined): string[] {
  if (poll === undefined) return [timeout];
  const total = durationMs(timeout);
  const step = durationMs(poll);
  if (!(total > 0)) throw new Error(`approvalTimeout: '${timeout}' is not a duration (e.g. 30m, 1h, 1h30m)`);
  if (!(step > 0)) throw new Error(`approvalPoll: '${poll}' is not a duration (e.g. 30s, 1m)`);
  const n = Math.ceil(total / step);
  if (n > MAX_APPROVAL_SLICES) throw new Error(`approvalPoll: ${poll} cuts ${timeout} into ${n} waits, more than ${MAX_APPROVAL_SLICES}`);
  return Array.from({ length: n }, (_, i) => `${Math.round(Math.min(step, total - i * step) / 1000)}s`);
}

/** The patch an event asks for (patch form or the seed's updateType form); undefined for a notice. */
export function patchOf(d: StateUpdateData): StatePatch | undefined {
  if (d.patch !== undefined) return d.patch;
  switch (d.updateType) {
    case "mode": return d.mode === undefined ? undefined : { mode: d.mode };
    case "feature": return { feature: d.feature ?? null };
    case "task": return { task: d.task ?? null };
    default: return undefined; // "init", or a notice (`updates`) the functions send
  }
}

/** The state already shows every change of the patch (a retried compare-and-swap that committed). */
export function patchHolds(s: SessionState, p: StatePatch): boolean {
  const mode = p.mode ?? p.currentMode;
  if (mode !== undefined && s.currentMode !== mode) return false;
  if (p.feature !== undefined && (s.activeFeature ?? "") !== (p.feature ?? "")) return false;
  if (p.task !== undefined && (s.activeTask ?? "") !== (p.task ?? "")) return false;
  if (p.protocolStartComplete !== undefined && s.protocolStartComplete !== p.protocolStartComplete) return false;
  if (p.protocolEndComplete !== undefined && s.protocolEndComplete !== p.protocolEndComplete) return false;
  for (const [k, ev] of [["protocolStartEvidence", p.protocolStartEvidence], ["protocolEndEvidence", p.protocolEndEvidence]] as const) {
    for (const [key, v] of Object.entries(ev ?? {})) if (v === null ? key in s[k] : s[k][key] !== v) return false;
  }
  if (p.workflowPhase !== undefined && s.orchestratorWorkflow?.workflowPhase !== p.workflowPhase) return false;
  return true;
}

async function applyPatch(at: At, sessionId: string | undefined, patch: StatePatch, expectedVersion: number | undefined) {
  const store = storeAt(at);
  try {
    return await store.update(sessionId, patch, { expectedVersion });
  } catch (e) {
    // a retry of a compare-and-swap that committed meets its own write: the state shows the patch
    if (isStateError(e) && e.code === "CONFLICT" && patchHolds(store.getSync(store.resolveId(sessionId)), patch)) return store.getSync(store.resolveId(sessionId));
    throw e;
  }
}

export function createStateUpdateFunction(inngest: Inngest.Any, opts: StateUpdateOptions = {}) {
  const approvals = opts.approvals ?? liveApprovals;
  const approvalModes = new Set(opts.approvalModes ?? []);
  // checked when the functions are made: a bad duration is the deployer's error, seen at start
  const waits = approvalWaits(opts.approvalTimeout ?? "1h", opts.approvalPoll);
  return inngest.createFunction(
    { id: "session-state-update", name: "Session state update", retries: 3, triggers: [{ event: EVENTS.stateUpdate }] },
    async ({ event, step }) => {
      const data = (event.data ?? {}) as StateUpdateData;
      const patch = patchOf(data);
      if (patch === undefined) return { applied: false, reason: "no change requested (a notice)" };
      const at = await whereOf(event, step, opts);
      const before = await step.run("get-current-state", () => stateStep(() => {
        const s = storeAt(at);
        const st = s.getSync(s.resolveId(data.sessionId));
        return { sessionId: st.sessionId, mode: st.currentMode, version: st.version };
      }));
      const mode = patch.mode ?? patch.currentMode;
      let approval: { approvalId: string; status: ApprovalStatus; by?: string } | undefined;
      if (mode !== undefined && mode !== before.mode && approvalModes.has(mode)) {
        const key = `${before.sessionId}-${before.version}-${mode}-${event.id ?? at.now}`.replace(/[^A-Za-z0-9._-]/g, "-");
        const req = await step.run("request-approval", async () => {
          const r = await approvals.request({ key, cwd: at.cwd, sessionId: before.sessionId, kind: "mode-change", from: before.mode, to: mode, requestedBy: data.requestedBy, at: at.now });
          return { approvalId: r.approvalId };
        });
        const requested: ApprovalRequestedData = {
          approvalId: req.approvalId, approvalType: "mode-change", sessionId: before.sessionId,
          description: `session ${before.sessionId}: switch from ${before.mode} to ${mode}`,
          context: { from: before.mode, to: mode, cwd: at.cwd, requestedBy: data.requestedBy },
        };
        await step.sendEvent("emit-approval-requested", { name: EVENTS.approvalRequested, data: requested });
        // one wait for either answer: approval/resolved (grant or denial; approval/granted is relayed as one),
        // cut into slices when approvalPoll asks for a look at the live approval between them
        let answer: { data?: unknown } | null = null;
        let seen: ApprovalStatus | undefined;
        for (let i = 0; i < waits.length && !answer && !seen; i++) {
          answer = await step.waitForEvent(i === 0 ? "wait-for-approval" : `wait-for-approval-${i + 1}`, {
            event: EVENTS.approvalResolved,
            timeout: waits[i],
            if: `async.data.approvalId == ${JSON.stringify(req.approvalId)} && (async.data.status == "granted" || async.data.status == "denied")`,
          });
          if (answer || i === waits.length - 1) break;
          // answered on the other side without an event (`session approve|deny`, no endpoint named)
          const st = await step.run(`poll-approval-${i + 1}`, async (): Promise<string> => await approvals.status({ cwd: at.cwd, approvalId: req.approvalId }));
          if (st !== "pending") seen = st as ApprovalStatus;
        }
        if (seen) {
          approval = { approvalId: req.approvalId, status: seen };
        } else if (answer) {
          const r = (answer.data ?? {}) as ApprovalResolvedData;
          const decision = r.status === "granted" ? "granted" : "denied"; // never a grant from anything else
          // the live protocol learns of the answer: the same approval, resolved from this side (an
          // answer given locally meanwhile stands: the step reports the recorded status)
          const status = await step.run("record-approval", async () => {
            const o = { cwd: at.cwd, approvalId: req.approvalId, by: r.resolvedBy, comment: r.note, at: at.now };
            if (decision === "granted") await approvals.grant(o);
            else await approvals.deny(o);
            return await approvals.status({ cwd: at.cwd, approvalId: req.approvalId });
          });
          // "pending" only for a port that keeps no record (event-only): the event is the answer
          approval = { approvalId: req.approvalId, status: status === "pending" ? decision : status, ...(r.resolvedBy ? { by: r.resolvedBy } : {}) };
        } else {
          // no event: it may have been answered on the other side (`session approve|deny`) meanwhile
          const status = await step.run("check-approval", async () => {
            const st = await approvals.status({ cwd: at.cwd, approvalId: req.approvalId });
            if (st === "pending") await approvals.expire({ cwd: at.cwd, approvalId: req.approvalId, at: at.now });
            return st === "pending" ? "expired" : st;
          });
          approval = { approvalId: req.approvalId, status };
        }
        if (approval.status !== "granted") return { applied: false, sessionId: before.sessionId, approval };
      }
      const after = await step.run("apply-update", () => stateStep(async () => {
        const s = await applyPatch(at, before.sessionId, patch, data.expectedVersion);
        return { mode: s.currentMode, version: s.version, activeFeature: s.activeFeature ?? null, activeTask: s.activeTask ?? null };
      }));
      if (after.version !== before.version) {
        await step.sendEvent("emit-state-update", {
          name: EVENTS.stateUpdate,
          data: { sessionId: before.sessionId, cwd: at.cwd, version: after.version, updates: patch },
        });
      }
      if (after.mode !== before.mode) {
        await step.sendEvent("emit-mode-changed", {
          name: EVENTS.modeChanged,
          data: { sessionId: before.sessionId, cwd: at.cwd, previousMode: before.mode, newMode: after.mode, changedAt: at.now, activeFeature: after.activeFeature, activeTask: after.activeTask, version: after.version },
        });
      }
      return { applied: true, sessionId: before.sessionId, version: after.version, mode: after.mode, ...(approval ? { approval } : {}) };
    },
  );
}


/**
 * approval-granted-relay: the grant-only `approval/granted` of earlier releases becomes the
 * `approval/resolved` (status "granted") the mode-change wait listens to, so either event answers it.
 */
export function createApprovalRelayFunction(inngest: Inngest.Any) {
  return inngest.createFunction(
    { id: "approval-granted-relay", name: "approval/granted as approval/resolved", retries: 3, triggers: [{ event: EVENTS.approvalGranted }] },
    async ({ event, step }) => {
      const g = (event.data ?? {}) as ApprovalGrantedData;
      if (typeof g.approvalId !== "string" || g.approvalId === "") return { relayed: false, reason: "no approvalId" };
      const data: ApprovalResolvedData = { approvalId: g.approvalId, status: "granted", ...(g.approvedBy ? { resolvedBy: g.approvedBy } : {}), ...(g.comment ? { note: g.comment } : {}) };
      await step.sendEvent("emit-approval-resolved", { name: EVENTS.approvalResolved, data });
      return { relayed: true, approvalId: g.approvalId };
    },
  );
}
