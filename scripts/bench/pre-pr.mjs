// Pre-PR runner benchmark: `agentcheck pre-pr --all` on a git repository built from the
// ai-agents corpus (init + one commit), and a feature branch that changes 5 files.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, CORPUS, HAS_CORPUS, ROOT, table, timeProcess } from "./lib.mjs";

const SRC = join(CORPUS, "ai-agents-efa406e9a");

function git(cwd, ...args) {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@b", GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@b", GIT_CONFIG_NOSYSTEM: "1" },
    maxBuffer: 1 << 28,
  });
}

/** CPU time (user + system, ms) of one run, from /usr/bin/time; "-" when unavailable. */
function cpuMs(args, cwd, env) {
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S", process.execPath, ...args], { cwd, env: { ...process.env, NO_COLOR: "1", ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
  const m = /([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? "");
  return m ? String(Math.round((Number(m[1]) + Number(m[2])) * 1000)) : "-";
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
    const cold = timeProcess([BIN, "pre-pr", "--all", "--no-cache", "--no-color"], { cwd: dir, runs: 3, env });
    const all = timeProcess([BIN, "pre-pr", "--all", "--format", "json", "--no-color"], { cwd: dir, runs: 5, env });
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
    if (existsSync(cli2)) {
      const ac = timeProcess([BIN, "pre-pr", "--all", "--only", "PP-003", "--no-cache", "--no-color"], { cwd: dir, runs: 5, env });
      const acWarm = timeProcess([BIN, "pre-pr", "--all", "--only", "PP-003", "--no-color"], { cwd: dir, runs: 5, env });
      const ref = timeProcess([cli2], { cwd: dir, runs: 5, env });
      lintRows = [
        { case: "markdown lint: markdownlint-cli2 (same config)", "median wall ms": ref.ms.toFixed(0), "cpu ms (user+sys)": cpuMs([cli2], dir, env), target: "reference", "peak RSS MiB": (ref.rssKiB / 1024).toFixed(0), exit: ref.status },
        { case: "markdown lint: pre-pr --only PP-003 --no-cache", "median wall ms": ac.ms.toFixed(0), "cpu ms (user+sys)": cpuMs([BIN, "pre-pr", "--all", "--only", "PP-003", "--no-cache"], dir, env), target: "≤ markdownlint-cli2", "peak RSS MiB": (ac.rssKiB / 1024).toFixed(0), exit: ac.status },
        { case: "markdown lint: pre-pr --only PP-003, cache warm", "median wall ms": acWarm.ms.toFixed(0), "cpu ms (user+sys)": cpuMs([BIN, "pre-pr", "--all", "--only", "PP-003"], dir, env), target: "", "peak RSS MiB": (acWarm.rssKiB / 1024).toFixed(0), exit: acWarm.status },
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
      case: name, "median wall ms": r.ms.toFixed(0), "cpu ms (user+sys)": cpuMs(args, dir, env), target,
      "peak RSS MiB": (r.rssKiB / 1024).toFixed(0), exit: r.status,
    });
    const branchArgs = [BIN, "pre-pr", "--base", "main", "--no-color"];
    table([
      row("pre-pr --all --no-cache (ai-agents corpus, one commit)", cold, "< 1500", [BIN, "pre-pr", "--all", "--no-cache"]),
      row("pre-pr --all, markdownlint cache warm", all, "< 1500", [BIN, "pre-pr", "--all"]),
      row("pre-pr on a branch changing 5 files, --no-cache", branchCold, "< 400", [...branchArgs, "--no-cache"]),
      row("pre-pr on a branch changing 5 files, cache warm", branch, "< 400", branchArgs),
      ...lintRows,
    ]);
    console.log(`\nload average at the end: ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")} (wall times grow with machine load; cpu ms does not)`);
    console.log(`\n--all rows: ${summary}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
