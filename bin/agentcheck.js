#!/usr/bin/env node
"use strict";
// Lean launcher, CommonJS (bin/package.json): the hook gate and the lean commands load one
// pre-bundled CommonJS file each and skip the CLI framework; every other command goes through the
// bundled ES module entry (dist/cli/, scripts/bundle-cli.mjs), which loads only the chunks a command uses.
const argv = process.argv;
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
  // one pre-bundled module (scripts/bundle-gate.mjs): the hook runs on every tool call
  require("../dist/state/gate-hook.cjs").runGate(argv.slice(4)).then(
    (code) => { process.exitCode = code; },
    () => { process.exitCode = 0; },
  );
} else if ((cmd === "consistency" || cmd === "traceability" || cmd === "memory-index") && process.env.AGENTCHECK_NO_LEAN !== "1") {
  // consistency, traceability and memory-index with simple options (src/lean-cli.ts): one CommonJS
  // bundle (dist/cli/lean.cjs), no commander, no ES module graph; anything else goes to the full CLI
  const lean = loadCached(require("node:path").join(__dirname, "..", "dist", "cli", "lean.cjs"));
  lean.exports.runLean(argv.slice(2)).then((code) => (code === undefined ? full() : (lean.saveCache(), code))).then(
    (code) => { process.exitCode = code; },
    (e) => { throw e; },
  );
} else if (cmd === "check" && process.env.AGENTCHECK_NO_LEAN !== "1") {
  // `check` with simple options (src/check-cli.ts; the commit hook runs `check --staged`): one
  // CommonJS bundle of its own (dist/cli/check.cjs), no commander; anything else goes to the full CLI
  const lean = loadCached(require("node:path").join(__dirname, "..", "dist", "cli", "check.cjs"));
  lean.exports.runCheckLean(argv.slice(2)).then((code) => (code === undefined ? full() : (lean.saveCache(), code))).then(
    (code) => { process.exitCode = code; },
    (e) => { throw e; },
  );
} else full().then((code) => { process.exitCode = code; });

/**
 * require() for a bundle, with a V8 code cache: the compiled bundle (its top level and the functions
 * a run compiled) is kept in `<bundle>.<build hash>.v8cache` beside it, so later runs skip parsing
 * and compiling (issue 13). The build hash is the bundle's first line (scripts/bundle-cli.mjs), so a
 * rebuilt bundle never meets an old cache; V8 itself refuses a cache from another Node version or
 * other flags, and the file is then written again. The cache is only ever beside the bundle (a
 * folder as trusted as the code, never a shared temporary folder); when it cannot be written
 * (read-only install) or anything about it is odd, this is a plain require().
 */
function loadCached(file) {
  const fs = require("node:fs");
  const vm = require("node:vm");
  let src;
  let id;
  try {
    if (process.env.AGENTCHECK_NO_CODE_CACHE === "1") throw new Error("off");
    src = fs.readFileSync(file, "utf8");
    id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(src);
    if (!id) throw new Error("no build hash");
  } catch {
    return { exports: require(file), saveCache() {} };
  }
  const cacheFile = `${file}.${id[1]}.v8cache`;
  let cached;
  try {
    cached = fs.readFileSync(cacheFile);
  } catch {
    cached = undefined;
  }
  const path = require("node:path");
  // code compiled by node:vm has no import() of its own: the bundle's few dynamic imports (rare
  // cases: a configuration file's schema) come here (scripts/bundle-cli.mjs)
  const base = require("node:url").pathToFileURL(file);
  globalThis.__agentcheckImport = (spec) => import(new URL(spec, base).href);
  // CommonJS's own wrapper; the bundle requires built-ins and the package's dependencies only, which
  // the launcher's require resolves the same way (node:module would load the ES module loader)
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${src}\n});`, { filename: file, cachedData: cached });
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, path.dirname(file));
  return {
    exports: mod.exports,
    saveCache() {
      if (cached !== undefined && !script.cachedDataRejected) return;
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(tmp, script.createCachedData(), { flag: "wx" });
        fs.renameSync(tmp, cacheFile);
      } catch {
        try { fs.unlinkSync(tmp); } catch { /* nothing to remove */ }
      }
    },
  };
}

function full() {
  if (cmd === "mcp" && !argv.includes("--help") && !argv.includes("-h")) {
    // the MCP server starts without the CLI framework (start-up time is what a client waits for)
    return import("../dist/mcp/server.js").then((m) => m.runMcpServer(argv.slice(3)));
  }
  return import("../dist/cli/bin-main.js").then((m) => m.run(argv));
}
