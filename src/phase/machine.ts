// The protocol operations behind the MCP tools and `agentcheck phase` (specs/session-protocol-mcp.md §3).
// Gates run outside the store lock (they may take a while); their results are applied in one
// transaction that first checks the session has not moved meanwhile (else: CONFLICT, retry).
import { repoChecklists } from "./repo-checklist.js";
import { DEFAULT_PRESET, PRESETS, type PresetRules, type ProtocolPreset } from "../protocol-preset.js";
import { join } from "node:path";
import { gitRaw, gitVerify } from "../git-run.js";
import { contentEvidence, recordLogEvidence } from "../evidence/record.js";
import { runGate, sessionLogPath, sessionsDirOf, type GateContext, type GateOptions } from "./gates.js";
import { PhaseStore } from "./store.js";
import type { RunSettings } from "../run-settings.js";
import { DEFAULT_PATHS } from "../config-paths.js";
import { isSessionName, namesIn, nextSessionName, stateSessions } from "../session-id.js";
import { pushAll } from "../arrays.js";
import { ignoreLiveState } from "../live-state.js";
import {
  GATES, PHASES, START_GATES, TRANSITIONS, effectivePhase, isGate, isPhase, newChecklists, phaseIndex,
  transitionFrom, transitionOf,
  type ChecklistItem, type Gate, type GateResult, type Phase, type ProtocolState, type Violation,
} from "./model.js";

export type ProtocolErrorCode =
  | "NO_SESSION" | "SESSION_ACTIVE" | "INVALID_INPUT" | "OUT_OF_ORDER" | "PHASE_COMPLETE" | "CONFLICT" | "NOT_STALE" | "PROTOCOL_OFF";

export class ProtocolError extends Error {
  constructor(readonly code: ProtocolErrorCode, message: string) {
    super(message);
    this.name = "ProtocolError";
  }
}

export interface ProtocolContext extends GateContext {
  /** Clock (ISO 8601 UTC); default now. */
  clock?: () => string;
  /** protocol.preset (src/protocol-preset.ts); default full. */
  preset?: PresetRules & { name: ProtocolPreset };
}

/** `settings`: the workspace's configuration (its folders and rule settings); default: none. `preset`: protocol.preset (default full). */
export function openProtocol(o: { root: string; memoriesDir?: string; lockTimeoutMs?: number; now?: string; maxFileBytes?: number; settings?: RunSettings; preset?: PresetRules & { name: ProtocolPreset } }): ProtocolContext {
  const store = new PhaseStore({ root: o.root, memoriesDir: o.memoriesDir ?? o.settings?.paths.memories, lockTimeoutMs: o.lockTimeoutMs });
  const preset = o.preset ?? { ...PRESETS[DEFAULT_PRESET], name: DEFAULT_PRESET };
  return { root: o.root, store, now: o.now, maxFileBytes: o.maxFileBytes, settings: o.settings, clock: o.now ? () => o.now! : undefined, logRequired: preset.logRequired, preset };
}

/** The protocol tools (MCP and `agentcheck phase`) refuse under a preset that switches them off. */
export function assertProtocolOn(ctx: ProtocolContext): void {
  const p = ctx.preset;
  if (p && !p.protocolTools) {
    throw new ProtocolError("PROTOCOL_OFF", `this repository's session protocol is off (protocol.preset ${p.name} in the agentcheck configuration): the protocol tools do nothing; the validators still run`);
  }
}

const nowOf = (ctx: ProtocolContext) => (ctx.clock ? ctx.clock() : new Date().toISOString().replace(/\.\d{3}Z$/, "Z"));

function requireSession(ctx: ProtocolContext): ProtocolState {
  const s = ctx.store.read().current;
  if (!s) throw new ProtocolError("NO_SESSION", `no active session (no ${ctx.store.stateFile}); call session_start first`);
  return s;
}

/** Accepts a gate name, or the phase a gate leads to (SKILLS_VALIDATED → SKILL_VALIDATION). */
export function toGate(name: string): Gate {
  const n = String(name ?? "").trim().toUpperCase();
  if (isGate(n)) return n;
  const t = TRANSITIONS.find((x) => x.to === n);
  if (t) return t.gate;
  throw new ProtocolError("INVALID_INPUT", `unknown phase or gate '${String(name).slice(0, 60)}' (gates: ${GATES.join(", ")}; phases: ${PHASES.join(", ")})`);
}

