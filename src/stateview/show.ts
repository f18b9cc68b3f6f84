// One reader for every session-state format on disk (`agentcheck state show`): Brain-note session state
// (src/state), session-protocol memories (specs/session-protocol-mcp.md §4), per-session manifests
// (agents/sessions/*/state.json, specs/session-formats.md §1) and .aibrain task checkpoints (§2).
// Detects which formats the workspace holds and normalises them into one list of sessions and tasks, each
// naming the file it came from. A file that fails to parse is listed with the reason, never hidden.
import { NOTE_MAX_BYTES, readTextOrThrow } from "../fsread.js";
import { readdirSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { NoteStore } from "../state/store.js";
import { notesConfinement, resolveNotesRoot } from "../state/paths.js";
import { StateError } from "../state/errors.js";
import { notePaths } from "../state/notes.js";
import { CheckpointStore, resumeInfo, AIBRAIN_DIR } from "../aibrain/checkpoint.js";
import { listManifests } from "../validators/manifest.js";
import { pushAll, maxOf } from "../arrays.js";

export const FORMATS = ["session-state", "session-protocol", "session-manifest", "aibrain"] as const;
export type StateFormat = (typeof FORMATS)[number];

export const FORMAT_LABELS: Record<StateFormat, string> = {
  "session-state": "Brain-note session state",
  "session-protocol": "session-protocol memories",
  "session-manifest": "per-session manifests (state.json)",
  aibrain: ".aibrain task checkpoints",
};

export interface FormatStatus {
  format: StateFormat;
  label: string;
  present: boolean;
  /** Where the format lives (repo-relative when inside the workspace). */
  location: string;
  files: number;
  unreadable: number;
}

export interface StateItem {
  format: StateFormat;
  kind: "session" | "task";
  id: string;
  active: boolean;
  status: string;
  /** Phase (manifests, memories, checkpoints) or mode (Brain-note state). */
  phase: string | null;
  lastUpdate: string | null;
  blockedBy: string[];
  file: string;
}

export interface ParseFailure {
  format: StateFormat;
  file: string;
  reason: string;
}

export interface StateView {
  workspace: string;
  formats: FormatStatus[];
  items: StateItem[];
  failures: ParseFailure[];
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

function listDir(abs: string): string[] | undefined {
  try {
    return readdirSync(abs).sort();
  } catch {
    return undefined;
  }
}

function mtimeIso(abs: string): string | null {
  try {
    return statSync(abs).mtime.toISOString();
  } catch {
    return null;
  }
}

export interface ShowOptions {
  /** Workspace directory (default cwd); its worktree is the root. */
  cwd?: string;
  notesDir?: string;
  env?: NodeJS.ProcessEnv;
}

// ------------------------------------------------------------------ Brain-note session state

function readBrainNotes(v: StateView, o: ShowOptions, rel: (p: string) => string): void {
  const r = resolveNotesRoot({ cwd: o.cwd, notesDir: o.notesDir, env: o.env });
  const store = new NoteStore(r.notesRoot, notesConfinement(r));
  const dir = join(r.notesRoot, "sessions");
  const names = listDir(dir);
  const fmt: FormatStatus = { format: "session-state", label: FORMAT_LABELS["session-state"], present: names !== undefined, location: rel(dir), files: 0, unreadable: 0 };
  v.formats.push(fmt);
  if (!names) return;
  let pointer: string | undefined;
  try {
    pointer = store.readPointer();
  } catch (e) {
    if (e instanceof StateError && e.code === "CORRUPT") {
      fmt.unreadable++;
      v.failures.push({ format: "session-state", file: rel(store.file(notePaths.pointer)), reason: e.message });
    }
  }
  const ids: string[] = [];
  for (const n of names) {
    const m = /^session-([a-z0-9][a-z0-9-]*)\.md$/.exec(n);
    if (!m) continue;
    if (/-agent-[a-z-]+$|-history-v\d+$/.test(m[1])) {
      // agent-context and history notes: not states (unless the front matter says so)
      let t: string;
      try {
        t = store.readText(`sessions/${n.slice(0, -3)}`) ?? "";
      } catch (e) {
        if (!(e instanceof StateError)) throw e;
        // unreadable (not UTF-8, too large, a FIFO, a link out): listed with the reason, never fatal
        fmt.files++;
        fmt.unreadable++;
        v.failures.push({ format: "session-state", file: rel(join(dir, n)), reason: `${e.code}: ${e.message}` });
        continue;
      }
      if (!/^type:\s*session-state\s*$/m.test(t.slice(0, 400))) continue;
    }
    ids.push(m[1]);
  }
  if (pointer !== undefined && !ids.includes(pointer)) {
    fmt.unreadable++;
    v.failures.push({ format: "session-state", file: rel(store.file(notePaths.pointer)), reason: `the current-session pointer names '${pointer}', which has no state note` });
  }
  for (const id of ids) {
    const file = rel(store.file(notePaths.state(id)));
    fmt.files++;
    try {
      const { state } = store.readState(id);
      const wf = state.orchestratorWorkflow;
      const blocked: string[] = [];
      if (wf) {
        const latest = new Map<string, (typeof wf.agentHistory)[number]>();
        for (const inv of wf.agentHistory) latest.set(inv.agent, inv);
        for (const inv of latest.values()) {
          if (inv.status === "blocked") blocked.push(`${inv.agent}: ${inv.output?.blockers.join("; ") || "blocked"}`);
        }
      }
      const open = !state.protocolEndComplete;
      v.items.push({
        format: "session-state",
        kind: "session",
        id,
        active: open && pointer === id,
        status: state.protocolEndComplete ? "closed" : pointer === id ? "current" : "open",
        phase: `mode ${state.currentMode}${wf ? `, workflow ${wf.workflowPhase}${wf.activeAgent ? ` (${wf.activeAgent})` : ""}${wf.pendingHandoffs.length ? `, ${wf.pendingHandoffs.length} pending handoff${wf.pendingHandoffs.length === 1 ? "" : "s"}` : ""}` : ""}`,
        lastUpdate: state.updatedAt,
        blockedBy: blocked,
        file,
      });
    } catch (e) {
      if (!(e instanceof StateError)) throw e;
      fmt.unreadable++;
      v.failures.push({ format: "session-state", file, reason: `${e.code}: ${e.message}` });
    }
  }
}

// ------------------------------------------------------------------ session-protocol memories

export interface ProtocolMemory {
  sessionId: string;
  objective: string | null;
  branch: string | null;
  startedAt: string | null;
  currentPhase: string;
  /** The gate a BLOCKED session waits on (written by the phase machine), if recorded. */
  blockedGate: string | null;
  /** Latest timestamp of the Evidence table, if any. */
  lastEvidenceAt: string | null;
  phaseStatus: { phase: string; status: string; evidence: string }[];
}

/** Parse `session-current-state.md` (session-protocol-mcp.md §4). Throws with a line number. */
export function parseProtocolState(text: string, file: string): ProtocolMemory {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const fail = (line: number, m: string): never => {
    throw new Error(`${file}:${line}: ${m}`);
  };
  const h1 = lines.findIndex((l) => l.trim() !== "");
  if (h1 < 0 || !/^#\s+Session State\s*$/.test(lines[h1])) fail(h1 + 1, "expected the heading '# Session State'");
  const meta = new Map<string, string>();
  const phaseStatus: ProtocolMemory["phaseStatus"] = [];
  let sectionName = "";
  let lastEvidence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const h = /^##\s+(.*?)\s*$/.exec(l);
    if (h) {
      sectionName = h[1];
      continue;
    }
    if (sectionName === "Metadata") {
      const m = /^\s*[-*]\s+\*\*(.+?)\*\*:\s*(.*)$/.exec(l);
      if (m) meta.set(m[1].trim().toLowerCase(), m[2].trim());
      else if (l.trim() !== "") fail(i + 1, "Metadata lines must read '- **Key**: value'");
    } else if (sectionName === "Evidence" && /^\s*\|/.test(l)) {
      const at = l.trim().replace(/^\|/, "").split(/(?<!\\)\|/)[0]?.trim() ?? "";
      const ms = Date.parse(at);
      if (Number.isFinite(ms) && (lastEvidence === null || ms > Date.parse(lastEvidence))) lastEvidence = new Date(ms).toISOString();
    } else if (sectionName === "Phase Status" && /^\s*\|/.test(l)) {
      const c = l.trim().replace(/^\||\|$/g, "").split(/(?<!\\)\|/).map((x) => x.trim().replace(/\\\|/g, "|"));
      if (c[0] === "Phase" || /^:?-+:?$/.test(c[0] ?? "")) continue;
      if (c.length < 2) fail(i + 1, "a Phase Status row needs Phase and Status cells");
      phaseStatus.push({ phase: c[0], status: c[1], evidence: c[2] ?? "" });
    }
  }
  const id = meta.get("session id");
  if (!id) fail(h1 + 1, "no '- **Session ID**:' in the Metadata section");
  const phase = meta.get("current phase");
  if (!phase) fail(h1 + 1, "no '- **Current Phase**:' in the Metadata section");
  return {
    sessionId: id!,
    objective: meta.get("objective") ?? null,
    branch: meta.get("branch") ?? null,
    startedAt: meta.get("started at") ?? null,
    currentPhase: phase!,
    blockedGate: meta.get("blocked gate") || null,
    lastEvidenceAt: lastEvidence,
    phaseStatus,
  };
}

function readProtocolMemories(v: StateView, root: string, rel: (p: string) => string): void {
  const memDir = join(root, ".serena", "memories");
  const current = join(memDir, "session-current-state.md");
  const fallback = join(root, ".agents", "sessions", ".session-state.json");
  const names = new Set(listDir(memDir) ?? []);
  const files = ["session-current-state.md", "session-history.md", "session-violations-log.md"].filter((n) => names.has(n));
  const hasFallback = (() => {
    try {
      return statSync(fallback).isFile();
    } catch {
      return false;
    }
  })();
  const fmt: FormatStatus = {
    format: "session-protocol", label: FORMAT_LABELS["session-protocol"], present: files.length > 0 || hasFallback,
    location: hasFallback && files.length === 0 ? rel(fallback) : rel(memDir), files: files.length + (hasFallback ? 1 : 0), unreadable: 0,
  };
  v.formats.push(fmt);
  const push = (p: ProtocolMemory, file: string, abs: string) => {
    const blocked = p.phaseStatus.filter((r) => /FAIL|BLOCK/i.test(r.status)).map((r) => `${r.phase}: ${r.status}${r.evidence ? ` (${r.evidence})` : ""}`);
    if (p.blockedGate && !blocked.some((b) => b.startsWith(`${p.blockedGate}:`))) blocked.unshift(`${p.blockedGate}: gate not passed`);
    if (/^BLOCKED$/i.test(p.currentPhase) && blocked.length === 0) blocked.push("phase BLOCKED (see session-violations-log.md)");
    v.items.push({
      format: "session-protocol", kind: "session", id: p.sessionId, active: !/^COMPLETE$/i.test(p.currentPhase),
      status: /^BLOCKED$/i.test(p.currentPhase) ? "blocked" : /^COMPLETE$/i.test(p.currentPhase) ? "complete" : "active",
      phase: p.currentPhase, lastUpdate: p.lastEvidenceAt ?? mtimeIso(abs), blockedBy: blocked, file,
    });
  };
  if (names.has("session-current-state.md")) {
    const file = rel(current);
    try {
      push(parseProtocolState(readTextOrThrow(current, { maxBytes: NOTE_MAX_BYTES, root }), file), file, current);
    } catch (e) {
      fmt.unreadable++;
      v.failures.push({ format: "session-protocol", file, reason: (e as Error).message });
    }
  } else if (hasFallback) {
    const file = rel(fallback);
    try {
      const j = JSON.parse(readTextOrThrow(fallback, { maxBytes: NOTE_MAX_BYTES, root })) as unknown;
      if (!isObj(j)) throw new Error("not a JSON object");
      const id = str(j.sessionId) ?? str(j.session_id) ?? str(j.id);
      const phase = str(j.currentPhase) ?? str(j.current_phase) ?? str(j.phase);
      if (!id || !phase) throw new Error("needs a session id and a current phase");
      const rows = Array.isArray(j.phaseStatus) ? (j.phaseStatus as unknown[]).filter(isObj).map((r) => ({ phase: String(r.phase ?? r.gate ?? ""), status: String(r.status ?? ""), evidence: String(r.evidence ?? "") })) : [];
      push({ sessionId: id, currentPhase: phase, objective: str(j.objective), branch: str(j.branch), startedAt: str(j.startedAt) ?? str(j.started_at), blockedGate: str(j.blockedGate), lastEvidenceAt: null, phaseStatus: rows }, file, fallback);
    } catch (e) {
      fmt.unreadable++;
      v.failures.push({ format: "session-protocol", file, reason: `${file}: ${(e as Error).message}` });
    }
  }
}

// ------------------------------------------------------------------ per-session manifests

const MANIFEST_PHASES = ["spec", "plan", "build", "docs", "complete"];
const MANIFEST_STATUSES = ["active", "paused", "complete", "failed"];

/** The fields state show needs from a v2 manifest, checked; throws naming the first problem. */
export function readManifestSummary(text: string): { id: string; status: string; phase: string; updatedAt: string; checkpoint: string | null } {
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch (e) {
    throw new Error(`invalid JSON (${(e as Error).message})`);
  }
  if (!isObj(j)) throw new Error("the manifest must be a JSON object");
  const need = (k: string) => {
    if (typeof j[k] !== "string" || j[k] === "") throw new Error(`'${k}' must be a non-empty string`);
    return j[k] as string;
  };
  const id = need("session_id");
  const status = need("status");
  const phase = need("current_phase");
  const updatedAt = need("updated_at");
  if (!MANIFEST_STATUSES.includes(status)) throw new Error(`status '${status}' is not one of ${MANIFEST_STATUSES.join(", ")}`);
  if (!MANIFEST_PHASES.includes(phase)) throw new Error(`current_phase '${phase}' is not one of ${MANIFEST_PHASES.join(", ")}`);
  const bp = isObj(j.build_progress) ? j.build_progress : undefined;
  const checkpoint = bp && typeof bp.current_checkpoint === "number" ? `checkpoint ${bp.current_checkpoint}/${String(bp.checkpoints_total ?? "?")}` : null;
  return { id, status, phase, updatedAt, checkpoint };
}

function readManifests(v: StateView, root: string, rel: (p: string) => string): void {
  // the manifest format's own read API (src/validators/manifest.ts): every SM rule decides validity
  const dir = join(root, "agents", "sessions");
  const entries = listManifests(root);
  const fmt: FormatStatus = { format: "session-manifest", label: FORMAT_LABELS["session-manifest"], present: entries.length > 0, location: rel(dir), files: entries.length, unreadable: 0 };
  v.formats.push(fmt);
  for (const e of entries) {
    const file = e.file;
    if (!e.valid || !e.manifest) {
      fmt.unreadable++;
      const why = e.findings.slice(0, 3).map((f) => `${f.ruleId}${f.line ? ` line ${f.line}` : ""}: ${f.message}`).join("; ");
      v.failures.push({ format: "session-manifest", file, reason: `${file}: ${why || "invalid manifest"}` });
      continue;
    }
    const m = e.manifest;
    const bp = m.build_progress;
    const checkpoint = bp && typeof bp.current_checkpoint === "number" ? `checkpoint ${bp.current_checkpoint}/${bp.checkpoints_total}` : null;
    const blocked: string[] = [];
    if (m.status === "failed") blocked.push("status failed");
    if (m.status === "paused") blocked.push("paused");
    v.items.push({
      format: "session-manifest", kind: "session", id: m.session_id, active: m.status === "active" || m.status === "paused", status: m.status,
      phase: checkpoint ? `${m.current_phase} (${checkpoint})` : m.current_phase, lastUpdate: m.updated_at, blockedBy: blocked, file,
    });
  }
}

// ------------------------------------------------------------------ .aibrain checkpoints

function readAibrain(v: StateView, root: string, rel: (p: string) => string): void {
  const store = new CheckpointStore({ root });
  const rows = store.list();
  const fmt: FormatStatus = { format: "aibrain", label: FORMAT_LABELS.aibrain, present: listDir(join(root, AIBRAIN_DIR)) !== undefined, location: rel(join(root, AIBRAIN_DIR)), files: rows.length, unreadable: 0 };
  v.formats.push(fmt);
  for (const r of rows) {
    if (r.error) {
      fmt.unreadable++;
      v.failures.push({ format: "aibrain", file: r.file, reason: r.error });
      continue;
    }
    let blocked: string[] = [];
    if (r.status === "blocked") {
      try {
        blocked = resumeInfo(store.load(r.task_id, { archived: r.archived }), root).blockers;
      } catch {
        /* listed already */
      }
      if (blocked.length === 0) blocked = ["status blocked"];
    }
    v.items.push({
      format: "aibrain", kind: "task", id: r.task_id, active: !r.archived && r.status !== "completed",
      status: r.archived ? `${String(r.status)} (archived)` : String(r.status),
      phase: `${String(r.phase)}, iteration ${String(r.iteration_count)}`, lastUpdate: str(r.updated_at), blockedBy: blocked, file: r.file,
    });
  }
}

// ------------------------------------------------------------------ all together

export function showState(o: ShowOptions = {}): StateView {
  const r = resolveNotesRoot({ cwd: o.cwd, notesDir: o.notesDir, env: o.env });
  const root = r.worktree;
  const rel = (p: string) => {
    const x = relative(root, p);
    return (x === "" ? "." : x.startsWith("..") || isAbsolute(x) ? p : x).split("\\").join("/");
  };
  const v: StateView = { workspace: root, formats: [], items: [], failures: [] };
  readBrainNotes(v, o, rel);
  readProtocolMemories(v, root, rel);
  readManifests(v, root, rel);
  readAibrain(v, root, rel);
  v.items.sort((a, b) => Number(b.active) - Number(a.active) || FORMATS.indexOf(a.format) - FORMATS.indexOf(b.format) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return v;
}

export function renderStateText(v: StateView): string {
  const L: string[] = [`Session state in ${v.workspace}`, "", "Formats:"];
  const w = maxOf(v.formats.map((f) => f.label.length), 0);
  for (const f of v.formats) {
    const detail = f.present ? `${f.files} file${f.files === 1 ? "" : "s"}${f.unreadable ? `, ${f.unreadable} unreadable` : ""}` : "absent";
    L.push(`  ${f.label.padEnd(w)}  ${f.present ? "present" : "absent "}  ${f.location}${f.present ? ` (${detail})` : ""}`);
  }
  const item = (i: StateItem) =>
    `  ${i.kind} ${i.id} [${i.format}] ${i.status}; ${i.phase ?? "-"}; updated ${i.lastUpdate ?? "unknown"}; blocked by: ${i.blockedBy.length ? i.blockedBy.join("; ") : "nothing"}\n      ${i.file}`;
  const active = v.items.filter((i) => i.active);
  const rest = v.items.filter((i) => !i.active);
  pushAll(L, ["", `Active (${active.length}):`]);
  pushAll(L, active.length ? active.map(item) : ["  none"]);
  if (rest.length) pushAll(pushAll(L, ["", `Inactive (${rest.length}):`]), rest.map(item));
  if (v.failures.length) pushAll(pushAll(L, ["", `Unreadable (${v.failures.length}):`]), v.failures.map((f) => `  [${f.format}] ${f.file}: ${f.reason}`));
  if (!v.formats.some((f) => f.present)) L.push("", "No session-state format found in this workspace.");
  return `${L.join("\n")}\n`;
}
