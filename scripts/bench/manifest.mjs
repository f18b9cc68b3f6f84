// Session manifests: manager operations (create, transition, checkpoint) in-process and through the
// CLI, and the SQLite session index: 1,000 generated sessions indexed (cold, then unchanged), a query.
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BIN, ROOT, median, table, timeProcess } from "./lib.mjs";

const N = 30;

function manifest(id, i) {
  const t = "2026-02-14T10:00:00Z";
  const done = i % 5;
  return {
    session_id: id, topic: `Topic ${i}`, description: `generated session ${i}`, session_type: ["full", "quick", "research"][i % 3],
    created_at: t, updated_at: "2026-02-14T12:00:00Z", current_phase: "build", status: i % 7 === 0 ? "paused" : "active",
    phase_history: {
      spec_started_at: t, spec_completed_at: t, plan_started_at: t, plan_completed_at: t, build_started_at: t,
      build_completed_at: null, docs_started_at: null, docs_completed_at: null,
    },
    build_progress: { checkpoints_total: 5, checkpoints_completed: Array.from({ length: done }, (_, k) => k + 1), current_checkpoint: done + 1 },
    git: { branch: `feat/${i}`, worktree: null, base_branch: "main" },
    commits: Array.from({ length: done }, (_, k) => ({ sha: (i * 10 + k).toString(16).padStart(40, "0"), message: `c${k}`, checkpoint: k + 1, created_at: t })),
    artifacts: { spec: "spec.md", plan: "plan.json", plan_readable: "plan.md" },
  };
}

async function timeIt(n, fn) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

export async function run() {
  const { ManifestManager, indexSessions, listIndexedSessions } = await import(pathToFileURL(join(ROOT, "dist", "index.js")).href);
  const ws = mkdtempSync(join(tmpdir(), "agentcheck-bench-mf-"));
  const rows = [];
  try {
    const m = new ManifestManager({ root: ws, verifyCommits: false });
    let k = 0;
    rows.push({ what: "create (in-process: folder, 3 templates, manifest)", runs: N, "median ms": (await timeIt(N, () => m.create({ topic: `t${k}`, id: `c${k++}`, checkpoints: 3 }))).toFixed(2) });
    rows.push({ what: "transition spec → plan (in-process)", runs: N, "median ms": (await timeIt(N, (i) => m.transition(`c${i}`, "plan"))).toFixed(2) });
    rows.push({ what: "complete checkpoint (in-process)", runs: N, "median ms": (await timeIt(N, (i) => m.completeCheckpoint(`c${i}`, 1))).toFixed(2) });
    rows.push({ what: "read + validate (in-process)", runs: N, "median ms": (await timeIt(N, (i) => m.read(`c${i}`))).toFixed(2) });
    const floor = timeProcess(["-e", "0"], { runs: 10, cwd: ws });
    rows.push({ what: "node -e 0 (process floor)", runs: 10, "median ms": floor.ms.toFixed(1) });
    let j = 0;
    const cliCreate = [];
    for (let i = 0; i < 10; i++) {
      const r = timeProcess([BIN, "manifest", "create", "--topic", "cli", "--id", `cli${j++}`, "--checkpoints", "2"], { runs: 1, cwd: ws });
      if (r.status !== 0) throw new Error(`manifest create: ${r.stdout} ${r.stderr}`);
      cliCreate.push(r.ms);
    }
    rows.push({ what: "agentcheck manifest create (CLI)", runs: 10, "median ms": median(cliCreate).toFixed(1) });
    const ph = [];
    const cp = [];
    for (let i = 0; i < 10; i++) {
      const a = timeProcess([BIN, "manifest", "phase", `cli${i}`, "plan"], { runs: 1, cwd: ws });
      const b = timeProcess([BIN, "manifest", "checkpoint", `cli${i}`, "complete", "1"], { runs: 1, cwd: ws });
      if (a.status !== 0 || b.status !== 0) throw new Error(`manifest cli: ${a.stdout} ${b.stdout}`);
      ph.push(a.ms);
      cp.push(b.ms);
    }
    rows.push({ what: "agentcheck manifest phase (CLI)", runs: 10, "median ms": median(ph).toFixed(1) });
    rows.push({ what: "agentcheck manifest checkpoint complete (CLI)", runs: 10, "median ms": median(cp).toFixed(1) });

    // ---- index of 1,000 generated sessions
    const big = join(ws, "big");
    for (let i = 0; i < 1000; i++) {
      const id = `2026-02-14_topic-${i}_${i.toString(16).padStart(6, "0")}`;
      const dir = join(big, "agents", "sessions", id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "state.json"), JSON.stringify(manifest(id, i), null, 2));
      writeFileSync(join(dir, "spec.md"), "# T\n\n## Goals\n\n## Open Questions\n\n## Key Decisions\n");
      writeFileSync(join(dir, "plan.json"), "{}\n");
      writeFileSync(join(dir, "plan.md"), "# Plan\n");
    }
    const db = join(ws, "index.sqlite");
    let t0 = performance.now();
    const r1 = await indexSessions({ roots: [big], db });
    const cold = performance.now() - t0;
    if (r1.added.length !== 1000 || r1.invalid.length) throw new Error(`index bench: ${r1.added.length} added, ${r1.invalid.length} invalid`);
    rows.push({ what: "index 1,000 sessions, empty index (in-process)", runs: 1, "median ms": cold.toFixed(0) });
    t0 = performance.now();
    const r2 = await indexSessions({ roots: [big], db });
    rows.push({ what: "re-index 1,000 unchanged sessions (in-process)", runs: 1, "median ms": (performance.now() - t0).toFixed(0) });
    if (r2.unchanged !== 1000) throw new Error("index bench: expected 1000 unchanged");
    t0 = performance.now();
    await indexSessions({ roots: [big], db, rebuild: true });
    rows.push({ what: "index --rebuild 1,000 sessions (in-process)", runs: 1, "median ms": (performance.now() - t0).toFixed(0) });
    const q = await timeIt(10, () => listIndexedSessions({ db, status: "paused" }));
    const n = (await listIndexedSessions({ db, status: "paused" })).length;
    rows.push({ what: `query: sessions with status paused (${n} of 1,000, in-process)`, runs: 10, "median ms": q.toFixed(1) });
    const cliIdx = timeProcess([BIN, "index", "--root", big, "--db", db], { runs: 3, cwd: ws });
    if (cliIdx.status !== 0) throw new Error(`index cli: ${cliIdx.stderr}`);
    rows.push({ what: "agentcheck index (CLI, 1,000 unchanged)", runs: 3, "median ms": cliIdx.ms.toFixed(0) });
    const cliList = timeProcess([BIN, "sessions", "list", "--db", db, "--phase", "build"], { runs: 5, cwd: ws });
    if (cliList.status !== 0) throw new Error(`sessions list cli: ${cliList.stderr}`);
    rows.push({ what: "agentcheck sessions list --phase build (CLI, 1,000 rows)", runs: 5, "median ms": cliList.ms.toFixed(0) });
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
  table(rows);
}
