// The core alone: in-process, after instantiation, MB/s of session-log documents through the WASM
// validator (no file reading, no git). JSON logs with the facts the CLI computes for them
// (prepareJsonSessions); markdown logs with no git facts. Each set: its first call (V8 runs the
// module's baseline code until hot functions are optimized in the background: what a one-call CLI
// run sees), then the median of 15 passes after 10 warm-ups (optimized code: with 2 warm-ups the
// median still fell on passes that were tiering up), wall time and the process's CPU time
// (user + system; steadier than wall time on a shared machine).
// The 1,650-file row is the JSON logs three times under new names (the scale of issue 13's profile).
// BENCH_DIST=<dir> measures another build's dist/ (e.g. main's, for a before/after in one minute).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS, HAS_CORPUS, ROOT, median, table } from "./lib.mjs";

async function load(dir, ext, kind) {
  const files = readdirSync(dir).filter((f) => f.endsWith(ext)).sort();
  return files.map((f) => ({ file: `.agents/sessions/${f}`, kind, bytes: new Uint8Array(readFileSync(join(dir, f))) }));
}

export async function run() {
  if (!HAS_CORPUS) {
    console.log("corpus absent (../shared/corpus): skipped");
    return;
  }
  const dist = process.env.BENCH_DIST ?? join(ROOT, "dist");
  const { executeValidator } = await import(join(dist, "engine.js"));
  const { KIND } = await import(join(dist, "wasm", "abi.js"));
  const { prepareJsonSessions } = await import(join(dist, "validators", "session-json-facts.js"));
  const efa = join(CORPUS, "ai-agents-efa406e9a");
  const json = await load(join(efa, ".agents", "sessions"), ".json", KIND.SESSION_JSON);
  const jsonFacts = await prepareJsonSessions(efa, json, undefined, undefined);
  const json3 = [];
  for (let k = 0; k < 3; k++) for (const d of json) json3.push({ ...d, file: k ? d.file.replace(/\.json$/, `-copy${k}.json`) : d.file });
  const md = await load(join(CORPUS, "ai-agents-109e737e7", ".agents", "sessions"), ".md", KIND.SESSION_MD);
  const rows = [];
  const sets = [
    ["JSON logs (efa406e9a)", json, jsonFacts],
    ["JSON logs x3 (efa406e9a)", json3, jsonFacts],
    ["markdown logs (109e737e7)", md, {}],
  ];
  for (const [name, docs, facts] of sets) {
    const bytes = docs.reduce((n, d) => n + d.bytes.length, 0);
    const ms = [];
    const cpu = [];
    const WARM = 10;
    for (let i = 0; i < WARM + 15; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const out = executeValidator("session-log", docs, facts, { separable: true });
      const c = process.cpuUsage(c0);
      ms.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
      if (out.internalErrors.length) throw new Error(out.internalErrors[0]);
    }
    const m = median(ms.slice(WARM));
    const mc = median(cpu.slice(WARM));
    rows.push({
      documents: `${name}: ${docs.length} files`,
      MB: (bytes / 1e6).toFixed(2),
      "first call ms": ms[0].toFixed(1),
      "first call MB/s": (bytes / 1e6 / (ms[0] / 1000)).toFixed(1),
      "core ms (median)": m.toFixed(1),
      "MB/s": (bytes / 1e6 / (m / 1000)).toFixed(1),
      "CPU ms": mc.toFixed(1),
      "MB/s of CPU": (bytes / 1e6 / (mc / 1000)).toFixed(1),
      target: name.startsWith("JSON") ? "≥ 100 MB/s" : "≥ 150 MB/s",
    });
  }
  table(rows);
}
