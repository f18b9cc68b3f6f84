// Bench: the pre-commit framework's first install of the hook (issue 14, target under 60 s):
// `pre-commit try-repo <this checkout> agentcheck --all-files` in a fresh repository with a fresh
// PRE_COMMIT_HOME, so every run clones, runs `npm install` (dev tools included: pre-commit installs
// with --include=dev), builds once through `prepare`, `npm pack`s (no second build: the build stamp)
// and installs the tarball. The npm cache is the user's (warm after the first run).
// Slow (about a minute a run): only with `npm run bench try-repo`, or AGENTCHECK_BENCH_TRY_REPO=1.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, table } from "./lib.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export async function run() {
  const asked = process.argv.slice(2).some((a) => a.includes("try-repo")) || process.env.AGENTCHECK_BENCH_TRY_REPO === "1";
  if (!asked) {
    console.log("SKIPPED: slow; run `npm run bench try-repo`");
    return;
  }
  if (spawnSync("pre-commit", ["--version"]).status !== 0) {
    console.log("SKIPPED: pre-commit is not installed");
    return;
  }
  const runs = Number(process.env.AGENTCHECK_BENCH_RUNS ?? 3);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), "agentcheck-bench-tryrepo-"));
    const home = mkdtempSync(join(tmpdir(), "agentcheck-bench-pch-"));
    try {
      const env = { ...process.env, PRE_COMMIT_HOME: home, GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@example.com", GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@example.com" };
      const git = (...a) => spawnSync("git", a, { cwd: dir, env });
      git("init", "-q");
      writeFileSync(join(dir, "README.md"), "# bench\n");
      git("add", ".");
      git("commit", "-qm", "init");
      const t0 = process.hrtime.bigint();
      const r = spawnSync("pre-commit", ["try-repo", ROOT, "agentcheck", "--all-files"], { cwd: dir, env, encoding: "utf8", maxBuffer: 1 << 26 });
      const s = Number(process.hrtime.bigint() - t0) / 1e9;
      if (r.status !== 0) {
        console.log(`try-repo failed (exit ${r.status}):\n${(r.stdout + r.stderr).slice(-2000)}`);
        return;
      }
      times.push(s);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  }
  table([{ work: "pre-commit try-repo, first install", runs: times.length, "median s": median(times).toFixed(1), "min s": Math.min(...times).toFixed(1), "max s": Math.max(...times).toFixed(1), target: "< 60 s" }]);
}
