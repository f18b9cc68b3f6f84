#!/usr/bin/env node
"use strict";
// Lean launcher, CommonJS (bin/package.json): the hook gate and the lean commands load one
// pre-bundled CommonJS file each and skip the CLI framework; every other command goes through the
// bundled ES module entry (dist/cli/, scripts/bundle-cli.mjs), which loads only the chunks a command uses.
const argv = process.argv;
/** The V8 flags of shortRunFlags(). */
const SHORT_RUN_FLAGS = "--liftoff-only --wasm-lazy-validation --no-opt --no-baseline-batch-compilation";
const cmd = argv[2];
if (argv.length === 3 && (cmd === "--version" || cmd === "-V")) {
  // the version alone: no bundle to load (what a shell or an editor integration asks first)
  // (a synchronous write: process.stdout would load the stream machinery for one line)
  const { readFileSync, writeSync } = require("node:fs");
  const text = `${JSON.parse(readFileSync(require("node:path").join(__dirname, "..", "package.json"), "utf8")).version}\n`;
  try {
    writeSync(1, text);
  } catch (e) {
    if (e.code !== "EPIPE") process.stdout.write(text);
  }
} else if (cmd === "session" && argv[3] === "gate") {
  // one pre-bundled module (scripts/bundle-gate.mjs), run as the hook entry runs it: the hook runs on
  // every tool call, and any failure of the gate itself blocks the tool (bin/agentcheck-gate.cjs)
  require("./agentcheck-gate.cjs").runHook(argv.slice(4), require("node:path").join(__dirname, "..", "dist", "state", "gate-hook.cjs"));
} else if (cmd === "hooks" && argv[3] === "post-tool-use" && argv.length === 4 && process.env.AGENTCHECK_NO_LEAN !== "1") {
  // the PostToolUse hook runs after every tool call: one CommonJS bundle of its own (dist/cli/observe.cjs,
  // src/state/observe-hook.ts), no commander, no ES module graph
  const hook = require("./code-cache.cjs").loadCached(require("node:path").join(__dirname, "..", "dist", "cli", "observe.cjs"));
  hook.exports.runPostToolUseHook().then(
    (code) => { hook.saveCache(); process.exitCode = code; },
    (e) => { throw e; },
  );
} else if (cmd === "hooks" && argv.length === 4 && (argv[3] === "stop" || argv[3] === "session-start" || argv[3] === "session-end") && process.env.AGENTCHECK_NO_LEAN !== "1") {
  // the Stop, SessionStart and SessionEnd hooks: one CommonJS bundle (dist/cli/hooks.cjs,
  // src/hooks-cli.ts) with its code cache, no commander, no ES module graph (issue 39)
  const hook = require("./code-cache.cjs").loadCached(require("node:path").join(__dirname, "..", "dist", "cli", "hooks.cjs"));
  hook.exports.runHookLean(argv[3]).then((code) => (code === undefined ? full() : (hook.saveCache(), code))).then(
    (code) => { process.exitCode = code; },
    (e) => { throw e; },
  );
} else if ((cmd === "consistency" || cmd === "traceability" || cmd === "memory-index") && process.env.AGENTCHECK_NO_LEAN !== "1") {
  // consistency, traceability and memory-index with simple options (src/lean-cli.ts): one CommonJS
  // bundle (dist/cli/lean.cjs), no commander, no ES module graph; anything else goes to the full CLI
  // one code cache per command (bin/code-cache.cjs opts.tag): each holds the functions its command runs
  shortRunFlags();
  const lean = require("./code-cache.cjs").loadCached(require("node:path").join(__dirname, "..", "dist", "cli", "lean.cjs"), { tag: cmd });
  lean.exports.runLean(argv.slice(2)).then(
    (code) => {
      if (code === undefined) return full().then((c) => { process.exitCode = c; });
      lean.saveCache();
      // written synchronously (src/stdio.ts), nothing left running: exit without tearing down the heap, as `check` does
      process.exit(code);
    },
    (e) => { throw e; },
  );
} else if ((cmd === "check" || cmd === "session-log") && process.env.AGENTCHECK_NO_LEAN !== "1") {
  // `check` and `session-log` with simple options (src/check-cli.ts; the commit hook runs `check
  // --staged`, a session end `session-log`): one CommonJS bundle of their own (dist/cli/check.cjs),
  // no commander; anything else goes to the full CLI
  // the heap flags for every run but `check --only` of the validators that hold no session logs (a
  // hook's memory-index,consistency,traceability): node:v8 costs such a run about 6 ms of CPU.
  // A code cache per command and flag set: flags that differed between runs would make each reject
  // the other's cache
  const heap = !smallCheck(argv);
  if (heap) leanHeap();
  else shortRunFlags();
  const lean = require("./code-cache.cjs").loadCached(require("node:path").join(__dirname, "..", "dist", "cli", "check.cjs"), { tag: heap ? cmd : `${cmd}-small` });
  lean.exports.runCheckLean(argv.slice(2)).then(
    (code) => {
      if (code === undefined) return full().then((c) => { process.exitCode = c; });
      lean.saveCache();
      // everything is written (synchronous writes, src/stdio.ts) and nothing runs in the background:
      // exit now instead of tearing down a heap that held the whole run (about 10 ms for 1,500 logs)
      process.exit(code);
    },
    (e) => { throw e; },
  );
} else {
  full().then((code) => {
    // pre-pr writes synchronously and leaves nothing running that matters (its lint workers are
    // done or given up): exit without tearing down its heap (about 20 ms after `--all`)
    if (cmd === "pre-pr") process.exit(code);
    process.exitCode = code;
  });
}

