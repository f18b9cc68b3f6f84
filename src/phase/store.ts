// Persistence of the protocol state (specs/session-protocol-mcp.md §4). In a memories folder
// (default .serena/memories) three markdown notes; without one, a JSON fallback file
// (.agents/sessions/.session-state.json) holding the same content. Writers use the session-state
// store's lock-file compare-and-swap and atomic replace (src/state/store.ts, NoteStore): one lock
// guards all three files, each transaction re-reads them under the lock, and a file that does not
// parse aborts the transaction (PhaseFormatError naming file and line) before anything is written.
import { existsSync, readdirSync, statSync } from "node:fs";
import { removeConfined } from "../fswrite.js";
import { join, relative, resolve } from "node:path";
import { NoteStore } from "../state/store.js";
import { StateError } from "../state/errors.js";
import {
  CURRENT_STATE_FILE, HISTORY_FILE, HISTORY_KEEP, PhaseFormatError, VIOLATIONS_FILE,
  parseHistory, parseState, parseViolations, renderHistory, renderState, renderViolations,
} from "./format.js";
import type { HistoryEntry, ProtocolState, Violation } from "./model.js";
import { DEFAULT_PATHS } from "../config-paths.js";

export const DEFAULT_MEMORIES_DIR = DEFAULT_PATHS.memories;

/**
 * Why a `--memories-dir` is refused (`agentcheck mcp`, `agentcheck phase`: a usage error, exit 2), or
 * undefined when it is absent or names the configuration's `paths.memories` (`configured`). The MCP server, `agentcheck phase` and the PreToolUse gate must all read one folder: a
 * session kept elsewhere would go unseen by the others (the gate would see no session at all).
 */
export function memoriesDirRefusal(command: string, root: string, memoriesDir: string | undefined, configured: string): string | undefined {
  if (memoriesDir === undefined) return undefined;
  if (resolve(root, memoriesDir) === resolve(root, configured)) return undefined;
  return `agentcheck ${command}: --memories-dir ${memoriesDir} is not the configuration's memories folder (paths.memories: ${configured}); \`agentcheck mcp\`, \`agentcheck phase\` and the PreToolUse gate read paths.memories, so set "paths": { "memories": "${memoriesDir.replace(/\\/g, "/")}" } in agentcheck.config.json instead`;
}
export const JSON_FALLBACK = ".agents/sessions/.session-state.json";
const JSON_FORMAT = "agentcheck-session-protocol";
/** The fallback file's name in its folder (also the name of its lock). */
const JSON_NAME = ".session-state.json";
const RETRY = Symbol("retry");

export interface ProtocolDocs {
  current: ProtocolState | undefined;
  history: HistoryEntry[];
  violations: Violation[];
}

/** NoteStore addressing files by their full name (the protocol's notes are not basic-memory notes). */
class FileStore extends NoteStore {
  override file(name: string): string {
    return join(this.root, name);
  }
}

export interface PhaseStoreOptions {
  /** Workspace root. */
  root: string;
  /** Memories folder, workspace-relative (default .serena/memories). */
  memoriesDir?: string;
  lockTimeoutMs?: number;
}

export class PhaseStore {
  readonly root: string;
  readonly memoriesDir: string;
  private readonly mdFiles: FileStore;
  private readonly jsonFiles: FileStore;

  constructor(o: PhaseStoreOptions) {
    this.root = o.root;
    this.memoriesDir = o.memoriesDir ?? DEFAULT_PATHS.memories;
    // confined to the workspace: a memories folder (or a file in it) that links out is neither read nor written
    const lock = { lockTimeoutMs: o.lockTimeoutMs ?? 15_000, confine: o.root };
    this.mdFiles = new FileStore(join(o.root, this.memoriesDir), lock);
    this.jsonFiles = new FileStore(join(o.root, JSON_FALLBACK, ".."), lock);
  }

  /**
   * Where the state lives, decided at every use (a long-running server sees a memories folder created
   * after it started): the memories folder when it is a folder, else the JSON fallback.
   */
  get mode(): "memories" | "json" {
    try {
      return statSync(join(this.root, this.memoriesDir)).isDirectory() ? "memories" : "json";
    } catch {
      return "json";
    }
  }

  /** Workspace-relative path of one of the markdown files in the memories folder. */
  rel(name: string): string {
    return relative(this.root, this.mdFiles.file(name)).split("\\").join("/");
  }

  /** Where the state lives (for messages and resources). */
  get stateFile(): string {
    return this.mode === "memories" ? this.rel(CURRENT_STATE_FILE) : JSON_FALLBACK;
  }

  /** Number of markdown files in the memories folder (SERENA_INIT); throws when it cannot be listed. */
  listMemories(): string[] {
    return readdirSync(join(this.root, this.memoriesDir)).filter((n) => n.endsWith(".md")).sort();
  }

