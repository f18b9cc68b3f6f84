#!/usr/bin/env node
"use strict";
// Claude Code PreToolUse hook: the same as `agentcheck session gate` (bin/agentcheck.js runs this
// file's runHook for it), as one CommonJS module for the fastest start (it runs on every tool call).
// Always exits 0; prints a deny document to block. The bundle is compiled from a V8 code cache beside
// it when there is one (bin/code-cache.cjs; any oddity is a plain require), written once after the
// first decision.

// A failure of the gate itself blocks the tool: Claude Code lets a tool run when its hook exits with
// any code but 0 or 2, so a crash must never be the way out (exit 0 and a deny document instead).
function gateFailed(e) {
  const why = String((e && e.message) || e).replace(/[\x00-\x1f\x7f]+/g, " ").slice(0, 200);
  process.stdout.write(`${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `agentcheck gate: internal error (${why}); the tool is blocked. To proceed: run \`agentcheck session gate\` by hand to see the error, or reinstall agentcheck.` } })}\n`);
  process.exitCode = 0;
}

/** Run the gate bundle (dist/state/gate-hook.cjs) on these arguments (`--notes-dir`, `--session`). */
function runHook(args, bundle) {
  try {
    const gate = require("./code-cache.cjs").loadCached(bundle);
    // exit at once after the answer (written synchronously) and the cache: a natural exit tears the
    // environment and the isolate down first, about 2 % of the gate's CPU (issue 39 item 3); an answer
    // that had to go through process.stdout's queue is drained by a natural exit instead
    gate.exports.runGate(args).then(
      (code) => {
        gate.saveCache();
        if (gate.exports.answerPending()) process.exitCode = code;
        else process.exit(code);
      },
      gateFailed,
    );
  } catch (e) {
    gateFailed(e);
  }
}

module.exports = { runHook };
if (require.main === module) runHook(process.argv.slice(2), require("node:path").join(__dirname, "..", "dist", "state", "gate-hook.cjs"));
