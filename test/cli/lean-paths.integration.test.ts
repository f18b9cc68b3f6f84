// Issue 13: consistency, traceability and memory-index start without commander when their options
// are simple (src/bin-main.ts, src/lean.ts). The lean path must give exactly the commander path's
// answer: same stdout, stderr and exit code, for every format and for the error cases.
import { describe, it, expect } from "vitest";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { pathToFileURL, fileURLToPath } from "node:url";
import { closeSync, cpSync, existsSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { BIN, git, makeRepo, ROOT, runCli, tmpDir } from "../helpers.js";

const WS = join(ROOT, "examples", "workspace");
const now = ["--now", "2026-01-10T00:00:00Z"];
const both = (args: string[]) => {
  const lean = runCli(args, { cwd: WS });
  const full = runCli(args, { cwd: WS, env: { AGENTCHECK_NO_LEAN: "1" } });
  const strip = (s: string) => s.replace(/"durationMs":\s*\d+(\.\d+)?/g, '"durationMs":0').replace(/ in \d+(\.\d+)? ?m?s\b/g, " in Xms").replace(/time="[\d.]+"/g, 'time="0"').replace(/\(\d+ ms\)/g, "(X ms)");
  return { lean: { ...lean, stdout: strip(lean.stdout) }, full: { ...full, stdout: strip(full.stdout) } };
};

describe("issue-13 lean start paths give the commander path's answers", () => {
  const cases: string[][] = [];
  for (const f of ["text", "json", "sarif", "junit", "markdown", "github"]) {
    cases.push(["consistency", "--all", "--path", ".", "-f", f, ...now]);
    cases.push(["traceability", "--specs", ".agents/specs", "--format", f, ...now]);
  }
  cases.push(["consistency", "--all", "--path", ".", "--advisory", "--checkpoint", "2"]);
  cases.push(["consistency", "--feature", "auth", "--path", ".", "--profile", "recommended", "-q"]);
  cases.push(["traceability", "--strict", "--profile", "recommended", "--max-warnings", "0"]);
  // usage errors: one line, exit 2, from either path
  cases.push(["consistency"]);
  cases.push(["consistency", "--all", "--checkpoint", "3"]);
  cases.push(["traceability", "--specs", "../../outside"]);
  cases.push(["traceability", "--format", "jsn"]);
  // unknown options and --help leave the lean path (commander answers)
  cases.push(["consistency", "--all", "--bogus"]);
  cases.push(["traceability", "--help"]);
  it.each(cases.map((c) => [c.join(" "), c]))("%s", (_name, args) => {
    const { lean, full } = both(args as string[]);
    expect(lean.code).toBe(full.code);
    expect(lean.stdout).toBe(full.stdout);
    expect(lean.stderr).toBe(full.stderr);
  });

  it("the example workspace's consistency run finds its planted finding on both paths", () => {
    const { lean, full } = both(["consistency", "--all", "--path", ".", "-f", "json"]);
    expect(lean.code).toBe(1);
    expect(JSON.parse(lean.stdout).summary.errors).toBeGreaterThan(0);
    expect(lean.stdout).toBe(full.stdout);
  });
});

describe("issue-13 the lean bundle (dist/cli/lean.cjs) and its V8 code cache", () => {
  const LEAN = join(ROOT, "dist", "cli", "lean.cjs");
  const args = ["consistency", "--all", "--path", ".", "-f", "json", ...now];
  it("the bundle names its build hash; a run leaves a code cache keyed by it and by its command; cached, corrupt and disabled caches give the same answer", () => {
    const id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(readFileSync(LEAN, "utf8"));
    expect(id).not.toBeNull();
    // one cache per command (bin/code-cache.cjs opts.tag): each holds the functions its own command compiled
    const cache = `${LEAN}.${id![1]}.consistency.v8cache`;
    const plain = both(args).full;
    const first = both(args).lean;
    expect(first.stdout).toBe(plain.stdout);
    expect(existsSync(cache)).toBe(true);
    expect(both(args).lean.stdout).toBe(plain.stdout); // from the cache
    writeFileSync(cache, "not a code cache");
    const corrupt = both(args).lean;
    expect(corrupt.code).toBe(plain.code);
    expect(corrupt.stdout).toBe(plain.stdout);
    expect(corrupt.stderr).toBe(plain.stderr);
    const off = runCli(args, { cwd: WS, env: { AGENTCHECK_NO_CODE_CACHE: "1" } });
    expect(off.code).toBe(plain.code);
    expect(readdirSync(join(ROOT, "dist", "cli")).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
  it("a configuration file's lazily loaded schema is reached from the cached bundle (unknown key: exit 2 with the key)", () => {
    const dir = tmpDir();
    writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ bogus: 1 }));
    for (let i = 0; i < 2; i++) {
      const r = runCli(["traceability"], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("bogus: unknown key");
      expect(r.stderr).not.toMatch(/Warning|dynamic import/i);
    }
  });
  it("the lean commands and `check --only` of them (as a hook runs it) load no commander, zod, markdownlint, crypto, streams, node:v8, perf_hooks, child_process or parseArgs; a whole `check` sets its heap flags", () => {
    const probe = join(tmpDir(), "probe.cjs");
    writeFileSync(probe, `process.on("exit", () => require("fs").writeFileSync(process.env.PROBE_OUT, JSON.stringify(process.moduleLoadList)));`);
    // a workspace outside any git repository: these commands ask git nothing there
    const ws = tmpDir();
    cpSync(WS, ws, { recursive: true });
    const cmds = [["consistency", "--all", "--path", "."], ["traceability"], ["memory-index"], ["check", "--only", "memory-index,consistency,traceability"], ["check"]];
    for (const cmd of cmds) {
      const out = join(tmpDir(), "loaded.json");
      // stdout and stderr are pipes, as under a hook (stdio "pipe")
      const r = spawnSync(process.execPath, ["-r", probe, BIN, ...cmd, "-f", "json"], { cwd: ws, encoding: "utf8", env: { ...process.env, PROBE_OUT: out } });
      expect(r.status, r.stderr).not.toBeNull();
      expect(r.stdout.length, cmd.join(" ")).toBeGreaterThan(0);
      const loaded = JSON.parse(readFileSync(out, "utf8")) as string[];
      // a whole `check` sets its heap flags through node:v8 before its bundle loads (bin/agentcheck.js
      // leanHeap: issue 39's 150 MB on a whole-repository run), and node:v8 loads the stream modules;
      // `check --only` of these three needs no flags (smallCheck); nothing else may load them
      const whole = cmd[0] === "check" && cmd.length === 1;
      const flagged = whole ? [] : ["NativeModule stream", "NativeModule v8"];
      for (const m of ["NativeModule crypto", ...flagged, "NativeModule net", "NativeModule perf_hooks", "NativeModule tty", "NativeModule child_process", "NativeModule internal/util/parse_args/parse_args"]) {
        expect(loaded, `${cmd.join(" ")}: ${m}`).not.toContain(m);
      }
      if (whole) expect(loaded, "check sets its heap flags").toContain("NativeModule v8");
    }
    // output thrown away (`>/dev/null 2>/dev/null`, a character device): not taken for a terminal
    // without node:tty (src/stdio.ts isTerminal), which would load node:net and the streams
    const out = join(tmpDir(), "loaded.json");
    const nul = openSync("/dev/null", "w");
    try {
      const r = spawnSync(process.execPath, ["-r", probe, BIN, "memory-index"], { cwd: ws, stdio: ["ignore", nul, nul], env: { ...process.env, PROBE_OUT: out } });
      expect(r.status).not.toBeNull();
    } finally {
      closeSync(nul);
    }
    const loaded = JSON.parse(readFileSync(out, "utf8")) as string[];
    for (const m of ["NativeModule tty", "NativeModule net", "NativeModule stream"]) expect(loaded, `>/dev/null: ${m}`).not.toContain(m);
  });
  it("a bundle's stand-in for node:child_process starts git when a run needs it (check --changed)", () => {
    const repo = makeRepo({ "README.md": "# r\n" });
    const r = runCli(["check", "--changed", "--base", "HEAD", "-f", "json"], { cwd: repo });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).summary).toBeDefined();
  });
});

