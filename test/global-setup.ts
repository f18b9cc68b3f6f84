// Builds the WASM core and the TypeScript output once before the suites run (unless dist/ is current), so the tests
// exercise the same artefacts the CLI ships (dist/ and the embedded module). It never writes
// tracked files: generated docs are checked for staleness by test/docs/generated-docs.test.ts.
import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { maskedToolDir } from "./setup/tools.js";
import { SYSTEM_PATH } from "./setup/paths.js";

export default function setup(): () => void {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  // the system programs without the tools agentcheck runs when present (test/setup/tools.ts), built once
  // for the run (a thousand links take about a second); test/setup/hermetic.ts puts it on PATH
  const tools = mkdtempSync(join(tmpdir(), "agentcheck-tools-"));
  process.env.AGENTCHECK_TEST_SYSBIN = maskedToolDir(process.env.AGENTCHECK_TEST_PATH || SYSTEM_PATH, join(tools, "bin"));
  const teardown = () => rmSync(tools, { recursive: true, force: true });
  if (process.env.AGENTCHECK_SKIP_BUILD) return teardown;
  // dist/ built from exactly these sources (scripts/build-stamp.mjs) is reused: a rebuild costs ~20 s
  try {
    execSync("node scripts/build-stamp.mjs check", { cwd: root, stdio: "ignore" });
    return teardown;
  } catch {
    // stale or absent: build
  }
  execSync("npm run build:code --silent", { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  execSync("node scripts/build-stamp.mjs write", { cwd: root, stdio: "ignore" });
  return teardown;
}
