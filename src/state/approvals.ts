// Pending approvals: what an agent inside a gated session may ask for but not grant itself (a mode
// change out of `planning`/`analysis`). The agent's request becomes a pending approval; a person (the
// CLI `agentcheck session approve <id>`, the MCP tool, or a workflow waiting on APPROVAL_EVENTS)
// grants or denies it. Seed 001 names the request event `approval/requested`.
//
// API (everything else in this file is private):
//   requestApproval(notes, { sessionId, action, reason?, requestedBy? }) -> Approval
//       a new pending approval, or the pending one that asks for the same action in that session
//       (an agent that retries does not pile up requests)
//   grantApproval(notes, id, { by, note?, expectedVersion? }) -> Approval   (status "granted")
//   denyApproval(notes, id, { by, note?, expectedVersion? })  -> Approval   (status "denied")
//       compare-and-swap: under the approval's lock, re-read; only a pending approval is resolved
//       (CONFLICT otherwise, or when expectedVersion is not the stored version); NOT_FOUND for no such id
//   getApproval(notes, id) -> Approval                         (NOT_FOUND, CORRUPT)
//   listApprovals(notes, { sessionId?, status? }) -> Approval[] (oldest first; unreadable notes skipped)
//
// Granting records the decision only; applying it (e.g. setting the mode) is the caller's step, so a
// workflow, the CLI and the MCP server apply it the same way (`applyGranted` in the caller).
// Storage: one note per approval, `approvals/approval-<id>.md` in the session's notes root (live
// state, never in the work tree's tracked files), written atomically by the NoteStore (temp file +
// fsync + rename) under its per-note lock. No zod and no node:crypto: the gate may import this file.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { StateError } from "./errors.js";
import { notePaths } from "./notes.js";
import type { NoteStore } from "./store.js";
import { WORKFLOW_MODES, isSessionId, type WorkflowMode } from "./constants.js";

/** Inngest / workflow event names of an approval's life. */
export const APPROVAL_EVENTS = { requested: "approval/requested", resolved: "approval/resolved" } as const;

export type ApprovalStatus = "pending" | "granted" | "denied";

/** What is asked for. One kind today: a workflow-mode change the gate refused the agent. */
export interface ApprovalAction {
  kind: "mode";
  mode: WorkflowMode;
}

export interface Approval {
  id: string;
  sessionId: string;
  action: ApprovalAction;
  status: ApprovalStatus;
  /** Why the agent asks (free text, at most 500 characters). */
  reason?: string;
  requestedAt: string;
  /** Who asked ("agent" when the gate turned a command into a request). */
  requestedBy: string;
  resolvedAt?: string;
  resolvedBy?: string;
  note?: string;
  /** Raised by 1 on every write (compare-and-swap). */
  version: number;
}

export interface RequestInput {
  sessionId: string;
  action: ApprovalAction;
  reason?: string;
  requestedBy?: string;
  /** Clock (tests). */
  now?: Date;
}

export interface ResolveInput {
  by: string;
  note?: string;
  expectedVersion?: number;
  now?: Date;
}

const APPROVAL_ID_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_TEXT = 500;

export function isApprovalId(s: unknown): s is string {
  return typeof s === "string" && APPROVAL_ID_RE.test(s);
}

function randomHex(bytes: number): string {
  let s = "";
  for (let i = 0; i < bytes; i++) s += Math.floor(Math.random() * 256).toString(16).padStart(2, "0");
  return s;
}

/** `YYYYMMDD-HHMMSS-<6 hex>`: sorts by request time, safe as a file name. */
function newApprovalId(now: Date): string {
  const t = now.toISOString();
  return `${t.slice(0, 10).replace(/-/g, "")}-${t.slice(11, 19).replace(/:/g, "")}-${randomHex(3)}`;
}

function checkAction(a: unknown): ApprovalAction {
  const o = a as Partial<ApprovalAction> | null;
  if (!o || typeof o !== "object" || o.kind !== "mode" || !(WORKFLOW_MODES as readonly string[]).includes(String(o.mode))) {
    throw new StateError("INVALID_INPUT", `an approval asks for {"kind":"mode","mode":<${WORKFLOW_MODES.join("|")}>}`);
  }
  return { kind: "mode", mode: o.mode as WorkflowMode };
}

function text(v: string | undefined, what: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new StateError("INVALID_INPUT", `${what} must be a string`);
  return v.length > MAX_TEXT ? v.slice(0, MAX_TEXT) : v;
}

const sameAction = (a: ApprovalAction, b: ApprovalAction) => a.kind === b.kind && a.mode === b.mode;

