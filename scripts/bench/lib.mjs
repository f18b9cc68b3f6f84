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
  const usage = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, ...args], { cwd, input, env: { ...process.env, NO_COLOR: "1", ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
  if (usage.status !== null && /^\d+\s*$/m.test(usage.stderr.split("\n").filter(Boolean).pop() ?? "")) {
    rss = Number(usage.stderr.split("\n").filter(Boolean).pop());
  }
  return { ms: median(walls), all: walls, rssKiB: rss, status: last.status, stdout: last.stdout, stderr: last.stderr };
}

export function table(rows) {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  console.log(`| ${cols.join(" | ")} |`);
  console.log(`|${cols.map(() => "---").join("|")}|`);
  for (const r of rows) console.log(`| ${cols.map((c) => r[c]).join(" | ")} |`);
}
