// Shared benchmark helpers: whole-process wall time (median of N) and peak RSS.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BIN = join(ROOT, "bin", "agentcheck.js");
export const CORPUS = join(ROOT, "..", "shared", "corpus");
export const HAS_CORPUS = existsSync(CORPUS);

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// A preload that records the child's own CPU time (process.cpuUsage, microseconds, every thread) and
// peak RSS (process.resourceUsage().maxRSS, KiB) at exit into the file named by AGENTCHECK_BENCH_USAGE:
// finer than /usr/bin/time's 10 ms, which hides the work of small inputs. The CPU time of the
// processes it started and waited for (git: cutime + cstime of /proc/self/stat, in clock ticks of
// 10 ms, Linux only) is added: a command that hands its work to git must not look cheap (issue 39).
const USAGE_DIR = mkdtempSync(join(tmpdir(), "agentcheck-bench-usage-"));
const PRELOAD = join(USAGE_DIR, "usage.cjs");
writeFileSync(PRELOAD, `process.on("exit", () => { const f = process.env.AGENTCHECK_BENCH_USAGE; if (!f) return; const u = process.cpuUsage(); let kids = 0; try { const st = require("fs").readFileSync("/proc/self/stat", "utf8"); const w = st.slice(st.lastIndexOf(")") + 2).split(" "); kids = (Number(w[13]) + Number(w[14])) * 10; } catch {} require("fs").writeFileSync(f, JSON.stringify({ cpuMs: (u.user + u.system) / 1000 + (kids || 0), childCpuMs: kids || 0, rssKiB: process.resourceUsage().maxRSS })); });\n`);
process.on("exit", () => rmSync(USAGE_DIR, { recursive: true, force: true }));
let usageSeq = 0;

/**
 * Run a command `runs` times; returns the median wall ms, the median CPU ms (user + system, all
 * threads) and the peak RSS (KiB), recorded by the child itself (PRELOAD above).
 */
export function timeProcess(args, { runs = 5, cwd = ROOT, input, env, discardStdout = false } = {}) {
  const walls = [];
  const cpus = [];
  let rss = 0;
  let last;
  for (let i = 0; i < runs; i++) {
    const usageFile = join(USAGE_DIR, `u${usageSeq++}.json`);
    const t0 = performance.now();
    // discardStdout: big reports (the 100x rows print hundreds of MB) go nowhere instead of a buffer
    last = spawnSync(process.execPath, ["-r", PRELOAD, ...args], {
      cwd, input, env: { ...process.env, NO_COLOR: "1", ...env, AGENTCHECK_BENCH_USAGE: usageFile }, encoding: "utf8", maxBuffer: 1 << 28,
      stdio: ["pipe", discardStdout ? "ignore" : "pipe", "pipe"],
    });
    if (last.error) console.log(`!! ${args.join(" ").slice(0, 120)}: ${last.error.message}`);
    walls.push(performance.now() - t0);
    try {
      const u = JSON.parse(readFileSync(usageFile, "utf8"));
      cpus.push(u.cpuMs);
      rss = Math.max(rss, u.rssKiB);
      rmSync(usageFile, { force: true });
    } catch {
      /* the child died before its exit handler */
    }
  }
  return { ms: median(walls), all: walls, rssKiB: rss, cpuMs: cpus.length ? median(cpus) : NaN, status: last.status, stdout: last.stdout, stderr: last.stderr };
}

/** Several commands timed in turn (A B A B ...), so machine load hits them alike; results as timeProcess. */
export function timeAlternating(cmds, { runs = 5, cwd = ROOT, env } = {}) {
  const acc = cmds.map(() => ({ walls: [], cpus: [], rss: 0, last: undefined }));
  for (let i = 0; i < runs; i++) {
    cmds.forEach((args, k) => {
      const r = timeProcess(args, { runs: 1, cwd, env });
      acc[k].walls.push(r.ms);
      if (Number.isFinite(r.cpuMs)) acc[k].cpus.push(r.cpuMs);
      acc[k].rss = Math.max(acc[k].rss, r.rssKiB);
      acc[k].last = r;
    });
  }
  return acc.map((a) => ({ ms: median(a.walls), all: a.walls, cpuMs: a.cpus.length ? median(a.cpus) : NaN, rssKiB: a.rss, status: a.last.status, stdout: a.last.stdout, stderr: a.last.stderr }));
}

export function table(rows) {
  if (rows.length === 0) return;
  // every column any row has, in first-seen order; a row without one shows "—"
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  console.log(`| ${cols.join(" | ")} |`);
  console.log(`|${cols.map(() => "---").join("|")}|`);
  for (const r of rows) console.log(`| ${cols.map((c) => r[c] ?? "—").join(" | ")} |`);
}

/**
 * Scaling rows (issue 13): the same command on 1x, 10x and 100x the input, with the work beyond
 * start-up (wall minus the same command's start-up run on an empty input) as a ratio of the 1x work;
 * the limit is 1.05 x the factor (10.5x, 105x). CPU time (user + system, one /usr/bin/time run) is
 * shown beside it since wall times move with machine load; peak RSS for each row.
 * Worker threads count in both (process-wide CPU; RSS of the process).
 * `cases`: [{ factor, label, args, cwd, runs, units }] with factor 1 first; `start`: { args, cwd }.
 */
export function scalingRows(name, start, cases, env) {
  const s = timeProcess(start.args, { cwd: start.cwd, runs: 7, env, discardStdout: true });
  const rows = [{ case: `${name}: start-up (empty input)`, factor: "-", "wall ms": s.ms.toFixed(0), "cpu ms": s.cpuMs.toFixed(0), "work ms (wall - start-up)": "-", "cpu work ms": "-", "x of 1x work (cpu; wall)": "-", limit: "-", "peak RSS MiB": (s.rssKiB / 1024).toFixed(0), exit: s.status }];
  let base;
  for (const c of cases) {
    const t = timeProcess(c.args, { cwd: c.cwd, runs: c.runs ?? 3, env, discardStdout: true });
    if (t.status === 2) console.log(`!! ${name} ${c.label}: exit 2: ${t.stderr.slice(0, 300)}`);
    const work = Math.max(0, t.ms - s.ms);
    const cpuWork = Math.max(0, t.cpuMs - s.cpuMs);
    if (c.factor === 1) base = { work, cpuWork };
    const x = base && base.work > 0 ? work / base.work : NaN;
    const xc = base && base.cpuWork > 0 ? cpuWork / base.cpuWork : NaN;
    // the verdict by CPU work (steadier than wall on a shared machine), by wall when CPU is missing
    const verdictX = Number.isFinite(xc) ? xc : x;
    rows.push({
      case: `${name}: ${c.label}`, factor: `${c.factor}x`, "wall ms": t.ms.toFixed(0), "cpu ms": t.cpuMs.toFixed(0),
      "work ms (wall - start-up)": work.toFixed(0), "cpu work ms": cpuWork.toFixed(0),
      "x of 1x work (cpu; wall)": c.factor === 1 ? "1.00" : `${xc.toFixed(2)}; ${x.toFixed(2)}`,
      limit: c.factor === 1 ? "-" : `<= ${(1.05 * c.factor).toFixed(1)}${verdictX <= 1.05 * c.factor ? " ok" : Number.isFinite(verdictX) ? " OVER" : " (1x work within noise)"}`,
      "peak RSS MiB": (t.rssKiB / 1024).toFixed(0), exit: t.status,
    });
  }
  return rows;
}
