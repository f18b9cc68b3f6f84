// Session-log benchmark: whole CLI process on the corpus session folders and a 10x scale-up.
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { BIN, CORPUS, HAS_CORPUS, ROOT, median, scalingRows, table, timeProcess } from "./lib.mjs";

function folderStats(dir) {
  let files = 0;
  let bytes = 0;
  for (const f of readdirSync(dir)) {
    if (!/\.(md|json)$/i.test(f)) continue;
    files++;
    bytes += statSync(join(dir, f)).size;
  }
  return { files, bytes };
}

/** Copy the folder's logs 10 times under distinct session numbers (names stay valid). */
function scaleUp(src, factor) {
  const dst = mkdtempSync(join(tmpdir(), "agentcheck-bench-sl-"));
  const sessions = join(dst, ".agents", "sessions");
  mkdirSync(sessions, { recursive: true });
  for (const f of readdirSync(src)) {
    if (!/\.(md|json)$/i.test(f)) continue;
    for (let k = 0; k < factor; k++) {
      const name = k === 0 ? f : f.replace(/-session-(\d+)/i, (_m, n) => `-session-${n}${k}0000`);
      cpSync(join(src, f), join(sessions, k === 0 || name !== f ? name : `x${k}-${f}`));
    }
  }
  return { root: dst, dir: sessions };
}

function instantiateMs() {
  const code = `
    const { wasmBytes } = await import(${JSON.stringify(join(ROOT, "dist", "wasm", "loader.js"))});
    const b = wasmBytes();
    const t0 = performance.now();
    const m = new WebAssembly.Module(b);
    const t1 = performance.now();
    new WebAssembly.Instance(m, { env: { abort() {} } });
    const t2 = performance.now();
    console.log(JSON.stringify({ size: b.length, compile: t1 - t0, instantiate: t2 - t1 }));`;
  const rs = [];
  for (let i = 0; i < 7; i++) {
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
    rs.push(JSON.parse(r.stdout));
  }
  return { size: rs[0].size, compile: median(rs.map((r) => r.compile)), instantiate: median(rs.map((r) => r.instantiate)) };
}

export async function run() {
  const w = instantiateMs();
  console.log(`WASM module: ${w.size} bytes (${(w.size / 1024).toFixed(1)} KB, target < 64 KB); ` +
    `compile ${w.compile.toFixed(2)} ms + instantiate ${w.instantiate.toFixed(3)} ms (median of 7 cold processes, target < 2 ms)`);
  const floor = timeProcess(["-e", "0"], { runs: 5 });
  console.log(`node -e 0 (floor): ${floor.ms.toFixed(0)} ms median of 5`);
  if (!HAS_CORPUS) {
    console.log("corpus absent (../shared/corpus): corpus rows skipped");
    return;
  }
  const rows = [];
  const targets = { "ai-agents-109e737e7": 300, "ai-agents-efa406e9a": 400 };
  // BENCH_SCALING_ONLY=1: only the 1x/10x/100x scaling rows below
  for (const folder of process.env.BENCH_SCALING_ONLY === "1" ? [] : Object.keys(targets)) {
    const dir = join(CORPUS, folder, ".agents", "sessions");
    const cases = [{ label: folder, dir, cwd: join(CORPUS, folder), target: targets[folder], cleanup: null }];
    const up = scaleUp(dir, 10);
    cases.push({ label: `${folder} x10`, dir: up.dir, cwd: up.root, target: null, cleanup: up.root });
    let base = 0;
    for (const c of cases) {
      const st = folderStats(c.dir);
      const t = timeProcess([BIN, "session-log", c.dir, "--format", "json", "--now", "2026-11-01T00:00:00Z"], { runs: 5, cwd: c.cwd });
      if (t.status === 2) console.log(`!! ${c.label}: exit 2: ${t.stderr.slice(0, 300)}`);
      if (!c.target) base = base || 0;
      const mb = st.bytes / 1e6;
      rows.push({
        corpus: c.label,
        files: st.files,
        MB: mb.toFixed(2),
        "wall ms (median of 5)": t.ms.toFixed(0),
        "files/s": Math.round(st.files / (t.ms / 1000)),
        "MB/s": (mb / (t.ms / 1000)).toFixed(1),
        "peak RSS MB": (t.rssKiB / 1024).toFixed(0),
        target: c.target ? `< ${c.target} ms` : `<= 10x (${(t.ms / base).toFixed(2)}x)`,
      });
      if (c.target) base = t.ms;
      if (c.cleanup) rmSync(c.cleanup, { recursive: true, force: true });
    }
  }
  table(rows);
  // scaling rows (issue 13 item 4): 1x, 10x, 100x the efa406e9a logs, work beyond start-up
  const src = join(CORPUS, "ai-agents-efa406e9a", ".agents", "sessions");
  const empty = mkdtempSync(join(tmpdir(), "agentcheck-bench-sl-empty-"));
  mkdirSync(join(empty, ".agents", "sessions"), { recursive: true });
  const ups = [1, 10, 100].map((k) => ({ k, ...scaleUp(src, k) }));
  try {
    const args = (dir) => [BIN, "session-log", dir, "--format", "json", "--now", "2026-11-01T00:00:00Z"];
    console.log("\nScaling (ai-agents-efa406e9a session logs, one process):\n");
    table(scalingRows("session-log", { args: args(join(empty, ".agents", "sessions")), cwd: empty },
      ups.map((u) => ({ factor: u.k, label: `${folderStats(u.dir).files} logs, ${(folderStats(u.dir).bytes / 1e6).toFixed(1)} MB`, args: args(u.dir), cwd: u.root, runs: u.k === 100 ? 1 : 3 }))));
  } finally {
    rmSync(empty, { recursive: true, force: true });
    for (const u of ups) rmSync(u.root, { recursive: true, force: true });
  }
}
