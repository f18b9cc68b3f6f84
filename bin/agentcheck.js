#!/usr/bin/env node
// Lean launcher: the hook gate skips the CLI framework entirely.
const argv = process.argv;
if (argv[2] === "session" && argv[3] === "gate") {
  // one pre-bundled module (scripts/bundle-gate.mjs): the hook runs on every tool call
  const { runGate } = await import("../dist/state/gate-hook.js");
  process.exitCode = await runGate(argv.slice(4));
} else if (argv[2] === "mcp" && !argv.includes("--help") && !argv.includes("-h")) {
  // the MCP server starts without the CLI framework (start-up time is what a client waits for)
  const { runMcpServer } = await import("../dist/mcp/server.js");
  process.exitCode = await runMcpServer(argv.slice(3));
} else {
  let code;
  if (argv[2] === "memory-index") {
    // lean start path (src/lean.ts): no commander unless the arguments need it
    const [{ leanParse, leanRun }, mi] = await Promise.all([import("../dist/lean.js"), import("../dist/commands/memory-index.js")]);
    const o = leanParse(argv.slice(3), mi.MEMORY_INDEX_FLAGS);
    if (o) code = await leanRun(() => mi.runMemoryIndexCommand({ format: "text", ...o }));
  }
  if (code === undefined) {
    const { main } = await import("../dist/cli.js");
    code = await main(argv);
  }
  process.exitCode = code;
}
