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
 * its thread id). `opts.tag` (lower-case letters, digits and "-") keeps one cache per kind of run of
 * a bundle, `<bundle>.<build hash>.<tag>.v8cache`: a cache holds the functions the run that wrote it
 * compiled, and is written once, so without a tag the first command decides what every other
 * command finds compiled (consistency after memory-index compiled about 6 M instructions of its own
 * functions at every run; docs/benchmarks.md).
 */
// A release build of V8 checks a code cache's header (its version, flags, source length) but not
// its payload: a cache with one flipped bit can be accepted and then compile wrong code (other
// findings, "x is not a function", or a fatal crash; the gate must never crash). So the file carries
// V8's data twice: 4 bytes "acv2", the data's length (32 bits, little-endian), the data, the data
// again. A file whose two copies differ (or whose length does not match) is ignored (and written
// again after the run). Comparing the copies is one native memcmp; the 32-bit hash this replaced, a
// JavaScript loop over the ~130 KB, cost a cold process about 2 ms more CPU (issue 39 item 3,
// docs/benchmarks.md), most of it V8 optimizing the loop on another thread.
const MAGIC = 0x32766361; // "acv2" read as a little-endian 32-bit word
// The functions every run calls are written `const f = (function f() {...})`, as in
// bin/agentcheck-gate.cjs: V8 compiles a parenthesized function with the file, where a plain declaration
// is pre-parsed with the file and parsed again on its first call (this file has no code cache). The
// cache's writer stays lazy.

/** The cache file's bytes for V8's data. */
function sealed(data) {
  const head = Buffer.alloc(8);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data]);
}

/** V8's data from a cache file's bytes, or undefined when the file is not one this loader wrote intact. */
const unsealed = (function unsealed(buf) {
  if (buf.length < 8 || buf.readUInt32LE(0) !== MAGIC) return undefined;
  const n = buf.readUInt32LE(4);
  if (buf.length !== 8 + 2 * n) return undefined;
  const data = buf.subarray(8, 8 + n);
  return data.equals(buf.subarray(8 + n)) ? data : undefined;
});

/**
 * A regular file's bytes; throws for anything else. Opened without blocking and checked before the
 * read: a FIFO (or a device) put where the cache file belongs would block readFileSync, and the gate
 * with it, forever.
 */
const readRegular = (function readRegular(fs, file) {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size > 256 * 1024 * 1024) throw new Error("not a regular file");
    // readSync, as wrappedSource reads the bundle: readFileSync would compile its own helpers
    const buf = Buffer.allocUnsafe(st.size);
    let n = 0;
    for (let k; n < buf.length && (k = fs.readSync(fd, buf, n, buf.length - n, null)) > 0;) n += k;
    return n === buf.length ? buf : buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
});

/** CommonJS's own wrapper around a bundle's text (the source V8 compiles and keys its cache by). */
const WRAP_HEAD = "(function (exports, require, module, __filename, __dirname) { ";
const WRAP_TAIL = "\n});";

/**
 * The bundle's text inside WRAP_HEAD and WRAP_TAIL, made as one string: the file is read into a buffer
 * that holds the wrapper too, then decoded once. Reading the text and then joining it to the wrapper
 * made two strings of the bundle's size on the heap (check.cjs: 846 KB each), and the second filled
 * the young generation's first megabyte: a scavenge copying everything start-up had made, about 4.5 M
 * instructions of a `check --only` run (docs/benchmarks.md). The bundles are ASCII (scripts/bundle-cli.mjs
 * asciiOnly), read as Latin-1 then; any other byte decodes as UTF-8, as before. The wrapper is written and
 * the text made by Buffer's own Latin-1 methods (latin1Write, latin1Slice): write() and toString() look
 * the encoding up and compile their dispatch on every start (0.5 M instructions with readRegular's
 * readSync; a Node without them throws here, and loadCached falls back to require()).
 */
const wrappedSource = (function wrappedSource(fs, file) {
  const fd = fs.openSync(file, fs.constants.O_RDONLY);
  try {
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.allocUnsafe(WRAP_HEAD.length + size + WRAP_TAIL.length);
    buf.latin1Write(WRAP_HEAD, 0);
    let n = 0;
    while (n < size) {
      const got = fs.readSync(fd, buf, WRAP_HEAD.length + n, size - n, null);
      if (got === 0) break;
      n += got;
    }
    if (n !== size) throw new Error("the bundle changed while read");
    buf.latin1Write(WRAP_TAIL, WRAP_HEAD.length + n);
    return require("node:buffer").isAscii(buf) ? buf.latin1Slice(0, buf.length) : buf.toString();
  } finally {
    fs.closeSync(fd);
  }
});

const loadCached = (function loadCached(file, opts = {}) {
  const fs = require("node:fs");
  const vm = require("node:vm");
  let src;
  let id;
  try {
    if (process.env.AGENTCHECK_NO_CODE_CACHE === "1") throw new Error("off");
    src = wrappedSource(fs, file);
    id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(src.slice(WRAP_HEAD.length, WRAP_HEAD.length + 54));
    if (!id) throw new Error("no build hash");
  } catch {
    return { exports: require(file), saveCache() {} };
  }
  const tag = typeof opts.tag === "string" && /^[a-z0-9-]{1,40}$/.test(opts.tag) ? `.${opts.tag}` : "";
  const cacheFile = `${file}.${id[1]}${tag}.v8cache`;
  let cached;
  try {
    cached = unsealed(readRegular(fs, cacheFile));
  } catch {
    cached = undefined;
  }
  const path = require("node:path");
  // code compiled by node:vm has no import() of its own: the bundle's few dynamic imports (rare
  // cases: a configuration file's schema) come here (scripts/bundle-cli.mjs)
  // (the file's URL made on first use: pathToFileURL costs a start-up that imports nothing)
  globalThis.__agentcheckImport = (spec) => import(new URL(spec, require("node:url").pathToFileURL(file)).href);
  // CommonJS's own wrapper; the bundle requires built-ins and the package's dependencies only, which
  // this file's require resolves the same way (node:module would load the ES module loader)
  const script = new vm.Script(src, { filename: file, cachedData: cached });
  let saved = false;
  const saveCache = () => {
    if (saved || (cached !== undefined && !script.cachedDataRejected)) return;
    saved = true;
    const tmp = `${cacheFile}.${opts.tmpTag ?? process.pid}.tmp`;
    try {
      // a read-only install: no cache to serialize on every run
      fs.accessSync(path.dirname(cacheFile), fs.constants.W_OK);
      fs.writeFileSync(tmp, sealed(script.createCachedData()), { flag: "wx" });
      fs.renameSync(tmp, cacheFile);
    } catch {
      try { fs.unlinkSync(tmp); } catch { /* nothing to remove */ }
    }
  };
  if (opts.beforeRun) opts.beforeRun(saveCache);
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, path.dirname(file));
  return { exports: mod.exports, saveCache };
});

module.exports = { loadCached, sealed, unsealed };
