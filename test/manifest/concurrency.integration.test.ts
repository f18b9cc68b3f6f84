// Concurrency through real processes (issue 16): 8 processes × 25 checkpoint/commit updates on one
// manifest, each a manager transaction under the store's lock file; nothing may be lost.
import { describe, it, expect } from "vitest";
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tmpDir } from "../helpers.js";
import { ManifestManager, validateManifests } from "../../dist/index.js";

function runNode(args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, args, { cwd, env: { ...process.env } });
    let stderr = "";
    p.stderr.on("data", (d) => (stderr += d));
    p.stdin.end();
    p.on("close", (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe("manifest concurrency", () => {
  it("8 processes × 25 checkpoint/commit updates on one manifest: all 200 present, manifest valid", async () => {
    const root = tmpDir("agentcheck-mfc-");
    const mgr = new ManifestManager({ root });
    await mgr.create({ topic: "concurrency", id: "c8", checkpoints: 104 });
    // worker w: even steps complete checkpoint w*12+k, odd steps add a commit (no git here: shas are recorded as given)
    const script = `
      import { ManifestManager } from ${JSON.stringify(join(ROOT, "dist", "index.js"))};
      const w = Number(process.argv[1]);
      const m = new ManifestManager({ root: process.cwd(), lockTimeoutMs: 120000 });
      let cp = 0;
      for (let i = 0; i < 25; i++) {
        if (i % 2 === 0) await m.completeCheckpoint("c8", w * 13 + (cp++) + 1);
        else await m.addCommit("c8", (w * 100 + i).toString(16).padStart(40, "0"), "w" + w + "-" + i, null);
      }`;
    const rs = await Promise.all(Array.from({ length: 8 }, (_, w) => runNode(["--input-type=module", "-e", script, String(w)], root)));
    for (const r of rs) expect(r.code, r.stderr).toBe(0);
    const m = JSON.parse(readFileSync(join(root, "agents", "sessions", "c8", "state.json"), "utf8"));
    const expectedCps: number[] = [];
    for (let w = 0; w < 8; w++) for (let k = 0; k < 13; k++) expectedCps.push(w * 13 + k + 1);
    expect(m.build_progress.checkpoints_completed).toEqual(expectedCps.sort((a, b) => a - b));
    expect(m.commits.length).toBe(8 * 12);
    expect(new Set(m.commits.map((c: any) => c.message)).size).toBe(96);
    expect(validateManifests({ root }).results[0].verdict).toBe("pass");
    expect(readdirSync(join(root, "agents", "sessions", "c8")).filter((f) => /lock|tmp/.test(f))).toEqual([]);
  }, 300_000);

  it("4 concurrent `agentcheck index` processes on one database: all succeed, rows exact, no lock left", async () => {
    const { writeSessions, validManifest } = await import("./fixtures.js");
    const { BIN } = await import("../helpers.js");
    const ws = writeSessions(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`s${i}`, validManifest(`s${i}`)])));
    const db = join(ws, "idx.sqlite");
    const rs = await Promise.all(Array.from({ length: 4 }, () => runNode([BIN, "index", "--db", db, "--root", ws], ws)));
    for (const r of rs) expect(r.code, r.stderr).toBe(0);
    const { listIndexedSessions } = await import("../../dist/index.js");
    expect((await listIndexedSessions({ db })).map((x: any) => x.session_id).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `s${i}`).sort());
    expect(readdirSync(ws).filter((f) => /lock/.test(f))).toEqual([]);
  }, 300_000);
});
