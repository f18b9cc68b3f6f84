// The session index: a real SQLite file (default <notes root>/index.sqlite, WAL journal) that can be
// dropped and rebuilt from the manifests at any time. Binding: node-sqlite3-wasm (SQLite compiled to
// WebAssembly, reading and writing the file through node:fs; no install script, no native build).
// Its file system layer has no shared memory, so WAL runs with locking_mode=EXCLUSIVE (the WAL index
// lives in process memory); every access is serialized by the store's lock file around the connection.
import { DEFAULT_READ_LIMIT, readTextOrThrow } from "../fsread.js";
import { createHash } from "node:crypto";
import { existsSync, realpathSync, rmdirSync, statSync } from "node:fs";
import { namedFileRoot, removeConfined, renameConfined, writeTarget } from "../fswrite.js";
import { basename, dirname, join, resolve } from "node:path";
import { StateError, isStateError } from "../state/errors.js";
import { resolveNotesRoot, worktreeRoot } from "../state/paths.js";
import { MANIFEST_SESSIONS_DIR } from "../config-paths.js";
import { FileStore } from "./file-store.js";
import type { SessionManifest } from "./schema.js";
import { writeErr, writeOut } from "../stdio.js";
import { terminalText } from "../terminal.js";

export const INDEX_FILE = "index.sqlite";
export const INDEX_SCHEMA_VERSION = "1";
export const BINDING = "node-sqlite3-wasm";

type Db = import("node-sqlite3-wasm").Database;
type Row = Record<string, string | number | bigint | null | Uint8Array>;

let binding: typeof import("node-sqlite3-wasm") | undefined;
async function loadBinding(): Promise<typeof import("node-sqlite3-wasm")> {
  if (binding) return binding;
  try {
    const mod = (await import(BINDING)) as unknown as { default?: typeof import("node-sqlite3-wasm") } & typeof import("node-sqlite3-wasm");
    binding = mod.default ?? mod;
    return binding;
  } catch (e) {
    throw new StateError(
      "USAGE",
      `the session index needs the optional package '${BINDING}' (SQLite as WebAssembly, no native build), which is not installed: ` +
        `run \`npm install ${BINDING}\` next to agentcheck (${(e as Error).message.split("\n")[0]})`,
    );
  }
}

