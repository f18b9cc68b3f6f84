// Pre-PR runner benchmark: `agentcheck pre-pr --all` on a git repository built from the
// ai-agents corpus (init + one commit), and a feature branch that changes 5 files.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, CORPUS, HAS_CORPUS, ROOT, scalingRows, table, timeAlternating, timeProcess } from "./lib.mjs";

const SRC = join(CORPUS, "ai-agents-efa406e9a");

function git(cwd, ...args) {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@b", GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@b", GIT_CONFIG_NOSYSTEM: "1" },
    maxBuffer: 1 << 28,
  });
}

/**
 * The scaling unit of pre-pr (issue 13 item 4): the corpus's docs/ (21 markdown files), its
 * .github/workflows (35 files) and its first 60 JSON session logs, in a fresh repository with the
 * corpus's markdownlint configuration; `factor` copies under distinct names (docs-cK/, *-cK.yml,
 * renamed session numbers). The whole corpus at 100x (2.3 GB) would not fit a bench run.
 */
function scaledRepo(factor) {
  const dir = mkdtempSync(join(tmpdir(), `agentcheck-bench-prepr-x${factor}-`));
  cpSync(join(SRC, ".markdownlint-cli2.yaml"), join(dir, ".markdownlint-cli2.yaml"));
  const logs = readdirSync(join(SRC, ".agents", "sessions")).filter((f) => f.endsWith(".json")).sort().slice(0, 60);
  const wfs = readdirSync(join(SRC, ".github", "workflows")).filter((f) => /\.ya?ml$/.test(f));
  mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
  mkdirSync(join(dir, ".github", "workflows"), { recursive: true });
  for (let k = 0; k < factor; k++) {
    cpSync(join(SRC, "docs"), join(dir, k === 0 ? "docs" : `docs-c${k}`), { recursive: true });
    for (const f of wfs) cpSync(join(SRC, ".github", "workflows", f), join(dir, ".github", "workflows", k === 0 ? f : f.replace(/(\.ya?ml)$/, `-c${k}$1`)));
    for (const f of logs) {
      const name = k === 0 ? f : f.replace(/-session-(\d+)/i, (_m, n) => `-session-${n}${k}0000`);
      cpSync(join(SRC, ".agents", "sessions", f), join(dir, ".agents", "sessions", name === f && k > 0 ? `x${k}-${f}` : name));
    }
  }
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "unit", "--no-verify");
  return dir;
}

async function scaling(env) {
  const made = [];
  try {
    const empty = mkdtempSync(join(tmpdir(), "agentcheck-bench-prepr-empty-"));
    made.push(empty);
    cpSync(join(SRC, ".markdownlint-cli2.yaml"), join(empty, ".markdownlint-cli2.yaml"));
    git(empty, "init", "-q", "-b", "main");
    git(empty, "add", "-A");
    git(empty, "commit", "-q", "-m", "empty", "--no-verify");
    const args = [BIN, "pre-pr", "--all", "--no-cache", "--no-color"];
    const cases = [];
    for (const [factor, runs] of [[1, 3], [10, 1], [100, 1]]) {
      const dir = scaledRepo(factor);
      made.push(dir);
      cases.push({ factor, label: `--all --no-cache, ${factor}x unit`, args, cwd: dir, runs });
    }
    console.log("\nScaling (unit: docs/ + .github/workflows + 60 JSON session logs of the corpus, cold):\n");
    table(scalingRows("pre-pr", { args, cwd: empty }, cases, env));
  } finally {
    for (const d of made) rmSync(d, { recursive: true, force: true });
  }
}