/** Has the session already gone past this gate's transition? */
function gatePassed(s: ProtocolState, g: Gate): boolean {
  const p = effectivePhase(s);
  return p !== undefined && phaseIndex(p) >= phaseIndex(transitionOf(g).to);
}

function checklistView(items: ChecklistItem[]) {
  return items.map((c) => ({ requirement: c.req, step: c.step, done: c.done, evidence: c.evidence, ...(c.gate ? { gate: c.gate } : {}), ...(c.evidenceType ? { evidence_type: c.evidenceType } : {}) }));
}

/** The session's checklists; with no session, the repository's (its SESSION-PROTOCOL.md) when `root` is given, else the built-in ones. */
export function checklistOf(s: ProtocolState | undefined, root?: string) {
  const t = s || root === undefined ? newChecklists() : repoChecklists(root);
  return { start: checklistView(s ? s.checklistStart : t.start), end: checklistView(s ? s.checklistEnd : t.end) };
}

// -------------------------------------------------------------- session_start

/**
 * The id of a new protocol session (src/session-id.ts): the session the SessionStart hook made current
 * in the session state when it is today's and the protocol has not used it yet, else one past the
 * highest number used today by a log, a session state or this protocol's history.
 */
function newProtocolSessionId(ctx: ProtocolContext, date: string, taken: string[]): string {
  const states = stateSessions(ctx.root);
  const cur = states.current;
  if (cur !== undefined && isSessionName(cur) && cur.startsWith(`${date}-`) && !taken.includes(cur)) return cur;
  const names = namesIn(join(ctx.root, ctx.settings?.paths.sessions ?? DEFAULT_PATHS.sessions));
  pushAll(names, taken);
  pushAll(names, states.ids);
  return nextSessionName(date, names);
}

export interface StartInput {
  objective: string;
  branch?: string;
  starting_commit?: string;
  resume?: boolean;
}

export async function sessionStart(ctx: ProtocolContext, input: StartInput) {
  if (typeof input.objective !== "string" || input.objective.trim() === "") throw new ProtocolError("INVALID_INPUT", "objective is required");
  const at = nowOf(ctx);
  let branch = input.branch;
  let commit = input.starting_commit;
  if (commit !== undefined) {
    const sha = gitVerify(ctx.root, commit);
    if (!sha) throw new ProtocolError("INVALID_INPUT", `starting_commit '${commit.slice(0, 60)}' is not a commit of this repository`);
    commit = sha;
  }
  if (branch === undefined) {
    const r = gitRaw(ctx.root, ["rev-parse", "--abbrev-ref", "HEAD"]);
    branch = r.status === 0 ? r.stdout.toString().trim() : "";
    if (branch === "HEAD") branch = "";
    if (!branch) {
      const sym = gitRaw(ctx.root, ["symbolic-ref", "--short", "-q", "HEAD"]);
      branch = sym.status === 0 ? sym.stdout.toString().trim() : "";
    }
  }
  if (commit === undefined) commit = gitVerify(ctx.root, "HEAD") ?? "";
  ignoreLiveState(ctx.root, ctx.store.memoriesDir); // the protocol's memories are live state: never in git status
  return ctx.store.transact((docs) => {
    if (docs.current) {
      const c = docs.current;
      if (input.resume) return { resumed: true, ...startView(c) };
      throw new ProtocolError("SESSION_ACTIVE", `session ${c.sessionId} is active (phase ${c.currentPhase}); end it with session_end, or continue it with session_start resume: true`);
    }
    const id = newProtocolSessionId(ctx, at.slice(0, 10), [...docs.history.map((h) => h.id), ...docs.violations.map((v) => v.sessionId)]);
    // the repository's own protocol (.agents/SESSION-PROTOCOL.md) when it has one, else the built-in list
    const lists = repoChecklists(ctx.root);
    const s: ProtocolState = {
      sessionId: id, objective: input.objective.trim(), branch: branch ?? "", startingCommit: commit ?? "", startedAt: at,
      currentPhase: "INIT", phaseStatus: GATES.map((g) => ({ phase: g, status: "PENDING" as const, evidence: "" })),
      checklistStart: lists.start, checklistEnd: lists.end, evidence: [],
    };
    if (s.startingCommit) tick(s, "starting_commit", s.startingCommit);
    docs.current = s;
    return { resumed: false, ...startView(s) };
  });
}

