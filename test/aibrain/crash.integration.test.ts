// Crash safety of .aibrain checkpoints: a writer (a real child process saving in a loop) killed with SIGKILL
// at random moments never leaves a checkpoint that fails to load, and the next writer takes over (the dead
// writer's lock is broken).
import { describe, it, expect } from "vitest";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { readdirSync } from "node:fs";
import { ROOT, tmpDir } from "../helpers.js";
import { CheckpointStore } from "../../dist/index.js";

const WRITER = join(ROOT, "test", "aibrain", "writer.mjs");
const DIST = join(ROOT, "dist", "index.js");

function startWriter(root: string): Promise<import("node:child_process").ChildProcess> {
  return new Promise((res, rej) => {
    const p = spawn(process.execPath, [WRITER, DIST, root, "CRASH-1"], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    p.stderr!.on("data", (d) => (err += d));
    p.stdout!.once("data", () => res(p));
    p.once("exit", (c) => rej(new Error(`writer exited early (${c}): ${err}`)));
  });
}

describe("aibrain crash safety", () => {
  it("SIGKILL in a loop never leaves a checkpoint that fails to load; iterations never go back", async () => {
    const root = tmpDir("agentcheck-aibrain-crash-");
    const store = new CheckpointStore({ root });
    let last = 0;
    let loaded = 0;
    for (let round = 0; round < 15; round++) {
      const p = await startWriter(root);
      await new Promise((r) => setTimeout(r, 20 + Math.floor(Math.random() * 120)));
      const exited = new Promise((r) => p.once("exit", r));
      p.kill("SIGKILL");
      await exited;
      let cp;
      try {
        cp = store.load("CRASH-1");
      } catch (e) {
        // only acceptable before any save completed
        expect((e as { code: string }).code).toBe("NOT_FOUND");
        expect(last).toBe(0);
        continue;
      }
      loaded++;
      expect(cp.data.marker).toBe(`iteration-${cp.data.iteration_count}`);
      expect(cp.markdown_content.startsWith(`## Iteration ${cp.data.iteration_count}\n`)).toBe(true);
      expect(cp.markdown_content.length).toBeGreaterThan(100 * 1024);
      expect(cp.data.iteration_count).toBeGreaterThanOrEqual(last);
      last = cp.data.iteration_count;
    }
    expect(loaded).toBeGreaterThan(10);
    expect(last).toBeGreaterThan(15); // the writers made progress (stale locks of killed writers were broken)
    // killed writers may leave temp files, never a half-written checkpoint
    const names = readdirSync(join(root, ".aibrain")).filter((n) => n.endsWith(".md"));
    expect(names).toEqual(["session-CRASH-1.md"]);
  }, 120_000);
});

describe("aibrain: save racing archive (review)", () => {
  it("a save queued behind archive's lock never recreates an archived task beside its archive (ALREADY_EXISTS), nor is an archive followed by an active copy", async () => {
    const { existsSync, writeFileSync } = await import("node:fs");
    const { hostname } = await import("node:os");
    const { BIN } = await import("../helpers.js");
    const dir = tmpDir("agentcheck-aibrain-race-");
    const run = (args: string[]) => new Promise<{ code: number | null; out: string }>((res) => {
      const p = spawn(process.execPath, [BIN, "task", ...args, "--dir", dir], { env: { ...process.env, AGENTCHECK_LOCK_TIMEOUT_MS: "20000" } });
      let out = "";
      p.stdout!.on("data", (d) => (out += d));
      p.stderr!.on("data", (d) => (out += d));
      p.on("exit", (code) => res({ code, out }));
    });
    expect((await run(["save", "T1", "--iteration", "3", "--phase", "build", "--status", "completed"])).code).toBe(0);
    // a live process holds the checkpoint's lock while both commands queue behind it
    const holder = spawn("sleep", ["60"]);
    const lock = join(dir, ".aibrain", "session-T1.md.lock");
    writeFileSync(lock, JSON.stringify({ pid: holder.pid, hostname: hostname(), acquiredAt: new Date().toISOString(), token: "held" }));
    const archive = run(["archive", "T1"]);
    await new Promise((r) => setTimeout(r, 1500));
    const save = run(["save", "T1", "--iteration", "4", "--phase", "build", "--status", "in_progress"]);
    await new Promise((r) => setTimeout(r, 1500));
    const { rmSync } = await import("node:fs");
    rmSync(lock);
    holder.kill();
    const [a, s] = await Promise.all([archive, save]);
    const active = existsSync(join(dir, ".aibrain", "session-T1.md"));
    const archived = existsSync(join(dir, ".aibrain", "sessions", "archive", "session-T1.md"));
    expect(active && archived, `archive ${a.code}: ${a.out}\nsave ${s.code}: ${s.out}`).toBe(false);
    if (archived) expect(s.out).toContain("ALREADY_EXISTS");
  }, 30_000);
});