export async function run() {
  if (!HAS_CORPUS) {
    console.log("(skipped: ../shared/corpus is absent)");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "agentcheck-bench-prepr-"));
  try {
    cpSync(SRC, dir, { recursive: true });
    git(dir, "init", "-q", "-b", "main");
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "corpus", "--no-verify");
    const env = { CI: "", QUICK_MODE: "", SKIP_TESTS: "" };
    // BENCH_PREPR=branch: only the 5-file branch rows (no --all runs, no lint-alone rows, no scaling)
    const branchOnly = process.env.BENCH_PREPR === "branch";
    const skipped = { ms: NaN, cpuMs: NaN, rssKiB: NaN, status: "-", stdout: "", stderr: "" };
    const cold = branchOnly ? skipped : timeProcess([BIN, "pre-pr", "--all", "--no-cache", "--no-color"], { cwd: dir, runs: 7, env });
    const all = branchOnly ? skipped : timeProcess([BIN, "pre-pr", "--all", "--format", "json", "--no-color"], { cwd: dir, runs: 5, env });
    let summary = "";
    try {
      const rep = JSON.parse(all.stdout);
      summary = rep.checks.map((c) => `${c.id}:${c.status}`).join(" ");
    } catch {
      summary = `exit ${all.status}: ${all.stderr.slice(0, 200)}`;
    }
    // markdown lint alone, side by side with markdownlint-cli2 on the same files and configuration
    // (the repository's .markdownlint-cli2.yaml: its globs and ignores select the files)
    const cli2 = join(ROOT, "node_modules", "markdownlint-cli2", "markdownlint-cli2-bin.mjs");
    let lintRows = [];
    if (existsSync(cli2) && !branchOnly) {
      // alternating runs (cli2, agentcheck cold, agentcheck warm), medians of 5
      const [ref, ac, acWarm] = timeAlternating([
        [cli2],
        [BIN, "pre-pr", "--all", "--only", "PP-003", "--no-cache", "--no-color"],
        [BIN, "pre-pr", "--all", "--only", "PP-003", "--no-color"],
      ], { cwd: dir, runs: 5, env });
      lintRows = [
        { case: "markdown lint: markdownlint-cli2 (same config)", "median wall ms": ref.ms.toFixed(0), "cpu ms (user+sys)": ref.cpuMs.toFixed(0), target: "reference", "peak RSS MiB": (ref.rssKiB / 1024).toFixed(0), exit: ref.status },
        { case: "markdown lint: pre-pr --only PP-003 --no-cache", "median wall ms": ac.ms.toFixed(0), "cpu ms (user+sys)": ac.cpuMs.toFixed(0), target: "≤ markdownlint-cli2", "peak RSS MiB": (ac.rssKiB / 1024).toFixed(0), exit: ac.status },
        { case: "markdown lint: pre-pr --only PP-003, cache warm", "median wall ms": acWarm.ms.toFixed(0), "cpu ms (user+sys)": acWarm.cpuMs.toFixed(0), target: "", "peak RSS MiB": (acWarm.rssKiB / 1024).toFixed(0), exit: acWarm.status },
      ];
    }
    // a branch that changes 5 files (2 markdown, 1 workflow, 1 skill, 1 session log)
    git(dir, "checkout", "-q", "-b", "feature");
    const wf = execFileSync("git", ["ls-files", ".github/workflows"], { cwd: dir, encoding: "utf8" }).split("\n").filter(Boolean)[0];
    const skill = execFileSync("git", ["ls-files", ".claude/skills"], { cwd: dir, encoding: "utf8" }).split("\n").filter((f) => f.endsWith("/SKILL.md"))[0];
    const log = execFileSync("git", ["ls-files", ".agents/sessions"], { cwd: dir, encoding: "utf8" }).split("\n").filter((f) => f.endsWith(".json"))[0];
    for (const f of ["README.md", "CONTRIBUTING.md", wf, skill, log]) writeFileSync(join(dir, f), `${readFileSync(join(dir, f), "utf8")}\n`);
    git(dir, "commit", "-q", "-am", "five files", "--no-verify");
    const branchCold = timeProcess([BIN, "pre-pr", "--base", "main", "--no-color", "--no-cache"], { cwd: dir, runs: 5, env });
    const branch = timeProcess([BIN, "pre-pr", "--base", "main", "--no-color"], { cwd: dir, runs: 7, env });
    const row = (name, r, target, args) => ({
      case: name, "median wall ms": r.ms.toFixed(0), "cpu ms (user+sys)": r.cpuMs.toFixed(0), target,
      "peak RSS MiB": (r.rssKiB / 1024).toFixed(0), exit: r.status,
    });
    const branchArgs = [BIN, "pre-pr", "--base", "main", "--no-color"];
    table([
      ...(branchOnly ? [] : [
        row("pre-pr --all --no-cache (ai-agents corpus, one commit)", cold, "< 1500", [BIN, "pre-pr", "--all", "--no-cache"]),
        row("pre-pr --all, markdownlint cache warm", all, "< 500", [BIN, "pre-pr", "--all"]),
      ]),
      row("pre-pr on a branch changing 5 files, --no-cache", branchCold, "< 400", [...branchArgs, "--no-cache"]),
      row("pre-pr on a branch changing 5 files, cache warm", branch, "< 400", branchArgs),
      ...lintRows,
    ]);
    console.log(`\nload average at the end: ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")} (wall times grow with machine load; cpu ms does not)`);
    if (!branchOnly) console.log(`\n--all rows: ${summary}`);
    if (process.env.BENCH_SCALING !== "0" && !branchOnly) await scaling(env);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