function startView(s: ProtocolState) {
  const p = effectivePhase(s);
  const blockedUntil = START_GATES.filter((g) => !gatePassed(s, g) && transitionOf(g).blocking);
  return {
    session_id: s.sessionId, phase: s.currentPhase, objective: s.objective, branch: s.branch, starting_commit: s.startingCommit,
    started_at: s.startedAt, blocked_until: blockedUntil, next_gate: p ? transitionFrom(p)?.gate ?? null : null, checklist: checklistOf(s),
  };
}

// -------------------------------------------------------------- applying gate results

function tick(s: ProtocolState, evidenceType: string, evidence: string): void {
  for (const c of [...s.checklistStart, ...s.checklistEnd]) {
    if (c.evidenceType === evidenceType) {
      c.done = true;
      c.evidence = evidence;
    }
  }
}

function recordResult(s: ProtocolState, r: GateResult): void {
  const row = s.phaseStatus.find((x) => x.phase === r.phase);
  const text = r.status === "PASS" ? r.evidence || r.message : r.message;
  if (row) {
    row.status = r.status;
    row.evidence = text;
  } else s.phaseStatus.push({ phase: r.phase, status: r.status, evidence: text });
  if (r.status === "PASS" || r.status === "SKIPPED") {
    for (const c of [...s.checklistStart, ...s.checklistEnd]) {
      if (c.gate === r.phase) {
        c.done = true;
        c.evidence = r.status === "SKIPPED" ? `SKIPPED: ${r.message}` : text;
      }
    }
  }
}

function addViolation(vs: Violation[], s: ProtocolState, gate: Gate, at: string): void {
  const t = transitionOf(gate);
  vs.push({ sessionId: s.sessionId, at, phase: gate, requirement: t.requirement, severity: t.requirement === "MUST" ? "CRITICAL" : "WARNING", recovery: "" });
}

function block(s: ProtocolState, vs: Violation[], from: Phase, gate: Gate, at: string): void {
  s.currentPhase = "BLOCKED";
  s.blockedFrom = from;
  s.blockedGate = gate;
  addViolation(vs, s, gate, at);
}

/**
 * A forced advance past a MUST gate that has not passed (ADR-011 `advance_phase` force: "skip
 * validation, logged as violation"): the violation is logged and the session is in VIOLATION, an
 * error state no gate lifts; only session_end leaves it (the end gates run from `from`).
 */
function violate(s: ProtocolState, vs: Violation[], from: Phase, gate: Gate, at: string): void {
  s.currentPhase = "VIOLATION";
  s.blockedFrom = from;
  s.blockedGate = gate;
  addViolation(vs, s, gate, at);
  vs[vs.length - 1].recovery = `${at}: forced past ${gate} (VIOLATION)`;
}

/** The blocked gate passed: recovery recorded, the session returns to the phase it was in. */
function unblock(s: ProtocolState, vs: Violation[], at: string): void {
  const gate = s.blockedGate!;
  for (let i = vs.length - 1; i >= 0; i--) {
    const v = vs[i];
    if (v.sessionId === s.sessionId && v.phase === gate && v.recovery === "") {
      v.recovery = `${at}: ${gate} passed`;
      break;
    }
  }
  s.currentPhase = s.blockedFrom!;
  delete s.blockedFrom;
  delete s.blockedGate;
}

