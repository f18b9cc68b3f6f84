// Shared benchmark helpers: whole-process wall time (median of N) and peak RSS.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
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

/**
 * Run a command `runs` times; returns median wall ms and the peak RSS (KiB) reported by
 * /usr/bin/time when present (else by the child's own resource usage).
 */
export function timeProcess(args, { runs = 5, cwd = ROOT, input, env } = {}) {
  const walls = [];
  let rss = 0;
  let last;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = spawnSync(process.execPath, args, { cwd, input, env: { ...process.env, NO_COLOR: "1", ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
    walls.push(performance.now() - t0);
  }
  const usage = spawnSync("/usr/bin/time", ["-f", "%M %U %S", process.execPath, ...args], { cwd, input, env: { ...process.env, NO_COLOR: "1", ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
  let cpuMs = NaN;
  const m = usage.status !== null ? /^(\d+) ([\d.]+) ([\d.]+)\s*$/.exec(usage.stderr.split("\n").filter(Boolean).pop() ?? "") : null;
  if (m) {
    rss = Number(m[1]);
    cpuMs = (Number(m[2]) + Number(m[3])) * 1000;
  }
  return { ms: median(walls), all: walls, rssKiB: rss, cpuMs, status: last.status, stdout: last.stdout, stderr: last.stderr };
}

export function table(rows) {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  console.log(`| ${cols.join(" | ")} |`);
  console.log(`|${cols.map(() => "---").join("|")}|`);
  for (const r of rows) console.log(`| ${cols.map((c) => r[c]).join(" | ")} |`);
}

/**
 * Scaling rows (issue 13): the same command on 1x, 10x and 100x the input, with the work beyond
 * start-up (wall minus the same command's start-up run on an empty input) as a ratio of the 1x work;
 * the limit is 1.05 x the factor (10.5x, 105x). CPU time (user + system, one /usr/bin/time run) is
 * shown beside it since wall times move with machine load; peak RSS for each row.
 * `cases`: [{ factor, label, args, cwd, runs, units }] with factor 1 first; `start`: { args, cwd }.
 */
export function scalingRows(name, start, cases, env) {
  const s = timeProcess(start.args, { cwd: start.cwd, runs: 5, env });
  const rows = [{ case: `${name}: start-up (empty input)`, factor: "-", "wall ms": s.ms.toFixed(0), "cpu ms": s.cpuMs.toFixed(0), "work ms (wall - start-up)": "-", "x of 1x work": "-", limit: "-", "peak RSS MiB": (s.rssKiB / 1024).toFixed(0), exit: s.status }];
  let base;
  for (const c of cases) {
    const t = timeProcess(c.args, { cwd: c.cwd, runs: c.runs ?? 3, env });
    if (t.status === 2) console.log(`!! ${name} ${c.label}: exit 2: ${t.stderr.slice(0, 300)}`);
    const work = Math.max(0, t.ms - s.ms);
    const cpuWork = Math.max(0, t.cpuMs - s.cpuMs);
    if (c.factor === 1) base = { work, cpuWork };
    const x = base && base.work > 0 ? work / base.work : NaN;
    const xc = base && base.cpuWork > 0 ? cpuWork / base.cpuWork : NaN;
    rows.push({
      case: `${name}: ${c.label}`, factor: `${c.factor}x`, "wall ms": t.ms.toFixed(0), "cpu ms": t.cpuMs.toFixed(0),
      "work ms (wall - start-up)": work.toFixed(0),
      "x of 1x work": c.factor === 1 ? "1.00" : `${x.toFixed(2)} (cpu ${xc.toFixed(2)})`,
      limit: c.factor === 1 ? "-" : `<= ${(1.05 * c.factor).toFixed(1)}${x <= 1.05 * c.factor ? " ok" : " OVER"}`,
      "peak RSS MiB": (t.rssKiB / 1024).toFixed(0), exit: t.status,
    });
  }
  return rows;
}
