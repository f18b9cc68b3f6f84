#!/usr/bin/env node
"use strict";
// Claude Code PreToolUse hook: the same as `agentcheck session gate` (bin/agentcheck.js runs this
// file's runHook for it), as one CommonJS module for the fastest start (it runs on every tool call).
// Always exits 0; prints a deny document to block. The bundle is compiled from a V8 code cache beside
// it when there is one (any oddity is a plain require), written after the first decision.

// A failure of the gate itself blocks the tool: Claude Code lets a tool run when its hook exits with
// any code but 0 or 2, so a crash must never be the way out (exit 0 and a deny document instead).
function gateFailed(e) {
  const why = String((e && e.message) || e).replace(/[\x00-\x1f\x7f]+/g, " ").slice(0, 200);
  process.stdout.write(`${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `agentcheck gate: internal error (${why}); the tool is blocked. To proceed: run \`agentcheck session gate\` by hand to see the error, or reinstall agentcheck.` } })}\n`);
  process.exitCode = 0;
}

// The gate's own code-cache loader: the twin of bin/code-cache.cjs (the same file format and naming,
// `<bundle>.<build hash>.v8cache`, kept in step by test/state/gate.integration.test.ts GATE-09), in
// this file because requiring a second module costs the gate about 0.5 ms of CPU (the loader resolves
// it, reads package.json for its scope and compiles it without a cache; issue 39 item 3). One
// difference: the cache records whether the run that wrote it started the core. A cache written by a
// call that needed no core (a Read, a state already seen) lacks the core's host code, which every
// later call with a state not seen would compile again (about 5 M instructions): such a call writes
// the cache once more, with that code in it.
//
// A release build of V8 checks a code cache's header but not its payload (a flipped bit can compile
// wrong code or crash, and a crash must never let a tool through), so the file carries V8's data
// twice: 4 bytes of magic, the data's length (32 bits, little-endian), the data, the data again; a
// file whose copies differ (or whose length does not match) is ignored and written again.
// The functions every call runs are written `const f = (function f() {...})` (and their inner
// functions in parentheses): V8 compiles a parenthesized function with the file, where a plain
// declaration is pre-parsed with the file and parsed again on its first call (0.4 M instructions;
// this file has no code cache). The rest (a failure, the cache's writer) stays lazy.
const MAGIC = 0x32766361; // "acv2" (bin/code-cache.cjs): written by a run that did not start the core
const MAGIC_CORE = 0x32676361; // "acg2": written by a run that started the core

/** The cache file's bytes for V8's data. */
function sealed(data, magic = MAGIC) {
  const head = Buffer.alloc(8);
  head.writeUInt32LE(magic, 0);
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data]);
}

/** V8's data and the magic from a cache file's bytes, or undefined when the file is not one written intact. */
const unsealedWith = (function unsealedWith(buf) {
  if (buf.length < 8) return undefined;
  const magic = buf.readUInt32LE(0);
  if (magic !== MAGIC && magic !== MAGIC_CORE) return undefined;
  const n = buf.readUInt32LE(4);
  if (buf.length !== 8 + 2 * n) return undefined;
  const data = buf.subarray(8, 8 + n);
  return data.equals(buf.subarray(8 + n)) ? { data, core: magic === MAGIC_CORE } : undefined;
});

/** V8's data from a cache file's bytes, or undefined (the test's view). */
function unsealed(buf) {
  const u = unsealedWith(buf);
  return u && u.data;
}

/** A regular file's bytes, opened without blocking (a FIFO put where the cache belongs would block the gate forever); throws for anything else. */
const readRegular = (function readRegular(fs, file) {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size > 256 * 1024 * 1024) throw new Error("not a regular file");
    // readSync, as the gate reads its input and notes: readFileSync would compile its own helpers
    const buf = Buffer.allocUnsafe(st.size);
    let n = 0;
    for (let k; n < buf.length && (k = fs.readSync(fd, buf, n, buf.length - n, null)) > 0;) n += k;
    return n === buf.length ? buf : buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
});

/**
 * The bundle's text from its bytes. The bundle is ASCII (scripts/bundle-gate.mjs asciiOnly), so it is
 * made a one-byte string by copy (latin1Slice) rather than decoded from UTF-8 (readFileSync's "utf8":
 * about 0.6 M instructions for its 190 KB); a bundle with any other byte is decoded as UTF-8.
 */
const bundleText = (function bundleText(buf) {
  return typeof buf.latin1Slice === "function" && require("node:buffer").isAscii(buf) ? buf.latin1Slice(0, buf.length) : buf.toString();
});

/** The build hash on the bundle's first line (`// agentcheck-bundle <32 hex digits>`), or undefined; no regular expression: it would be compiled twice on the whole bundle text. */
const buildHash = (function buildHash(src) {
  const head = "// agentcheck-bundle ";
  if (!src.startsWith(head) || src.charCodeAt(head.length + 32) !== 10) return undefined;
  for (let i = head.length; i < head.length + 32; i++) {
    const c = src.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return undefined;
  }
  return src.slice(head.length, head.length + 32);
});

