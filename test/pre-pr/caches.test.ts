// pre-pr's caches: the core-result cache (src/core-cache.ts) and the markdown lint cache key and
// worker split (src/prepr/markdown.ts). Real core, real files in temp directories.
import { describe, it, expect, afterEach } from "vitest";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { batchKey, closeCoreCache, coreCacheStats, openCoreCache, type CoreCache } from "../../dist/core-cache.js";
import { LINT_YOUNG_GENERATION_MB, MAX_LINT_WORKERS, exactJson, lintCacheKey, lintWorkerCount, lintWorkerOptions, shardBySize } from "../../dist/prepr/markdown.js";
import { family, ROLE } from "./helpers.js";
import { tmpDir } from "../helpers.js";

const enc = new TextEncoder();
const BAD = "ok\nsee /home/me/x\n";

/** The caches a test opened (closed after it, as the command that owns a run does). */
const opened: CoreCache[] = [];
afterEach(() => {
  for (const c of opened.splice(0)) closeCoreCache(c);
});
/** A run's cache over `file`, carried to the core calls in the run's rule settings (RuleSettings.cache). */
function openRun(file: string): { cache: CoreCache; rules: { options: {}; severities: {}; cache: CoreCache } } {
  const cache = openCoreCache(file);
  opened.push(cache);
  return { cache, rules: { options: {}, severities: {}, cache } };
}

describe("core-result cache", () => {
  it("PATH-01: the same input is served from the cache with the same findings; any changed byte, name or fact runs the core", () => {
    const file = join(tmpDir(), "core-cache.json");
    let r = openRun(file);
    const run = (name: string, text: string, facts = {}) => family("path", [{ name, role: ROLE.pathScan, text }], facts, { rules: r.rules });
    const first = run("docs/a.md", BAD);
    expect(first.map((f) => f.ruleId)).toEqual(["PATH-01"]);
    expect(coreCacheStats(r.cache)).toEqual({ hits: 0, misses: 1 });
    expect(run("docs/a.md", BAD)).toEqual(first);
    expect(coreCacheStats(r.cache)).toEqual({ hits: 1, misses: 1 });
    // one byte, the file name, a fact: each a new key (never the old result)
    expect(run("docs/a.md", "ok\nsee /home/me/y\nand /Users/me\n").map((f) => f.line)).toEqual([2, 3]);
    expect(run("docs/b.md", BAD).map((f) => f.file)).toEqual(["docs/b.md"]);
    run("docs/a.md", BAD, { "unused.fact": "1" });
    expect(coreCacheStats(r.cache)).toEqual({ hits: 1, misses: 4 });
    closeCoreCache(r.cache);
    expect(existsSync(file)).toBe(true);
    // a later run reads the file: hits, with messages rendered again from this build's rule table
    r = openRun(file);
    expect(run("docs/a.md", BAD)).toEqual(first);
    expect(coreCacheStats(r.cache)).toEqual({ hits: 1, misses: 0 });
    closeCoreCache(r.cache);
    const stored = JSON.parse(readFileSync(file, "utf8"));
    expect(JSON.stringify(stored)).not.toContain(first[0].message);
  });

  it("PATH-01: a cache written for another core (other key) or a corrupt file is ignored", () => {
    const file = join(tmpDir(), "core-cache.json");
    let r = openRun(file);
    family("path", [{ name: "docs/a.md", role: ROLE.pathScan, text: BAD }], {}, { rules: r.rules });
    closeCoreCache(r.cache);
    const c = JSON.parse(readFileSync(file, "utf8"));
    // poison every entry, then pretend the module changed: nothing poisoned may come back
    for (const e of Object.values(c.entries) as { r: { findings: unknown[] } }[]) e.r.findings = [];
    writeFileSync(file, JSON.stringify({ ...c, key: "another-core" }));
    r = openRun(file);
    expect(family("path", [{ name: "docs/a.md", role: ROLE.pathScan, text: BAD }], {}, { rules: r.rules }).map((f) => f.ruleId)).toEqual(["PATH-01"]);
    expect(coreCacheStats(r.cache)).toEqual({ hits: 0, misses: 1 });
    closeCoreCache(r.cache);
    writeFileSync(file, "{not json");
    r = openRun(file);
    expect(family("path", [{ name: "docs/a.md", role: ROLE.pathScan, text: BAD }], {}, { rules: r.rules }).map((f) => f.ruleId)).toEqual(["PATH-01"]);
    expect(coreCacheStats(r.cache).misses).toBe(1);
  });

  it("batch keys separate names from bytes (no ambiguity by concatenation)", () => {
    const a = batchKey("pre-pr", [{ name: "ab", kind: 1, bytes: enc.encode("c") }]);
    const b = batchKey("pre-pr", [{ name: "a", kind: 1, bytes: enc.encode("bc") }]);
    const c = batchKey("pre-pr", [{ name: "ab", kind: 1, flags: 2, bytes: enc.encode("c") }]);
    const d = batchKey("session-log", [{ name: "ab", kind: 1, bytes: enc.encode("c") }]);
    expect(new Set([a, b, c, d]).size).toBe(4);
    expect(batchKey("pre-pr", [{ name: "ab", kind: 1, bytes: enc.encode("c") }])).toBe(a);
  });
});

