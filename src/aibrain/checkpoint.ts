// .aibrain task checkpoints (specs/session-formats.md §2): `.aibrain/session-{task_id}.md` holds a JSON
// front-matter block between two `---` delimiter lines, then free markdown. A long-running agent loop saves
// after every iteration so that a context reset loses nothing.
//
// Writes reuse the session-state store's machinery (src/state/store.ts): one lock file per checkpoint
// (exclusive create, stale-lock breaking) and temp file + fsync + rename. Readers never lock.
import { existsSync, readdirSync } from "node:fs";
import { fsyncDir, linkConfined, mkdirConfined, removeConfined } from "../fswrite.js";
import { basename, join, resolve } from "node:path";
import { NoteStore, type StoreOptions } from "../state/store.js";
import { StateError } from "../state/errors.js";
import { worktreeRoot } from "../state/paths.js";
import { executeValidator } from "../engine.js";
import { KIND, type WasmValidator } from "../wasm/abi.js";
import { FLAGS } from "../wasm/contract.js";
import { pushAll } from "../arrays.js";

export const AIBRAIN_DIR = ".aibrain";
export const ARCHIVE_DIR = "sessions/archive";
export const TASK_STATUSES = ["in_progress", "blocked", "completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Keys the saver owns (in this order at the top of the front matter). */
const OWNED = ["id", "task_id", "project", "created_at", "updated_at", "iteration_count", "checkpoint_number", "phase", "status"] as const;

export interface CheckpointData {
  id: string;
  task_id: string;
  project: string;
  created_at: string;
  updated_at: string;
  iteration_count: number;
  checkpoint_number: number;
  phase: string;
  status: TaskStatus;
  [key: string]: unknown;
}

export interface Checkpoint {
  data: CheckpointData;
  /** The markdown after the front matter (design name: markdown_content). */
  markdown_content: string;
  /** Absolute path of the file it came from. */
  file: string;
  archived: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const invalid = (m: string, d?: Record<string, unknown>) => new StateError("INVALID_INPUT", m, d);

/** Task ids become file names: letters, digits, '.', '_', '-' only; no separators, no `..`, not hidden. */
export function checkTaskId(taskId: unknown): string {
  if (typeof taskId !== "string" || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(taskId) || taskId.includes("..")) {
    throw invalid(`invalid task id ${JSON.stringify(taskId)}: use letters, digits, '.', '_' and '-' (no path separators, no '..', at most 128 characters)`);
  }
  return taskId;
}

// ------------------------------------------------------------------ parsing

/** Line and column (1-based) of a UTF-16 offset. */
function lineCol(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** End offset (exclusive) of the JSON object/array starting at `from`, honouring strings; -1 if it never closes. */
function jsonEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
        else if (d === 10) return -1; // raw newline in a string: not JSON
      }
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Offset of the first JSON syntax error in `s` (a strict scanner; only called when JSON.parse failed). */
function jsonErrorOffset(s: string): { offset: number; message: string } {
  let i = 0;
  const n = s.length;
  const fail = (message: string): never => {
    throw { offset: i, message };
  };
  const ws = () => {
    while (i < n && (s[i] === " " || s[i] === "\t" || s[i] === "\n" || s[i] === "\r")) i++;
  };
  const str = () => {
    i++;
    while (i < n) {
      const c = s[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\\") {
        const e = s[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) fail("invalid \\u escape");
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail("invalid escape in string");
      } else if (c.charCodeAt(0) < 0x20) fail("control character in string (escape newlines as \\n)");
      else i++;
    }
    fail("unterminated string");
  };
  const value = (depth: number): void => {
    ws();
    if (depth > 512) fail("nesting too deep");
    const c = s[i];
    if (c === "{") {
      i++;
      ws();
      if (s[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (s[i] !== '"') fail("expected a property name in double quotes");
        str();
        ws();
        if (s[i] !== ":") fail("expected ':' after the property name");
        i++;
        value(depth + 1);
        ws();
        if (s[i] === ",") {
          i++;
          continue;
        }
        if (s[i] === "}") {
          i++;
          return;
        }
        fail("expected ',' or '}'");
      }
    } else if (c === "[") {
      i++;
      ws();
      if (s[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (s[i] === ",") {
          i++;
          continue;
        }
        if (s[i] === "]") {
          i++;
          return;
        }
        fail("expected ',' or ']'");
      }
    } else if (c === '"') str();
    else {
      const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(s.slice(i, i + 400));
      if (!m) fail(i >= n ? "unexpected end of the front matter" : `unexpected character ${JSON.stringify(c)}`);
      i += m![0].length;
    }
  };
  try {
    value(0);
    ws();
    if (i < n) fail("unexpected text after the JSON value");
    return { offset: n, message: "invalid JSON" };
  } catch (e) {
    const x = e as { offset: number; message: string };
    return { offset: Math.min(x.offset, n), message: x.message };
  }
}

export interface ParsedFile {
  data: Record<string, unknown>;
  body: string;
}

/**
 * Split a checkpoint file by delimiter *lines*: line 1 is `---`, the JSON value follows (its end is found
 * by a string-aware scan, so `---` inside a JSON string never ends it), then a line that is exactly `---`.
 * The body is everything after it; horizontal rules in the body are body text. Errors are CORRUPT with
 * `line` and `column` (1-based) in details.
 */
export function parseCheckpointText(raw: string, what: string): ParsedFile {
  let text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
  const err = (line: number, column: number, message: string) =>
    new StateError("CORRUPT", `${what}:${line}:${column}: malformed front matter: ${message}`, { file: what, line, column });
  const firstNl = text.indexOf("\n");
  const first = firstNl < 0 ? text : text.slice(0, firstNl);
  if (first.trimEnd() !== "---") throw err(1, 1, "the file must start with a '---' line");
  let p = firstNl + 1;
  while (p < text.length && /[ \t\n]/.test(text[p])) p++;
  if (text[p] !== "{") {
    const lc = lineCol(text, p);
    throw err(lc.line, lc.column, p >= text.length ? "no JSON object after the opening '---'" : "front matter must be a JSON object (this is not YAML)");
  }
  // the closing delimiter: the first line after the JSON that is exactly `---`
  const end = jsonEnd(text, p);
  let closeLine = -1;
  if (end > 0) {
    // the rest of the JSON's last line may hold whitespace only (the same white space as the core's
    // String#trim: NBSP and the other Unicode spaces count, as in JavaScript's trim)
    const q = text.indexOf("\n", end);
    if (q >= 0 && text.slice(end, q).trim() === "") {
      const nl2 = text.indexOf("\n", q + 1);
      const line = text.slice(q + 1, nl2 < 0 ? undefined : nl2);
      if (line.trimEnd() === "---") closeLine = q + 1;
    }
  }
  if (closeLine < 0 && end > 0) {
    let ok = true;
    try {
      JSON.parse(text.slice(p, end));
    } catch {
      ok = false;
    }
    if (ok) {
      const nl2 = text.indexOf("\n", end);
      const at = nl2 < 0 ? text.length : nl2 + 1;
      const lc = lineCol(text, at);
      throw err(lc.line, lc.column, "expected a '---' line right after the JSON object");
    }
  }
  if (closeLine < 0) {
    // bound the error search by the first delimiter line, else the whole rest
    const m = /\n---[ \t]*(\n|$)/.exec(text.slice(p - 1));
    const region = m ? text.slice(p, p - 1 + m.index) : text.slice(p);
    let bad: { offset: number; message: string };
    try {
      JSON.parse(region);
      bad = end > 0
        ? { offset: end - p, message: "the JSON object must be followed by a line '---'" }
        : { offset: region.length, message: "no closing '---' line" };
    } catch {
      bad = jsonErrorOffset(region);
    }
    const lc = lineCol(text, p + bad.offset);
    throw err(lc.line, lc.column, bad.message);
  }
  const json = text.slice(p, end);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    const bad = jsonErrorOffset(json);
    const lc = lineCol(text, p + bad.offset);
    throw err(lc.line, lc.column, bad.message);
  }
  const nl = text.indexOf("\n", closeLine);
  let body = nl < 0 ? "" : text.slice(nl + 1);
  if (body.startsWith("\n")) body = body.slice(1); // the one blank line the writer puts after the delimiter
  if (body.endsWith("\n")) body = body.slice(0, -1); // the line end the writer puts after the body: "Done!" reads back as "Done!"
  return { data: data as Record<string, unknown>, body };
}

/** Render a checkpoint: owned keys first (fixed order), pass-through keys after, 2-space JSON. */
export function renderCheckpoint(data: CheckpointData, body: string): string {
  const ordered: Record<string, unknown> = {};
  for (const k of OWNED) ordered[k] = data[k];
  for (const k of Object.keys(data)) if (!(k in ordered)) ordered[k] = data[k];
  // the body verbatim plus one line end, which the reader removes again: a body round-trips exactly
  const b = body === "" ? "" : `${body}\n`;
  return `---\n${JSON.stringify(ordered, null, 2)}\n---\n\n${b}`;
}

/** Problems of a checkpoint's front matter (the saver's own check; the WASM validator is `check`'s). */
export function checkpointIssues(d: Record<string, unknown>): string[] {
  const out: string[] = [];
  const intOk = (k: string) => Number.isSafeInteger(d[k]) && (d[k] as number) >= 0;
  if (!intOk("iteration_count")) out.push("iteration_count must be a whole number >= 0");
  if (typeof d.phase !== "string" || d.phase.trim() === "") out.push("phase must be a non-empty string");
  if (!(TASK_STATUSES as readonly unknown[]).includes(d.status)) out.push(`status must be one of ${TASK_STATUSES.join(", ")}`);
  if (d.checkpoint_number !== undefined && !intOk("checkpoint_number")) out.push("checkpoint_number must be a whole number >= 0");
  if (d.max_iterations !== undefined && d.max_iterations !== null) {
    if (!intOk("max_iterations")) out.push("max_iterations must be a whole number >= 0");
    else if (intOk("iteration_count") && (d.iteration_count as number) > (d.max_iterations as number)) out.push("iteration_count exceeds max_iterations");
  }
  for (const k of ["id", "task_id", "project", "created_at", "updated_at"]) if (d[k] !== undefined && typeof d[k] !== "string") out.push(`${k} must be a string`);
  return out;
}

/**
 * The core's error findings (the AB rules `agentcheck check` applies) on a checkpoint's text: the
 * writer refuses what check would reject (an empty id, a created_at that is no ISO 8601 time), and a
 * load of such a file is invalid as check says.
 */
export function coreCheckpointIssues(rel: string, text: string, archived = false): string[] {
  const out = executeValidator("aibrain" as WasmValidator, [{ file: rel, kind: KIND.AIBRAIN, flags: archived ? FLAGS.aibrain.ARCHIVED : 0, bytes: new TextEncoder().encode(text) }], {});
  if (out.internalErrors.length > 0) throw new Error(`internal error: ${out.internalErrors.join("; ")}`);
  return out.results.flatMap((r) => r.findings.filter((f) => f.severity === "error").map((f) => `${f.ruleId} ${f.message}`));
}

// ------------------------------------------------------------------ the store

export interface CheckpointStoreOptions extends StoreOptions {
  /** Workspace root holding `.aibrain/` (default: the worktree enclosing cwd). */
  root?: string;
  cwd?: string;
  /** Project name written on first save (default: the workspace folder's name). */
  project?: string;
  now?: () => Date;
}

export interface SaveInput {
  iteration_count: number;
  phase: string;
  status: TaskStatus;
  [key: string]: unknown;
}

export interface TaskListing {
  task_id: string;
  status: unknown;
  phase: unknown;
  iteration_count: unknown;
  updated_at: unknown;
  archived: boolean;
  file: string;
  error?: string;
}

export class CheckpointStore {
  readonly workspace: string;
  readonly dir: string;
  readonly notes: NoteStore;
  private readonly project: string;
  private readonly clock: () => Date;

  constructor(opts: CheckpointStoreOptions = {}) {
    this.workspace = opts.root ? resolve(opts.root) : worktreeRoot(opts.cwd ?? process.cwd());
    this.dir = join(this.workspace, AIBRAIN_DIR);
    const envTimeout = Number(process.env.AGENTCHECK_LOCK_TIMEOUT_MS);
    // confined to the workspace: an .aibrain (or a folder or checkpoint in it) that links out of the
    // repository is neither read nor written
    this.notes = new NoteStore(this.dir, { lockTimeoutMs: Number.isFinite(envTimeout) && envTimeout > 0 ? envTimeout : undefined, confine: this.workspace, ...opts, ignoreRoot: false });
    this.project = opts.project ?? basename(this.workspace);
    this.clock = opts.now ?? (() => new Date());
  }

  /** Note path (relative to .aibrain, no .md) of a task's active or archived checkpoint. */
  notePath(taskId: string, archived = false): string {
    return `${archived ? `${ARCHIVE_DIR}/` : ""}session-${checkTaskId(taskId)}`;
  }
  file(taskId: string, archived = false): string {
    return this.notes.file(this.notePath(taskId, archived));
  }

  /** Read a checkpoint (no lock). NOT_FOUND, CORRUPT (with line/column) or SCHEMA_INVALID. */
  load(taskId: string, opts: { archived?: boolean } = {}): Checkpoint {
    const np = this.notePath(taskId, opts.archived);
    const text = this.notes.readText(np);
    const rel = `${AIBRAIN_DIR}/${np}.md`;
    if (text === undefined) {
      const hint = !opts.archived && existsSync(this.file(taskId, true)) ? " (it is archived: load it with --archived)" : "";
      throw new StateError("NOT_FOUND", `no checkpoint for task '${taskId}'${hint}`, { task_id: taskId, file: rel });
    }
    const { data, body } = parseCheckpointText(text, rel);
    if (!isObj(data)) throw new StateError("CORRUPT", `${rel}: front matter must be a JSON object`, { file: rel, line: 2, column: 1 });
    const issues = checkpointIssues(data);
    if (issues.length === 0) pushAll(issues, coreCheckpointIssues(rel, text, !!opts.archived));
    if (issues.length) throw new StateError("SCHEMA_INVALID", `${rel}: ${issues.join("; ")}`, { file: rel, issues });
    return { data: data as CheckpointData, markdown_content: body, file: this.notes.file(np), archived: !!opts.archived };
  }

  private nowIso(): string {
    return this.clock().toISOString();
  }

  private commit(taskId: string, prev: CheckpointData | undefined, input: Record<string, unknown>, body: string): Checkpoint {
    const now = this.nowIso();
    for (const k of ["markdown_content"]) if (k in input) throw invalid(`'${k}' is not a front-matter key (give the body separately)`);
    if (input.task_id !== undefined && input.task_id !== taskId) throw invalid(`task_id '${String(input.task_id)}' does not match the task '${taskId}'`);
    const createdAt = prev?.created_at ?? now;
    const data: CheckpointData = {
      ...input,
      id: (typeof prev?.id === "string" ? prev.id : undefined) ?? (typeof input.id === "string" ? input.id : `SESSION-${createdAt.slice(0, 10)}-${taskId}`),
      task_id: taskId,
      project: typeof input.project === "string" ? input.project : (prev?.project ?? this.project),
      created_at: createdAt,
      updated_at: Date.parse(now) < Date.parse(createdAt) ? createdAt : now,
      iteration_count: input.iteration_count as number,
      checkpoint_number: input.checkpoint_number !== undefined ? (input.checkpoint_number as number) : prev ? (prev.checkpoint_number ?? 0) + 1 : 0,
      phase: input.phase as string,
      status: input.status as TaskStatus,
    };
    const issues = checkpointIssues(data);
    const np = this.notePath(taskId);
    const text = renderCheckpoint(data, body);
    if (issues.length === 0) pushAll(issues, coreCheckpointIssues(`${AIBRAIN_DIR}/${np}.md`, text));
    if (issues.length) throw invalid(`checkpoint for '${taskId}' rejected: ${issues.join("; ")}`, { issues });
    this.notes.writeAtomic(np, text);
    return { data, markdown_content: body, file: this.notes.file(np), archived: false };
  }

  private loadIfExists(taskId: string): Checkpoint | undefined {
    try {
      return this.load(taskId);
    } catch (e) {
      if (e instanceof StateError && e.code === "NOT_FOUND") return undefined;
      throw e;
    }
  }

  /**
   * Save (overwrite) a task's checkpoint. Required: iteration_count, phase, status. Kept from the previous
   * save: id, created_at, project; checkpoint_number = previous + 1 unless given (0 on the first save).
   * `body` undefined keeps the previous markdown. An existing but unreadable checkpoint is never
   * overwritten (CORRUPT/SCHEMA_INVALID): fix or remove it first.
   */
  async save(taskId: string, input: SaveInput | Record<string, unknown>, body?: string): Promise<Checkpoint> {
    checkTaskId(taskId);
    if (!isObj(input)) throw invalid("checkpoint data must be a JSON object");
    const missing = ["iteration_count", "phase", "status"].filter((k) => input[k] === undefined);
    if (missing.length) throw invalid(`save needs ${missing.join(", ")}`);
    this.sweepDebris();
    return this.notes.withLock(this.notePath(taskId), () => {
      // under the lock archive() moves the file under: a save waiting for it sees the archive
      if (existsSync(this.file(taskId, true))) throw new StateError("ALREADY_EXISTS", `task '${taskId}' is archived; choose a new task id`, { task_id: taskId });
      const prev = this.loadIfExists(taskId);
      return this.commit(taskId, prev?.data, input as Record<string, unknown>, body ?? prev?.markdown_content ?? "");
    });
  }

  /** Load, merge `fields` (a null value removes a pass-through key), save. NOT_FOUND when there is none. */
  async update(taskId: string, fields: Record<string, unknown>, body?: string): Promise<Checkpoint> {
    checkTaskId(taskId);
    if (!isObj(fields)) throw invalid("update fields must be a JSON object");
    if (!existsSync(this.file(taskId))) return Promise.reject(this.notFound(taskId));
    this.sweepDebris();
    return this.notes.withLock(this.notePath(taskId), () => {
      // archived meanwhile (archive() holds this lock while it moves the file): nothing to update
      if (existsSync(this.file(taskId, true)) && !existsSync(this.file(taskId))) throw new StateError("ALREADY_EXISTS", `task '${taskId}' is archived; choose a new task id`, { task_id: taskId });
      const prev = this.load(taskId);
      const merged: Record<string, unknown> = { ...prev.data };
      for (const [k, v] of Object.entries(fields)) {
        if (v === null && !(OWNED as readonly string[]).includes(k)) delete merged[k];
        else merged[k] = v;
      }
      if (fields.checkpoint_number === undefined) delete merged.checkpoint_number; // counts up
      for (const k of ["updated_at", "created_at", "id"]) if (fields[k] === undefined) delete merged[k];
      return this.commit(taskId, prev.data, merged, body ?? prev.markdown_content);
    });
  }

  /**
   * Remove what killed writers left behind (temp files, stale locks and broken-lock leftovers of dead
   * processes) in .aibrain and its archive; every write calls it, so debris never outlives the next one.
   */
  sweepDebris(): string[] {
    return [...this.notes.sweepDebris(""), ...this.notes.sweepDebris(ARCHIVE_DIR)];
  }

  private notFound(taskId: string): StateError {
    return new StateError("NOT_FOUND", `no checkpoint for task '${taskId}'`, { task_id: taskId });
  }

  /**
   * Move a completed task to `.aibrain/sessions/archive/` (link + unlink: never overwrites an archived file
   * of the same name). Only `completed` tasks are archived (the archive holds finished work only).
   */
  async archive(taskId: string): Promise<{ task_id: string; from: string; to: string }> {
    checkTaskId(taskId);
    if (!existsSync(this.file(taskId))) throw this.notFound(taskId);
    this.sweepDebris();
    return this.notes.withLock(this.notePath(taskId), () => {
      const cp = this.load(taskId);
      if (cp.data.status !== "completed") {
        throw invalid(`task '${taskId}' is ${String(cp.data.status)}: only completed tasks are archived (agentcheck task update ${taskId} --status completed)`);
      }
      const from = this.file(taskId);
      const to = this.file(taskId, true);
      try {
        mkdirConfined(join(this.dir, ARCHIVE_DIR), this.notes.confine);
      } catch (e) {
        throw new StateError("IO_ERROR", `cannot create ${AIBRAIN_DIR}/${ARCHIVE_DIR}: ${(e as Error).message}`);
      }
      try {
        linkConfined(from, to, this.notes.confine);
      } catch (e) {
        const c = (e as NodeJS.ErrnoException).code;
        if (c === "EEXIST") throw new StateError("ALREADY_EXISTS", `an archived checkpoint ${AIBRAIN_DIR}/${ARCHIVE_DIR}/session-${taskId}.md already exists: not overwritten`, { task_id: taskId });
        throw new StateError("IO_ERROR", `cannot archive '${taskId}': ${(e as Error).message}`);
      }
      try {
        removeConfined(from, this.notes.confine);
      } catch (e) {
        throw new StateError("IO_ERROR", `archived, but cannot remove ${from}: ${(e as Error).message}`);
      }
      for (const d of [join(this.dir, ARCHIVE_DIR), this.dir]) fsyncDir(d);
      return { task_id: taskId, from: `${AIBRAIN_DIR}/session-${taskId}.md`, to: `${AIBRAIN_DIR}/${ARCHIVE_DIR}/session-${taskId}.md` };
    });
  }

  /** Active and archived checkpoints with status and iteration (unreadable ones carry `error`). */
  list(): TaskListing[] {
    const out: TaskListing[] = [];
    const scan = (rel: string, archived: boolean) => {
      let names: string[];
      try {
        names = readdirSync(join(this.dir, rel)).sort();
      } catch {
        return;
      }
      for (const n of names) {
        const m = /^session-(.+)\.md$/.exec(n);
        if (!m) continue;
        const file = `${AIBRAIN_DIR}/${rel ? `${rel}/` : ""}${n}`;
        const row: TaskListing = { task_id: m[1], status: null, phase: null, iteration_count: null, updated_at: null, archived, file };
        try {
          const cp = this.load(m[1], { archived });
          Object.assign(row, { status: cp.data.status, phase: cp.data.phase, iteration_count: cp.data.iteration_count, updated_at: cp.data.updated_at });
        } catch (e) {
          row.error = (e as Error).message;
        }
        out.push(row);
      }
    };
    scan("", false);
    scan(ARCHIVE_DIR, true);
    return out;
  }
}

// ------------------------------------------------------------------ resume

export interface ResumeInfo {
  task_id: string;
  file: string;
  objective: string | null;
  status: string;
  phase: string;
  iteration_count: number;
  /** The iteration a restarted loop continues with. */
  next_iteration: number;
  max_iterations: number | null;
  checkpoint_number: number;
  updated_at: string;
  next_steps: string[];
  blockers: string[];
  last_output: string | null;
  /** Progress / summary text from the body (kept verbatim). */
  progress: string | null;
}

/** A markdown section's text (heading matched case-insensitively), without the heading line. */
function section(body: string, names: RegExp): string | null {
  const lines = body.split("\n");
  let inFence = false;
  let start = -1;
  let level = 0;
  const out: string[] = [];
  for (const l of lines) {
    if (/^\s*(```|~~~)/.test(l)) inFence = !inFence;
    const h = inFence ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(l);
    if (start >= 0) {
      if (h && h[1].length <= level) break;
      out.push(l);
    } else if (h && names.test(h[2])) {
      start = 1;
      level = h[1].length;
    }
  }
  if (start < 0) return null;
  const t = out.join("\n").trim().replace(/(\n\s*(-{3,}|\*{3,}|_{3,})\s*)+$/, "").trim();
  return t === "" ? null : t;
}

function listItems(text: string | null): string[] {
  if (!text) return [];
  return text.split("\n").map((l) => /^\s{0,3}(?:[-*+]|\d+[.)])\s+(?:\[ \]\s+)?(.*)$/.exec(l)?.[1]?.trim() ?? "").filter((s) => s !== "" && !/^\[x\]/i.test(s));
}

const strList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === "string" || typeof x === "number").map(String) : typeof v === "string" && v.trim() ? [v] : []);

/** What a new context window needs to continue the task. */
export function resumeInfo(cp: Checkpoint, workspace: string): ResumeInfo {
  const d = cp.data;
  const body = cp.markdown_content;
  const objective = typeof d.objective === "string" ? d.objective : typeof d.task_description === "string" ? d.task_description : section(body, /^(task summary|objective|goal)/i);
  let next = strList(d.next_steps);
  if (next.length === 0) next = listItems(section(body, /^next steps?/i));
  let blockers = strList(d.blockers);
  if (typeof d.error === "string" && d.error.trim()) blockers.push(`error: ${d.error}`);
  if (blockers.length === 0) blockers = listItems(section(body, /blockers?/i)).filter((b) => !/^(none|n\/a|-)\.?$/i.test(b));
  const rel = cp.file.startsWith(workspace) ? cp.file.slice(workspace.length + 1).split("\\").join("/") : cp.file;
  return {
    task_id: d.task_id,
    file: rel,
    objective: objective ?? null,
    status: d.status,
    phase: d.phase,
    iteration_count: d.iteration_count,
    next_iteration: d.iteration_count + 1,
    max_iterations: Number.isSafeInteger(d.max_iterations) ? (d.max_iterations as number) : null,
    checkpoint_number: d.checkpoint_number,
    updated_at: d.updated_at,
    next_steps: next,
    blockers,
    last_output: typeof d.last_output === "string" ? d.last_output : null,
    progress: section(body, /^progress/i),
  };
}

export function renderResume(r: ResumeInfo): string {
  const L: string[] = [];
  L.push(`# Resume task ${r.task_id}`, "");
  L.push(`Checkpoint: \`${r.file}\` (checkpoint ${r.checkpoint_number}, updated ${r.updated_at})`, "");
  L.push("## Objective", "", r.objective ?? "(not recorded)", "");
  L.push("## Status", "");
  L.push(`- Status: ${r.status}`, `- Phase: ${r.phase}`);
  L.push(`- Iterations done: ${r.iteration_count}${r.max_iterations !== null ? ` of ${r.max_iterations}` : ""}; continue with iteration ${r.next_iteration}`, "");
  L.push("## Next steps", "");
  pushAll(L, r.next_steps.length ? r.next_steps.map((s, i) => `${i + 1}. ${s}`) : ["(none recorded)"]).push("");
  L.push("## Blockers", "");
  pushAll(L, r.blockers.length ? r.blockers.map((s) => `- ${s}`) : ["(none)"]).push("");
  L.push("## Last output", "");
  L.push(r.last_output === null ? "(none recorded)" : r.last_output.split("\n").map((l) => `> ${l}`).join("\n"), "");
  if (r.progress) L.push("## Progress", "", r.progress, "");
  return `${L.join("\n").replace(/\n+$/, "")}\n`;
}