/** Lock, re-read, check the session did not move since `snap`, apply. */
async function apply<T>(ctx: ProtocolContext, snap: ProtocolState, fn: (s: ProtocolState, vs: Violation[], docs: import("./store.js").ProtocolDocs) => T): Promise<T> {
  return ctx.store.transact((docs) => {
    const s = docs.current;
    if (!s || s.sessionId !== snap.sessionId) throw new ProtocolError("CONFLICT", `session ${snap.sessionId} was ended or replaced meanwhile`);
    if (s.currentPhase !== snap.currentPhase) throw new ProtocolError("CONFLICT", `session ${s.sessionId} moved from ${snap.currentPhase} to ${s.currentPhase} meanwhile; retry`);
    // BLOCKED on one gate is not BLOCKED on another: the gate this call verified must still be the blocked one
    if (s.blockedGate !== snap.blockedGate || s.blockedFrom !== snap.blockedFrom) {
      throw new ProtocolError("CONFLICT", `session ${s.sessionId} is now blocked ${s.blockedGate ? `on ${s.blockedGate}` : "on nothing"} (was ${snap.blockedGate ? `on ${snap.blockedGate}` : "not blocked"}) meanwhile; retry`);
    }
    return fn(s, docs.violations, docs);
  });
}

// -------------------------------------------------------------- validate_gate

export async function validateGate(ctx: ProtocolContext, name: string, o: GateOptions = {}) {
  const all = String(name ?? "").trim().toUpperCase() === "ALL";
  const gates = all ? [...GATES] : [toGate(name)];
  const snap = requireSession(ctx);
  const results: GateResult[] = [];
  for (const g of gates) results.push(await runGate(ctx, snap, g, o));
  const at = nowOf(ctx);
  return apply(ctx, snap, (s, vs) => {
    for (const r of results) {
      recordResult(s, r);
      if (s.currentPhase === "BLOCKED" && s.blockedGate === r.phase && r.status !== "FAIL") unblock(s, vs, at);
    }
    return { session_id: s.sessionId, phase: s.currentPhase, results };
  });
}

// -------------------------------------------------------------- advance_phase

export async function advancePhase(ctx: ProtocolContext, target?: string, o: { force?: boolean } = {}) {
  const snap = requireSession(ctx);
  const at = nowOf(ctx);
  let want: Phase | undefined;
  if (target !== undefined && target !== null && String(target).trim() !== "") {
    const w = String(target).trim().toUpperCase();
    if (!isPhase(w)) throw new ProtocolError("INVALID_INPUT", `unknown phase '${String(target).slice(0, 60)}' (phases: ${PHASES.join(", ")})`);
    want = w;
  }
  if (snap.currentPhase === "BLOCKED") {
    const gate = snap.blockedGate!;
    const from = snap.blockedFrom!;
    // a recovery returns to the phase the session was blocked in, or takes that phase's transition when
    // it was blocked on its gate: a target is that phase, never one behind it, never one past another gate
    const next = transitionFrom(from);
    const reach = next && next.gate === gate ? next.to : from;
    if (want !== undefined && want !== reach) {
      if (phaseIndex(want) < phaseIndex(reach)) throw new ProtocolError("OUT_OF_ORDER", `session ${snap.sessionId} is BLOCKED on ${gate} (from ${from}); passing it reaches ${reach}, and ${want} is behind that`);
      // a jump past a gate: refused, the state unchanged (the session is BLOCKED already)
      const beyond = transitionFrom(reach);
      const missing = reach === from ? gate : beyond?.gate ?? gate;
      return {
        advanced: false, refused: true, from: snap.currentPhase, phase: snap.currentPhase, missing_gate: missing,
        message: `cannot go to ${want}: session ${snap.sessionId} is BLOCKED on ${gate} (from ${from}); passing it reaches ${reach}${missing !== gate ? `, and gate ${missing} (${reach} → ${beyond!.to}) has not passed` : ""}`,
      };
    }
    const r = await runGate(ctx, snap, gate);
    return apply(ctx, snap, (s, vs) => {
      recordResult(s, r);
      if (r.status === "FAIL") {
        return { advanced: false, from: s.currentPhase, phase: s.currentPhase, result: r, message: `still BLOCKED: ${gate} fails: ${r.message}` };
      }
      unblock(s, vs, at);
      if (next && next.gate === gate) s.currentPhase = next.to;
      return { advanced: true, from, phase: s.currentPhase, result: r, message: `recovered: ${gate} passed; ${from} → ${s.currentPhase}` };
    });
  }
  if (snap.currentPhase === "VIOLATION") throw new ProtocolError("OUT_OF_ORDER", `session ${snap.sessionId} is in VIOLATION; end it with session_end`);
  const cur = snap.currentPhase as Phase;
  const t = transitionFrom(cur);
  if (!t) throw new ProtocolError("PHASE_COMPLETE", `session ${snap.sessionId} is ${cur}; nothing to advance`);
  if (want !== undefined) {
    if (phaseIndex(want) <= phaseIndex(cur)) throw new ProtocolError("OUT_OF_ORDER", `session ${snap.sessionId} is already in ${cur}; ${want} is behind it`);
    if (want !== t.to) {
      // skipping a gate: refused; a MUST gate skipped is a violation and blocks until it passes
      return apply(ctx, snap, (s, vs) => {
        const msg = `cannot go from ${cur} to ${want}: gate ${t.gate} (${cur} → ${t.to}) has not passed`;
        if (o.force && t.requirement === "MUST") {
          violate(s, vs, cur, t.gate, at);
          return { advanced: false, refused: true, from: cur, phase: s.currentPhase, missing_gate: t.gate, message: `${msg}; forced: violation logged, session in VIOLATION (only session_end leaves it)` };
        }
        if (t.requirement === "MUST") block(s, vs, cur, t.gate, at);
        return { advanced: false, refused: true, from: cur, phase: s.currentPhase, missing_gate: t.gate, message: t.requirement === "MUST" ? `${msg}; violation logged, session BLOCKED until ${t.gate} passes` : msg };
      });
    }
  }
  const r = await runGate(ctx, snap, t.gate);
  return apply(ctx, snap, (s, vs) => {
    recordResult(s, r);
    if (r.status !== "FAIL" || !t.blocking) {
      s.currentPhase = t.to;
      const note = r.status === "FAIL" ? ` (non-blocking ${t.gate} failed and was recorded: ${r.message})` : "";
      return { advanced: true, from: cur, phase: s.currentPhase, result: r, message: `${cur} → ${t.to}${note}` };
    }
    if (o.force && t.requirement === "MUST") {
      violate(s, vs, cur, t.gate, at);
      return {
        advanced: false, from: cur, phase: s.currentPhase, result: r, missing_gate: t.gate,
        message: `${t.gate} failed: ${r.message}; forced: violation logged, session in VIOLATION (only session_end leaves it)`,
      };
    }
    if (t.requirement === "MUST") block(s, vs, cur, t.gate, at);
    return {
      advanced: false, from: cur, phase: s.currentPhase, result: r, missing_gate: t.gate,
      message: `${t.gate} failed: ${r.message}${t.requirement === "MUST" ? "; violation logged, session BLOCKED" : ""}`,
    };
  });
}