describe("markdown lint cache key and workers (PP-003)", () => {
  it("PP-003: the cache key covers markdownlint's version (its rule set) and the configuration", () => {
    const k = lintCacheKey("0.40.0", { default: true, MD013: false });
    expect(lintCacheKey("0.40.0", { default: true, MD013: false })).toBe(k);
    expect(lintCacheKey("0.40.1", { default: true, MD013: false })).not.toBe(k);
    expect(lintCacheKey("0.40.0", { default: true, MD013: true })).not.toBe(k);
    expect(lintCacheKey("0.40.0", { default: true, MD013: false, MD033: { allowed_elements: ["br"] } })).not.toBe(k);
  });

  it("PP-003: the lint cache key tells apart values JSON.stringify merges (Infinity, NaN and null; undefined and absent)", () => {
    const keys = [{ MD013: { line_length: Infinity } }, { MD013: { line_length: null } }, { MD013: { line_length: NaN } }, { MD013: { line_length: -Infinity } }, { MD013: { line_length: undefined } }, { MD013: {} }]
      .map((c) => lintCacheKey("0.40.0", c));
    expect(new Set(keys).size).toBe(keys.length);
    expect(exactJson({ a: 1, b: "x" })).toBe(JSON.stringify({ a: 1, b: "x" }));
  });

  it("PP-003: files are split into shards of about equal size, deterministically", () => {
    const sizes = { "a.md": 100, "b.md": 90, "c.md": 50, "d.md": 40, "e.md": 10 };
    const s = shardBySize(sizes, 2);
    expect(s).toEqual([["a.md", "d.md", "e.md"], ["b.md", "c.md"]]);
    expect(shardBySize(sizes, 2)).toEqual(s);
    expect(shardBySize({ "a.md": 1 }, 3)).toEqual([["a.md"]]);
  });

  it("PP-003: every lint worker gets the larger young generation (prewarmed ones too) and keeps its job", () => {
    expect(LINT_YOUNG_GENERATION_MB).toBeGreaterThan(48); // V8's default on 64-bit Node 20
    expect(lintWorkerOptions()).toEqual({ resourceLimits: { maxYoungGenerationSizeMb: LINT_YOUNG_GENERATION_MB } });
    const job = { files: [["a.md", "# A\n"]], config: {} };
    expect(lintWorkerOptions(job)).toEqual({ workerData: job, resourceLimits: { maxYoungGenerationSizeMb: LINT_YOUNG_GENERATION_MB } });
  });

  it("PP-003: one worker for little text; AGENTCHECK_LINT_WORKERS overrides, up to MAX_LINT_WORKERS", () => {
    const old = process.env.AGENTCHECK_LINT_WORKERS;
    try {
      delete process.env.AGENTCHECK_LINT_WORKERS;
      expect(lintWorkerCount(3, 1000)).toBe(1);
      expect(lintWorkerCount(200, 10_000_000)).toBeGreaterThanOrEqual(1);
      expect(lintWorkerCount(200, 10_000_000, true)).toBeLessThanOrEqual(lintWorkerCount(200, 10_000_000));
      // one worker per two free cores: a worker's collector and compiler threads need the other one
      expect(lintWorkerCount(200, 10_000_000, false, 2)).toBe(1);
      expect(lintWorkerCount(200, 10_000_000, true, 2)).toBe(1);
      expect(lintWorkerCount(200, 10_000_000, false, 4)).toBe(2);
      expect(lintWorkerCount(200, 10_000_000, true, 4)).toBe(1);
      expect(lintWorkerCount(200, 10_000_000, true, 5)).toBe(2);
      expect(lintWorkerCount(200, 10_000_000, false, 32)).toBe(4);
      expect(lintWorkerCount(200, 10_000_000, false, 1)).toBe(1);
      process.env.AGENTCHECK_LINT_WORKERS = "3";
      expect(lintWorkerCount(2, 10)).toBe(2);
      expect(lintWorkerCount(10, 10)).toBe(3);
      // a huge request is capped: one thread per file ran a 657-file repository out of memory
      process.env.AGENTCHECK_LINT_WORKERS = "100000";
      expect(lintWorkerCount(657, 10_000_000)).toBe(MAX_LINT_WORKERS);
      expect(MAX_LINT_WORKERS).toBe(16);
    } finally {
      if (old === undefined) delete process.env.AGENTCHECK_LINT_WORKERS;
      else process.env.AGENTCHECK_LINT_WORKERS = old;
    }
  });
});
