// Hermetic test environment (issue 12 item 7), loaded by vitest before every test file (setupFiles):
// - temporary files: TMPDIR points into one directory per test file, removed after the file, so every
//   mkdtemp(tmpdir()) — test/helpers.ts tmpDir/makeRepo, direct calls, and the CLI processes the tests
//   spawn — lands there and nothing is left behind;
// - external tools (git, sh, pre-commit, sqlite3, npm): found on the PATH set here, never on the
//   developer's own PATH. It is AGENTCHECK_TEST_PATH when set, else the system directories, as one
//   directory of links without the tools agentcheck runs when present (actionlint, yamllint, ...:
//   test/setup/tools.ts; a test fakes the one it needs); the running node's directory and
//   node_modules/.bin come first;
// - git reads no user or system configuration (HOME and XDG_CONFIG_HOME are a fresh directory,
//   GIT_CONFIG_NOSYSTEM) and commits as "Test <test@example.com>"; GIT_* variables leaked from an outer
//   git hook are dropped.
import { afterAll } from "vitest";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SYSTEM_PATH } from "./paths.js";
import { maskedToolDir } from "./tools.js";

export { SYSTEM_PATH };
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

// The first file in this process records the real temp dir and home; later files reuse them.
const base = (process.env.AGENTCHECK_TEST_TMP_BASE ??= tmpdir());
const realHome = (process.env.AGENTCHECK_TEST_REAL_HOME ??= homedir());
const root = mkdtempSync(join(base, "agentcheck-test-"));
const home = join(root, "home");
mkdirSync(home);
// built once per run by test/global-setup.ts; a run without it (another config) builds its own
const sysbin = process.env.AGENTCHECK_TEST_SYSBIN || (process.env.AGENTCHECK_TEST_SYSBIN = maskedToolDir(process.env.AGENTCHECK_TEST_PATH || SYSTEM_PATH, join(base, `agentcheck-tools-${process.pid}`)));

for (const k of Object.keys(process.env)) if (k.startsWith("GIT_")) delete process.env[k];
// Claude Code marks the commands its Bash tool runs (CLAUDECODE=1); agentcheck then treats a mode
// change as the agent's request (src/state/cli.ts insideAgent). Tests run as a person unless they set it.
delete process.env.CLAUDECODE;
// an Inngest event endpoint named in the shell makes `session approve|deny` send approval/resolved
// (src/workflows/notify.ts): tests name one only where they run a stand-in for it
for (const k of Object.keys(process.env)) if (k.startsWith("INNGEST_")) delete process.env[k];
Object.assign(process.env, {
  TMPDIR: root,
  PATH: [dirname(process.execPath), join(ROOT, "node_modules", ".bin"), sysbin].join(":"),
  HOME: home,
  XDG_CONFIG_HOME: join(home, ".config"),
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  // caches that are safe to share keep their usual place (no downloads per run)
  PRE_COMMIT_HOME: process.env.PRE_COMMIT_HOME || join(realHome, ".cache", "pre-commit"),
  npm_config_cache: process.env.npm_config_cache || join(realHome, ".npm"),
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
