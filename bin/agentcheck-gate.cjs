#!/usr/bin/env node
"use strict";
// Claude Code PreToolUse hook: the same as `agentcheck session gate`, as one CommonJS module for the
// fastest start (it runs on every tool call). Always exits 0; prints a deny document to block.
const { runGate } = require("../dist/state/gate-hook.cjs");
runGate(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  () => { process.exitCode = 0; },
);
