// memory-index benchmark: the whole CLI process on the 875-file corpus (target < 100 ms wall), a
// 100x synthetic scale-up (copies of the corpus under renamed domains, generated into a temp dir
// and removed afterwards), and single-index scaling (10k vs 100k rows). Prints medians.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { BIN, CORPUS, HAS_CORPUS, median, scalingRows, table, timeProcess } from "./lib.mjs";

/** Median CPU time (user + system, ms) of the child process: steadier than wall time on a busy machine. */
function cpuMs(args, runs) {
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync("/usr/bin/time", ["-f", "%U %S", process.execPath, ...args], { encoding: "utf8", maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: "1" } });
    const m = /([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? "");
    if (m) xs.push((Number(m[1]) + Number(m[2])) * 1000);
  }
  return xs.length ? median(xs) : NaN;
}

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
    const runsBig = Math.max(3, RUNS >> 1);
    const cpu = {
      node: cpuMs(["-e", "0"], RUNS),
      start: cpuMs([BIN, "memory-index", "--dir", tiny], RUNS),
      one: cpuMs([BIN, "memory-index", "--dir", MEM], RUNS),
      oneJson: cpuMs([BIN, "memory-index", "--dir", MEM, "-f", "json"], RUNS),
      hundred: cpuMs([BIN, "memory-index", "--dir", x100], runsBig),
      k10: cpuMs([BIN, "memory-index", "--dir", r10k, "-q"], runsBig),
      k100: cpuMs([BIN, "memory-index", "--dir", r100k, "-q"], runsBig),
    };
    table([
      { case: "node -e 0 (bare Node start)", "wall ms": f(node.ms), "cpu ms": f(cpu.node), "peak RSS KiB": node.rssKiB, note: "" },
      { case: "memory-index, 1-file dir (start-up)", "wall ms": f(start.ms), "cpu ms": f(cpu.start), "peak RSS KiB": start.rssKiB, note: `exit ${start.status}` },
      { case: "memory-index, corpus 875 files (text)", "wall ms": f(one.ms), "cpu ms": f(cpu.one), "peak RSS KiB": one.rssKiB, note: `exit ${one.status}; ${summaryOf(one.stdout)}; target < 100 ms wall` },
      { case: "memory-index, corpus 875 files (json)", "wall ms": f(oneJson.ms), "cpu ms": f(cpu.oneJson), "peak RSS KiB": oneJson.rssKiB, note: "" },
      { case: "memory-index, 100x corpus (87.5k files)", "wall ms": f(hundred.ms), "cpu ms": f(cpu.hundred), "peak RSS KiB": hundred.rssKiB, note: `exit ${hundred.status}; ${summaryOf(hundred.stdout)}; generated in ${f(genMs)} ms` },
      { case: "one index, 10,000 rows", "wall ms": f(k10.ms), "cpu ms": f(cpu.k10), "peak RSS KiB": k10.rssKiB, note: `exit ${k10.status}` },
      { case: "one index, 50,000 rows", "wall ms": f(k100.ms), "cpu ms": f(cpu.k100), "peak RSS KiB": k100.rssKiB, note: `exit ${k100.status}` },
    ]);
    const ratio = (a, b, s) => `${f((a - s) / (b - s))} (${f(a - s)} / ${f(b - s)} ms)`;
    console.log();
    table([
      { ratio: "100x corpus / 1x corpus, start-up (1-file dir) subtracted", "by wall": ratio(hundred.ms, one.ms, start.ms), "by cpu": ratio(cpu.hundred, cpu.one, cpu.start), limit: "about 100 (linear)" },
      { ratio: "50k rows / 10k rows, start-up subtracted", "by wall": ratio(k100.ms, k10.ms, start.ms), "by cpu": ratio(cpu.k100, cpu.k10, cpu.start), limit: "about 5 (linear)" },
    ]);
    // scaling rows (issue 13 item 4): 1x, 10x, 100x the corpus memories, work beyond start-up
    const x10 = join(tmp, "x10");
    mkdirSync(x10);
    scaleUp(MEM, x10, 10);
    console.log("\nScaling (efa406e9a .serena/memories, renamed copies):\n");
    table(scalingRows("memory-index", { args: [BIN, "memory-index", "--dir", tiny] }, [
      { factor: 1, label: "875 files", args: [BIN, "memory-index", "--dir", MEM], runs: 5 },
      { factor: 10, label: "10x copies", args: [BIN, "memory-index", "--dir", x10], runs: 3 },
      { factor: 100, label: "100x copies", args: [BIN, "memory-index", "--dir", x100], runs: 3 },
    ]));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