/**
 * require() of the gate bundle through its V8 code cache. `saveCache(coreStarted)` writes the cache
 * after the run: when there was none, V8 refused it, or this run started the core and the cache was
 * written by one that did not. The cache is only ever beside the bundle; when it cannot be written
 * (read-only install) or anything about it is odd, this is a plain require().
 */
const loadGate = (function loadGate(file) {
  const fs = require("node:fs");
  let src;
  let id;
  try {
    if (process.env.AGENTCHECK_NO_CODE_CACHE === "1") throw new Error("off");
    src = bundleText(readRegular(fs, file));
    id = buildHash(src);
    if (id === undefined) throw new Error("no build hash");
  } catch {
    return { exports: require(file), saveCache() {} };
  }
  const cacheFile = `${file}.${id}.v8cache`;
  let cached;
  let cachedCore = false;
  try {
    const u = unsealedWith(readRegular(fs, cacheFile));
    if (u) {
      cached = u.data;
      cachedCore = u.core;
    }
  } catch {
    cached = undefined;
  }
  const path = require("node:path");
  // CommonJS's own wrapper; the bundle requires built-ins only (and has no dynamic import)
  const script = new (require("node:vm").Script)(`(function (exports, require, module, __filename, __dirname) { ${src}\n});`, { filename: file, cachedData: cached });
  let saved = false;
  const saveCache = ((coreStarted) => {
    if (saved) return;
    const usable = cached !== undefined && !script.cachedDataRejected;
    if (usable && (cachedCore || !coreStarted)) return;
    saved = true;
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      // a read-only install: no cache to serialize on every run
      fs.accessSync(path.dirname(cacheFile), fs.constants.W_OK);
      fs.writeFileSync(tmp, sealed(script.createCachedData(), coreStarted ? MAGIC_CORE : MAGIC), { flag: "wx" });
      fs.renameSync(tmp, cacheFile);
    } catch {
      try { fs.unlinkSync(tmp); } catch { /* nothing to remove */ }
    }
  });
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, path.dirname(file));
  return { exports: mod.exports, saveCache };
});

/** Run the gate bundle (dist/state/gate-hook.cjs) on these arguments (`--notes-dir`, `--session`). */
const runHook = (function runHook(args, bundle) {
  try {
    const gate = loadGate(bundle);
    // exit at once after the answer (written synchronously) and the cache: a natural exit tears the
    // environment and the isolate down first, about 2 % of the gate's CPU (issue 39 item 3); an answer
    // that had to go through process.stdout's queue is drained by a natural exit instead
    gate.exports.runGate(args).then(
      ((code) => {
        gate.saveCache(typeof gate.exports.coreStarted === "function" && gate.exports.coreStarted() === true);
        if (gate.exports.answerPending()) process.exitCode = code;
        // process.exit ends in process.reallyExit after emitting "exit": with no "exit" listener (a
        // preload may add one) calling it directly spares the code process.exit and its listener
        // removal compile (about 0.5 M instructions); where it is missing, process.exit
        else if (typeof process.reallyExit === "function" && process.listenerCount("exit") === 0) process.reallyExit(code);
        else process.exit(code);
      }),
      gateFailed,
    );
  } catch (e) {
    gateFailed(e);
  }
});

module.exports = { runHook, sealed, unsealed };
// the bundle beside this folder, named without path.join (its code and path.normalize's: 0.2 M instructions)
if (require.main === module) {
  const sep = require("node:path").sep;
  runHook(process.argv.slice(2), `${__dirname.slice(0, __dirname.lastIndexOf(sep))}${sep}dist${sep}state${sep}gate-hook.cjs`);
}
