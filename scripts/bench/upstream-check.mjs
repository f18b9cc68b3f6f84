// Issue 39 item 2: the whole-repository `check --format json` on a clone of today's upstream
// (AGENTCHECK_BENCH_UPSTREAM, read only: check writes nothing without --cache), the default run, --strict
// and --mode record taken in turn (A B C A B C ...) so machine load hits them alike. Targets: default
// ≤ 1.5 s wall, record ≤ 0.8 s wall, peak RSS of the node process ≤ 150 MB, read as 10^6 bytes (the stricter reading; the git processes it starts are
// separate processes; their CPU time is in "cpu ms"). Medians of RUNS runs; the RSS is the largest run's.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BIN, table, timeAlternating } from "./lib.mjs";

const RUNS = Number(process.env.AGENTCHECK_BENCH_RUNS ?? 7);
const MiB = 1024;

export async function run() {
  const up = process.env.AGENTCHECK_BENCH_UPSTREAM;
  if (!up || !existsSync(join(up, ".agents", "sessions"))) {
    table([{ case: "whole-repository check on today's upstream", target: `skipped: set AGENTCHECK_BENCH_UPSTREAM to a clone of rjmurillo/ai-agents (${up ? `${up} has no .agents/sessions` : "not set"})` }]);
    return;
  }
  const head = execFileSync("git", ["rev-parse", "--short=9", "HEAD"], { cwd: up, encoding: "utf8" }).trim();
  const commits = execFileSync("git", ["rev-list", "--count", "HEAD"], { cwd: up, encoding: "utf8" }).trim();
  const cases = [
    { what: "default", args: [], wall: 1500 },
    { what: "--strict", args: ["--strict"], wall: undefined },
    { what: "--mode record", args: ["--mode", "record"], wall: 800 },
  ];
  const res = timeAlternating(cases.map((c) => [BIN, "check", "--format", "json", ...c.args]), { runs: RUNS, cwd: up });
  const verdict = (ok) => (ok ? "met" : "missed");
  table(cases.map((c, i) => {
    const r = res[i];
    const rssMiB = r.rssKiB / MiB;
    const rssMB = (r.rssKiB * 1024) / 1e6;
    const wallTarget = c.wall === undefined ? "-" : `≤ ${c.wall} ms: ${verdict(r.ms <= c.wall)}`;
    return {
      case: `check --format json ${c.what} (${head}, ${commits} commits)`,
      runs: RUNS,
      "median wall ms": r.ms.toFixed(0),
      "median cpu ms (node + git)": r.cpuMs.toFixed(0),
      "wall target": wallTarget,
      "peak RSS (node)": `${rssMiB.toFixed(1)} MiB = ${rssMB.toFixed(1)} MB`,
      "RSS target": `≤ 150 MB (10^6 bytes): ${verdict(rssMB <= 150)}`,
      exit: r.status,
    };
  }));
}
