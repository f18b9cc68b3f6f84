#!/usr/bin/env node
// Lean launcher: the hook gate skips the CLI framework entirely.
const argv = process.argv;
if (argv[2] === "session" && argv[3] === "gate") {
  // one pre-bundled module (scripts/bundle-gate.mjs): the hook runs on every tool call
  const { runGate } = await import("../dist/state/gate-hook.js");
  process.exitCode = await runGate(argv.slice(4));
} else {
  let code;
  if (argv[2] === "memory-index") {
    // lean start path (src/lean.ts): no commander unless the arguments need it
    const [{ leanParse, leanRun }, mi] = await Promise.all([import("../dist/lean.js"), import("../dist/commands/memory-index.js")]);
    const o = leanParse(argv.slice(3), mi.MEMORY_INDEX_FLAGS);
    if (o) code = await leanRun(() => mi.runMemoryIndexCommand({ format: "text", ...o }));
  }
  if (argv[2] === "task") {
    // lean start path for checkpoint saves in agent loops (src/aibrain/cli.ts): no commander
    const { taskLean } = await import("../dist/aibrain/cli.js");
    code = await taskLean(argv.slice(3));
  }
  if (code === undefined) {
    const { main } = await import("../dist/cli.js");
    code = await main(argv);
  }
  process.exitCode = code;
}
