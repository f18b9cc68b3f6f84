// Places the release module where the loader reads it: src/wasm/generated/agentcheck.wasm (its file
// name is in core.ts, written by scripts/write-core.mjs before the compile so tsc can run beside asc). The loader reads the bytes from the file beside its own module at first use:
// no base64 string to decode at start-up. `npm run build:ts` copies the file next to dist/wasm/ and
// next to the bundled CLI (scripts/bundle-cli.mjs).
import { copyFileSync, readFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "build", "agentcheck.wasm");
const wasm = readFileSync(src);
const dir = join(root, "src", "wasm", "generated");
mkdirSync(dir, { recursive: true });
copyFileSync(src, join(dir, "agentcheck.wasm"));
console.log(`wrote ${wasm.length} bytes to ${join(dir, "agentcheck.wasm")}`);
