// Consistency --all plus traceability on the corpus tree (whole process), and on a synthetic
// tree with 100x the planning and spec documents, generated in a temp dir at bench time.
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, CORPUS, HAS_CORPUS, ROOT, scalingRows, timeProcess, table, median } from "./lib.mjs";

const TREE = join(CORPUS, "ai-agents-efa406e9a");
const DIRS = [".agents/planning", ".agents/roadmap", ".agents/specs/requirements", ".agents/specs/design", ".agents/specs/tasks"];

function countDocs(root) {
  let n = 0;
  for (const d of DIRS) {
    const abs = join(root, d);
    if (!existsSync(abs)) continue;
    for (const f of readdirSync(abs)) if (f.endsWith(".md") && statSync(join(abs, f)).isFile()) n++;
  }
  return n;
}

/** Copy every top-level planning/spec markdown file `copies` times with distinct names and ids. */
export function makeScaledTree(copies) {
  const root = mkdtempSync(join(tmpdir(), "agentcheck-bench-co-"));
  for (const d of DIRS) {
    const src = join(TREE, d);
    mkdirSync(join(root, d), { recursive: true });
    if (!existsSync(src)) continue;
    for (const f of readdirSync(src)) {
      if (!f.endsWith(".md") || !statSync(join(src, f)).isFile()) continue;
      const text = readFileSync(join(src, f), "utf8");
      for (let k = 0; k < copies; k++) {
        const name = copies === 1 ? f : f.replace(/\.md$/, `-c${k}.md`);
        const body = copies === 1 ? text : text.replace(/\b(REQ|DESIGN|TASK)-([A-Za-z0-9]+)\b/g, `$1-$2C${k}`);
        writeFileSync(join(root, d, name), body);
      }
    }
  }
  return root;
}

export async function run() {
  if (!HAS_CORPUS) {
    console.log("(skipped: ../shared/corpus is absent)");
    return;
  }
  const rows = [];
  const api = await import(join(ROOT, "dist", "index.js"));
  api.validateTraceability({ root: TREE, maxFileBytes: 1 << 23 }); // compile the module once
  const noop = timeProcess(["-e", "0"], { runs: 7 });
  const measure = (label, root, runs) => {
    const co = timeProcess([BIN, "consistency", "--all", "--path", root, "-f", "json"], { runs, cwd: root });
    const tr = timeProcess([BIN, "traceability", "-f", "json"], { runs, cwd: root });
    const both = timeProcess([BIN, "check", root, "-f", "json"], { runs, cwd: root });
    if (co.status === 2 || tr.status === 2) throw new Error(`bench run failed: ${co.stderr}${tr.stderr}`);
    const docs = countDocs(root);
    const lib = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      api.validateConsistency({ root, maxFileBytes: 1 << 23 });
      api.validateTraceability({ root, maxFileBytes: 1 << 23 });
      lib.push(performance.now() - t0);
    }
    rows.push({
      tree: label, docs,
      "consistency --all ms": co.ms.toFixed(1), "traceability ms": tr.ms.toFixed(1),
      "both (2 processes) ms": (co.ms + tr.ms).toFixed(1), "both in-process ms": median(lib).toFixed(1),
      "check (all validators) ms": both.ms.toFixed(1),
      "peak RSS KiB": Math.max(co.rssKiB, tr.rssKiB),
    });
    return { docs, work: co.ms + tr.ms - 2 * noop.ms, lib: median(lib) };
  };
  const scaled = makeScaledTree(100);
  try {
    const a = measure("corpus efa406e9a", TREE, 7);
    const b = measure("synthetic 100x", scaled, 3);
    table(rows);
    console.log(`\nnode start-up (node -e 0): ${noop.ms.toFixed(1)} ms. Work beyond start-up (consistency + traceability, minus 2x node start-up): ` +
      `${a.work.toFixed(1)} ms -> ${b.work.toFixed(1)} ms for ${(b.docs / a.docs).toFixed(0)}x the documents = ${(b.work / a.work).toFixed(1)}x; ` +
      `in-process (library, module compiled): ${a.lib.toFixed(1)} ms -> ${b.lib.toFixed(1)} ms = ${(b.lib / a.lib).toFixed(1)}x.`);
    // scaling rows (issue 13 item 4): consistency --all on 1x, 10x, 100x the planning/spec documents
    const one = makeScaledTree(1);
    const ten = makeScaledTree(10);
    const empty = makeScaledTree(0);
    try {
      const args = (root) => [BIN, "consistency", "--all", "--path", root, "-f", "json"];
      console.log("\nScaling (consistency --all, planning and spec documents of efa406e9a, renamed copies):\n");
      table(scalingRows("consistency", { args: args(empty), cwd: empty }, [
        { factor: 1, label: `${countDocs(one)} docs`, args: args(one), cwd: one, runs: 5 },
        { factor: 10, label: `${countDocs(ten)} docs`, args: args(ten), cwd: ten, runs: 3 },
        { factor: 100, label: `${countDocs(scaled)} docs`, args: args(scaled), cwd: scaled, runs: 3 },
      ]));
    } finally {
      for (const d of [one, ten, empty]) rmSync(d, { recursive: true, force: true });
    }
  } finally {
    rmSync(scaled, { recursive: true, force: true });
  }
}
