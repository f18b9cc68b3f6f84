// Concurrency through real processes (CAS-07, CAS-11, SIGKILL, stale locks): slow integration tier
// (excluded from `npm run test:unit`, run by `npm test`).
import { describe, it, expect } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { hostname } from "node:os";
import { runCli, makeRepo, ROOT, BIN } from "../helpers.js";
import { SessionStore, stateIssues } from "../../dist/index.js";
import { parseJsonNote } from "../../dist/state/notes.js";

const ENV = { AGENTCHECK_NOTES_DIR: undefined, AGENTCHECK_LOCK_TIMEOUT_MS: undefined };

function session(repo: string, args: string[], input = "", env: Record<string, string | undefined> = {}) {
  const r = runCli(["session", ...args], { cwd: repo, input, env: { ...ENV, ...env } });
  // CLI-11: stdout is exactly one JSON document, newline-terminated
  expect(r.stdout.endsWith("\n"), `stdout of session ${args.join(" ")}: ${r.stdout}\nstderr: ${r.stderr}`).toBe(true);
  let json: any;
  expect(() => (json = JSON.parse(r.stdout)), `stdout of session ${args.join(" ")}: ${r.stdout}`).not.toThrow();
  return { ...r, json };
}
const noteFile = (repo: string, id: string) => join(repo, ".agent-notes", "sessions", `session-${id}.md`);

