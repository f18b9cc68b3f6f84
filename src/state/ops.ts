// Session-state operations (spec §5). Every mutating operation is one compare-and-swap transaction
// (store.ts) that increments `version` exactly once; reads have no side effects.
import { lstatSync } from "node:fs";
import { removeConfined, renameConfined } from "../fswrite.js";
import { join } from "node:path";
import {
  AGENT_TYPES, COMPACT_KEEP, COMPACT_THRESHOLD, COMPACTION_RETENTION_DAYS, DECISION_TYPES, MODE_HISTORY_CAP, VERDICT_DECISIONS,
  WORKFLOW_MODES, WORKFLOW_PHASES, isSessionId,
} from "./constants.js";
import { StateError, type Issue } from "./errors.js";
import { notePaths, parseJsonNote, renderJsonNote } from "./notes.js";
import { NoteStore, type Lock, type StoreOptions } from "./store.js";
import { notesConfinement, resolveNotesRoot } from "./paths.js";
import { prepareStateCheck, stateIssues } from "./check.js";
import { pushAll } from "../arrays.js";
import { verdictConfidence } from "./verdict-scale.js";
import type {
  AgentInvocation, AgentInvocationOutput, AgentType, Decision, DecisionType, Handoff, OrchestratorWorkflow,
  SessionState, Verdict, VerdictDecision, WorkflowModeT, WorkflowPhase,
} from "./schema.js";

/** A v4 UUID from the global Web Crypto (node:crypto stays unloaded in the lean hook bundles until one is made). */
const randomUUID = (): string => globalThis.crypto.randomUUID();

export interface SessionStoreOptions extends StoreOptions {
  /** Notes root; default resolved from notesDir / AGENTCHECK_NOTES_DIR / config / <worktree>/.agent-notes. */
  root?: string;
  /** --notes-dir value (resolved against cwd). */
  notesDir?: string;
  /** Directory whose worktree and config apply (default process.cwd()). */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Policy: entering `coding` requires an activeTask (default from config, else off). */
  requireTaskForCoding?: boolean;
  /** Write session-<id>-agent-<agent> notes after completions (default from config, else off). */
  agentNotes?: boolean;
  compactThreshold?: number;
  compactKeep?: number;
  /** Days compaction archives are kept (default state.compactionRetentionDays, else COMPACTION_RETENTION_DAYS; 0 = forever). */
  compactionRetentionDays?: number;
  /** Clock (tests). */
  now?: () => Date;
}

/** The patch of `update`/`set-state` (spec §5.3). */
export interface StatePatch {
  mode?: WorkflowModeT;
  currentMode?: WorkflowModeT;
  task?: string | null;
  feature?: string | null;
  protocolStartComplete?: boolean;
  protocolEndComplete?: boolean;
  protocolStartEvidence?: Record<string, string | null>;
  protocolEndEvidence?: Record<string, string | null>;
  workflowPhase?: WorkflowPhase;
}
const PATCH_KEYS = new Set([
  "mode", "currentMode", "task", "feature", "protocolStartComplete", "protocolEndComplete",
  "protocolStartEvidence", "protocolEndEvidence", "workflowPhase",
]);

export interface Tx {
  /** The one timestamp of this transaction. */
  readonly now: string;
  readonly sessionId: string;
  /** Version the commit will produce. */
  readonly newVersion: number;
  readonly fromVersion: number;
  /** Set to false to return without writing (nothing changed). */
  changed: boolean;
  /** Notes written (atomically) before the state commits. */
  preWrites: { notePath: string; type: "session-history" | "session-agent"; heading: string; value: unknown }[];
  /** Notes written after the state committed (last-write-wins). */
  postWrites: { notePath: string; type: "session-history" | "session-agent"; heading: string; value: unknown }[];
  /**
   * Who holds the file name of this version's compaction archive (checked under that name's lock when
   * the transaction may compact): "other" = another session's state note or anything that is not an
   * archive of this session — compaction waits for a later version then.
   */
  archiveSlot?: SlotHolder;
  /** Compaction archives removed after the state committed (pruned past the retention period). */
  removals?: string[];
}

/** What is at a derived note's file name (archive, agent note): see SessionStore.slotHolder. */
export type SlotHolder = "free" | "ours" | "other";

export type Mutation<T> = (draft: SessionState, tx: Tx) => T;

export interface UpdateOptions {
  expectedVersion?: number;
}

/**
 * `once`: the call may be a retry of one that committed (a workflow step that died after the write):
 * when the state already shows this call's effect, checked under the lock, nothing is written and the
 * result describes what is there. Protocol evidence: the flag is set and every entry has that value.
 * Agent invocations: an invocation of that agent started (or completed) at this transaction's
 * timestamp, so the caller fixes the store's clock (`now`) to the request's time.
 */
export interface OnceOptions {
  once?: boolean;
}

interface TransactOptions extends UpdateOptions {
  /** True when the mutation may compact the state it is given (the archive's name is then locked and checked first). */
  mayCompact?: (current: SessionState) => boolean;
}

export interface StartInvocationInput {
  agent: AgentType;
  prompt?: string;
  context?: Record<string, unknown>;
  artifacts?: string[];
  handoffFrom?: AgentType | null;
}

export interface CompleteInvocationInput {
  agent: AgentType;
  output?: Partial<AgentInvocationOutput>;
  handoffTo?: AgentType | null;
  handoffReason?: string;
  failed?: boolean;
}

export interface DecisionInput {
  type: DecisionType;
  description: string;
  rationale: string;
  decidedBy: AgentType;
  approvedBy?: AgentType[];
  rejectedBy?: AgentType[];
}