function full() {
  if (cmd === "mcp" && !argv.includes("--help") && !argv.includes("-h")) {
    // the MCP server starts without the CLI framework (start-up time is what a client waits for)
    return import("../dist/mcp/server.js").then((m) => m.runMcpServer(argv.slice(3)));
  }
  return import("../dist/cli/bin-main.js").then((m) => m.run(argv));
}

/**
 * Whether `args` is `check --only` naming memory-index, consistency or traceability alone (one
 * `--only`, in either spelling): validators whose input is a few planning and memory files, whatever
 * the number of session logs, so the run needs none of leanHeap's flags. Anything else, and any
 * doubt, is a run that gets them.
 */
function smallCheck(args) {
  if (args[2] !== "check") return false;
  const only = [];
  for (let i = 3; i < args.length; i++) {
    if (args[i] === "--only") only.push(args[++i]);
    else if (args[i].startsWith("--only=")) only.push(args[i].slice(7));
  }
  if (only.length !== 1 || typeof only[0] !== "string") return false;
  const names = only[0].split(",");
  return names.length > 0 && names.every((n) => n === "memory-index" || n === "consistency" || n === "traceability");
}

/**
 * V8's heap kept near what a long `check` holds (issue 39: peak RSS <= 150 MB on a whole-repository
 * check of a 1,500-log repository). Its work allocates fast and keeps little: the young generation
 * grew to two 16 MB semi-spaces (touched, so resident) and the old generation to about three times
 * its live data before a full collection. --semi-space-growth-factor=1 keeps the semi-spaces at their
 * first size (1 MB) and --heap-growing-percent=50 lets the old generation grow by half its live size
 * between full collections. Both flags are read whenever V8 resizes a space, so they work when set at
 * run time (--max-semi-space-size, read once when the heap is made, does not); set before any bundle
 * loads, so its code cache is made and used under the same flags (set for every `check` and
 * `session-log` but smallCheck's; each flag set has its own cache file: flags that differed between
 * runs would make each reject the other's code cache). node:v8 loads the stream modules
 * (test/cli/lean-paths). docs/benchmarks.md
 */
function leanHeap() {
  require("node:v8").setFlagsFromString("--semi-space-growth-factor=1 --heap-growing-percent=50");
}

/**
 * V8 flags for the short runs (the lean commands, smallCheck's `check --only`), set before any bundle
 * loads, so its code cache is made and used under them (each such run always sets them; its cache is a
 * file of its own). --liftoff-only: the core's functions stay in Liftoff's code and are never compiled
 * again by TurboFan on background threads, CPU these runs paid without gaining from it (they are over
 * before the optimized code pays off); --wasm-lazy-validation: V8 validates each function of the core
 * when it first compiles it, not the whole 285 KB module at every start (an invalid function still
 * fails, at its first call: an engine error, never a pass). Together about 30 M instructions of a
 * memory-index run's 300 M (issue 39 item 5, docs/benchmarks.md). Set through the binding
 * node:v8 wraps: loading node:v8 costs more than the flag saves (it loads the stream modules).
 * process.binding("v8") warns (DEP0111): silenced for this one call (below).
 * --no-opt: TurboFan compiled a few JavaScript functions on a background thread (a binary search over
 * the memory listing, node's fs error wrapper), about 7 M instructions of a `check --only` run's 165 M
 * and 10 M of a memory-index run's 122 M that the optimized code never paid back (docs/benchmarks.md);
 * JavaScript stays in the interpreter and Sparkplug's baseline code. --no-baseline-batch-compilation:
 * Sparkplug compiles each function when it gets warm instead of gathering batches, which compiled
 * functions the run no longer needed (about 2 M instructions).
 * The flags change no result, only speed: any failure leaves them as they are.
 * node:vm (bin/code-cache.cjs compiles the bundle with it) is loaded before the flags change: V8 keys
 * every code cache by its flags, Node's own built-in code cache included, so a built-in first loaded
 * after setFlagsFromString is compiled from its source (node:vm: about 3.0 M instructions instead of
 * 0.6 M; the lean commands load no other built-in after this point; docs/benchmarks.md).
 * The deprecation warning is silenced by a no-op process.emitWarning for the one call (restored after
 * it), not by setting process.noDeprecation: the warning object process.binding would otherwise build
 * (an Error with its stack) cost 0.3 M instructions. Whatever the user's deprecation options, the run
 * prints nothing more (test/cli/short-run-flags.integration.test.ts).
 */
function shortRunFlags() {
  require("node:vm");
  const emit = process.emitWarning;
  try {
    process.emitWarning = () => {};
    process.binding("v8").setFlagsFromString(SHORT_RUN_FLAGS);
  } catch {
    // a Node without the binding: the defaults
  } finally {
    try {
      process.emitWarning = emit;
    } catch {
      // left as it was
    }
  }
}
