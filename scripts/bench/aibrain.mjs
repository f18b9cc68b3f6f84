// .aibrain checkpoints with a 100 KB markdown body: save / load / update in-process and through the CLI
// (whole process). Targets from the design: save < 100 ms, load < 50 ms, update < 75 ms.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { BIN, ROOT, median, table, timeProcess } from "./lib.mjs";

const N = 50;
const CLI_RUNS = 15;

export async function run() {
  const { CheckpointStore } = await import(pathToFileURL(join(ROOT, "dist", "index.js")).href);
  const repo = mkdtempSync(join(tmpdir(), "agentcheck-bench-aibrain-"));
  execFileSync("git", ["init", "-q"], { cwd: repo });
  let body = "";
  for (let i = 0; body.length < 100 * 1024 - 80; i++) body += `- iteration ${i}: ${"lorem ipsum dolor ".repeat(3)}\n`;
  body = body.padEnd(100 * 1024 - 1, "x") + "\n"; // exactly 100 KiB
  const bodyFile = join(repo, "body.md");
  writeFileSync(bodyFile, body);
  const kib = Math.round(Buffer.byteLength(body) / 1024);
  const rows = [];
  try {
    const s = new CheckpointStore({ root: repo });
    const extra = { max_iterations: 1000, next_steps: ["a", "b"], context: { files: ["src/a.ts"], n: 3 } };
    await s.save("BENCH", { iteration_count: 0, phase: "build", status: "in_progress", ...extra }, body);
    const saves = [];
    const loads = [];
    const updates = [];
    for (let i = 1; i <= N; i++) {
      let t0 = performance.now();
      await s.save("BENCH", { iteration_count: i, phase: "build", status: "in_progress", ...extra }, body);
      saves.push(performance.now() - t0);
      t0 = performance.now();
      const cp = s.load("BENCH");
      loads.push(performance.now() - t0);
      if (cp.markdown_content.length !== body.length) throw new Error("bench: body did not round-trip");
      t0 = performance.now();
      await s.update("BENCH", { last_output: `iteration ${i} done` });
      updates.push(performance.now() - t0);
    }
    rows.push({ what: `save in-process (${kib} KiB body; lock, temp, fsync, rename)`, runs: N, "median ms": median(saves).toFixed(2), target: "< 100", "peak RSS KiB": "-" });
    rows.push({ what: `load in-process (${kib} KiB body)`, runs: N, "median ms": median(loads).toFixed(2), target: "< 50", "peak RSS KiB": "-" });
    rows.push({ what: `update in-process (${kib} KiB body; lock, load, merge, save)`, runs: N, "median ms": median(updates).toFixed(2), target: "< 75", "peak RSS KiB": "-" });
    const save = timeProcess([BIN, "task", "save", "BENCH", "--iteration", "7", "--phase", "build", "--status", "in_progress", "--body-file", bodyFile], { runs: CLI_RUNS, cwd: repo });
    if (save.status !== 0) throw new Error(`task save failed: ${save.stderr}`);
    rows.push({ what: `CLI task save (whole process, ${kib} KiB body)`, runs: CLI_RUNS, "median ms": save.ms.toFixed(1), target: "< 100", "peak RSS KiB": save.rssKiB });
    const load = timeProcess([BIN, "task", "load", "BENCH"], { runs: CLI_RUNS, cwd: repo });
    if (load.status !== 0) throw new Error(`task load failed: ${load.stderr}`);
    rows.push({ what: `CLI task load (whole process, ${kib} KiB body)`, runs: CLI_RUNS, "median ms": load.ms.toFixed(1), target: "< 50", "peak RSS KiB": load.rssKiB });
    const upd = timeProcess([BIN, "task", "update", "BENCH", "--data", '{"last_output":"cli"}'], { runs: CLI_RUNS, cwd: repo });
    if (upd.status !== 0) throw new Error(`task update failed: ${upd.stderr}`);
    rows.push({ what: `CLI task update (whole process, ${kib} KiB body)`, runs: CLI_RUNS, "median ms": upd.ms.toFixed(1), target: "< 75", "peak RSS KiB": upd.rssKiB });
    const floor = timeProcess(["-e", "0"], { runs: CLI_RUNS, cwd: repo });
    rows.push({ what: "node -e 0 (floor of every CLI row)", runs: CLI_RUNS, "median ms": floor.ms.toFixed(1), target: "-", "peak RSS KiB": floor.rssKiB });
    // load-robust view: alternate floor and command runs, median of the per-pair differences
    const cmds = {
      save: [BIN, "task", "save", "BENCH", "--iteration", "8", "--phase", "build", "--status", "in_progress", "--body-file", bodyFile],
      load: [BIN, "task", "load", "BENCH"],
      update: [BIN, "task", "update", "BENCH", "--data", '{"last_output":"pair"}'],
    };
    const diffs = { save: [], load: [], update: [] };
    for (let i = 0; i < CLI_RUNS; i++) {
      for (const k of Object.keys(cmds)) {
        let t0 = performance.now();
        spawnSync(process.execPath, ["-e", "0"], { cwd: repo });
        const f = performance.now() - t0;
        t0 = performance.now();
        const r = spawnSync(process.execPath, cmds[k], { cwd: repo });
        if (r.status !== 0) throw new Error(`task ${k} failed: ${r.stderr}`);
        diffs[k].push(performance.now() - t0 - f);
      }
    }
    for (const k of Object.keys(cmds)) rows.push({ what: `CLI task ${k} minus node -e 0 (interleaved pairs)`, runs: CLI_RUNS, "median ms": median(diffs[k]).toFixed(1), target: "-", "peak RSS KiB": "-" });
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
  table(rows);
}