export interface VerdictInput {
  agent: AgentType;
  decision: VerdictDecision;
  confidence: number;
  reasoning: string;
  conditions?: string[];
  blockers?: string[];
}

export interface HandoffInput {
  fromAgent: AgentType;
  toAgent: AgentType;
  reason: string;
  context: string;
  artifacts?: string[];
  preservedContext?: Record<string, unknown>;
}

export interface CompactResult {
  compacted: boolean;
  notePath?: string;
  state: SessionState;
}

// ------------------------------------------------------------------ input checks

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const invalid = (message: string, details?: Record<string, unknown>) => new StateError("INVALID_INPUT", message, details);

function requireObject(v: unknown, what: string, allowed: string[], required: string[] = []): Record<string, unknown> {
  if (!isObj(v)) throw invalid(`${what} must be a JSON object`);
  const extra = Object.keys(v).filter((k) => !allowed.includes(k));
  if (extra.length) throw invalid(`${what}: unknown key(s) ${extra.join(", ")} (allowed: ${allowed.join(", ")})`);
  const missing = required.filter((k) => v[k] === undefined);
  if (missing.length) throw invalid(`${what}: missing ${missing.join(", ")}`);
  return v;
}
function oneOf<T extends string>(v: unknown, values: readonly T[], what: string): T {
  if (typeof v !== "string" || !(values as readonly string[]).includes(v)) {
    throw invalid(`${what} must be one of ${values.join(", ")}; got ${JSON.stringify(v)}`);
  }
  return v as T;
}
function agentOrNull(v: unknown, what: string): AgentType | null {
  return v === undefined || v === null ? null : oneOf(v, AGENT_TYPES, what);
}
function strArray(v: unknown, what: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) throw invalid(`${what} must be an array of strings`);
  return [...v];
}
function str(v: unknown, what: string, dflt?: string): string {
  if (v === undefined && dflt !== undefined) return dflt;
  if (typeof v !== "string") throw invalid(`${what} must be a string`);
  return v;
}

export function newWorkflow(now: string): OrchestratorWorkflow {
  return {
    activeAgent: null,
    workflowPhase: "planning",
    agentHistory: [],
    decisions: [],
    verdicts: [],
    pendingHandoffs: [],
    compactionHistory: [],
    startedAt: now,
    lastAgentChange: now,
  };
}

