// Issue 33 ("Hostile input, round two"), item 8: "a lock held by a live but reused pid is never broken
// and `session gc` removes nothing". A lock's owner is its pid and its process identity (boot id +
// start time, src/state/lock-owner.ts): a live process holding the pid that is not the owner does not
// keep the lock. Real second processes, real CLI runs.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeRepo, ROOT, runCli } from "../helpers.js";
import { processIdentity } from "../../dist/state/lock-owner.js";

const ENV = { AGENTCHECK_NOTES_DIR: undefined, AGENTCHECK_LOCK_TIMEOUT_MS: "400" };
const sessions = (repo: string) => join(repo, ".agent-notes", "sessions");
const noteFile = (repo: string, id: string) => join(sessions(repo), `session-${id}.md`);

let children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children) c.kill("SIGKILL");
  children = [];
});

/** A live process that is not the lock's owner: it holds the pid the record names. */
async function bystander(): Promise<number> {
  const c = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000); process.stdout.write('up')"], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(c);
  await new Promise<void>((res) => c.stdout!.once("data", () => res()));
  return c.pid!;
}

function repoWithSession(id: string): string {
  const repo = makeRepo();
  const r = runCli(["session", "create", "--id", id], { cwd: repo, env: ENV });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  return repo;
}

function writeLock(path: string, rec: Record<string, unknown>, ageMs = 0): void {
  writeFileSync(path, JSON.stringify({ hostname: hostname(), token: "held", ...rec }));
  const t = new Date(Date.now() - ageMs);
  utimesSync(path, t, t);
}

describe("issue 33 item 8: a lock held by a live but reused pid (lock identity)", () => {
  it("a lock of an older version (no identity) whose pid is now a process started after the lock was taken is stale: the write breaks it", async () => {
    const repo = repoWithSession("r");
    const pid = await bystander();
    const lock = `${noteFile(repo, "r")}.lock`;
    writeLock(lock, { pid, acquiredAt: new Date(Date.now() - 60_000).toISOString() }, 60_000);
    const r = runCli(["session", "mode", "coding"], { cwd: repo, env: ENV });
    expect(r.code, r.stdout).toBe(0);
    expect(JSON.parse(r.stdout).version).toBe(2);
    expect(existsSync(lock)).toBe(false);
  });

  it("a lock whose recorded owner identity is not the live pid's (pid reused) is stale, however new", async () => {
    const repo = repoWithSession("i");
    const pid = await bystander();
    const real = processIdentity(pid)!;
    expect(real).toMatch(/^[0-9a-f-]+:\d+$/);
    const lock = `${noteFile(repo, "i")}.lock`;
    writeLock(lock, { pid, acquiredAt: new Date().toISOString(), owner: `${real.split(":")[0]}:1` });
    const r = runCli(["session", "mode", "coding"], { cwd: repo, env: ENV });
    expect(r.code, r.stdout).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it("a lock whose identity is its live owner's is kept: the writer times out (LOCK_TIMEOUT, exit 8), the note unchanged", async () => {
    const repo = repoWithSession("k");
    const pid = await bystander();
    const lock = `${noteFile(repo, "k")}.lock`;
    writeLock(lock, { pid, acquiredAt: new Date().toISOString(), owner: processIdentity(pid) });
    const before = readFileSync(noteFile(repo, "k"), "utf8");
    const r = runCli(["session", "mode", "coding"], { cwd: repo, env: ENV });
    expect(r.code).toBe(8);
    expect(JSON.parse(r.stdout).error.code).toBe("LOCK_TIMEOUT");
    expect(readFileSync(noteFile(repo, "k"), "utf8")).toBe(before);
    expect(existsSync(lock)).toBe(true);
  });

  it("a lock a real second process takes (through the store) carries its identity and is not broken while it lives", async () => {
    const repo = repoWithSession("w");
    const script = `
      import { SessionStore } from ${JSON.stringify(join(ROOT, "dist", "index.js"))};
      const s = new SessionStore({ root: process.argv[1], requireTaskForCoding: false, agentNotes: false, lockTimeoutMs: 60000 });
      await s.update("w", (d) => {
        process.stdout.write("locked");
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 4000);
        d.protocolStartEvidence.slow = "committed";
      });`;
    const c = spawn(process.execPath, ["--input-type=module", "-e", script, join(repo, ".agent-notes")], { cwd: dirname(repo), stdio: ["ignore", "pipe", "inherit"] });
    children.push(c);
    await new Promise<void>((res) => c.stdout!.once("data", () => res()));
    const rec = JSON.parse(readFileSync(`${noteFile(repo, "w")}.lock`, "utf8"));
    expect(rec).toMatchObject({ pid: c.pid, owner: processIdentity(c.pid!) });
    const r = runCli(["session", "mode", "coding"], { cwd: repo, env: ENV });
    expect(r.code).toBe(8);
    await new Promise<void>((res) => c.once("close", () => res()));
    expect(readFileSync(noteFile(repo, "w"), "utf8")).toContain("committed");
  });

  it("`session gc` removes the lock and the temp file of a reused pid (it removed nothing before)", async () => {
    const repo = repoWithSession("g");
    const pid = await bystander();
    const lock = `${noteFile(repo, "g")}.lock`;
    writeLock(lock, { pid, acquiredAt: new Date(Date.now() - 30_000).toISOString() }, 30_000);
    // a writer's temp file, named with the pid, written 30 s before the process now holding that pid started
    const tmp = `${noteFile(repo, "g")}.${pid}.a1b2c3d4.tmp`;
    writeFileSync(tmp, "partial");
    const t = new Date(Date.now() - 30_000);
    utimesSync(tmp, t, t);
    // a temp file of the live process itself (made after it started) is kept
    const own = `${noteFile(repo, "g")}.${pid}.e5f6a7b8.tmp`;
    writeFileSync(own, "in progress");
    const r = runCli(["session", "gc"], { cwd: repo, env: ENV });
    expect(r.code, r.stdout).toBe(0);
    const removed: string[] = JSON.parse(r.stdout).removed;
    expect(removed.sort()).toEqual([`sessions/session-g.md.${pid}.a1b2c3d4.tmp`, "sessions/session-g.md.lock"]);
    expect(readdirSync(sessions(repo))).toContain(`session-g.md.${pid}.e5f6a7b8.tmp`);
  });
});