describe("issue-13 `check` and `session-log` without commander (dist/cli/check.cjs) give the commander path's answers", () => {
  const repo = tmpDir("agentcheck-check-lean-");
  cpSync(WS, repo, { recursive: true });
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "base");
  // a staged change: a session log and the memory indexes edited (read from the index)
  for (const m of readdirSync(join(repo, ".serena", "memories")).filter((n) => n.endsWith("-index.md"))) {
    writeFileSync(join(repo, ".serena", "memories", m), `${readFileSync(join(repo, ".serena", "memories", m), "utf8")}\n| staged | [staged-memory](staged-memory.md) |\n`);
  }
  const logs = readdirSync(join(repo, ".agents", "sessions")).filter((n) => n.endsWith(".md") || n.endsWith(".json")).sort();
  const log = join(repo, ".agents", "sessions", logs[0]);
  writeFileSync(log, `${readFileSync(log, "utf8")}\nEdited.\n`);
  git(repo, "add", "-A");
  const pair = (args: string[]) => {
    const strip = (s: string) => s.replace(/"durationMs":\s*\d+(\.\d+)?/g, '"durationMs":0').replace(/time="[\d.]+"/g, 'time="0"').replace(/\(\d+ ms\)/g, "(X ms)");
    const lean = runCli(args, { cwd: repo });
    const full = runCli(args, { cwd: repo, env: { AGENTCHECK_NO_LEAN: "1" } });
    return { lean: { ...lean, stdout: strip(lean.stdout) }, full: { ...full, stdout: strip(full.stdout) } };
  };
  const cases: string[][] = [];
  for (const f of ["text", "json", "sarif", "junit", "markdown", "github"]) cases.push(["check", "--staged", "-f", f, ...now]);
  cases.push(["check", "--staged", "--only", "session-log,memory-index", "--strict", ...now]);
  cases.push(["check", "--all", "-q", ...now]);
  cases.push(["check", ...now, "--format", "json"]);
  // usage errors and what the lean path leaves to commander (help, unknown options, positional paths)
  cases.push(["check", "--staged", "--changed"]);
  cases.push(["check", "--only", "bogus"]);
  cases.push(["check", "--staged", "--format", "jsn"]);
  cases.push(["check", "--bogus"]);
  cases.push(["check", "--help"]);
  cases.push(["check", "--staged", ".agents/sessions", "-f", "json", ...now]);
  // session-log, the same bundle with its own flags and positional paths
  const LOG = `.agents/sessions/${logs[0]}`;
  for (const f of ["text", "json", "sarif"]) cases.push(["session-log", "-f", f, ...now]);
  cases.push(["session-log", LOG, "--mode", "record", "-f", "json", ...now]);
  cases.push(["session-log", "-q", LOG, ".agents/sessions", ...now]);
  cases.push(["session-log", "--strict", "--context", "local", "--base", "main", "--format", "json", ...now]);
  cases.push(["session-log", "--context", "ci", "--base", "main", "--cutoff", "2025-01-01", "-f", "json", ...now]);
  cases.push(["session-log", "--context", "pre-commit", "-f", "json", ...now]);
  cases.push(["session-log", "--memories-dir", ".serena/memories", "--max-warnings", "0", LOG, ...now]);
  cases.push(["session-log", "--", LOG, ...now]);
  cases.push(["session-log", "--mode", "bogus", LOG]);
  cases.push(["session-log", "--context", "nope"]);
  cases.push(["session-log", "no/such/log.md"]);
  cases.push(["session-log", "--no-baseline", LOG, ...now]);
  cases.push(["session-log", "--no-color", "--color", "--no-color", "-f", "text", LOG, ...now]);
  cases.push(["session-log", "--color", "--no-color", "--color", "-f", "text", LOG, ...now]);
  cases.push(["session-log", "-f", "json", "-f", "text", LOG, ...now]);
  cases.push(["session-log", "--bogus"]);
  cases.push(["session-log", "--help"]);
  it.each(cases.map((c) => [c.join(" "), c]))("%s", (_name, args) => {
    const { lean, full } = pair(args as string[]);
    expect(lean.code).toBe(full.code);
    expect(lean.stdout).toBe(full.stdout);
    expect(lean.stderr).toBe(full.stderr);
  });
  it("the bundle has a build hash and a run leaves its code cache beside it", () => {
    const file = join(ROOT, "dist", "cli", "check.cjs");
    const id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(readFileSync(file, "utf8"));
    expect(id).not.toBeNull();
    const r = runCli(["check", "--staged", "-f", "json", ...now], { cwd: repo });
    expect(r.code === 0 || r.code === 1, r.stderr).toBe(true);
    // keyed by the command too (bin/code-cache.cjs opts.tag); `check --only` of the three small
    // validators runs without the heap flags, so with a cache of its own
    expect(existsSync(`${file}.${id![1]}.check.v8cache`)).toBe(true);
    const small = runCli(["check", "--only", "memory-index,traceability", "-f", "json", ...now], { cwd: repo });
    expect(small.code === 0 || small.code === 1, small.stderr).toBe(true);
    expect(existsSync(`${file}.${id![1]}.check-small.v8cache`)).toBe(true);
  });
  it("session-log runs from that bundle: no ES module loader, which the commander path (dist/cli/bin-main.js) needs", () => {
    const probe = join(tmpDir(), "probe.cjs");
    writeFileSync(probe, `process.on("exit", () => require("fs").writeFileSync(process.env.PROBE_OUT, JSON.stringify(process.moduleLoadList)));`);
    const loaded = (env: Record<string, string>) => {
      const out = join(tmpDir(), "loaded.json");
      const r = spawnSync(process.execPath, ["-r", probe, BIN, "session-log", "-f", "json", ...now], { cwd: repo, encoding: "utf8", env: { ...process.env, ...env, PROBE_OUT: out } });
      expect(r.status === 0 || r.status === 1, r.stderr).toBe(true);
      return JSON.parse(readFileSync(out, "utf8")) as string[];
    };
    expect(loaded({})).not.toContain("NativeModule internal/modules/esm/loader");
    expect(loaded({ AGENTCHECK_NO_LEAN: "1" })).toContain("NativeModule internal/modules/esm/loader");
  });
});

