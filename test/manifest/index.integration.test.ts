// Session index (issue 16): a real SQLite file through the real CLI and library; exact rows after
// incremental changes, --rebuild equal to an incremental index, a corrupt database reported and rebuilt.
import { describe, it, expect } from "vitest";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { runCli, tmpDir, BIN } from "../helpers.js";
import { indexSessions, listIndexedSessions } from "../../dist/index.js";
import { validManifest, writeSessions } from "./fixtures.js";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `2026-02-1${i}_topic-${i}_00000${i}`);

function workspace(n: number, root?: string): string {
  const s: Record<string, unknown> = {};
  for (const id of ids(n)) s[id] = { ...validManifest(id), topic: `Topic ${id.slice(-1)}` };
  return writeSessions(s, { root });
}

const rowsOf = (db: string) => listIndexedSessions({ db }).then((r: any[]) => r.map((x) => [x.project_name, x.session_id, x.topic, x.current_phase, x.status, x.checkpoints_completed, x.commits]));
const sqlite3 = spawnSync("sqlite3", ["--version"]).status === 0;

describe("session index", () => {
  it("index, change two, delete one, re-index: exact rows and added/updated/removed", async () => {
    const a = workspace(4);
    const b = workspace(1);
    const db = join(tmpDir("agentcheck-idx-"), "index.sqlite");
    const r1 = await indexSessions({ roots: [a, b], db });
    expect(r1.added.length).toBe(5);
    expect([r1.updated, r1.removed, r1.invalid]).toEqual([[], [], []]);
    expect(r1.journal_mode).toBe("wal");
    expect(r1.total).toBe(5);
    const [s0, s1, s2, s3] = ids(4);
    // change two manifests, delete one session folder, break one
    const change = (id: string, f: (m: any) => void) => {
      const p = join(a, "agents", "sessions", id, "state.json");
      const m = JSON.parse(readFileSync(p, "utf8"));
      f(m);
      writeFileSync(p, JSON.stringify(m, null, 2));
    };
    change(s0, (m) => (m.status = "paused"));
    change(s1, (m) => { m.build_progress.checkpoints_completed = [1, 2, 3]; m.build_progress.current_checkpoint = null; });
    rmSync(join(a, "agents", "sessions", s2), { recursive: true });
    change(s3, (m) => (m.status = "complete")); // SM-010: reported, not indexed, stale row removed
    const r2 = await indexSessions({ roots: [a, b], db });
    expect(r2.updated.map((x: any) => x.session_id)).toEqual([s0, s1]);
    expect(r2.removed.map((x: any) => x.session_id)).toEqual([s2, s3]);
    expect(r2.added).toEqual([]);
    expect(r2.unchanged).toBe(1);
    expect(r2.invalid.map((x: any) => [x.session_id, x.findings.map((f: any) => f.ruleId)])).toEqual([[s3, ["SM-010"]]]);
    const an = a.split("/").pop();
    const bn = b.split("/").pop();
    const expected = [
      [an, s0, "Topic 0", "build", "paused", 2, 1],
      [an, s1, "Topic 1", "build", "active", 3, 1],
      [bn, ids(1)[0], "Topic 0", "build", "active", 2, 1],
    ].sort((x, y) => (`${x[0]}/${x[1]}` < `${y[0]}/${y[1]}` ? -1 : 1));
    expect(await rowsOf(db)).toEqual(expected);
    // filters
    expect((await listIndexedSessions({ db, status: "paused" })).map((x: any) => x.session_id)).toEqual([s0]);
    expect((await listIndexedSessions({ db, project: b })).map((x: any) => x.session_id)).toEqual([ids(1)[0]]);
    expect((await listIndexedSessions({ db, phase: "docs" }))).toEqual([]);

    // --rebuild equals an incremental index of the same files
    const incremental = readRows(db);
    const r3 = await indexSessions({ roots: [a, b], db, rebuild: true });
    expect(r3.rebuilt).toBe(true);
    expect(r3.added.length).toBe(3);
    expect(readRows(db)).toEqual(incremental);
    if (sqlite3) {
      // a real SQLite file in WAL mode, readable by the sqlite3 shell
      const q = spawnSync("sqlite3", [db, "PRAGMA journal_mode; SELECT count(*) FROM sessions;"], { encoding: "utf8" });
      expect(q.stdout.trim().split("\n")).toEqual(["wal", "3"]);
    }
  }, 120_000);

  it("corrupt database: sessions list reports it (exit 4), index reports, moves it aside and rebuilds", () => {
    const ws = workspace(2);
    const idx = runCli(["index", "--root", ws], { cwd: ws });
    expect(idx.code, idx.stderr).toBe(0);
    const db = join(ws, ".agent-notes", "index.sqlite");
    expect(existsSync(db)).toBe(true);
    expect(readFileSync(join(ws, ".agent-notes", ".gitignore"), "utf8")).toContain("*");
    const good = readFileSync(db);
    writeFileSync(db, Buffer.concat([good.subarray(0, 100), Buffer.alloc(4000, 0x5a)]));
    const l = runCli(["sessions", "list"], { cwd: ws });
    expect(l.code).toBe(4);
    expect(JSON.parse(l.stdout).error.code).toBe("CORRUPT");
    expect(JSON.parse(l.stdout).error.message).toContain("index --rebuild");
    const r = runCli(["index"], { cwd: ws });
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout);
    expect(rep.corrupt.detail).toMatch(/unusable/);
    expect(rep.rebuilt).toBe(true);
    expect(rep.added.length).toBe(2);
    expect(existsSync(rep.corrupt.moved_to)).toBe(true);
    expect(r.stderr).toContain("was corrupt");
    const t = runCli(["sessions", "list", "--format", "text"], { cwd: ws });
    expect(t.code).toBe(0);
    expect(t.stdout).toContain("2 sessions");
    // a database of something else is not used either
    writeFileSync(db, "");
    rmSync(db);
    const other = spawnSync(process.execPath, ["-e", `const {Database}=require("node-sqlite3-wasm");const d=new Database(${JSON.stringify(db)});d.exec("CREATE TABLE x(a)");d.close()`], { cwd: join(__dirname, "..", ".."), encoding: "utf8" });
    expect(other.status, other.stderr).toBe(0);
    const r2 = JSON.parse(runCli(["index"], { cwd: ws }).stdout);
    expect(r2.corrupt.detail).toMatch(/not an agentcheck session index/);
  }, 120_000);

  it("invalid manifests make index exit 1 with findings on stdout; a missing index is exit 3", () => {
    const ws = writeSessions({ x1: validManifest("x1"), x2: "{ nope" });
    expect(runCli(["sessions", "list"], { cwd: ws }).code).toBe(3);
    const r = runCli(["index"], { cwd: ws });
    expect(r.code).toBe(1);
    const rep = JSON.parse(r.stdout);
    expect(rep.added.map((x: any) => x.session_id)).toEqual(["x1"]);
    expect(rep.invalid.map((x: any) => [x.session_id, x.findings[0].ruleId])).toEqual([["x2", "SM-001"]]);
    expect(readdirSync(join(ws, ".agent-notes")).filter((f) => f.endsWith(".lock"))).toEqual([]);
  }, 60_000);
});

