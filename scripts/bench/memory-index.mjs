// memory-index benchmark: the whole CLI process on the 875-file corpus (target < 100 ms wall), a
// 100x synthetic scale-up (copies of the corpus under renamed domains, generated into a temp dir
// and removed afterwards), and single-index scaling (10k vs 100k rows). Prints medians.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, CORPUS, HAS_CORPUS, table, timeProcess } from "./lib.mjs";

const MEM = join(CORPUS, "ai-agents-efa406e9a", ".serena", "memories");
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** Write `copies` renamed copies of the memory directory into `out` (one combined root index). */
function scaleUp(src, out, copies) {
  const names = readdirSync(src, { withFileTypes: true });
  const stems = names.filter((e) => e.isFile() && e.name.endsWith(".md")).map((e) => e.name.slice(0, -3));
  const domains = stems.filter((s) => /^skills-.+-index$/.test(s)).map((s) => s.slice(7, -6)).sort((a, b) => b.length - a.length);
  const rootLines = [];
  for (let k = 0; k < copies; k++) {
    const tag = `c${String(k).padStart(3, "0")}`;
    const rename = new Map();
    for (const s of stems) {
      let r;
      const m = /^skills-(.+)-index$/.exec(s);
      if (m) r = `skills-${m[1]}${tag}-index`;
      else if (s === "memory-index") r = s;
      else {
        const d = domains.find((x) => s.startsWith(`${x}-`));
        r = d ? `${d}${tag}${s.slice(d.length)}` : `${s}-${tag}`;
      }
      rename.set(s, r);
    }
    const rewrite = (text) => text.replace(/[\w-]+/g, (t) => rename.get(t) ?? t);
    for (const s of stems) {
      const text = readFileSync(join(src, `${s}.md`), "utf8");
      if (s === "memory-index") {
        rootLines.push(...rewrite(text).split("\n").filter((l) => l.startsWith("|") && !/^\|\s*(Task Keywords|-)/.test(l)));
        continue;
      }
      writeFileSync(join(out, `${rename.get(s)}.md`), s.endsWith("-index") ? rewrite(text) : text);
    }
  }
  writeFileSync(join(out, "memory-index.md"), ["# Memory Index", "", "| Task Keywords | Essential Memories |", "|---|---|", ...rootLines, ""].join("\n"));
  cpSync(join(src, ".obsidian"), join(out, ".obsidian"), { recursive: true });
}

function bigIndex(out, rows) {
  const lines = ["| Keywords | File |", "|---|---|"];
  for (let i = 0; i < rows; i++) lines.push(`| k${i} shared w${i % 7} z${i} | a-${i} |`);
  writeFileSync(join(out, "skills-a-index.md"), lines.join("\n") + "\n");
  writeFileSync(join(out, "memory-index.md"), "| Task Keywords | Essential Memories |\n|---|---|\n| a | skills-a-index |\n");
}

const summaryOf = (stdout) => /Domains: (\d+) total.*Files: (\d+) indexed/.exec(stdout)?.slice(1).join(" domains, ") + " entries";

export async function run() {
  if (!HAS_CORPUS) {
    console.log("corpus not found at ../shared/corpus: memory-index bench skipped");
    return;
  }
  const tmp = mkdtempSync(join(tmpdir(), "agentcheck-bench-mi-"));
  try {
    const tiny = join(tmp, "tiny");
    mkdirSync(tiny);
    writeFileSync(join(tiny, "memory-index.md"), "| Task Keywords | Essential Memories |\n|---|---|\n");
    const x100 = join(tmp, "x100");
    mkdirSync(x100);
    const t0 = performance.now();
    scaleUp(MEM, x100, 100);
    const genMs = performance.now() - t0;
    const r10k = join(tmp, "rows10k");
    const r100k = join(tmp, "rows50k");
    mkdirSync(r10k);
    mkdirSync(r100k);
    bigIndex(r10k, 10_000);
    bigIndex(r100k, 50_000);

    const node = timeProcess(["-e", "0"], { runs: RUNS });
    const start = timeProcess([BIN, "memory-index", "--dir", tiny], { runs: RUNS });
    const one = timeProcess([BIN, "memory-index", "--dir", MEM], { runs: RUNS });
    const oneJson = timeProcess([BIN, "memory-index", "--dir", MEM, "-f", "json"], { runs: RUNS });
    const hundred = timeProcess([BIN, "memory-index", "--dir", x100], { runs: Math.max(3, RUNS >> 1) });
    const k10 = timeProcess([BIN, "memory-index", "--dir", r10k, "-q"], { runs: Math.max(3, RUNS >> 1) });
    const k100 = timeProcess([BIN, "memory-index", "--dir", r100k, "-q"], { runs: Math.max(3, RUNS >> 1) });
    const f = (x) => x.toFixed(1);
    table([
      { case: "node -e 0 (bare Node start)", "median ms": f(node.ms), "peak RSS KiB": node.rssKiB, note: "" },
      { case: "memory-index, 1-file dir (start-up)", "median ms": f(start.ms), "peak RSS KiB": start.rssKiB, note: `exit ${start.status}` },
      { case: "memory-index, corpus 875 files (text)", "median ms": f(one.ms), "peak RSS KiB": one.rssKiB, note: `exit ${one.status}; ${summaryOf(one.stdout)}; target < 100 ms` },
      { case: "memory-index, corpus 875 files (json)", "median ms": f(oneJson.ms), "peak RSS KiB": oneJson.rssKiB, note: "json loads zod for schema validation" },
      { case: "memory-index, 100x corpus (87.5k files)", "median ms": f(hundred.ms), "peak RSS KiB": hundred.rssKiB, note: `exit ${hundred.status}; ${summaryOf(hundred.stdout)}; generated in ${f(genMs)} ms` },
      { case: "one index, 10,000 rows", "median ms": f(k10.ms), "peak RSS KiB": k10.rssKiB, note: `exit ${k10.status}` },
      { case: "one index, 50,000 rows", "median ms": f(k100.ms), "peak RSS KiB": k100.rssKiB, note: `exit ${k100.status}` },
    ]);
    const work1 = one.ms - start.ms;
    const work100 = hundred.ms - start.ms;
    const rows10 = k10.ms - start.ms;
    const rows100 = k100.ms - start.ms;
    console.log();
    table([
      { ratio: "100x corpus / 1x corpus, start-up subtracted", value: f(work100 / work1), limit: "about 100 (linear)", detail: `${f(work100)} ms / ${f(work1)} ms` },
      { ratio: "50k rows / 10k rows, start-up subtracted", value: f(rows100 / rows10), limit: "about 5 (linear)", detail: `${f(rows100)} ms / ${f(rows10)} ms` },
    ]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
