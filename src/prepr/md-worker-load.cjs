"use strict";
// Entry of the markdown lint worker thread in the bundled CLI (copied to dist/cli/ by
// scripts/bundle-cli.mjs): runs md-worker.cjs, the worker bundled as one CommonJS file, with a V8
// code cache through the launcher's own loader (bin/code-cache.cjs, two folders up in the repository
// and in the installed package alike). A cold worker spends about a fifth of a small lint parsing
// and compiling markdownlint and micromark; the cache skips that. The worker lints while its top
// level runs, so the cache is written when md-worker.ts says its files are linted
// (`__agentcheckLintDone`), holding the functions the lint compiled. Without the loader or with
// AGENTCHECK_NO_CODE_CACHE=1: a plain require.
const path = require("node:path");
const file = path.join(__dirname, "md-worker.cjs");
let loadCached;
try {
  ({ loadCached } = require(path.join(__dirname, "..", "..", "bin", "code-cache.cjs")));
} catch {
  loadCached = undefined;
}
if (loadCached === undefined) {
  require(file);
} else {
  loadCached(file, {
    tmpTag: `${process.pid}.${require("node:worker_threads").threadId}`,
    // md-worker.ts calls this once its files are linted, before it says so to the parent thread
    beforeRun: (saveCache) => {
      globalThis.__agentcheckLintDone = saveCache;
    },
  });
}