/** The stored approval, checked for shape (CORRUPT when it is not one). */
function parseApproval(value: unknown, id: string): Approval {
  const o = value as Partial<Approval> | null;
  if (!o || typeof o !== "object" || o.id !== id || !isSessionId(o.sessionId) || typeof o.version !== "number" ||
      (o.status !== "pending" && o.status !== "granted" && o.status !== "denied") || typeof o.requestedAt !== "string") {
    throw new StateError("CORRUPT", `approval '${id}' is not an approval record`);
  }
  checkAction(o.action);
  return o as Approval;
}

export function getApproval(notes: NoteStore, id: string): Approval {
  if (!isApprovalId(id)) throw new StateError("INVALID_INPUT", `invalid approval id '${String(id).slice(0, 80)}'`);
  const np = notePaths.approval(id);
  if (!notes.entryExists(np)) throw new StateError("NOT_FOUND", `no approval '${id}'`, { id });
  return parseApproval(notes.readJson(np), id);
}

export function listApprovals(notes: NoteStore, filter: { sessionId?: string; status?: ApprovalStatus } = {}): Approval[] {
  let names: string[];
  try {
    names = readdirSync(join(notes.root, "approvals")).sort();
  } catch {
    return [];
  }
  const out: Approval[] = [];
  for (const n of names) {
    const m = /^approval-([a-z0-9][a-z0-9-]*)\.md$/.exec(n);
    if (!m) continue;
    let a: Approval;
    try {
      a = getApproval(notes, m[1]);
    } catch {
      continue; // an unreadable note is no approval anyone can grant
    }
    if (filter.sessionId !== undefined && a.sessionId !== filter.sessionId) continue;
    if (filter.status !== undefined && a.status !== filter.status) continue;
    out.push(a);
  }
  return out;
}

function write(notes: NoteStore, a: Approval): void {
  notes.writeJsonNote(notePaths.approval(a.id), "session-approval", `Approval ${a.id}`, a);
}

export async function requestApproval(notes: NoteStore, input: RequestInput): Promise<Approval> {
  if (!isSessionId(input.sessionId)) throw new StateError("INVALID_INPUT", `invalid session id '${String(input.sessionId).slice(0, 80)}'`);
  const action = checkAction(input.action);
  const reason = text(input.reason, "reason");
  const by = text(input.requestedBy, "requestedBy") ?? "agent";
  const now = input.now ?? new Date();
  // one lock per session's requests: two identical requests racing end as one pending approval
  return notes.withLock(`approvals/requests-${input.sessionId}`, () => {
    const open = listApprovals(notes, { sessionId: input.sessionId, status: "pending" });
    for (const a of open) if (sameAction(a.action, action)) return a;
    let id = newApprovalId(now);
    while (notes.entryExists(notePaths.approval(id))) id = newApprovalId(now);
    const a: Approval = { id, sessionId: input.sessionId, action, status: "pending", ...(reason !== undefined ? { reason } : {}), requestedAt: now.toISOString(), requestedBy: by, version: 1 };
    write(notes, a);
    return a;
  });
}

async function resolve(notes: NoteStore, id: string, status: "granted" | "denied", input: ResolveInput): Promise<Approval> {
  if (!isApprovalId(id)) throw new StateError("INVALID_INPUT", `invalid approval id '${String(id).slice(0, 80)}'`);
  const by = text(input.by, "by");
  if (!by) throw new StateError("INVALID_INPUT", "an approval is resolved by someone (by)");
  const note = text(input.note, "note");
  return notes.withLock(notePaths.approval(id), () => {
    const cur = getApproval(notes, id);
    if (input.expectedVersion !== undefined && input.expectedVersion !== cur.version) {
      throw new StateError("CONFLICT", `approval '${id}' is at version ${cur.version}, not ${input.expectedVersion}`, { expected: input.expectedVersion, actual: cur.version });
    }
    if (cur.status !== "pending") {
      throw new StateError("CONFLICT", `approval '${id}' was already ${cur.status}${cur.resolvedBy ? ` by ${cur.resolvedBy}` : ""}`, { status: cur.status });
    }
    const next: Approval = { ...cur, status, resolvedAt: (input.now ?? new Date()).toISOString(), resolvedBy: by, ...(note !== undefined ? { note } : {}), version: cur.version + 1 };
    write(notes, next);
    return next;
  });
}

export const grantApproval = (notes: NoteStore, id: string, input: ResolveInput): Promise<Approval> => resolve(notes, id, "granted", input);
export const denyApproval = (notes: NoteStore, id: string, input: ResolveInput): Promise<Approval> => resolve(notes, id, "denied", input);
