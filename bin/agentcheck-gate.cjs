#!/usr/bin/env node
"use strict";
// Claude Code PreToolUse hook: the same as `agentcheck session gate`, as one CommonJS module for the
// fastest start (it runs on every tool call). Always exits 0; prints a deny document to block.
// The bundle is compiled from a V8 code cache beside it when there is one (bin/code-cache.cjs; any
// oddity is a plain require), written once after the first decision.
const gate = require("./code-cache.cjs").loadCached(require("node:path").join(__dirname, "..", "dist", "state", "gate-hook.cjs"));
gate.exports.runGate(process.argv.slice(2)).then(
  (code) => { gate.saveCache(); process.exitCode = code; },
  () => { process.exitCode = 0; },
);