// -------------------------------------------------------------- record_evidence

export async function recordEvidence(ctx: ProtocolContext, phase: string, type: string, evidence: string) {
  const gate = toGate(phase);
  if (typeof type !== "string" || !/^[a-z][a-z0-9_.-]{0,63}$/i.test(type)) throw new ProtocolError("INVALID_INPUT", "evidence_type must be a short identifier (letters, digits, _ . -), e.g. memory_read, handoff_hash");
  if (typeof evidence !== "string" || evidence.trim() === "") throw new ProtocolError("INVALID_INPUT", "evidence must be a non-empty string");
  if (evidence.length > 4000) throw new ProtocolError("INVALID_INPUT", `evidence is ${evidence.length} characters; at most 4000`);
  const at = nowOf(ctx);
  return ctx.store.transact((docs) => {
    const s = docs.current;
    if (!s) throw new ProtocolError("NO_SESSION", `no active session (no ${ctx.store.stateFile}); call session_start first`);
    if (gatePassed(s, gate)) {
      throw new ProtocolError("PHASE_COMPLETE", `gate ${gate} is already complete (session ${s.sessionId} is in ${s.currentPhase}${s.blockedFrom ? ` from ${s.blockedFrom}` : ""}); evidence can no longer change it`);
    }
    s.evidence.push({ at, phase: gate, type, evidence });
    tick(s, type, evidence);
    return { session_id: s.sessionId, phase: s.currentPhase, recorded: { at, phase: gate, type, evidence }, evidence_count: s.evidence.length };
  });
}

// -------------------------------------------------------------- get_blocked_reason

