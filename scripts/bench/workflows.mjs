// The validate-repositories fan-out (docs/workflows.md) on generated repositories: one run over N
// repositories at several concurrency bounds, median of RUNS runs per bound (bounds alternate, so
// machine load hits them alike).
//
// The run goes through the served app over real HTTP on 127.0.0.1 (startWorkflowServer), driven the
// way the Inngest executor drives it (scripts/lib/inngest-executor.mjs: a wave's planned steps each
// requested on its own, all at once, their results memoized into the next discovery). Every step is
// real (one `agentcheck check --format json` process per repository).
//
// Not @inngest/test: its engine follows every planned step with a new discovery of its own, so the
// chains multiply wave after wave and steps run again: counted with a stub check, 16 repositories ran
// 244 checks at bound 2 and 403 at bound 4 (8 repositories: 8 / 18 / 30 / 46 at bounds 1 / 2 / 4 / 8).
// It measured the test engine, not the bound (16 repositories, bounds 1/2/4/8, 3 runs printed nothing
// within 400 s). Defaults: 8 repositories, 3 runs (BENCH_WORKFLOW_REPOS, BENCH_WORKFLOW_RUNS).
// CPU is the bench process (the served app) plus its waited-for children (the checks), from
// /proc/self/stat: where wall time is unreliable (a loaded machine), CPU says whether the work changed.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { execFile, execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { BIN, ROOT, median, table } from "./lib.mjs";
import { executeOverHttp } from "../lib/inngest-executor.mjs";

const N = Number(process.env.BENCH_WORKFLOW_REPOS ?? 8);
const RUNS = Number(process.env.BENCH_WORKFLOW_RUNS ?? 3);
const BOUNDS = [1, 2, 4, 8];

function makeRepo(base, i) {
  const dir = join(base, `repo-${i}`);
  mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
  mkdirSync(join(dir, ".serena", "memories"), { recursive: true });
  for (let s = 1; s <= 20; s++) {
    writeFileSync(join(dir, ".agents", "sessions", `2026-01-${String((s % 28) + 1).padStart(2, "0")}-session-${s}.md`),
      `# Session ${s}\n\n## Session Info\n\n- **Date**: 2026-01-05\n- **Branch**: feat/x\n- **Starting Commit**: abc1234\n\n## Work Log\n\n- did thing ${s}\n`);
  }
  for (let m = 0; m < 30; m++) writeFileSync(join(dir, ".serena", "memories", `topic-${m}.md`), `# Topic ${m}\n\nNotes ${m}.\n`);
  writeFileSync(join(dir, "README.md"), `# Repo ${i}\n`);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  execFileSync("git", ["add", "-A"], { cwd: dir });
  execFileSync("git", ["-c", "user.email=b@e", "-c", "user.name=bench", "commit", "-q", "-m", "init"], { cwd: dir });
  return dir;
}

/** CPU ms of this process and its waited-for children (utime + stime + cutime + cstime). */
function cpuMs() {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields after the command: state is index 0, so utime (field 14) is index 11 .. cstime (17) index 14
  return [11, 12, 13, 14].reduce((s, i) => s + Number(f[i]), 0) * 10; // USER_HZ = 100
}

/** The same checks without the workflow (no HTTP, no step memo): in waves of `c`, as the fan-out runs them. */
async function bare(repos, c) {
  const one = (cwd) => new Promise((res) => execFile(process.execPath, [BIN, "check", "--format", "json"], { cwd, maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: "1" } }, () => res()));
  for (let i = 0; i < repos.length; i += c) await Promise.all(repos.slice(i, i + c).map(one));
}

export async function run() {
  const { startWorkflowServer } = await import(pathToFileURL(join(ROOT, "dist", "inngest.js")).href);
  const { EVENTS } = await import(pathToFileURL(join(ROOT, "dist", "inngest.js")).href);
  const base = mkdtempSync(join(tmpdir(), "agentcheck-bench-workflows-"));
  const { server, url } = await startWorkflowServer({ port: 0, cwd: base, isDev: true });
  try {
    const repos = Array.from({ length: N }, (_, i) => makeRepo(base, i));
    const acc = BOUNDS.map(() => ({ walls: [], cpus: [], requests: 0 }));
    const ref = BOUNDS.map(() => ({ walls: [], cpus: [] }));
    // one unmeasured run first: the served app's first requests load the SDK's and the steps' code
    await executeOverHttp(url, "agentcheck-validate-repositories", { name: EVENTS.validateRepositories, data: { repositories: repos.slice(0, 2), concurrency: 2 }, id: "bench-warm-up", ts: Date.now() });
    const load0 = loadavg()[0];
    for (let r = 0; r < RUNS; r++) {
      for (const [k, c] of BOUNDS.entries()) {
        const event = { name: EVENTS.validateRepositories, data: { repositories: repos, concurrency: c }, id: `bench-${r}-${c}`, ts: Date.now() };
        const c0 = cpuMs();
        const t0 = performance.now();
        const { result, requests } = await executeOverHttp(url, "agentcheck-validate-repositories", event);
        acc[k].walls.push(performance.now() - t0);
        acc[k].cpus.push(cpuMs() - c0);
        acc[k].requests = requests;
        if (result.repositories !== N || result.error > 0 || result.concurrency !== c) throw new Error(`bench: fan-out failed: ${JSON.stringify(result).slice(0, 300)}`);
        const b0 = cpuMs();
        const u0 = performance.now();
        await bare(repos, c);
        ref[k].walls.push(performance.now() - u0);
        ref[k].cpus.push(cpuMs() - b0);
      }
    }
    const load1 = loadavg()[0];
    const single = median(acc[0].walls);
    const bareSingle = median(ref[0].walls);
    table(BOUNDS.flatMap((c, k) => {
      const m = median(acc[k].walls);
      const b = median(ref[k].walls);
      return [{
        "run": `validate-repositories, ${N} repositories, concurrency ${c}`,
        "median wall": `${Math.round(m)} ms`,
        "per repository": `${Math.round(m / N)} ms`,
        "speed-up vs 1": `${(single / m).toFixed(2)}x`,
        "median CPU (app + checks)": `${Math.round(median(acc[k].cpus))} ms`,
        "requests per run": String(acc[k].requests),
      }, {
        "run": `the same ${N} checks, no workflow, ${c} at once`,
        "median wall": `${Math.round(b)} ms`,
        "per repository": `${Math.round(b / N)} ms`,
        "speed-up vs 1": `${(bareSingle / b).toFixed(2)}x`,
        "median CPU (app + checks)": `${Math.round(median(ref[k].cpus))} ms`,
        "requests per run": "—",
      }];
    }));
    console.log(`\n${RUNS} runs per bound, bounds alternating; load average (1 min) ${load0.toFixed(2)} before, ${load1.toFixed(2)} after; ${process.env.BENCH_CORES ?? (await import("node:os")).availableParallelism()} cores`);
  } finally {
    server.close();
    server.closeAllConnections();
    rmSync(base, { recursive: true, force: true });
  }
}
