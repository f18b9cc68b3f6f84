// The core alone: in-process, after instantiation, MB/s of session-log documents through the WASM
// validator (no file reading, no git). JSON logs with the facts the CLI computes for them
// (prepareJsonSessions); markdown logs with no git facts. Median of 7 passes after 2 warm-ups.
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
  const { executeValidator } = await import(join(ROOT, "dist", "engine.js"));
  const { KIND } = await import(join(ROOT, "dist", "wasm", "abi.js"));
  const { prepareJsonSessions } = await import(join(ROOT, "dist", "validators", "session-json-facts.js"));
  const efa = join(CORPUS, "ai-agents-efa406e9a");
  const json = await load(join(efa, ".agents", "sessions"), ".json", KIND.SESSION_JSON);
  const jsonFacts = await prepareJsonSessions(efa, json, undefined, undefined);
  const md = await load(join(CORPUS, "ai-agents-109e737e7", ".agents", "sessions"), ".md", KIND.SESSION_MD);
  const rows = [];
  for (const [name, docs, facts] of [["JSON logs (efa406e9a)", json, jsonFacts], ["markdown logs (109e737e7)", md, {}]]) {
    const bytes = docs.reduce((n, d) => n + d.bytes.length, 0);
    const ms = [];
    for (let i = 0; i < 9; i++) {
      const t0 = performance.now();
      const out = executeValidator("session-log", docs, facts, { separable: true });
      ms.push(performance.now() - t0);
      if (out.internalErrors.length) throw new Error(out.internalErrors[0]);
    }
    const m = median(ms.slice(2));
    rows.push({ documents: `${name}: ${docs.length} files`, MB: (bytes / 1e6).toFixed(2), "core ms (median)": m.toFixed(1), "MB/s": (bytes / 1e6 / (m / 1000)).toFixed(1), target: name.startsWith("JSON") ? "≥ 100 MB/s" : "≥ 150 MB/s" });
  }
  table(rows);
}