const RECOVERY: Record<Gate, string[]> = {
  SERENA_INIT: ["Create or mount the memories folder (default .serena/memories) and make it readable", "Call validate_gate SERENA_INIT, then advance_phase"],
  SKILL_VALIDATION: ["Make sure .claude/skills/github/scripts exists", "Read the skill-usage-mandatory memory and call record_evidence SKILL_VALIDATION memory_read <what you read>", "Call advance_phase"],
  CONTEXT_RETRIEVAL: ["Read .agents/HANDOFF.md and record its SHA-256: record_evidence CONTEXT_RETRIEVAL handoff_hash <hex>", "Without a hand-off file: record_evidence CONTEXT_RETRIEVAL notes <summary>", "Call advance_phase"],
  SESSION_LOG: ["Create .agents/sessions/<session id>.json (or .md) and fix the validator findings", "Call advance_phase"],
  GIT_STATE: ["Record branch and starting commit (session_start detects them from git)"],
  DOCS_UPDATE: ["Fill the work sections of the session log"],
  QUALITY_CHECKS: ["Fix the markdown lint findings in the changed files (agentcheck pre-pr --only PP-003 --fix helps)", "Call advance_phase or session_end again"],
  QA_VALIDATION: ["Write a QA report for the session under .agents/qa/ (its name contains the session id)", "For documentation-only changes: session_end skip_qa: true", "Call advance_phase or session_end again"],
  GIT_COMMIT: ["Commit every change (git status clean) with at least one commit since the starting commit", "Call advance_phase or session_end again"],
};

export async function getBlockedReason(ctx: ProtocolContext) {
  const s = requireSession(ctx);
  if (s.currentPhase === "VIOLATION") {
    return {
      blocked: true, session_id: s.sessionId, phase: s.currentPhase, blocked_from: s.blockedFrom, gate: s.blockedGate,
      message: `the session was forced past ${s.blockedGate ?? "a MUST gate"} (VIOLATION)`, recovery_steps: ["End the session with session_end (the end gates run from the phase it was forced in)"],
    };
  }
  if (s.currentPhase !== "BLOCKED") return { blocked: false, session_id: s.sessionId, phase: s.currentPhase };
  const gate = s.blockedGate!;
  const r = await runGate(ctx, s, gate);
  return {
    blocked: true, session_id: s.sessionId, phase: s.currentPhase, blocked_from: s.blockedFrom, gate,
    requirement_level: transitionOf(gate).requirement, status_now: r.status, message: r.message, recovery_steps: RECOVERY[gate],
  };
}

// -------------------------------------------------------------- session_end

export interface EndInput {
  summary: string;
  skip_qa?: boolean;
  decisions?: string[];
  next_session_notes?: string;
  /** End a session older than 24 h as ABANDONED. */
  abandon?: boolean;
  /**
   * Issue 35: at COMPLETE, record in the session's JSON log its endingCommit (HEAD when it names none),
   * contentEvidence and qaContentEvidence (src/evidence/record.ts recordLogEvidence); commit the log.
   */
  write_log?: boolean;
}

