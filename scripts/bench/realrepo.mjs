// Issue 10: the generated long-history repository (test/realrepo/generator.mjs: 2,000 commits,
// 10,000 files, ~2,000 session logs, January markdown logs far behind HEAD, today's memory layout).
// Rows: whole-repository `check` (wall time, peak RSS; target < 300 MB), `check --changed` on a
// branch that appends one line to a January log (a 10,000-file range), and the line count of the
// hook output (`check --staged`) for a one-line README commit.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, table, timeProcess } from "./lib.mjs";
import { cloneRepo, g, longRepo } from "../../test/realrepo/generator.mjs";

export async function run() {
  const t0 = performance.now();
  const repo = longRepo();
  const built = Math.round(performance.now() - t0);
  const NOW = "2026-03-01T00:00:00Z";
  const rows = [];
  const whole = timeProcess([BIN, "check", "--format", "json", "--now", NOW], { runs: 1, cwd: repo.dir });
  const rep = JSON.parse(whole.stdout);
  rows.push({
    case: `check (whole repo: ${repo.commits} commits, ${repo.files} files, ${repo.logs} logs)`,
    "wall ms": Math.round(whole.ms),
    "peak RSS MB": Math.round(whole.rssKiB / 1024),
    exit: whole.status,
    result: `${rep.results.length} results, ${rep.summary.errors} errors`,
  });

  const branch = cloneRepo(repo, mkdtempSync(join(tmpdir(), "ac-bench-long-")));
  g(branch, ["checkout", "-q", "-b", "feature"]);
  appendFileSync(join(branch, repo.januaryLog), "\n- one more line\n");
  g(branch, ["commit", "-q", "-am", "append a line"]);
  const changed = timeProcess([BIN, "check", "--changed", "--base", "main", "--format", "json", "--now", NOW], { runs: 1, cwd: branch });
  rows.push({
    case: "check --changed --base main (one line appended to a January log: 10,000-file range)",
    "wall ms": Math.round(changed.ms),
    "peak RSS MB": Math.round(changed.rssKiB / 1024),
    exit: changed.status,
    result: `${JSON.parse(changed.stdout).results.length} results`,
  });

  const hook = cloneRepo(repo, mkdtempSync(join(tmpdir(), "ac-bench-long-")));
  writeFileSync(join(hook, "README.md"), "# Generated\n\nOne more line.\n");
  execFileSync("git", ["add", "README.md"], { cwd: hook });
  const staged = timeProcess([BIN, "check", "--staged", "--now", NOW], { runs: 1, cwd: hook });
  rows.push({
    case: "check --staged (hook) for a one-line README commit",
    "wall ms": Math.round(staged.ms),
    "peak RSS MB": Math.round(staged.rssKiB / 1024),
    exit: staged.status,
    result: `${staged.stdout.trimEnd().split("\n").length} output lines`,
  });
  table(rows);
  console.log(`\n(generated repository: ${built} ms including the cache check; cached in ${repo.dir})`);
}