function runAsync(args: string[], opts: { cwd: string; env?: Record<string, string> }): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, args, { cwd: opts.cwd, env: { ...process.env, AGENTCHECK_NOTES_DIR: "", ...opts.env } });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.stdin.end();
    p.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe("concurrency through real processes", () => {
  it("8 processes × 25 CLI updates on one session: version 201, all 200 updates present", async () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "c"]);
    const worker = async (w: number) => {
      const codes: number[] = [];
      for (let i = 0; i < 25; i++) {
        const r = await runAsync([BIN, "session", "protocol-start", "--data", JSON.stringify({ [`w${w}-${i}`]: "ok" })], { cwd: repo, env: { AGENTCHECK_LOCK_TIMEOUT_MS: "120000" } });
        if (r.code !== 0) throw new Error(`worker ${w} update ${i}: exit ${r.code} ${r.stderr}`);
        codes.push(r.code);
      }
      return codes;
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    const s = new SessionStore({ cwd: repo, env: {} }).getSync("c");
    expect(s.version).toBe(201);
    expect(Object.keys(s.protocolStartEvidence).length).toBe(200);
    for (let w = 0; w < 8; w++) for (let i = 0; i < 25; i++) expect(s.protocolStartEvidence[`w${w}-${i}`]).toBe("ok");
  }, 300_000);

  it("CAS-07 20 processes × 10 agent starts: version 201, 200 invocations, none lost", async () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "c7"]);
    const script = `
      import { SessionStore } from ${JSON.stringify(join(ROOT, "dist", "index.js"))};
      const s = new SessionStore({ cwd: process.cwd(), env: {}, lockTimeoutMs: 120000 });
      for (let i = 0; i < 10; i++) await s.startInvocation("c7", { agent: "qa", prompt: process.argv[1] + "-" + i });`;
    const rs = await Promise.all(Array.from({ length: 20 }, (_, w) => runAsync(["--input-type=module", "-e", script, `w${w}`], { cwd: repo })));
    for (const r of rs) expect(r.code, r.stderr).toBe(0);
    const s = new SessionStore({ cwd: repo, env: {} }).getSync("c7");
    expect(s.version).toBe(201);
    const wf = s.orchestratorWorkflow!;
    expect(wf.agentHistory.length + wf.compactionHistory.reduce((n, c) => n + c.count, 0)).toBe(200);
    expect(new Set(wf.agentHistory.map((i) => i.input.prompt)).size).toBe(200);
  }, 300_000);

  it("CAS-11 a reader polling while a writer commits 100 times never sees a partial note", async () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "r"]);
    const root = join(repo, ".agent-notes");
    const writer = runAsync([join(ROOT, "test", "state", "writer.mjs"), root, "r", "100", "w"], { cwd: repo });
    let done = false;
    void writer.then(() => (done = true));
    const file = join(root, "sessions", "session-r.md");
    let reads = 0;
    while (!done) {
      const v = parseJsonNote(readFileSync(file, "utf8"), "r"); // throws on a partial file
      expect(stateIssues(v)).toEqual([]);
      reads++;
      await new Promise((r) => setImmediate(r));
    }
    expect((await writer).code).toBe(0);
    expect(reads).toBeGreaterThan(0);
    expect(new SessionStore({ root }).getSync("r").version).toBe(101);
  }, 120_000);

  it("a writer killed with SIGKILL at random points never leaves an unparseable note; its stale lock is recovered", async () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "k"]);
    const root = join(repo, ".agent-notes");
    const store = new SessionStore({ root, lockTimeoutMs: 10_000 });
    let lastVersion = 1;
    for (let round = 0; round < 12; round++) {
      const p = spawn(process.execPath, [join(ROOT, "test", "state", "writer.mjs"), root, "k", "forever", `r${round}`], { cwd: repo, stdio: ["ignore", "pipe", "pipe"] });
      // wait until it has written at least once, then kill at a random moment
      await new Promise<void>((resolve) => p.stdout.once("data", () => resolve()));
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 60)));
      p.kill("SIGKILL");
      await new Promise((r) => p.on("close", r));
      const s = store.getSync("k"); // parses and validates, or throws
      expect(s.version).toBeGreaterThan(lastVersion);
      lastVersion = s.version;
      // the next writer gets the lock even if the killed one held it (dead pid on this host)
      const next = await store.update("k", (d) => { d.protocolEndEvidence[`after-${round}`] = "1"; });
      expect(next.version).toBe(lastVersion + 1);
      lastVersion = next.version;
    }
    await store.gc();
    expect(readdirSync(join(root, "sessions")).filter((n) => n.endsWith(".tmp") || n.includes(".lock"))).toEqual([]);
  }, 180_000);

  it("a stale lock left by a dead process is recovered through the CLI", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "d"]);
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    writeFileSync(`${noteFile(repo, "d")}.lock`, JSON.stringify({ pid: Number(dead), hostname: hostname(), acquiredAt: new Date().toISOString(), token: "t" }));
    const r = session(repo, ["mode", "coding"]);
    expect(r.code).toBe(0);
    expect(r.json.version).toBe(2);
    expect(existsSync(`${noteFile(repo, "d")}.lock`)).toBe(false);
  });

  it("CAS-08 through the CLI: a live holder beyond the timeout gives exit 8 and an unchanged note", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "h"]);
    writeFileSync(`${noteFile(repo, "h")}.lock`, JSON.stringify({ pid: process.pid, hostname: hostname(), acquiredAt: new Date().toISOString(), token: "live" }));
    const before = readFileSync(noteFile(repo, "h"), "utf8");
    const r = session(repo, ["mode", "coding"], "", { AGENTCHECK_LOCK_TIMEOUT_MS: "300" });
    expect(r.code).toBe(8);
    expect(r.json.error.code).toBe("LOCK_TIMEOUT");
    expect(readFileSync(noteFile(repo, "h"), "utf8")).toBe(before);
  });

  /** A real child process that holds the state lock of `id` for `holdMs` inside one update, then commits. */
  function slowWriter(root: string, id: string, holdMs: number) {
    const script = `
      import { SessionStore } from ${JSON.stringify(join(ROOT, "dist", "index.js"))};
      const s = new SessionStore({ root: process.argv[1], requireTaskForCoding: false, agentNotes: false, lockTimeoutMs: 60000 });
      await s.update(process.argv[2], (d) => {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.argv[3]));
        d.protocolStartEvidence.slow = "committed";
      });`;
    return runAsync(["--input-type=module", "-e", script, root, id, String(holdMs)], { cwd: dirname(root) });
  }
  async function waitFor(file: string) {
    for (let i = 0; i < 400 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 10));
    expect(existsSync(file), `${file} never appeared`).toBe(true);
  }

  it("CAS-08 a lock held by a live process past staleLockMs is not broken: LOCK_TIMEOUT, the holder's commit stands", async () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "l1"]);
    const root = join(repo, ".agent-notes");
    const holder = slowWriter(root, "l1", 2500);
    await waitFor(`${noteFile(repo, "l1")}.lock`);
    const before = readFileSync(noteFile(repo, "l1"), "utf8");
    const store = new SessionStore({ root, requireTaskForCoding: false, agentNotes: false, lockTimeoutMs: 1000, staleLockMs: 100 });
    const e = await store.update("l1", (d) => { d.protocolEndEvidence.second = "x"; }).catch((x) => x);
    expect(e?.code, String(e)).toBe("LOCK_TIMEOUT");
    expect(e.exitCode).toBe(8);
    expect(readFileSync(noteFile(repo, "l1"), "utf8")).toBe(before);
    const h = await holder;
    expect(h.code, h.stderr).toBe(0);
    expect(store.getSync("l1")).toMatchObject({ version: 2, protocolStartEvidence: { slow: "committed" } });
  }, 60_000);

  it("CAS-08 a second writer waiting on a live slow holder (staleLockMs shorter than the hold) loses no update", async () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "m1"]);
    const root = join(repo, ".agent-notes");
    const holder = slowWriter(root, "m1", 1500);
    await waitFor(`${noteFile(repo, "m1")}.lock`);
    const store = new SessionStore({ root, requireTaskForCoding: false, agentNotes: false, lockTimeoutMs: 20_000, staleLockMs: 100 });
    const s = await store.update("m1", (d) => { d.protocolEndEvidence.second = "x"; });
    const h = await holder;
    expect(h.code, h.stderr).toBe(0);
    const final = store.getSync("m1");
    expect(final.version).toBe(3);
    expect(s.version).toBe(3); // it waited for the holder's commit, then committed on top of it
    expect(final.protocolStartEvidence.slow).toBe("committed");
    expect(final.protocolEndEvidence.second).toBe("x");
  }, 60_000);

  it("CAS-07 a cold writer compiles and runs the core before it takes the state lock, not while holding it (lock held ~100 ms less per process)", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "w"]);
    const script = `
      const events = [];
      const M = WebAssembly.Module;
      WebAssembly.Module = function (b) { events.push("compile"); return new M(b); };
      const { SessionStore, NoteStore } = await import(${JSON.stringify(join(ROOT, "dist", "index.js"))});
      const lock = NoteStore.prototype.lock;
      NoteStore.prototype.lock = async function (p) {
        const l = await lock.call(this, p);
        events.push("lock");
        const release = l.release.bind(l);
        l.release = () => { events.push("unlock"); release(); };
        return l;
      };
      const s = new SessionStore({ cwd: process.cwd(), env: {} });
      await s.startInvocation("w", { agent: "qa", prompt: "p" });
      process.stdout.write(JSON.stringify(events));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: repo, encoding: "utf8", env: { ...process.env, AGENTCHECK_NOTES_DIR: "" } });
    expect(r.status, r.stderr).toBe(0);
    const events = JSON.parse(r.stdout) as string[];
    expect(events).toContain("lock");
    expect(events.indexOf("compile"), events.join(" ")).toBeGreaterThanOrEqual(0);
    expect(events.indexOf("compile"), events.join(" ")).toBeLessThan(events.indexOf("lock"));
    expect(new SessionStore({ cwd: repo, env: {} }).getSync("w").version).toBe(2);
  });
});
