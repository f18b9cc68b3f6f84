// Runs the release modules' start functions at build time (binaryen's wasm-ctor-eval, a dependency
// of assemblyscript: a node script, nothing downloaded): the module-level values of assembly/ (rule
// lists, keyword tables, the allocator's first blocks) become data in the module, so instantiating
// the core no longer runs them. That was about 4 M instructions of every process that instantiates
// the core (issue 39 item 5: a short run's consistency --all, traceability and memory-index;
// docs/benchmarks.md). asconfig.json's release target exports the start function as `_start`
// instead of declaring it the module's start function, and gives the module the initial memory
// the start function would otherwise grow to (wasm-ctor-eval cannot evaluate memory.grow).
// When the evaluation does not complete, the module is kept as asc wrote it, with `_start`
// exported, and the host calls it after instantiating (src/wasm/instance.ts): slower, never wrong.
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tool = join(dirname(createRequire(import.meta.url).resolve("binaryen/package.json")), "bin", "wasm-ctor-eval");
for (const name of ["agentcheck.wasm", "agentcheck-gate.wasm", "agentcheck-lean.wasm"]) {
  const file = join(root, "build", name);
  const exportsOf = (bytes) => WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
  if (!exportsOf(readFileSync(file)).includes("_start")) {
    console.log(`${name}: no _start export (asconfig.json exportStart): nothing to evaluate`);
    continue;
  }
  const out = `${file}.eval.tmp`;
  let log = "";
  try {
    log = execFileSync(process.execPath, [tool, file, "--all-features", "--ctors", "_start", "-o", out], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    log = `${e.stdout ?? ""}${e.stderr ?? ""}${e.message}`;
  }
  let evaluated = false;
  try {
    evaluated = !exportsOf(readFileSync(out)).includes("_start");
  } catch {
    evaluated = false;
  }
  if (evaluated) {
    // the module as asc wrote it stays beside it (never shipped: build/ is not in the package), for
    // the test that runs the host's fallback on it (test/wasm/ctor-eval.integration.test.ts)
    copyFileSync(file, file.replace(/\.wasm$/, ".start.wasm"));
    renameSync(out, file);
    console.log(`${name}: start function evaluated at build time`);
  } else {
    rmSync(out, { force: true });
    console.log(`${name}: start function kept (the host calls _start): ${log.trim().split("\n").pop()}`);
  }
}
