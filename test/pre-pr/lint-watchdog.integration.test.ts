// PP-003's per-file lint watchdog (lintOneWorker in src/prepr/markdown.ts) judges a file by what its
// worker did, not by how long the main thread was away: pre-pr runs the rows after PP-003 on the main
// thread while the lint runs in its worker, and some of them block the thread for seconds (spawnSync of
// actionlint, yamllint, the test command). A file that linted in time must not come back as "stopped".
import { describe, it, expect, afterEach } from "vitest";
import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LINT_RETRY_FACTOR, lintMarkdown, loadMdConfig } from "../../dist/prepr/markdown.js";
import { runChecks, type CheckDef, type PrePrContext } from "../../dist/prepr/runner.js";
import { CHECKS } from "../../dist/prepr/checks.js";
import { tmpDir } from "../helpers.js";

const ENV = ["AGENTCHECK_LINT_TIMEOUT_MS", "AGENTCHECK_LINT_WORKERS", "AGENTCHECK_LINT_PREWARM"] as const;

/** A markdown file that lints cleanly (default rules) in some tens of milliseconds. */
function cleanList(n: number, lines: number): string {
  return `# File ${n}\n\n` + Array.from({ length: lines }, (_, i) => `- item ${i} with *emphasis* and \`code\` and [a link](x${i}.md)`).join("\n") + "\n";
}

/**
 * Blocks the main thread with `sleep seconds` again and again, one event-loop turn between blocks
 * (as pre-pr's synchronous rows do), from start() until stop().
 */
function blockMainThread(seconds: string): { start: () => void; stop: () => void; blocks: () => number } {
  let finished = false;
  let blocks = 0;
  const block = () => {
    if (finished) return;
    blocks++;
    spawnSync("sleep", [seconds]);
    setImmediate(block);
  };
  return {
    start: () => setImmediate(block),
    stop: () => {
      finished = true;
    },
    blocks: () => blocks,
  };
}

describe("PP-003 lint watchdog and a blocked main thread", () => {
  const saved = ENV.map((k) => process.env[k]);
  afterEach(() => {
    ENV.forEach((k, i) => {
      if (saved[i] === undefined) delete process.env[k];
      else process.env[k] = saved[i];
    });
  });

  it("PP-003: files that lint within the bound are not reported stopped while the main thread blocks longer than the bound", async () => {
    const dir = tmpDir();
    const files: string[] = [];
    const texts: Record<string, string> = {};
    // many small files (tens of ms each, far under the bound even on a loaded machine), so that the
    // lint outlasts two blocks of the main thread and the worker is mid-file whenever it is looked at
    for (let i = 0; i < 80; i++) {
      const f = `doc${String(i).padStart(2, "0")}.md`;
      texts[f] = cleanList(i, 200);
      writeFileSync(join(dir, f), texts[f]);
      files.push(f);
    }
    process.env.AGENTCHECK_LINT_TIMEOUT_MS = "1000";
    process.env.AGENTCHECK_LINT_WORKERS = "1";
    const cfg = await loadMdConfig(dir);
    // like pre-pr's rows after PP-003: synchronous child processes (1.5 s each, longer than the
    // 1 s bound) with one event-loop turn between them, until the lint is over
    const blocker = blockMainThread("1.5");
    const t0 = performance.now();
    const res = await lintMarkdown(dir, files, cfg, false, (rel) => texts[rel], undefined, { onStarted: blocker.start, mainBusy: true });
    blocker.stop();
    const wall = performance.now() - t0;
    // the main thread really was away longer than the bound while files were linted
    expect(blocker.blocks()).toBeGreaterThanOrEqual(2);
    expect(res.findings.filter((f) => f.ruleId === "PP-003")).toEqual([]);
    expect(res.findings).toEqual([]);
    expect(wall).toBeGreaterThan(1500);
  });

  it("PP-003 stopped: a file that really runs past the bound is still stopped while the main thread keeps blocking, the others are linted", async () => {
    const dir = tmpDir();
    const texts: Record<string, string> = {
      "a.md": cleanList(0, 20),
      // tens of thousands of list items: seconds of lint, far past a 150 ms bound and its retry (600 ms)
      "big.md": cleanList(1, 20000),
      "c.md": cleanList(2, 20),
    };
    for (const [f, t] of Object.entries(texts)) writeFileSync(join(dir, f), t);
    process.env.AGENTCHECK_LINT_TIMEOUT_MS = "150";
    process.env.AGENTCHECK_LINT_WORKERS = "1";
    const cfg = await loadMdConfig(dir);
    // the main thread away for 400 ms at a time (longer than the bound), one event-loop turn between
    const blocker = blockMainThread("0.4");
    const res = await lintMarkdown(dir, Object.keys(texts), cfg, false, (rel) => texts[rel], undefined, { onStarted: blocker.start, mainBusy: true });
    blocker.stop();
    expect(blocker.blocks()).toBeGreaterThanOrEqual(1);
    expect(res.findings).toEqual([
      expect.objectContaining({ ruleId: "PP-003", severity: "error", file: "big.md", messageId: "stopped", message: `not linted: markdown lint took longer than ${150 * LINT_RETRY_FACTOR} ms on this file and was stopped` }),
    ]);
  });

  it("PP-003/PP-002: in the runner, the real PP-002 test command (2 s) after a row that comes back from setImmediate does not stop PP-003's files (bound 1 s)", async () => {
    const dir = tmpDir();
    const files: string[] = [];
    for (let i = 0; i < 60; i++) {
      const f = `docs/d${String(i).padStart(2, "0")}.md`;
      files.push(f);
    }
    mkdirSync(join(dir, "docs"));
    files.forEach((f, i) => writeFileSync(join(dir, f), cleanList(i, 200)));
    process.env.AGENTCHECK_LINT_TIMEOUT_MS = "1000";
    process.env.AGENTCHECK_LINT_WORKERS = "1";
    const ctx: PrePrContext = {
      root: dir,
      scope: { kind: "all", root: dir, changes: [], files },
      config: { prePr: { checks: { "PP-002": { enabled: true } }, testCommand: "sleep 2" } },
      options: { quick: false, skipTests: false, ci: false, requireTools: false, fix: false, verbose: false, maxFileBytes: 1 << 20, noCache: true },
    } as PrePrContext;
    const pick = (id: string) => CHECKS.find((c: CheckDef) => c.id === id)!;
    // a row that waits for a child process of its own and comes back in the event loop's check
    // phase (setImmediate; the worker's messages are delivered meanwhile and the lint is under way),
    // then the repository's test command holds the main thread for 2 s while the worker lints on
    const waits: CheckDef = {
      id: "PP-009", name: "waits", tags: [], defaultEnabled: true,
      run: async () => {
        await new Promise((r) => execFile("sleep", ["1"], r));
        await new Promise((r) => setImmediate(r));
        return { facts: { files: 0 } };
      },
    };
    const rows = await runChecks([pick("PP-003"), waits, pick("PP-002")], ctx);
    expect(rows.map((r) => [r.id, r.status])).toEqual([["PP-003", "PASS"], ["PP-009", "PASS"], ["PP-002", "PASS"]]);
    expect(rows[0].findings).toEqual([]);
  });
});
