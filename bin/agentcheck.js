#!/usr/bin/env node
// Lean launcher: the hook gate skips the CLI framework entirely; every other command goes through
// the bundled entry (dist/cli/, scripts/bundle-cli.mjs), which loads only the chunks a command uses.
const argv = process.argv;
if (argv.length === 3 && (argv[2] === "--version" || argv[2] === "-V")) {
  // the version alone: no bundle to load (what a shell or an editor integration asks first)
  const { readFileSync } = await import("node:fs");
  process.stdout.write(`${JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version}\n`);
} else if (argv[2] === "session" && argv[3] === "gate") {
  // one pre-bundled module (scripts/bundle-gate.mjs): the hook runs on every tool call
  const { runGate } = await import("../dist/state/gate-hook.js");
  process.exitCode = await runGate(argv.slice(4));
} else if (argv[2] === "mcp" && !argv.includes("--help") && !argv.includes("-h")) {
  // the MCP server starts without the CLI framework (start-up time is what a client waits for)
  const { runMcpServer } = await import("../dist/mcp/server.js");
  process.exitCode = await runMcpServer(argv.slice(3));
} else {
  const { run } = await import("../dist/cli/bin-main.js");
  process.exitCode = await run(argv);
}
