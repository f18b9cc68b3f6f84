"use strict";
// The one V8 code-cache loader of agentcheck's CommonJS bundles: the launcher's lean commands and
// `check` (bin/agentcheck.js) and the markdown lint worker (src/prepr/md-worker-load.cjs, copied
// to dist/cli/). Built-ins only, and none that the lean paths must not load (no streams, crypto or
// node:module; test/cli/lean-paths.integration.test.ts).

/**
 * require() for a bundle, with a V8 code cache: the compiled bundle (its top level and the functions
 * a run compiled) is kept in `<bundle>.<build hash>.v8cache` beside it, so later runs skip parsing
 * and compiling (issue 13). The build hash is the bundle's first line (scripts/bundle-cli.mjs), so a
 * rebuilt bundle never meets an old cache; V8 itself refuses a cache from another Node version or
 * other flags, and the file is then written again. The cache is only ever beside the bundle (a
 * folder as trusted as the code, never a shared temporary folder); when it cannot be written
 * (read-only install) or anything about it is odd, this is a plain require().
 *
 * `saveCache()` writes the cache (once, and only when there was none or V8 refused it): call it
 * after the run, so the cache holds the functions the run compiled. `opts.beforeRun(saveCache)` is
 * called before the bundle's top level runs, for a bundle that does its work there (the lint
 * worker); `opts.tmpTag` names the temporary file (default: the process id; a worker thread adds
 * its thread id).
 */
function loadCached(file, opts = {}) {
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
  // this file's require resolves the same way (node:module would load the ES module loader)
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${src}\n});`, { filename: file, cachedData: cached });
  let saved = false;
  const saveCache = () => {
    if (saved || (cached !== undefined && !script.cachedDataRejected)) return;
    saved = true;
    const tmp = `${cacheFile}.${opts.tmpTag ?? process.pid}.tmp`;
    try {
      // a read-only install: no cache to serialize on every run
      fs.accessSync(path.dirname(cacheFile), fs.constants.W_OK);
      fs.writeFileSync(tmp, script.createCachedData(), { flag: "wx" });
      fs.renameSync(tmp, cacheFile);
    } catch {
      try { fs.unlinkSync(tmp); } catch { /* nothing to remove */ }
    }
  };
  if (opts.beforeRun) opts.beforeRun(saveCache);
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, path.dirname(file));
  return { exports: mod.exports, saveCache };
}

module.exports = { loadCached };
