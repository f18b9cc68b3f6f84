// The validate-repositories fan-out (docs/workflows.md) on generated repositories: wall time of one run
// over N repositories at several concurrency bounds, run through @inngest/test (every step real: one
// `agentcheck check --format json` process per repository). Median of RUNS runs per bound.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { ROOT, median, table } from "./lib.mjs";

const N = Number(process.env.BENCH_WORKFLOW_REPOS ?? 16);
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

export async function run() {
  const { Inngest } = await import("inngest");
  const { InngestTestEngine } = await import("@inngest/test");
  const { createWorkflowFunctions, EVENTS } = await import(pathToFileURL(join(ROOT, "dist", "inngest.js")).href);
  const fn = createWorkflowFunctions(new Inngest({ id: "agentcheck-bench" })).validateRepositories;
  const base = mkdtempSync(join(tmpdir(), "agentcheck-bench-workflows-"));
  try {
    const repos = Array.from({ length: N }, (_, i) => makeRepo(base, i));
    const rows = [];
    let single;
    for (const c of BOUNDS) {
      const times = [];
      for (let r = 0; r < RUNS; r++) {
        const t0 = performance.now();
        const { result, error } = await new InngestTestEngine({ function: fn }).execute({ events: [{ name: EVENTS.validateRepositories, data: { repositories: repos, concurrency: c } }] });
        times.push(performance.now() - t0);
        if (error || result.repositories !== N || result.error > 0) throw new Error(`bench: fan-out failed: ${JSON.stringify(error ?? result).slice(0, 300)}`);
      }
      const m = median(times);
      single ??= m;
      rows.push({ "validate-repositories": `${N} repositories, concurrency ${c}`, "median wall": `${Math.round(m)} ms`, "per repository": `${Math.round(m / N)} ms`, "speed-up vs 1": `${(single / m).toFixed(2)}x` });
    }
    table(rows);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