describe("issue-39 item 3: `hooks stop`, `hooks session-start`, `hooks session-end` without commander give the commander path's answers", () => {
  const strip = (s: string) => s.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, "<id>").replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>").replace(/\bcommit [0-9a-f]{7,40}\b/g, "commit <sha>");
  /** One hook run in a fresh repository (session-start writes state), lean or through commander (AGENTCHECK_NO_LEAN). */
  const hook = (name: string, input: string | ((dir: string) => string), env: Record<string, string> = {}) => {
    const repo = makeRepo({ "README.md": "# r\n" });
    const r = runCli(["hooks", name], { cwd: repo, input: typeof input === "string" ? input : input(repo), env });
    return { code: r.code, stdout: strip(r.stdout.split(repo).join("<repo>")), stderr: strip(r.stderr.split(repo).join("<repo>")) };
  };
  const cases: [string, string | ((dir: string) => string)][] = [];
  for (const name of ["stop", "session-start", "session-end"]) {
    cases.push([name, (dir) => JSON.stringify({ cwd: dir, hook_event_name: name, source: "startup" })]);
    cases.push([name, "not json"]);
    cases.push([name, JSON.stringify({ stop_hook_active: true })]);
  }
  it.each(cases.map(([n, i], k) => [`${n} #${k}`, n, i]))("%s", (_label, name, input) => {
    const lean = hook(name as string, input as string);
    const full = hook(name as string, input as string, { AGENTCHECK_NO_LEAN: "1" });
    expect(lean).toEqual(full);
  });
  it("a configuration error is the same one line on both paths (hooks stop: a systemMessage, exit 0)", () => {
    const bad = (dir: string) => {
      writeFileSync(join(dir, "agentcheck.config.json"), "{ not json");
      return JSON.stringify({ cwd: dir });
    };
    const lean = hook("stop", bad);
    expect(lean).toEqual(hook("stop", bad, { AGENTCHECK_NO_LEAN: "1" }));
  });
  it("the lean hooks run from dist/cli/hooks.cjs (issue 39): no ES module loader and no commander, which the commander path loads; a run leaves the bundle's code cache", () => {
    const probe = join(tmpDir(), "probe.cjs");
    // the modules node loaded: the ES module loader is what the chunks of dist/cli (commander's among them) need
    writeFileSync(probe, `process.on("exit", () => require("fs").writeFileSync(process.env.PROBE_OUT, JSON.stringify(process.moduleLoadList)));`);
    const repo = makeRepo({ "README.md": "# r\n" });
    const run = (name: string, env: Record<string, string>) => {
      const out = join(tmpDir(), "loaded.json");
      const r = spawnSync(process.execPath, ["-r", probe, BIN, "hooks", name], { cwd: repo, input: JSON.stringify({ cwd: repo }), encoding: "utf8", env: { ...process.env, ...env, PROBE_OUT: out } });
      expect(r.status, r.stderr).toBe(0);
      return (JSON.parse(readFileSync(out, "utf8")) as string[]).includes("NativeModule internal/modules/esm/loader");
    };
    const bundle = join(ROOT, "dist", "cli", "hooks.cjs");
    expect(readFileSync(bundle, "utf8")).not.toContain("CommanderError");
    for (const name of ["stop", "session-end"]) {
      expect(run(name, {}), name).toBe(false);
      expect(run(name, { AGENTCHECK_NO_LEAN: "1" }), name).toBe(true);
    }
    const id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(readFileSync(bundle, "utf8"));
    expect(id).not.toBeNull();
    expect(existsSync(`${bundle}.${id![1]}.v8cache`)).toBe(true);
  });
});