const DDL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS projects (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
  project_id INTEGER NOT NULL REFERENCES projects(id),
  session_id TEXT NOT NULL,
  dir TEXT NOT NULL,
  topic TEXT NOT NULL,
  description TEXT NOT NULL,
  session_type TEXT NOT NULL,
  current_phase TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  checkpoints_total INTEGER NOT NULL,
  checkpoints_completed INTEGER NOT NULL,
  current_checkpoint INTEGER,
  commits INTEGER NOT NULL,
  branch TEXT NOT NULL,
  worktree TEXT,
  base_branch TEXT NOT NULL,
  manifest_sha256 TEXT NOT NULL,
  manifest TEXT NOT NULL,
  PRIMARY KEY (project_id, session_id)
);
CREATE INDEX IF NOT EXISTS sessions_status ON sessions(status);
CREATE INDEX IF NOT EXISTS sessions_phase ON sessions(current_phase);
`;

export interface IndexOptions {
  /** Working directories to scan (default: the worktree of cwd). */
  roots?: string[];
  /** Database file (default: <notes root>/index.sqlite). */
  db?: string;
  notesDir?: string;
  cwd?: string;
  rebuild?: boolean;
}

export interface SessionRef {
  project: string;
  session_id: string;
}

export interface IndexReport {
  db: string;
  binding: string;
  journal_mode: string;
  rebuilt: boolean;
  /** Set when the database file was unusable: it was moved aside and rebuilt. */
  corrupt: { detail: string; moved_to: string } | null;
  roots: string[];
  added: SessionRef[];
  updated: SessionRef[];
  removed: SessionRef[];
  unchanged: number;
  /** Manifests with validator findings: reported, not indexed. */
  invalid: (SessionRef & { file: string; findings: { ruleId: string; line: number; message: string }[] })[];
  /** Sessions in the index after the run (all projects). */
  total: number;
}

export function defaultDbPath(opts: { cwd?: string; notesDir?: string } = {}): { path: string; ignoreRoot: boolean } {
  const r = resolveNotesRoot({ cwd: opts.cwd, notesDir: opts.notesDir });
  return { path: join(r.notesRoot, INDEX_FILE), ignoreRoot: r.from === "default" };
}

function lockStore(db: { path: string; root: string }, ignoreRoot: boolean): FileStore {
  // indexing many sessions takes a while: a live holder is waited for up to 60 s; a dead one is broken at once
  return new FileStore(dirname(db.path), { lockTimeoutMs: 60_000, staleLockMs: 15 * 60_000, ignoreRoot, confine: db.root });
}

/** Open (creating when absent) and check the database; throws CORRUPT when it cannot be trusted. */
function openChecked(lib: typeof import("node-sqlite3-wasm"), path: string): { db: Db; journal: string } {
  // the binding's own lock is a <db>.lock folder; under our lock file any such folder is a crash leftover
  try { rmdirSync(`${path}.lock`); } catch { /* none */ }
  const existed = existsSync(path) && statSync(path).size > 0;
  let db: Db | undefined;
  try {
    db = new lib.Database(path);
    db.exec("PRAGMA locking_mode=EXCLUSIVE");
    const jm = db.get("PRAGMA journal_mode=WAL") as Row | null;
    const qc = db.all("PRAGMA quick_check") as Row[];
    const ok = qc.length === 1 && qc[0].quick_check === "ok";
    if (!ok) throw new Error(`integrity check failed: ${qc.map((r) => String(r.quick_check)).slice(0, 3).join("; ")}`);
    if (existed) {
      const hasMeta = db.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'meta'") as Row | null;
      const t = hasMeta ? (db.get("SELECT value FROM meta WHERE key = 'schema_version'") as Row | null) : null;
      if (!t || t.value !== INDEX_SCHEMA_VERSION) throw new Error(`not an agentcheck session index (schema_version ${t ? String(t.value) : "missing"})`);
    }
    // the index is rebuildable from the files: WAL with synchronous=NORMAL (fsync at checkpoints only)
    db.exec("PRAGMA synchronous=NORMAL");
    if (!existed) {
      db.exec(DDL);
      db.run("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)", [INDEX_SCHEMA_VERSION]);
    }
    return { db, journal: String(jm?.journal_mode ?? "") };
  } catch (e) {
    try { db?.close(); } catch { /* ignore */ }
    try { rmdirSync(`${path}.lock`); } catch { /* none */ }
    if (isStateError(e)) throw e;
    throw new StateError("CORRUPT", `session index ${path} is unusable: ${(e as Error).message}`, { db: path });
  }
}

const DB_FILES = ["", "-wal", "-shm", "-journal"];

/**
 * The index's path, checked with the confined writer before SQLite opens anything: neither the
 * database nor its journal files may be a link out of the repository (for an index named outside
 * it, out of its own folder) or a dangling link, whose target SQLite would create.
 */
function checkedDb(path: string, cwd: string): { path: string; root: string } {
  const root = namedFileRoot(path, worktreeRoot(cwd));
  try {
    for (const ext of DB_FILES) writeTarget(`${path}${ext}`, { root });
  } catch (e) {
    throw new StateError("IO_ERROR", `session index: ${(e as Error).message}`, { db: path });
  }
  return { path, root };
}

function moveAside(db: { path: string; root: string }, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const to = `${db.path}.corrupt-${stamp}`;
  renameConfined(db.path, to, { root: db.root });
  for (const ext of DB_FILES.slice(1)) removeConfined(`${db.path}${ext}`, { root: db.root });
  return to;
}

function dropFiles(db: { path: string; root: string }): void {
  for (const ext of DB_FILES) removeConfined(`${db.path}${ext}`, { root: db.root });
}

const sha256 = (t: string) => createHash("sha256").update(t).digest("hex");

// Text goes into the index and comes out whole: the binding passes a string to SQLite as a C string
// (cut at the first NUL) and reads one back the same way. So a text value is bound as its UTF-8 bytes
// and stored as TEXT through CAST(? AS TEXT) (SQLite's text keeps its length, NULs included), and read
// as CAST(col AS BLOB), decoded here.
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();
/** A text parameter (the placeholder is TEXT_ARG). */
const textArg = (v: string | null | undefined): Uint8Array | null => (v === null || v === undefined ? null : utf8.encode(v));
const TEXT_ARG = "CAST(? AS TEXT)";
/** A text column read whole: `CAST(<expr> AS BLOB) AS <name>` (decode with textOf). */
const textCol = (expr: string, name: string) => `CAST(${expr} AS BLOB) AS ${name}`;
const textOf = (v: Row[string]): string | null => (v === null ? null : v instanceof Uint8Array ? fromUtf8.decode(v) : String(v));

function realDir(p: string): string {
  const abs = resolve(p);
  try {
    if (!statSync(abs).isDirectory()) throw new StateError("INVALID_INPUT", `--root ${p} is not a directory`);
    return realpathSync(abs);
  } catch (e) {
    if (isStateError(e)) throw e;
    throw new StateError("INVALID_INPUT", `--root ${p} does not exist`);
  }
}

/** Scan the roots and bring the index up to date (or rebuild it). */
export async function indexSessions(opts: IndexOptions = {}): Promise<IndexReport> {
  const lib = await loadBinding();
  const cwd = opts.cwd ?? process.cwd();
  const roots = [...new Set((opts.roots?.length ? opts.roots : [worktreeRoot(cwd)]).map((r) => realDir(resolve(cwd, r))))].sort();
  const def = defaultDbPath({ cwd, notesDir: opts.notesDir });
  const checked = checkedDb(opts.db ? resolve(cwd, opts.db) : def.path, cwd);
  const dbPath = checked.path;
  const store = lockStore(checked, !opts.db && def.ignoreRoot);
  // validate before taking the lock (the slow part needs no database)
  const { validateManifests } = await import("../validators/manifest.js");
  const scans = roots.map((root) => ({ root, out: validateManifests({ root }) }));
  return store.withLock(`${basename(dbPath)}.agentcheck`, () => {
    const report: IndexReport = {
      db: dbPath, binding: BINDING, journal_mode: "", rebuilt: !!opts.rebuild, corrupt: null, roots,
      added: [], updated: [], removed: [], unchanged: 0, invalid: [], total: 0,
    };
    if (opts.rebuild) dropFiles(checked);
    let opened: { db: Db; journal: string };
    try {
      opened = openChecked(lib, dbPath);
    } catch (e) {
      if (!(isStateError(e) && e.code === "CORRUPT")) throw e;
      // never used silently: reported, kept aside for inspection, rebuilt from the files
      report.corrupt = { detail: e.message, moved_to: moveAside(checked) };
      report.rebuilt = true;
      opened = openChecked(lib, dbPath);
    }
    const { db } = opened;
    report.journal_mode = opened.journal;
    try {
      db.exec("BEGIN");
      for (const { root, out } of scans) {
        db.run("INSERT OR IGNORE INTO projects (path, name) VALUES (?, ?)", [root, basename(root)]);
        const pid = Number((db.get("SELECT id FROM projects WHERE path = ?", [root]) as Row).id);
        const existing = new Map<string, string>();
        for (const r of db.all("SELECT session_id, manifest_sha256 FROM sessions WHERE project_id = ?", [pid]) as Row[]) existing.set(String(r.session_id), String(r.manifest_sha256));
        const seen = new Set<string>();
        const upsert = db.prepare(`INSERT INTO sessions (project_id, session_id, dir, topic, description, session_type, current_phase, status,
          created_at, updated_at, checkpoints_total, checkpoints_completed, current_checkpoint, commits, branch, worktree, base_branch, manifest_sha256, manifest)
          VALUES (?, ${Array(9).fill(TEXT_ARG).join(", ")}, ?, ?, ?, ?, ${Array(5).fill(TEXT_ARG).join(", ")})
          ON CONFLICT (project_id, session_id) DO UPDATE SET dir = excluded.dir, topic = excluded.topic, description = excluded.description,
          session_type = excluded.session_type, current_phase = excluded.current_phase, status = excluded.status, created_at = excluded.created_at,
          updated_at = excluded.updated_at, checkpoints_total = excluded.checkpoints_total, checkpoints_completed = excluded.checkpoints_completed,
          current_checkpoint = excluded.current_checkpoint, commits = excluded.commits, branch = excluded.branch, worktree = excluded.worktree,
          base_branch = excluded.base_branch, manifest_sha256 = excluded.manifest_sha256, manifest = excluded.manifest`);
        try {
          for (const r of out.results) {
            const name = r.file.split("/").slice(-2, -1)[0] ?? r.file;
            const ref = { project: root, session_id: name };
            const errors = r.findings.filter((f) => f.severity === "error");
            if (errors.length > 0 || r.verdict === "fail") {
              report.invalid.push({ ...ref, file: join(root, r.file), findings: errors.map((f) => ({ ruleId: f.ruleId, line: f.line, message: f.message })) });
              continue; // not indexed (a stale row is removed below)
            }
            const text = readTextOrThrow(join(root, r.file), { maxBytes: DEFAULT_READ_LIMIT, root });
            const m = JSON.parse(text) as SessionManifest;
            const hash = sha256(text);
            seen.add(name);
            const before = existing.get(name);
            if (before === hash) {
              report.unchanged++;
              continue;
            }
            upsert.run([
              pid, ...[name, join(root, MANIFEST_SESSIONS_DIR, name), m.topic, m.description, m.session_type, m.current_phase, m.status, m.created_at, m.updated_at].map(textArg),
              m.build_progress.checkpoints_total, m.build_progress.checkpoints_completed.length, m.build_progress.current_checkpoint, m.commits.length,
              ...[m.git.branch, m.git.worktree, m.git.base_branch, hash, text].map(textArg),
            ]);
            (before === undefined ? report.added : report.updated).push(ref);
          }
        } finally {
          upsert.finalize();
        }
        for (const name of [...existing.keys()].sort()) {
          if (seen.has(name)) continue;
          db.run("DELETE FROM sessions WHERE project_id = ? AND session_id = ?", [pid, name]);
          report.removed.push({ project: root, session_id: name });
        }
      }
      db.exec("COMMIT");
      report.total = Number((db.get("SELECT count(*) AS n FROM sessions") as Row).n);
    } catch (e) {
      try { db.exec("ROLLBACK"); } catch { /* not in a transaction */ }
      throw e;
    } finally {
      db.close();
    }
    return report;
  });
}

export interface ListOptions {
  project?: string;
  status?: string;
  phase?: string;
  db?: string;
  notesDir?: string;
  cwd?: string;
}

export interface IndexedSession {
  project: string;
  project_name: string;
  session_id: string;
  dir: string;
  topic: string;
  description: string;
  session_type: string;
  current_phase: string;
  status: string;
  created_at: string;
  updated_at: string;
  checkpoints_total: number;
  checkpoints_completed: number;
  current_checkpoint: number | null;
  commits: number;
  branch: string;
  worktree: string | null;
  base_branch: string;
}

/** Query the index (an absent index is NOT_FOUND; a corrupt one CORRUPT: run `index --rebuild`). */
export async function listIndexedSessions(opts: ListOptions = {}): Promise<IndexedSession[]> {
  const lib = await loadBinding();
  const cwd = opts.cwd ?? process.cwd();
  const def = defaultDbPath({ cwd, notesDir: opts.notesDir });
  const checked = checkedDb(opts.db ? resolve(cwd, opts.db) : def.path, cwd);
  const dbPath = checked.path;
  if (!existsSync(dbPath)) throw new StateError("NOT_FOUND", `no session index at ${dbPath} (run \`agentcheck index\`)`, { db: dbPath });
  return lockStore(checked, false).withLock(`${basename(dbPath)}.agentcheck`, () => {
    let db: Db;
    try {
      db = openChecked(lib, dbPath).db;
    } catch (e) {
      if (isStateError(e) && e.code === "CORRUPT") throw new StateError("CORRUPT", `${e.message} (run \`agentcheck index --rebuild\`)`, e.details);
      throw e;
    }
    try {
      const where: string[] = [];
      const args: string[] = [];
      if (opts.project) {
        const abs = resolve(cwd, opts.project);
        let real = abs;
        try { real = realpathSync(abs); } catch { /* a name or a path that is gone */ }
        where.push("(p.path = ? OR p.path = ? OR p.name = ?)");
        args.push(real, abs, opts.project);
      }
      if (opts.status) { where.push("s.status = ?"); args.push(opts.status); }
      if (opts.phase) { where.push("s.current_phase = ?"); args.push(opts.phase); }
      const texts = ["session_id", "dir", "topic", "description", "session_type", "current_phase", "status", "created_at", "updated_at", "branch", "worktree", "base_branch"];
      const rows = db.all(
        `SELECT ${textCol("p.path", "project")}, ${textCol("p.name", "project_name")}, ${texts.map((c) => textCol(`s.${c}`, c)).join(", ")},
          s.checkpoints_total, s.checkpoints_completed, s.current_checkpoint, s.commits
         FROM sessions s JOIN projects p ON p.id = s.project_id
         ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY p.path, s.session_id`,
        args,
      ) as Row[];
      return rows.map((r) => ({
        ...Object.fromEntries(["project", "project_name", ...texts].map((c) => [c, textOf(r[c])])), checkpoints_total: Number(r.checkpoints_total), checkpoints_completed: Number(r.checkpoints_completed), commits: Number(r.commits), current_checkpoint: r.current_checkpoint === null ? null : Number(r.current_checkpoint) }) as unknown as IndexedSession);
    } finally {
      db.close();
    }
  });
}

