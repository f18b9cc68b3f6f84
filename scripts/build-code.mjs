// `npm run build:code`: the WebAssembly core and the TypeScript output. The generators run first;
// then the core's compile (asc) and the TypeScript compile (tsc) run side by side, since neither
// reads the other's output; the bundles come last (they copy the module and read tsc's output).
// Same steps as `npm run build:wasm && npm run build:ts`, about a third faster on two cores.
import { spawn } from "node:child_process";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, PATH: `${join(root, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}` };

/** Run a command; `quiet`: its output is kept and printed only when it fails (the compiler's INFO/WARNING blocks). */
function sh(cmd, quiet = false) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, { cwd: root, env, shell: true, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    const out = [];
    if (quiet) {
      p.stdout.on("data", (b) => out.push(b));
      p.stderr.on("data", (b) => out.push(b));
    }
    p.on("error", reject);
    p.on("exit", (code) => {
      if (code === 0) return resolve();
      if (quiet) process.stderr.write(Buffer.concat(out));
      reject(new Error(`${cmd}: exit ${code}`));
    });
  });
}

try {
  await sh("node scripts/gen-abi.mjs");
  await sh("node scripts/check-contract.mjs");
  await sh("node scripts/gen-state-schema.mjs");
  await sh("node scripts/gen-rules.mjs");
  await sh("node scripts/write-core.mjs");
  await Promise.all([
    Promise.all([
      sh("asc assembly/index.ts --target release --transform ./scripts/asc-size.mjs", true),
      sh("asc assembly/gate.ts --target release --outFile build/agentcheck-gate.wasm --transform ./scripts/asc-size.mjs", true),
      sh("asc assembly/lean.ts --target release --outFile build/agentcheck-lean.wasm --transform ./scripts/asc-size.mjs", true),
    ]).then(() => sh("node scripts/build-ctor-eval.mjs")).then(() => sh("node scripts/embed-wasm.mjs")),
    sh("tsc -p tsconfig.build.json"),
  ]);
  for (const b of ["bundle-gate", "bundle-cli", "bundle-mcp"]) await sh(`node scripts/${b}.mjs`);
} catch (e) {
  console.error(`build: ${e.message}`);
  process.exit(1);
}