export async function sessionEnd(ctx: ProtocolContext, input: EndInput) {
  if (typeof input.summary !== "string" || input.summary.trim() === "") throw new ProtocolError("INVALID_INPUT", "summary is required");
  const snap = requireSession(ctx);
  const at = nowOf(ctx);
  const entry = (outcome: "COMPLETE" | "ABANDONED", commit: string) => ({
    id: snap.sessionId, objective: snap.objective, outcome, commit, summary: input.summary.trim(),
    decisions: (input.decisions ?? []).map((d) => String(d)).filter((d) => d.trim() !== ""), nextNotes: input.next_session_notes ?? "",
  });
  if (input.abandon) {
    const age = Date.parse(at) - Date.parse(snap.startedAt);
    if (!(age > 24 * 3600 * 1000)) throw new ProtocolError("NOT_STALE", `session ${snap.sessionId} started ${snap.startedAt}, less than 24 h ago; only older sessions can be abandoned`);
    return apply(ctx, snap, (_s, _vs, docs) => {
      docs.history.unshift(entry("ABANDONED", gitVerify(ctx.root, "HEAD") ?? ""));
      docs.current = undefined;
      return { status: "ABANDONED", session_id: snap.sessionId, results: [] as GateResult[] };
    });
  }
  // walk the transitions from where the session is, running each gate (on the snapshot)
  let phase = effectivePhase(snap)!;
  const results: GateResult[] = [];
  let stop: { gate: Gate; result: GateResult } | undefined;
  const blockedGate = snap.currentPhase === "BLOCKED" ? snap.blockedGate : undefined;
  while (phase !== "COMPLETE") {
    const t = transitionFrom(phase)!;
    const r = await runGate(ctx, snap, t.gate, { skipQa: input.skip_qa });
    results.push(r);
    if (r.status === "FAIL" && t.blocking) {
      stop = { gate: t.gate, result: r };
      break;
    }
    phase = t.to;
  }
  // write_log (issue 35): the session's JSON log records what a check on main needs after the branch
  // is gone; a log this changes is a change to commit (said in the result)
  let logEvidence: { log: string; written: boolean; reason?: string } | undefined;
  if (!stop && input.write_log) {
    const log = sessionLogPath(ctx.root, snap.sessionId, sessionsDirOf(ctx));
    if (log.exists) {
      const r = recordLogEvidence(ctx.root, log.path, snap.startingCommit, { maxBytes: ctx.maxFileBytes });
      logEvidence = { log: log.path, written: r.written, ...(r.reason ? { reason: r.reason } : {}) };
    } else logEvidence = { log: log.path, written: false, reason: "no session log" };
  }
  return apply(ctx, snap, (s, vs, docs) => {
    for (const r of results) recordResult(s, r);
    if (blockedGate && results.some((r) => r.phase === blockedGate && r.status !== "FAIL")) unblock(s, vs, at);
    if (stop) {
      const from = effectivePhase(s)!;
      const t = transitionOf(stop.gate);
      // the phases before the failing gate were passed on the way
      const reached = t.from;
      if ((s.currentPhase === "BLOCKED" && s.blockedGate === stop.gate) || s.currentPhase === "VIOLATION") {
        // still blocked on the same gate: no second violation; a VIOLATION stays one until the end passes
      } else {
        if (s.currentPhase === "BLOCKED") unblock(s, vs, at);
        if (t.requirement === "MUST") block(s, vs, reached, stop.gate, at);
        else s.currentPhase = reached;
      }
      return {
        status: s.currentPhase === "BLOCKED" ? "BLOCKED" : s.currentPhase, session_id: s.sessionId, phase: s.currentPhase, from,
        missing_gate: stop.gate, message: `${stop.gate} failed: ${stop.result.message}`, recovery_steps: RECOVERY[stop.gate], results,
      };
    }
    const head = gitVerify(ctx.root, "HEAD") ?? "";
    // what verification needs after the branch is gone (issue 35): the blobs the session's range wrote
    const content = head && snap.startingCommit ? contentEvidence(ctx.root, snap.startingCommit, head) : undefined;
    docs.history.unshift({ ...entry("COMPLETE", head), ...(content ? { contentEvidence: content.files } : {}) });
    docs.current = undefined;
    return { status: "COMPLETE", session_id: s.sessionId, phase: "COMPLETE", commit: head, ...(content ? { content_evidence: content } : {}), ...(logEvidence ? { log_evidence: logEvidence } : {}), results };
  });
}

// -------------------------------------------------------------- status / resources

export function status(ctx: ProtocolContext) {
  const docs = ctx.store.read();
  const s = docs.current;
  if (!s) return { active: false, store: ctx.store.mode, state_file: ctx.store.stateFile, last_session: docs.history[0]?.id ?? null };
  const p = effectivePhase(s);
  return {
    active: true, store: ctx.store.mode, state_file: ctx.store.stateFile,
    session_id: s.sessionId, objective: s.objective, branch: s.branch, starting_commit: s.startingCommit, started_at: s.startedAt,
    phase: s.currentPhase, ...(s.blockedFrom ? { blocked_from: s.blockedFrom, blocked_gate: s.blockedGate } : {}),
    next_gate: p ? transitionFrom(p)?.gate ?? null : null,
    gates: s.phaseStatus.map((r) => { const t = transitionOf(r.phase); return { gate: r.phase, status: r.status, evidence: r.evidence, from: t.from, to: t.to, requirement_level: t.requirement, blocking: t.blocking }; }),
    evidence: s.evidence,
  };
}