// ---------------------------------------------------------------------------------- CLI

async function cli(pretty: boolean | undefined, fn: () => Promise<{ value: unknown; text?: string; exit?: number }>): Promise<number> {
  const writeResult = (v: unknown, p?: boolean) => writeOut(`${JSON.stringify(v, null, p ? 2 : undefined)}\n`);
  const writeError = (e: StateError, p?: boolean) => {
    writeResult({ ok: false, error: e.toJSON() }, p);
    writeErr(`agentcheck: ${e.code}: ${e.message}\n`);
    return e.exitCode;
  };
  try {
    const r = await fn();
    if (r.text !== undefined) writeOut(terminalText(r.text));
    else writeResult(r.value, pretty);
    return r.exit ?? 0;
  } catch (e) {
    if (isStateError(e)) return writeError(e, pretty);
    const err = e as Error;
    if (process.env.AGENTCHECK_DEBUG) writeErr(`${err?.stack ?? ""}\n`);
    return writeError(new StateError("INTERNAL", err?.message ?? String(e)), pretty);
  }
}

/** `agentcheck index`: exit 0, or 1 when some manifests are invalid (reported, not indexed). */
export function runIndexCommand(o: { root?: string[]; db?: string; notesDir?: string; rebuild?: boolean; pretty?: boolean }): Promise<number> {
  return cli(o.pretty, async () => {
    const r = await indexSessions({ roots: o.root, db: o.db, notesDir: o.notesDir, rebuild: o.rebuild });
    if (r.corrupt) writeErr(`agentcheck index: the index was corrupt (${r.corrupt.detail}); moved to ${r.corrupt.moved_to} and rebuilt\n`);
    for (const i of r.invalid) writeErr(`agentcheck index: ${i.file}: invalid, not indexed (${[...new Set(i.findings.map((f) => f.ruleId))].join(", ")})\n`);
    return { value: r, exit: r.invalid.length > 0 ? 1 : 0 };
  });
}

export function runSessionsList(o: { project?: string; status?: string; phase?: string; format: string; db?: string; notesDir?: string }): Promise<number> {
  return cli(false, async () => {
    const rows = await listIndexedSessions(o);
    if (o.format !== "text") return { value: { sessions: rows } };
    const lines = rows.map((r) => `${r.session_id}  ${r.current_phase.padEnd(8)} ${r.status.padEnd(8)} ${r.checkpoints_completed}/${r.checkpoints_total}  ${r.project_name}  ${r.topic}`);
    return { value: null, text: `${lines.join("\n")}${lines.length ? "\n" : ""}${rows.length} session${rows.length === 1 ? "" : "s"}\n` };
  });
}
