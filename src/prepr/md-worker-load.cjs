"use strict";
// Entry of the markdown lint worker thread in the bundled CLI (copied to dist/cli/ by
// scripts/bundle-cli.mjs): runs md-worker.cjs, the worker bundled as one CommonJS file, with a V8
// code cache, as bin/agentcheck.js loadCached does for the lean commands. A cold worker spends about
// a fifth of a small lint parsing and compiling markdownlint and micromark; the cache (kept beside
// the bundle in `md-worker.cjs.<build hash>.v8cache`, written once after a lint, so it holds the
// functions the lint compiled) skips that. The build hash is the bundle's first line: a rebuilt
// bundle never meets an old cache; V8 refuses a cache from another Node version or other flags, and
// the file is then written again. Anything odd (no hash, AGENTCHECK_NO_CODE_CACHE=1): a plain require.
const fs = require("node:fs");
const path = require("node:path");
const file = path.join(__dirname, "md-worker.cjs");
let src;
let id;
try {
  if (process.env.AGENTCHECK_NO_CODE_CACHE === "1") throw new Error("off");
  src = fs.readFileSync(file, "utf8");
  id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(src);
  if (!id) throw new Error("no build hash");
} catch {
  src = undefined;
}
if (src === undefined) {
  require(file);
} else {
  const vm = require("node:vm");
  const cacheFile = `${file}.${id[1]}.v8cache`;
  let cached;
  try {
    cached = fs.readFileSync(cacheFile);
  } catch {
    cached = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${src}\n});`, { filename: file, cachedData: cached });
  // md-worker.ts calls this once its files are linted, before it says so to the parent thread
  globalThis.__agentcheckLintDone = () => {
    if (cached !== undefined && !script.cachedDataRejected) return;
    cached = Buffer.alloc(0); // once per worker
    const tmp = `${cacheFile}.${process.pid}.${require("node:worker_threads").threadId}.tmp`;
    try {
      fs.writeFileSync(tmp, script.createCachedData(), { flag: "wx" });
      fs.renameSync(tmp, cacheFile);
    } catch {
      try {
        fs.unlinkSync(tmp);
      } catch {
        /* nothing to remove */
      }
    }
  };
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, __dirname);
}
