#!/usr/bin/env node
// Lean launcher: the hook gate skips the CLI framework entirely.
const argv = process.argv;
if (argv[2] === "session" && argv[3] === "gate") {
  const { runGate } = await import("../dist/state/gate.js");
  process.exitCode = await runGate(argv.slice(4));
} else {
  const { main } = await import("../dist/cli.js");
  process.exitCode = await main(argv);
}
