// Places the release modules where the loader reads them: src/wasm/generated/agentcheck.wasm (every
// validator, assembly/index.ts) and agentcheck-gate.wasm (the hook gate's session-state build,
// assembly/gate.ts) and agentcheck-lean.wasm (the lean commands' build, assembly/lean.ts); their file names are in core.ts, written by scripts/write-core.mjs before the
// compile so tsc can run beside asc. The loader reads the bytes from the file beside its own module
// at first use: no base64 string to decode at start-up. `npm run build:ts` copies the files next to
// dist/wasm/ (scripts/bundle-gate.mjs, scripts/bundle-cli.mjs) and next to the bundled CLI.
import { copyFileSync, readFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(root, "src", "wasm", "generated");
mkdirSync(dir, { recursive: true });
for (const name of ["agentcheck.wasm", "agentcheck-gate.wasm", "agentcheck-lean.wasm"]) {
  const src = join(root, "build", name);
  const wasm = readFileSync(src);
  copyFileSync(src, join(dir, name));
  console.log(`wrote ${wasm.length} bytes to ${join(dir, name)}`);
}