/** A fresh state (spec §2.8). */
export function newState(sessionId: string, now: string, mode: WorkflowModeT = "analysis"): SessionState {
  return {
    sessionId,
    currentMode: mode,
    modeHistory: [{ mode, timestamp: now }],
    protocolStartComplete: false,
    protocolEndComplete: false,
    protocolStartEvidence: {},
    protocolEndEvidence: {},
    orchestratorWorkflow: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

/** The last n mode-history entries (all when there are fewer). */
export function recentModeHistory(state: SessionState, n = 5) {
  return state.modeHistory.slice(Math.max(0, state.modeHistory.length - n));
}

/** Total invocations ever recorded: those in history plus those moved out by compaction. */
export function totalInvocations(state: SessionState): number {
  const wf = state.orchestratorWorkflow;
  if (!wf) return 0;
  return wf.agentHistory.length + wf.compactionHistory.reduce((n, c) => n + c.count, 0);
}

function applyMode(draft: SessionState, mode: WorkflowModeT, now: string): void {
  if (draft.currentMode === mode) return;
  draft.currentMode = mode;
  draft.modeHistory.push({ mode, timestamp: now });
  if (draft.modeHistory.length > MODE_HISTORY_CAP) draft.modeHistory.splice(0, draft.modeHistory.length - MODE_HISTORY_CAP);
}

function mergeEvidence(target: Record<string, string>, ev: unknown, what: string): void {
  if (!isObj(ev)) throw invalid(`${what} must be a JSON object of strings`);
  for (const [k, v] of Object.entries(ev)) {
    // an assignment to "__proto__" sets no key at all: refused rather than silently dropped
    if (k === "__proto__") throw invalid(`${what}: the key "__proto__" cannot be stored (it is not a plain key in JavaScript)`);
    if (v === null) delete target[k];
    else if (typeof v === "string") target[k] = v;
    else throw invalid(`${what}.${k} must be a string (or null to delete it)`);
  }
}

/** Every entry of `ev` already holds in `target` (null: the key is absent). */
function evidenceHeld(target: Record<string, string>, ev: Record<string, string | null>): boolean {
  if (!isObj(ev)) return false;
  for (const [k, v] of Object.entries(ev)) {
    if (v === null ? Object.hasOwn(target, k) : target[k] !== v) return false;
  }
  return true;
}

/** The JSON of a compaction archive of session `id` (§5.8); a state note has no `invocations`. */
const isArchiveOf = (id: string) => (v: unknown): boolean =>
  isObj(v) && v.sessionId === id && Array.isArray(v.invocations) && v.currentMode === undefined;
/** The JSON of an agent-context note of `agent` (an AgentInvocation: no sessionId, unlike a state). */
const isAgentNoteOf = (agent: string) => (v: unknown): boolean =>
  isObj(v) && v.agent === agent && v.sessionId === undefined && typeof v.startedAt === "string";

/**
 * When the name `session-<id>` of a state note is also a derived note of another session (`a-history-v10`
 * is a valid id, and session a's archive at version 10 has that name; likewise `a-agent-analyst`), the
 * owner session and the test that a note's JSON is that derived note.
 */
function derivedNoteOwner(id: string): { owner: string; what: string; ours: (v: unknown) => boolean }[] {
  const out: { owner: string; what: string; ours: (v: unknown) => boolean }[] = [];
  const h = /^([a-z0-9][a-z0-9-]*)-history-v\d+$/.exec(id);
  if (h) out.push({ owner: h[1], what: "compaction archive", ours: isArchiveOf(h[1]) });
  for (const a of AGENT_TYPES) {
    if (id.endsWith(`-agent-${a}`) && id.length > a.length + 7) out.push({ owner: id.slice(0, -(a.length + 7)), what: `agent-context note (${a})`, ours: isAgentNoteOf(a) });
  }
  return out;
}

function workflowOf(draft: SessionState, now: string): OrchestratorWorkflow {
  if (!draft.orchestratorWorkflow) draft.orchestratorWorkflow = newWorkflow(now);
  return draft.orchestratorWorkflow;
}

// ------------------------------------------------------------------ the store

export class SessionStore {
  readonly notes: NoteStore;
  readonly requireTaskForCoding: boolean;
  readonly agentNotes: boolean;
  readonly compactThreshold: number;
  readonly compactKeep: number;
  readonly compactionRetentionDays: number;
  private readonly clock: () => Date;

  constructor(opts: SessionStoreOptions = {}) {
    let root = opts.root;
    let fromDefault = false;
    let confine: string | undefined;
    let requireTask = opts.requireTaskForCoding;
    let agentNotes = opts.agentNotes;
    let retention = opts.compactionRetentionDays;
    if (!root || requireTask === undefined || agentNotes === undefined || retention === undefined) {
      const r = resolveNotesRoot({ cwd: opts.cwd, notesDir: opts.notesDir, env: opts.env });
      if (!root) {
        root = r.notesRoot;
        fromDefault = r.from === "default";
        // a notes folder in the worktree: nothing of it may link out of the repository
        confine = notesConfinement(r).confine;
      }
      requireTask ??= r.settings.requireTaskForCoding;
      agentNotes ??= r.settings.agentNotes;
      retention ??= r.settings.compactionRetentionDays;
    }
    const envTimeout = Number((opts.env ?? process.env).AGENTCHECK_LOCK_TIMEOUT_MS);
    const lockTimeoutMs = opts.lockTimeoutMs ?? (Number.isFinite(envTimeout) && envTimeout > 0 ? envTimeout : undefined);
    this.notes = new NoteStore(root, { ignoreRoot: fromDefault, ...(confine !== undefined ? { confine } : {}), ...opts, lockTimeoutMs });
    this.requireTaskForCoding = requireTask;
    this.agentNotes = agentNotes;
    this.compactThreshold = opts.compactThreshold ?? COMPACT_THRESHOLD;
    this.compactKeep = opts.compactKeep ?? COMPACT_KEEP;
    this.compactionRetentionDays = retention ?? COMPACTION_RETENTION_DAYS;
    this.clock = opts.now ?? (() => new Date());
  }

  get root(): string {
    return this.notes.root;
  }

  private nowIso(): string {
    return this.clock().toISOString();
  }

  // ---------------------------------------------------------------- reads

  async get(sessionId: string): Promise<SessionState> {
    return this.getSync(sessionId);
  }
  getSync(sessionId: string): SessionState {
    return this.notes.readState(sessionId).state;
  }
  async currentId(): Promise<string> {
    return this.notes.readPointer();
  }
  async getCurrent(): Promise<SessionState> {
    return this.getSync(this.notes.readPointer());
  }
  /** The session to act on: the given id, else the current one. */
  resolveId(sessionId?: string): string {
    if (sessionId !== undefined) {
      if (!isSessionId(sessionId)) throw invalid(`invalid session id '${sessionId}' (lowercase letters, digits and '-', 1-128 chars)`);
      return sessionId;
    }
    return this.notes.readPointer();
  }

  async getAgentContext(sessionId: string, agent: AgentType): Promise<AgentInvocation> {
    const id = this.resolveId(sessionId);
    oneOf(agent, AGENT_TYPES, "agent");
    return this.notes.readJson(notePaths.agent(id, agent)) as AgentInvocation;
  }

  /**
   * Who holds a derived note's file name: "free" (nothing there), "ours" (a note for which `ours` holds:
   * safe to replace), or "other" — anything else, notably the state note of another session whose id
   * ends in -history-v<N> or -agent-<agent>: never replaced or deleted. Call with the name's lock held.
   */
  slotHolder(notePath: string, ours: (v: unknown) => boolean): SlotHolder {
    if (!this.notes.entryExists(notePath)) return "free";
    try {
      if (!lstatSync(this.notes.file(notePath)).isFile()) return "other";
      const text = this.notes.readText(notePath);
      if (text === undefined) return "free";
      return ours(parseJsonNote(text, notePath)) ? "ours" : "other";
    } catch {
      return "other";
    }
  }

  // ---------------------------------------------------------------- create / pointer

  async create(sessionId?: string, opts: { makeCurrent?: boolean; mode?: WorkflowModeT; force?: boolean } = {}): Promise<SessionState> {
    const id = sessionId ?? randomUUID();
    if (!isSessionId(id)) throw invalid(`invalid session id '${id}' (lowercase letters, digits and '-', 1-128 chars)`);
    const mode = opts.mode === undefined ? "analysis" : oneOf(opts.mode, WORKFLOW_MODES, "mode");
    // §5.4's policy applies to a state created in coding mode too: a new state has no task
    this.checkPolicy(newState(id, this.nowIso(), "analysis"), mode);
    const np = notePaths.state(id);
    // one logical step: the pointer lock is taken first (a lock problem leaves nothing written), the
    // note and the pointer are written under both locks, and a failed pointer write removes the new note
    const pointerLock = opts.makeCurrent !== false ? await this.notes.lock(notePaths.pointer) : undefined;
    try {
      return await this.notes.withLock(np, () => {
        const file = this.notes.file(np);
        // whatever is there (an unreadable note, a FIFO, a dangling link) exists: never opened here
        const exists = this.notes.entryExists(np);
        if (exists && !opts.force) throw new StateError("ALREADY_EXISTS", `session state '${id}' already exists`, { sessionId: id });
        if (exists) {
          // --force replaces a broken state, never another session's archive or agent note of that name
          for (const d of derivedNoteOwner(id)) {
            if (this.slotHolder(np, d.ours) === "ours") {
              throw new StateError("ALREADY_EXISTS", `${np} is the ${d.what} of session '${d.owner}', not a state: it is not replaced (choose another id)`, { sessionId: id, owner: d.owner });
            }
          }
        }
        let aside: string | undefined;
        if (exists) {
          const stamp = this.nowIso().replace(/[-:.]/g, "");
          aside = `${file}.corrupt-${stamp}`;
          try {
            renameConfined(file, aside, this.notes.confine);
          } catch (e) {
            throw new StateError("IO_ERROR", `cannot move the old state aside: ${(e as Error).message}`);
          }
        }
        const s = newState(id, this.nowIso(), mode);
        this.notes.writeJsonNote(np, "session-state", `Session state ${id}`, s);
        if (pointerLock) {
          try {
            this.notes.writePointerLocked(id);
          } catch (e) {
            // undo: nothing of this create stays on disk (the replaced state goes back in place)
            try {
              if (aside) renameConfined(aside, file, this.notes.confine);
              else removeConfined(file, this.notes.confine);
            } catch (e2) {
              throw new StateError("IO_ERROR", `session state '${id}' was written to ${file} but the current-session pointer could not be moved (${(e as Error).message}) and the note could not be removed (${(e2 as Error).message}); run \`agentcheck session use ${id}\` or delete the note`, { written: [np], sessionId: id });
            }
            throw new StateError("IO_ERROR", `cannot move the current-session pointer: ${(e as Error).message}; nothing was written`, { sessionId: id });
          }
        }
        return s;
      });
    } finally {
      pointerLock?.release();
    }
  }

  async use(sessionId: string): Promise<string> {
    const id = this.resolveId(sessionId);
    this.getSync(id); // must exist and be valid
    await this.notes.writePointer(id);
    return id;
  }

  // ---------------------------------------------------------------- generic transaction

  /** Apply `mutate` to the latest state under the lock and commit it (version + 1). */
  async transact<T>(sessionId: string | undefined, mutate: Mutation<T>, opts: TransactOptions = {}): Promise<{ state: SessionState; result: T; committed: boolean }> {
    const id = this.resolveId(sessionId);
    if (opts.expectedVersion !== undefined && (!Number.isSafeInteger(opts.expectedVersion) || opts.expectedVersion < 0)) {
      throw invalid("expectedVersion must be a whole number >= 0");
    }
    const np = notePaths.state(id);
    // no lock (and no folder created) for a state that does not exist; what is there but cannot be
    // read (a dangling link, a FIFO) is CORRUPT, from the read under the lock, as get-state says
    if (!this.notes.entryExists(np)) throw new StateError("NOT_FOUND", `no session state '${id}'`, { sessionId: id });
    // the core checks the state read under the lock: compiled before it is taken, not while holding it
    prepareStateCheck();
    return this.notes.withLock(np, async () => {
      // the freshly parsed state is ours alone: mutate it in place (no copy); keep what must not change
      const { state: draft } = this.notes.readState(id);
      const fromVersion = draft.version;
      const { createdAt, sessionId: storedId } = draft;
      if (opts.expectedVersion !== undefined && opts.expectedVersion !== fromVersion) {
        throw new StateError("CONFLICT", `version conflict: expected ${opts.expectedVersion}, stored ${fromVersion}`, { expected: opts.expectedVersion, actual: fromVersion });
      }
      const now = this.nowIso();
      const tx: Tx = { now, sessionId: id, newVersion: fromVersion + 1, fromVersion, changed: true, preWrites: [], postWrites: [] };
      // the archive's name may be another session's state note: held (its lock) and checked before mutating
      let slotLock: Lock | undefined;
      try {
        if (opts.mayCompact?.(draft)) {
          const slot = notePaths.history(id, fromVersion + 1);
          try {
            slotLock = await this.notes.lock(slot);
            tx.archiveSlot = this.slotHolder(slot, isArchiveOf(id));
          } catch (e) {
            if (!(e instanceof StateError) || e.code !== "LOCK_TIMEOUT") throw e;
            tx.archiveSlot = "other"; // busy: that session is being written; compaction waits
          }
        }
        return await this.commitTx(np, id, draft, tx, createdAt, storedId, mutate);
      } finally {
        slotLock?.release();
      }
    });
  }

  private async commitTx<T>(np: string, id: string, draft: SessionState, tx: Tx, createdAt: string, storedId: string, mutate: Mutation<T>): Promise<{ state: SessionState; result: T; committed: boolean }> {
    const { now, fromVersion } = tx;
    {
      const result = mutate(draft, tx);
      if (!tx.changed) return { state: draft, result, committed: false };
      for (const k of ["activeFeature", "activeTask"] as const) {
        if (draft[k] === "" || draft[k] === null) delete draft[k];
      }
      draft.version = fromVersion + 1;
      draft.updatedAt = Date.parse(now) < Date.parse(createdAt) ? createdAt : now;
      const rendered = renderJsonNote(np, "session-state", `Session state ${id}`, draft);
      const issues: Issue[] = stateIssues(draft, Buffer.byteLength(rendered));
      if (draft.sessionId !== storedId) issues.push({ path: "sessionId", message: "sessionId is immutable" });
      if (draft.createdAt !== createdAt) issues.push({ path: "createdAt", message: "createdAt is immutable" });
      if (issues.length > 0) {
        throw invalid(`the update would make the state invalid: ${issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join("; ")}`, { issues });
      }
      for (const w of tx.preWrites) this.notes.writeJsonNote(w.notePath, w.type, w.heading, w.value);
      this.notes.writeAtomic(np, rendered);
      for (const notePath of tx.removals ?? []) {
        try {
          removeConfined(this.notes.file(notePath), this.notes.confine);
        } catch {
          /* already gone: gc finds nothing left */
        }
      }
      for (const w of tx.postWrites) {
        try {
          // under the name's lock, and only over a note of the same kind: the name may be another session's state
          const ours = isAgentNoteOf((w.value as { agent: string }).agent); // the only post-write: an agent note
          await this.notes.withLock(w.notePath, () => {
            if (this.slotHolder(w.notePath, ours) !== "other") this.notes.writeJsonNote(w.notePath, w.type, w.heading, w.value);
          });
        } catch {
          /* context notes are best effort */
        }
      }
      return { state: draft, result, committed: true };
    }
  }

  /** Patch (spec §5.3) or mutation function. A patch that changes nothing writes nothing. */
  async update(sessionId: string | undefined, change: StatePatch | Mutation<unknown>, opts: UpdateOptions = {}): Promise<SessionState> {
    if (typeof change === "function") return (await this.transact(sessionId, change, opts)).state;
    const patch = change as Record<string, unknown>;
    if (!isObj(patch)) throw invalid("the patch must be a JSON object");
    const unknown = Object.keys(patch).filter((k) => !PATCH_KEYS.has(k));
    if (unknown.length) throw invalid(`unknown patch key(s): ${unknown.join(", ")} (allowed: ${[...PATCH_KEYS].join(", ")})`);
    if (Object.keys(patch).length === 0) throw invalid("no updates in the patch");
    if (patch.mode !== undefined && patch.currentMode !== undefined && patch.mode !== patch.currentMode) throw invalid("mode and currentMode disagree");
    const modeV = patch.mode ?? patch.currentMode;
    const mode = modeV === undefined ? undefined : oneOf(modeV, WORKFLOW_MODES, "mode");
    for (const k of ["task", "feature"] as const) {
      if (patch[k] !== undefined && patch[k] !== null && typeof patch[k] !== "string") throw invalid(`${k} must be a string or null`);
    }
    for (const k of ["protocolStartComplete", "protocolEndComplete"] as const) {
      if (patch[k] !== undefined && typeof patch[k] !== "boolean") throw invalid(`${k} must be true or false`);
    }
    const phase = patch.workflowPhase === undefined ? undefined : oneOf(patch.workflowPhase, WORKFLOW_PHASES, "workflowPhase");
    const focus = (d: SessionState) =>
      JSON.stringify([d.currentMode, d.activeFeature, d.activeTask, d.protocolStartComplete, d.protocolEndComplete,
        d.protocolStartEvidence, d.protocolEndEvidence, d.orchestratorWorkflow ? d.orchestratorWorkflow.workflowPhase : null]);
    return (await this.transact(sessionId, (d, tx) => {
      const before = focus(d);
      const modeBefore = d.currentMode;
      if (mode !== undefined) applyMode(d, mode, tx.now);
      if (patch.feature !== undefined) {
        const f = (patch.feature as string | null) ?? "";
        if (f !== (d.activeFeature ?? "") && patch.task === undefined) delete d.activeTask;
        if (f === "") delete d.activeFeature;
        else d.activeFeature = f;
      }
      if (patch.task !== undefined) {
        const t = (patch.task as string | null) ?? "";
        if (t === "") delete d.activeTask;
        else d.activeTask = t;
      }
      if (patch.protocolStartComplete !== undefined) d.protocolStartComplete = patch.protocolStartComplete as boolean;
      if (patch.protocolEndComplete !== undefined) d.protocolEndComplete = patch.protocolEndComplete as boolean;
      if (patch.protocolStartEvidence !== undefined) mergeEvidence(d.protocolStartEvidence, patch.protocolStartEvidence, "protocolStartEvidence");
      if (patch.protocolEndEvidence !== undefined) mergeEvidence(d.protocolEndEvidence, patch.protocolEndEvidence, "protocolEndEvidence");
      if (phase !== undefined) workflowOf(d, tx.now).workflowPhase = phase;
      // entering coding (from another mode) needs a task; asking for the mode already held is a no-op (MODE-02)
      if (mode !== undefined && modeBefore !== mode) this.checkPolicy(d, mode);
      tx.changed = focus(d) !== before; // a patch touches only these fields
    }, opts)).state;
  }

  private checkPolicy(d: SessionState, enteringMode: WorkflowModeT | undefined): void {
    if (this.requireTaskForCoding && enteringMode === "coding" && !d.activeTask) {
      throw new StateError("POLICY_VIOLATION", "entering coding mode requires an active task (set one: session set-state '{\"task\":\"…\"}')");
    }
  }

  async setMode(sessionId: string | undefined, mode: WorkflowModeT, opts: UpdateOptions = {}): Promise<SessionState> {
    return this.update(sessionId, { mode }, opts);
  }

  // ---------------------------------------------------------------- protocol

  async protocolStart(sessionId: string | undefined, evidence: Record<string, string | null> = {}, opts: OnceOptions = {}): Promise<SessionState> {
    return (await this.transact(sessionId, (d, tx) => {
      if (opts.once && d.protocolStartComplete && evidenceHeld(d.protocolStartEvidence, evidence)) {
        tx.changed = false;
        return;
      }
      mergeEvidence(d.protocolStartEvidence, evidence, "evidence");
      d.protocolStartComplete = true;
    })).state;
  }

  async protocolEnd(sessionId: string | undefined, evidence: Record<string, string | null> = {}, opts: { keepFocus?: boolean } & OnceOptions = {}): Promise<SessionState> {
    return (await this.transact(sessionId, (d, tx) => {
      if (opts.once && d.protocolEndComplete && evidenceHeld(d.protocolEndEvidence, evidence)) {
        tx.changed = false;
        return;
      }
      mergeEvidence(d.protocolEndEvidence, evidence, "evidence");
      d.protocolEndComplete = true;
      if (!opts.keepFocus) {
        delete d.activeTask;
        delete d.activeFeature;
      }
    })).state;
  }

  /** protocolEnd, then drop the pointer if it points at this session. The state note is kept. */
  async close(sessionId: string | undefined, evidence: Record<string, string | null> = {}): Promise<SessionState> {
    const id = this.resolveId(sessionId);
    const s = await this.protocolEnd(id, evidence);
    await this.notes.clearPointer(id);
    return s;
  }

  // ---------------------------------------------------------------- agents

  async startInvocation(sessionId: string | undefined, input: StartInvocationInput, opts: OnceOptions = {}): Promise<{ index: number; state: SessionState }> {
    const v = requireObject(input, "agent start", ["agent", "prompt", "context", "artifacts", "handoffFrom"], ["agent"]);
    const agent = oneOf(v.agent, AGENT_TYPES, "agent");
    const prompt = str(v.prompt, "prompt", "");
    if (v.context !== undefined && !isObj(v.context)) throw invalid("context must be a JSON object");
    const context = (v.context as Record<string, unknown> | undefined) ?? {};
    const artifacts = strArray(v.artifacts, "artifacts");
    let handoffFrom = agentOrNull(v.handoffFrom, "handoffFrom");
    const r = await this.transact(sessionId, (d, tx) => {
      if (opts.once) {
        const h = d.orchestratorWorkflow?.agentHistory ?? [];
        let j = h.length - 1;
        while (j >= 0 && !(h[j].agent === agent && h[j].startedAt === tx.now && h[j].input.prompt === prompt)) j--;
        if (j >= 0) {
          tx.changed = false; // this start is recorded already (a retry)
          return j;
        }
      }
      const wf = workflowOf(d, tx.now);
      const hi = wf.pendingHandoffs.findIndex((h) => h.toAgent === agent);
      if (hi >= 0) {
        const [h] = wf.pendingHandoffs.splice(hi, 1);
        if (handoffFrom === null) handoffFrom = h.fromAgent;
      }
      const inv: AgentInvocation = {
        agent,
        startedAt: tx.now,
        completedAt: null,
        status: "in_progress",
        input: { prompt, context, artifacts },
        output: null,
        handoffFrom,
        handoffTo: null,
        handoffReason: "",
      };
      wf.agentHistory.push(inv);
      wf.activeAgent = agent;
      wf.lastAgentChange = tx.now;
      return wf.agentHistory.length - 1;
    });
    return { index: r.result, state: r.state };
  }

  async completeInvocation(sessionId: string | undefined, input: CompleteInvocationInput, opts: OnceOptions = {}): Promise<CompactResult> {
    const v = requireObject(input, "agent complete", ["agent", "output", "handoffTo", "handoffReason", "failed"], ["agent"]);
    const agent = oneOf(v.agent, AGENT_TYPES, "agent");
    const output = normalizeOutput(v.output);
    const handoffTo = agentOrNull(v.handoffTo, "handoffTo");
    const handoffReason = str(v.handoffReason, "handoffReason", "");
    if (v.failed !== undefined && typeof v.failed !== "boolean") throw invalid("failed must be true or false");
    const r = await this.transact(sessionId, (d, tx) => {
      const wf = d.orchestratorWorkflow;
      if (opts.once && wf) {
        // the latest invocation of the agent completed at this timestamp: this completion is recorded (a retry)
        const h = wf.agentHistory;
        let j = h.length - 1;
        while (j >= 0 && h[j].agent !== agent) j--;
        if (j >= 0 && h[j].status !== "in_progress" && h[j].completedAt === tx.now) {
          tx.changed = false;
          return { compacted: false };
        }
      }
      let i = wf ? wf.agentHistory.length - 1 : -1;
      while (i >= 0 && !(wf!.agentHistory[i].agent === agent && wf!.agentHistory[i].status === "in_progress")) i--;
      if (!wf || i < 0) throw new StateError("NOT_FOUND", `no in-progress invocation of agent '${agent}'`, { agent });
      const inv = wf.agentHistory[i];
      inv.completedAt = tx.now;
      inv.output = output;
      inv.handoffTo = handoffTo;
      inv.handoffReason = handoffReason;
      inv.status = v.failed ? "failed" : output.blockers.length > 0 ? "blocked" : "completed";
      wf.activeAgent = handoffTo;
      wf.lastAgentChange = tx.now;
      if (this.agentNotes) {
        tx.postWrites.push({ notePath: notePaths.agent(tx.sessionId, agent), type: "session-agent", heading: `Agent ${agent} in session ${tx.sessionId}`, value: structuredClone(inv) });
      }
      return this.compactDraft(d, tx, false);
    }, { mayCompact: (d) => (d.orchestratorWorkflow?.agentHistory.length ?? 0) > this.compactThreshold });
    return { compacted: r.result.compacted, ...(r.result.notePath ? { notePath: r.result.notePath } : {}), state: r.state };
  }

  /**
   * Prune compaction archives older than the retention period (inside a transaction): the entry stays
   * with prunedAt, the archive file is removed after the commit. Returns how many were pruned.
   */
  private pruneDraft(d: SessionState, tx: Tx): number {
    const wf = d.orchestratorWorkflow;
    if (!wf || this.compactionRetentionDays <= 0) return 0;
    const cutoff = Date.parse(tx.now) - this.compactionRetentionDays * 86_400_000;
    let n = 0;
    for (const c of wf.compactionHistory) {
      if (c.prunedAt !== undefined || !(Date.parse(c.compactedAt) < cutoff)) continue;
      c.prunedAt = tx.now;
      (tx.removals ??= []).push(c.notePath);
      n++;
    }
    return n;
  }

  /** Prune this session's compaction archives past the retention period (no write when none is due). */
  async pruneCompactions(sessionId?: string): Promise<{ pruned: string[]; state: SessionState }> {
    const r = await this.transact(sessionId, (d, tx) => {
      tx.changed = this.pruneDraft(d, tx) > 0;
      return tx.removals ?? [];
    });
    return { pruned: r.committed ? r.result : [], state: r.state };
  }

  /** Compaction inside a transaction (spec §5.8); archives past the retention period are pruned with it. */
  private compactDraft(d: SessionState, tx: Tx, force: boolean): { compacted: boolean; notePath?: string; slotTaken?: string } {
    const wf = d.orchestratorWorkflow;
    if (!wf) return { compacted: false };
    if (this.pruneDraft(d, tx) > 0) tx.changed = true;
    const h = wf.agentHistory;
    if (!force && h.length <= this.compactThreshold) return { compacted: false };
    const keepFrom = Math.max(0, h.length - this.compactKeep);
    const kept: AgentInvocation[] = [];
    const moved: AgentInvocation[] = [];
    h.forEach((inv, i) => (i >= keepFrom || inv.status === "in_progress" ? kept : moved).push(inv));
    if (moved.length === 0) return { compacted: false };
    const notePath = notePaths.history(tx.sessionId, tx.newVersion);
    // never over another session's state note (or anything else of that name): compaction waits
    // (transact looks at the slot under its lock when mayCompact says so; this covers any other path)
    tx.archiveSlot ??= this.slotHolder(notePath, isArchiveOf(tx.sessionId));
    if (tx.archiveSlot === "other") return { compacted: false, slotTaken: notePath };
    tx.preWrites.push({
      notePath,
      type: "session-history",
      heading: `Agent history of session ${tx.sessionId} (compacted at version ${tx.newVersion})`,
      value: { sessionId: tx.sessionId, compactedAt: tx.now, fromVersion: tx.fromVersion, invocations: moved },
    });
    wf.agentHistory = kept;
    wf.compactionHistory.push({ notePath, compactedAt: tx.now, count: moved.length });
    return { compacted: true, notePath };
  }

  /** Force compaction (keeps the last `compactKeep` and in-progress invocations); no write when nothing moves. */
  async compact(sessionId?: string): Promise<CompactResult> {
    const r = await this.transact(sessionId, (d, tx) => {
      const c = this.compactDraft(d, tx, true);
      tx.changed = c.compacted || (tx.removals?.length ?? 0) > 0;
      return c;
    }, { mayCompact: () => true });
    if (r.result.slotTaken) {
      throw new StateError("ALREADY_EXISTS", `the compaction archive's name ${r.result.slotTaken} is taken by a note that is not an archive of this session (such as the state note of session '${r.result.slotTaken.slice("sessions/session-".length)}'), which is never overwritten; nothing was compacted (the next write's version gives the next compaction another name)`, { notePath: r.result.slotTaken });
    }
    return { compacted: r.result.compacted, ...(r.result.notePath ? { notePath: r.result.notePath } : {}), state: r.state };
  }

  // ---------------------------------------------------------------- decisions, verdicts, handoffs

  async addDecision(sessionId: string | undefined, input: DecisionInput): Promise<{ id: string; state: SessionState }> {
    const v = requireObject(input, "decision", ["type", "description", "rationale", "decidedBy", "approvedBy", "rejectedBy"], ["type", "description", "rationale", "decidedBy"]);
    const approvedBy = strArray(v.approvedBy, "approvedBy").map((a) => oneOf(a, AGENT_TYPES, "approvedBy[]"));
    const rejectedBy = strArray(v.rejectedBy, "rejectedBy").map((a) => oneOf(a, AGENT_TYPES, "rejectedBy[]"));
    const base = {
      type: oneOf(v.type, DECISION_TYPES, "type"),
      description: str(v.description, "description"),
      rationale: str(v.rationale, "rationale"),
      decidedBy: oneOf(v.decidedBy, AGENT_TYPES, "decidedBy"),
    };
    const id = randomUUID();
    const r = await this.transact(sessionId, (d, tx) => {
      const dec: Decision = { id, ...base, approvedBy, rejectedBy, timestamp: tx.now };
      workflowOf(d, tx.now).decisions.push(dec);
    });
    return { id, state: r.state };
  }

  async addVerdict(sessionId: string | undefined, input: VerdictInput): Promise<SessionState> {
    const v = requireObject(input, "verdict", ["agent", "decision", "confidence", "reasoning", "conditions", "blockers"], ["agent", "decision", "confidence", "reasoning"]);
    if (typeof v.confidence !== "number" || !(v.confidence >= 0 && v.confidence <= 100)) throw invalid("confidence must be a number between 0 and 100");
    const base: Omit<Verdict, "timestamp"> = {
      agent: oneOf(v.agent, AGENT_TYPES, "agent"),
      decision: oneOf(v.decision, VERDICT_DECISIONS, "decision"),
      confidence: verdictConfidence(v.confidence),
      reasoning: str(v.reasoning, "reasoning"),
    };
    if (v.conditions !== undefined) base.conditions = strArray(v.conditions, "conditions");
    if (v.blockers !== undefined) base.blockers = strArray(v.blockers, "blockers");
    return (await this.transact(sessionId, (d, tx) => {
      workflowOf(d, tx.now).verdicts.push({ ...base, timestamp: tx.now });
    })).state;
  }

  async addHandoff(sessionId: string | undefined, input: HandoffInput): Promise<SessionState> {
    const v = requireObject(input, "handoff", ["fromAgent", "toAgent", "reason", "context", "artifacts", "preservedContext"], ["fromAgent", "toAgent", "reason"]);
    if (v.preservedContext !== undefined && !isObj(v.preservedContext)) throw invalid("preservedContext must be a JSON object");
    const base: Omit<Handoff, "createdAt"> = {
      fromAgent: oneOf(v.fromAgent, AGENT_TYPES, "fromAgent"),
      toAgent: oneOf(v.toAgent, AGENT_TYPES, "toAgent"),
      reason: str(v.reason, "reason"),
      context: str(v.context, "context", ""),
      artifacts: strArray(v.artifacts, "artifacts"),
    };
    if (v.preservedContext !== undefined) base.preservedContext = v.preservedContext as Record<string, unknown>;
    return (await this.transact(sessionId, (d, tx) => {
      workflowOf(d, tx.now).pendingHandoffs.push({ ...base, createdAt: tx.now });
    })).state;
  }

  // ---------------------------------------------------------------- housekeeping

  /**
   * Remove leftovers: temp files and lock debris of dead processes (or of a process that reuses the
   * writer's pid, src/state/lock-owner.ts; or older than a minute), every stale lock, and
   * history archives that no committed state references (orphans of failed commits) — only files whose
   * JSON is an archive of that session, never a state note that merely has an archive's name.
   */
  async gc(): Promise<{ removed: string[] }> {
    const removed: string[] = [];
    const dir = join(this.root, "sessions");
    const names = this.notes.listSessionsDir();
    pushAll(removed, this.notes.sweepDebris("sessions"));
    const byId = new Map<string, string[]>();
    for (const n of names) {
      const m = /^session-([a-z0-9][a-z0-9-]*)-history-v(\d+)\.md$/.exec(n);
      if (!m) continue;
      // the id itself may contain "-history-v": only ids whose state note exists count
      if (!names.includes(`session-${m[1]}.md`)) continue;
      byId.set(m[1], [...(byId.get(m[1]) ?? []), n]);
    }
    for (const id of byId.keys()) {
      // archives past the retention period (seed 001's COMPACTION_RETENTION_DAYS); an unreadable state keeps them
      const p = await this.pruneCompactions(id).catch(() => ({ pruned: [] as string[] }));
      for (const np of p.pruned) removed.push(`${np}.md`);
    }
    for (const [id, files] of byId) {
      await this.notes.withLock(notePaths.state(id), async () => {
        let refs: Set<string>;
        try {
          const s = this.notes.readState(id).state;
          refs = new Set((s.orchestratorWorkflow?.compactionHistory ?? []).map((c) => c.notePath));
        } catch {
          return; // unreadable state: keep everything
        }
        for (const n of files) {
          const np = `sessions/${n.slice(0, -3)}`;
          if (refs.has(np)) continue;
          // only what is provably an archive of this session: the name may as well be the state note of
          // session '<id>-history-v<N>' (state notes are never deleted), checked under that name's lock
          await this.notes.withLock(np, () => {
            if (this.slotHolder(np, isArchiveOf(id)) !== "ours") return;
            try {
              removeConfined(join(dir, n), this.notes.confine);
              removed.push(`sessions/${n}`);
            } catch {
              /* raced */
            }
          }).catch(() => undefined); // busy name: kept for the next gc
        }
      });
    }
    return { removed };
  }
}

function normalizeOutput(v: unknown): AgentInvocationOutput {
  if (v === undefined || v === null) return { artifacts: [], summary: "", recommendations: [], blockers: [] };
  const o = requireObject(v, "output", ["artifacts", "summary", "recommendations", "blockers"]);
  return {
    artifacts: strArray(o.artifacts, "output.artifacts"),
    summary: str(o.summary, "output.summary", ""),
    recommendations: strArray(o.recommendations, "output.recommendations"),
    blockers: strArray(o.blockers, "output.blockers"),
  };
}

/** Open the store for a directory (worktree and config resolved from it). */
export function openSessionStore(opts: SessionStoreOptions = {}): SessionStore {
  return new SessionStore(opts);
}