  // -------------------------------------------------------------- reading (never locks)

  read(): ProtocolDocs {
    if (this.mode === "json") return this.readJson();
    const md = this.readMarkdown();
    // state kept in the JSON fallback before the folder existed is part of the state until the next
    // change moves it into the folder (migrateJsonLocked): readers see what the writers will
    return existsSync(this.jsonFiles.file(JSON_NAME)) ? this.merged(md, this.readJson()) : md;
  }

  private readMarkdown(): ProtocolDocs {
    const cur = readOrCorrupt(this.mdFiles, CURRENT_STATE_FILE, this.rel(CURRENT_STATE_FILE));
    const hist = readOrCorrupt(this.mdFiles, HISTORY_FILE, this.rel(HISTORY_FILE));
    const vio = readOrCorrupt(this.mdFiles, VIOLATIONS_FILE, this.rel(VIOLATIONS_FILE));
    return {
      current: cur === undefined ? undefined : parseState(cur, this.rel(CURRENT_STATE_FILE)),
      history: hist === undefined ? [] : parseHistory(hist, this.rel(HISTORY_FILE)),
      violations: vio === undefined ? [] : parseViolations(vio, this.rel(VIOLATIONS_FILE)),
    };
  }

  /** The folder's state and the JSON fallback's as one; an active session in both does not parse. */
  private merged(into: ProtocolDocs, from: ProtocolDocs): ProtocolDocs {
    if (from.current && into.current) {
      throw new PhaseFormatError(JSON_FALLBACK, 1, `holds an active session (${from.current.sessionId}) while ${this.rel(CURRENT_STATE_FILE)} holds another (${into.current.sessionId}); remove one of the two files before going on`);
    }
    return {
      current: into.current ?? from.current,
      history: [...into.history, ...from.history].slice(0, HISTORY_KEEP),
      violations: [...into.violations, ...from.violations],
    };
  }

  /** Raw texts (resources in markdown form). */
  readText(which: "state" | "history" | "violations"): string | undefined {
    if (this.mode === "json") return undefined;
    return this.mdFiles.readText(which === "state" ? CURRENT_STATE_FILE : which === "history" ? HISTORY_FILE : VIOLATIONS_FILE);
  }

  private readJson(): ProtocolDocs {
    const text = readOrCorrupt(this.jsonFiles, JSON_NAME, JSON_FALLBACK);
    if (text === undefined) return { current: undefined, history: [], violations: [] };
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch (e) {
      const m = /position (\d+)/.exec((e as Error).message);
      const line = m ? text.slice(0, Number(m[1])).split("\n").length : text.split("\n").length;
      throw new PhaseFormatError(JSON_FALLBACK, line, `invalid JSON (${(e as Error).message})`);
    }
    const o = v as Record<string, unknown>;
    if (typeof o !== "object" || o === null || o.format !== JSON_FORMAT || !Array.isArray(o.history) || !Array.isArray(o.violations)) {
      throw new PhaseFormatError(JSON_FALLBACK, 1, `not a ${JSON_FORMAT} document (format, history and violations expected)`);
    }
    // the markdown parsers check every field: round-trip each part through them (a value of the wrong
    // type makes the renderer throw: that is a file that does not parse, not an internal error)
    try {
      const current = o.current === null || o.current === undefined ? undefined : parseState(renderState(o.current as ProtocolState), JSON_FALLBACK);
      return {
        current,
        history: parseHistory(renderHistory(o.history as HistoryEntry[]), JSON_FALLBACK),
        violations: parseViolations(renderViolations(o.violations as Violation[]), JSON_FALLBACK),
      };
    } catch (e) {
      if (e instanceof PhaseFormatError) throw e;
      throw new PhaseFormatError(JSON_FALLBACK, 1, `a field has the wrong type (${(e as Error)?.message ?? String(e)})`);
    }
  }

  // -------------------------------------------------------------- writing

  /**
   * Read-modify-write under the store's lock. `fn` may change the docs in place (set current to
   * undefined to remove the current state); only files whose text changed are replaced (atomically).
   *
   * The store (memories folder or JSON fallback) is decided once per attempt and re-checked under the
   * lock; every read, render and write of the attempt uses that one decision. A JSON-fallback writer
   * that finds the memories folder created while it waited for its lock lets go and starts over in the
   * folder. A folder writer also holds the JSON lock whenever the fallback's folder exists, and moves
   * a state left in the fallback into the folder first, so the state is never in both stores at once.
   */
  async transact<T>(fn: (docs: ProtocolDocs) => T | Promise<T>): Promise<T> {
    for (;;) {
      const mode = this.mode;
      const r = mode === "json"
        ? await this.jsonFiles.withLock(JSON_NAME, async () => (this.mode !== "json" ? RETRY : { v: await this.apply(fn, "json") }))
        : await this.mdFiles.withLock(CURRENT_STATE_FILE, async () => {
          if (this.mode !== "memories") return RETRY;
          // a fallback writer holds this lock whenever it writes (its lock file is in this folder): with
          // the folder absent no such writer is under way, and any later one sees the memories folder
          if (!existsSync(join(this.root, JSON_FALLBACK, ".."))) return { v: await this.apply(fn, "memories") };
          return this.jsonFiles.withLock(JSON_NAME, async () => {
            this.migrateJsonLocked();
            return { v: await this.apply(fn, "memories") };
          });
        });
      if (r !== RETRY) return r.v;
    }
  }

