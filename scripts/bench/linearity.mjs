// Issue 39: whole-repository `check` on generated long-history repositories (test/realrepo/generator.mjs)
// at 1x and 10x: the commits and the logs together (one log a commit), and the commits alone (one log
// every 10 commits: as many logs as the 1x repository). The work beyond start-up (an empty repository's
// `check`) must grow at most linearly: <= 10.5x the 1x work (CPU time, steadier than wall under load).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { BIN, scalingRows, table } from "./lib.mjs";
import { longRepo } from "../../test/realrepo/generator.mjs";

const NOW = "2026-03-01T00:00:00Z";
const BASE = 250;

export async function run() {
  const empty = mkdtempSync(join(tmpdir(), "ac-bench-lin-"));
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: empty });
  writeFileSync(join(empty, "README.md"), "# empty\n");
  const args = ["check", "--format", "json", "--now", NOW];
  const start = { args: [BIN, ...args], cwd: empty };
  const t0 = performance.now();
  const one = longRepo({ commits: BASE });
  const ten = longRepo({ commits: 10 * BASE });
  const tenCommits = longRepo({ commits: 10 * BASE, logEvery: 10 });
  const built = Math.round(performance.now() - t0);
  const label = (r) => `${r.commits} commits, ${r.logs} logs`;
  table([
    ...scalingRows("check, commits and logs", start, [
      { factor: 1, label: label(one), args: [BIN, ...args], cwd: one.dir, runs: 3 },
      { factor: 10, label: label(ten), args: [BIN, ...args], cwd: ten.dir, runs: 3 },
    ]),
    ...scalingRows("check, commits alone", start, [
      { factor: 1, label: label(one), args: [BIN, ...args], cwd: one.dir, runs: 3 },
      { factor: 10, label: label(tenCommits), args: [BIN, ...args], cwd: tenCommits.dir, runs: 3 },
    ]).slice(1),
  ]);
  console.log(`\n(generated repositories: ${built} ms including the cache check; load ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")})`);
}
