#!/usr/bin/env node
// Lean launcher: the hook gate skips the CLI framework entirely; every other command goes through
// the bundled entry (dist/cli/, scripts/bundle-cli.mjs), which loads only the chunks a command uses.
const argv = process.argv;
if (argv[2] === "session" && argv[3] === "gate") {
  // one pre-bundled module (scripts/bundle-gate.mjs): the hook runs on every tool call
  const { runGate } = await import("../dist/state/gate-hook.js");
  process.exitCode = await runGate(argv.slice(4));
} else {
  const { run } = await import("../dist/cli/bin-main.js");
  process.exitCode = await run(argv);
}
