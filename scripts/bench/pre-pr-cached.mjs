// Issue 39 item 4: pre-pr on an unchanged branch, cached run against a cold one (--no-cache): target
// cached ≤ 500 ms and ≤ 60 % of cold. The repository has a history (the generated long-history
// repository, test/realrepo/generator.mjs: 2,000 commits; or AGENTCHECK_BENCH_UPSTREAM, a clone of
// the upstream repository) and a branch changing 3 files: README.md, a markdown document and a JSON
// session log whose ending commit was squash-merged (not on HEAD's history, its content is: SP-130's
// landed-by-content check reads HEAD's whole history on a cold run).
// Rows: medians of runs taken in turn (cached, cold, cached, cold ...), the ratio pair by pair, each
// process's own CPU time, and the git processes of one run of each (counted through a PATH shim).
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, ROOT, median, table, timeProcess } from "./lib.mjs";
import { cloneRepo, g, longRepo } from "../../test/realrepo/generator.mjs";

const EXAMPLE_LOG = join(ROOT, "examples", "workspace", ".agents", "sessions", "2026-01-07-session-3.json");

/** main gets a squash of a side commit; `feature` changes README.md, a document and adds a log citing the side commit. */
function prepare(dir) {
  const main = g(dir, ["rev-parse", "--abbrev-ref", "HEAD"]);
  g(dir, ["checkout", "-q", "-b", "bench-side"]);
  writeFileSync(join(dir, "bench-side.txt"), "side work\n");
  g(dir, ["add", "bench-side.txt"]);
  g(dir, ["commit", "-q", "-m", "side work", "--no-verify"]);
  const side = g(dir, ["rev-parse", "HEAD"]);
  g(dir, ["checkout", "-q", main]);
  g(dir, ["merge", "-q", "--squash", "bench-side"]);
  g(dir, ["commit", "-q", "-m", "squash of side work", "--no-verify"]);
  const base = g(dir, ["rev-parse", "HEAD"]);
  g(dir, ["checkout", "-q", "-b", "bench-feature"]);
  const docs = g(dir, ["ls-files", "*.md"]).split("\n").filter((f) => f && f !== "README.md" && !f.startsWith(".agents/sessions/"));
  for (const f of ["README.md", docs[0]].filter(Boolean)) writeFileSync(join(dir, f), `${existsSync(join(dir, f)) ? readFileSync(join(dir, f), "utf8") : ""}\nOne more line.\n`);
  const log = readFileSync(EXAMPLE_LOG, "utf8").replace('"d4e5f60"', `"${base.slice(0, 8)}"`).replace('"9f8e7d6"', `"${side.slice(0, 8)}"`);
  execFileSync("mkdir", ["-p", join(dir, ".agents", "sessions")]);
  writeFileSync(join(dir, ".agents", "sessions", "2026-01-07-session-9999.json"), log);
  g(dir, ["add", "-A"]);
  g(dir, ["commit", "-q", "-m", "three files", "--no-verify"]);
  return main;
}

/** How many git processes one run starts, and how many of them read the whole history (git log --raw). */
function gitCalls(args, cwd, env) {
  const bin = mkdtempSync(join(tmpdir(), "agentcheck-bench-gitlog-"));
  try {
    const log = join(bin, "calls.txt");
    const real = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
    writeFileSync(join(bin, "git"), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`);
    chmodSync(join(bin, "git"), 0o755);
    timeProcess(args, { runs: 1, cwd, env: { ...env, PATH: `${bin}:${process.env.PATH}` } });
    const lines = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : [];
    return `${lines.length} (${lines.filter((l) => /\blog\b.*--raw/.test(l)).length} history walk)`;
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

export async function run() {
  const into = mkdtempSync(join(tmpdir(), "agentcheck-bench-prepr-cached-"));
  try {
    let dir;
    let what;
    const upstream = process.env.AGENTCHECK_BENCH_UPSTREAM;
    if (upstream) {
      g(into, ["clone", "-q", upstream, "r"]);
      dir = join(into, "r");
      g(dir, ["config", "user.name", "Bench"]);
      g(dir, ["config", "user.email", "bench@example.com"]);
      what = `clone of ${upstream}`;
    } else {
      const repo = longRepo();
      dir = cloneRepo(repo, into);
      what = "generated repository";
    }
    const commits = g(dir, ["rev-list", "--count", "HEAD"]);
    const base = prepare(dir);
    const env = { CI: "", QUICK_MODE: "", SKIP_TESTS: "" };
    const cached = [BIN, "pre-pr", "--base", base, "--no-color"];
    const cold = [...cached, "--no-cache"];
    timeProcess(cached, { runs: 1, cwd: dir, env }); // fills the caches
    const runs = Number(process.env.BENCH_RUNS ?? 9);
    const a = [];
    const b = [];
    for (let i = 0; i < runs; i++) {
      a.push(timeProcess(cached, { runs: 1, cwd: dir, env }));
      b.push(timeProcess(cold, { runs: 1, cwd: dir, env }));
    }
    const ratio = median(a.map((x, i) => x.ms / b[i].ms));
    const cpuRatio = median(a.map((x, i) => x.cpuMs / b[i].cpuMs));
    const warm = median(a.map((x) => x.ms));
    const row = (name, rs, target, calls) => ({
      case: name, "median wall ms": median(rs.map((r) => r.ms)).toFixed(0), "node cpu ms": median(rs.map((r) => r.cpuMs)).toFixed(0),
      "git processes (history walks)": calls, target, exit: rs[rs.length - 1].status,
    });
    table([
      row(`pre-pr --base ${base}, 3 files changed, --no-cache (${what}, ${commits} commits)`, b, "-", gitCalls(cold, dir, env)),
      row("the same, unchanged branch, caches warm", a, `≤ 500 ms${warm <= 500 ? " ok" : " OVER"}; ≤ 60 % of cold`, gitCalls(cached, dir, env)),
      { case: "cached / cold, pair by pair (median)", "median wall ms": `${(ratio * 100).toFixed(0)} %${ratio <= 0.6 ? " ok" : " OVER"}`, "node cpu ms": `${(cpuRatio * 100).toFixed(0)} %`, "git processes (history walks)": "", target: "≤ 60 %", exit: "" },
    ]);
    console.log(`\nload average at the end: ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")} (wall times grow with machine load; cpu ms does not; node cpu ms leaves out the git processes)`);
  } finally {
    rmSync(into, { recursive: true, force: true });
  }
}