describe("issue-39 item 4: `pre-pr` without commander gives the commander path's answers", () => {
  const repo = () => {
    const dir = makeRepo({ "README.md": "# r\n", "docs/a.md": "# A\n\nsee /home/me/x\n" });
    git(dir, "checkout", "-q", "-b", "feature");
    writeFileSync(join(dir, "docs", "a.md"), "# A\n\nsee /home/me/y\n\n\n\nend\n");
    git(dir, "commit", "-q", "-am", "change");
    return dir;
  };
  const strip = (s: string) => s.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>").replace(/\(\d+\.\d\ds\)/g, "(<s>)").replace(/"durationMs": [\d.]+/g, '"durationMs": 0').replace(/Duration: [\d.]+s/g, "Duration: <s>");
  const run = (dir: string, args: string[], env: Record<string, string> = {}) => {
    const r = runCli(["pre-pr", ...args], { cwd: dir, env: { CI: "", QUICK_MODE: "", SKIP_TESTS: "", ...env } });
    return { code: r.code, stdout: strip(r.stdout.split(dir).join("<repo>")), stderr: strip(r.stderr.split(dir).join("<repo>")) };
  };
  it.each([
    [["--base", "main", "--no-color"]],
    [["--base", "main", "-f", "json", "--no-cache"]],
    [["--base", "main", "--only", "PP-006,PP-003", "--verbose", "--no-exec"]],
    [["--all", "--format", "json"]],
    [["--base", "main", "--skip", "PP-003"]],
    [["--base", "main", "--format", "xml"]],
    [["--list"]],
    [["--base", "main", "--unknown-option"]],
    [["--help"]],
  ])("PP-000: pre-pr %j is the same on both paths", (args) => {
    const dir = repo();
    const lean = run(dir, args);
    const full = run(dir, args, { AGENTCHECK_NO_LEAN: "1" });
    expect(lean).toEqual(full);
  });
  it("PP-000: the lean pre-pr loads no chunk holding commander (the commander path does)", () => {
    const dir = tmpDir();
    const probe = join(dir, "probe.mjs");
    const hooks = join(dir, "hooks.mjs");
    writeFileSync(hooks, `import { appendFileSync } from "node:fs";\nexport async function load(url, ctx, next) {\n  if (url.startsWith("file:")) appendFileSync(process.env.PROBE_OUT, url + "\\n");\n  return next(url, ctx);\n}\n`);
    writeFileSync(probe, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
    const r0 = repo();
    const commanderLoaded = (env: Record<string, string>) => {
      const out = join(tmpDir(), "loaded.txt");
      writeFileSync(out, "");
      const r = spawnSync(process.execPath, ["--import", pathToFileURL(probe).href, BIN, "pre-pr", "--base", "main"], { cwd: r0, encoding: "utf8", env: { ...process.env, CI: "", ...env, PROBE_OUT: out } });
      expect(r.status, r.stderr).toBe(1);
      const files = readFileSync(out, "utf8").split("\n").filter((u) => u.includes("/dist/"));
      expect(files.length).toBeGreaterThan(0);
      return files.some((u) => readFileSync(fileURLToPath(u), "utf8").includes("CommanderError"));
    };
    expect(commanderLoaded({})).toBe(false);
    expect(commanderLoaded({ AGENTCHECK_NO_LEAN: "1" })).toBe(true);
  });
});
