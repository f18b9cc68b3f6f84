// Builds the WASM core and the TypeScript output once before the suites run (unless dist/ is current), so the tests
// exercise the same artefacts the CLI ships (dist/ and the embedded module). It never writes
// tracked files: generated docs are checked for staleness by test/docs/generated-docs.test.ts.
import { execSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  if (process.env.AGENTCHECK_SKIP_BUILD) return;
  // dist/ built from exactly these sources (scripts/build-stamp.mjs) is reused: a rebuild costs ~20 s
  try {
    execSync("node scripts/build-stamp.mjs check", { cwd: root, stdio: "ignore" });
    return;
  } catch {
    // stale or absent: build
  }
  execSync("npm run build:code --silent", { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  execSync("node scripts/build-stamp.mjs write", { cwd: root, stdio: "ignore" });
}
