#!/usr/bin/env node
// The replayed Claude Code session's transcript, one per protocol preset (issue 40 item 8): runs
// test/integrations/session-replay.integration.test.ts with AGENTCHECK_REPLAY_TRANSCRIPT set and prints
// what it wrote (the gate's answers and `git status` after each step). Needs a build (npm run build).
// Usage: node scripts/replay-transcript.mjs [out-dir]   (default: <tmpdir>/agentcheck-replay)
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const out = resolve(process.argv[2] ?? join(tmpdir(), "agentcheck-replay"));
const r = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "test/integrations/session-replay.integration.test.ts"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, AGENTCHECK_SKIP_BUILD: "1", AGENTCHECK_REPLAY_TRANSCRIPT: out },
});
for (const f of readdirSync(out).filter((n) => n.startsWith("replay-")).sort()) process.stdout.write(`\n${readFileSync(join(out, f), "utf8")}`);
process.exit(r.status ?? 1);