describe("session index without its optional binding", () => {
  it("index and sessions list exit 2 with the npm install hint when node-sqlite3-wasm cannot be loaded", () => {
    const ws = writeSessions({ y1: validManifest("y1") });
    const hook = `export async function resolve(s, c, n) { if (s === "node-sqlite3-wasm") { const e = new Error("Cannot find package 'node-sqlite3-wasm'"); e.code = "ERR_MODULE_NOT_FOUND"; throw e; } return n(s, c); }`;
    const reg = `data:text/javascript,${encodeURIComponent(`import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`)}`;
    for (const args of [["index"], ["sessions", "list"]]) {
      const r = spawnSync(process.execPath, ["--import", reg, BIN, ...args], { cwd: ws, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(2);
      const err = JSON.parse(r.stdout).error;
      expect(err.code).toBe("USAGE");
      expect(err.message).toContain("npm install node-sqlite3-wasm");
    }
    expect(existsSync(join(ws, ".agent-notes", "index.sqlite"))).toBe(false);
  }, 60_000);
});

/** Every row of every table (the whole index content), for equality checks. */
function readRows(db: string): unknown {
  const script = `const {Database}=require("node-sqlite3-wasm");const d=new Database(${JSON.stringify(db)});d.exec("PRAGMA locking_mode=EXCLUSIVE");
    const out={};for(const t of ["meta","projects","sessions"])out[t]=d.all("SELECT * FROM "+t+" ORDER BY 1,2");d.close();console.log(JSON.stringify(out));`;
  const r = spawnSync(process.execPath, ["-e", script], { cwd: join(__dirname, "..", ".."), encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}