  /** One transaction in one store; the caller holds its lock(s). */
  private async apply<T>(fn: (docs: ProtocolDocs) => T | Promise<T>, mode: "memories" | "json"): Promise<T> {
    const files = mode === "memories" ? this.mdFiles : this.jsonFiles;
    const docs = mode === "json" ? this.readJson() : this.readMarkdown();
    const before = this.renderAll(docs, files);
    const result = await fn(docs);
    if (docs.history.length > HISTORY_KEEP) docs.history = docs.history.slice(0, HISTORY_KEEP);
    const after = this.renderAll(docs, files);
    if (mode === "json") {
      if (after.json !== before.json) files.writeAtomic(JSON_NAME, after.json);
    } else {
      if (after.state !== before.state) {
        if (after.state === undefined) {
          try { removeConfined(files.file(CURRENT_STATE_FILE), files.confine); } catch { /* already gone */ }
        } else files.writeAtomic(CURRENT_STATE_FILE, after.state);
      }
      if (after.history !== before.history && after.history !== undefined) files.writeAtomic(HISTORY_FILE, after.history);
      if (after.violations !== before.violations && after.violations !== undefined) files.writeAtomic(VIOLATIONS_FILE, after.violations);
    }
    return result;
  }

  /**
   * The memories folder exists and the JSON fallback still holds state (kept there while there was no
   * folder): move it into the folder, so that the session, its history and its violations stay one
   * state (the gate and `phase status` read the folder only). The caller holds both locks. The
   * markdown files are written first, the JSON file removed last; a current session in both is refused.
   */
  private migrateJsonLocked(): void {
    if (!existsSync(this.jsonFiles.file(JSON_NAME))) return;
    const from = this.readJson();
    const into = this.readMarkdown();
    const all = this.merged(into, from);
    if (from.current) this.mdFiles.writeAtomic(CURRENT_STATE_FILE, renderState(all.current!));
    if (from.history.length > 0) this.mdFiles.writeAtomic(HISTORY_FILE, renderHistory(all.history));
    if (from.violations.length > 0) this.mdFiles.writeAtomic(VIOLATIONS_FILE, renderViolations(all.violations));
    removeConfined(this.jsonFiles.file(JSON_NAME), this.jsonFiles.confine);
  }

  private renderAll(d: ProtocolDocs, files: FileStore): { state?: string; history?: string; violations?: string; json: string } {
    const json = JSON.stringify({ format: JSON_FORMAT, version: 1, current: d.current ? stripBindings(d.current) : null, history: d.history, violations: d.violations }, null, 2) + "\n";
    return {
      state: d.current ? renderState(d.current) : undefined,
      // the history and violations files exist once there is something in them
      history: d.history.length > 0 || existsSync(files.file(HISTORY_FILE)) ? renderHistory(d.history) : undefined,
      violations: d.violations.length > 0 || existsSync(files.file(VIOLATIONS_FILE)) ? renderViolations(d.violations) : undefined,
      json,
    };
  }
}

/**
 * A state file's text, undefined when absent. One that is there but cannot be read as text (not
 * UTF-8, a NUL, too large, a link out of its folder, not a regular file) is a state file that does not
 * parse (CORRUPT_STATE naming it, exit 4), like one whose content is wrong; file-system failures stay
 * IO_ERROR (retryable).
 */
function readOrCorrupt(files: FileStore, name: string, rel: string): string | undefined {
  try {
    return files.readText(name);
  } catch (e) {
    if (e instanceof StateError && e.code === "CORRUPT") throw new PhaseFormatError(rel, 0, e.message.replace(`cannot read ${name}: `, "cannot be read: "));
    throw e;
  }
}

/** The state as stored: checklist bindings come from the template when read. */
function stripBindings(s: ProtocolState): ProtocolState {
  const strip = (items: ProtocolState["checklistStart"]) => items.map(({ req, step, done, evidence }) => ({ req, step, done, evidence }));
  return { ...s, checklistStart: strip(s.checklistStart), checklistEnd: strip(s.checklistEnd) };
}
