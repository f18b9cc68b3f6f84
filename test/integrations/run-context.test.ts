// Issue 34 item 1: one typed run context, passed down. Two repositories with different configurations
// (artifact paths, rule options, severities) validated at once in one process through the library API
// share nothing: each run gives the results it gives alone, and a library call given no settings
// judges with the defaults, whatever configuration was loaded last. The result caches are the run's too
// (src/core-cache.ts, src/derived-cache.ts: carried in the rule settings, RuleSettings.cache): two cached
// runs at once each read and write only their own file, and those files hold no process state.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { git, makeRepo, ROOT, tmpDir, writeTree } from "../helpers.js";
import {
  DEFAULT_MAX_FILE_BYTES, DiskSource, WORKSPACE_VALIDATORS, closeCoreCache, coreCacheStats, loadConfig, openCoreCache, validateMemoryIndexDir,
  type LoadedConfig, type WorkspaceContext,
} from "../../dist/index.js";

/** A memory folder with one unindexed `a-*` file (MI-017, default severity warning). */
const memories = (dir: string) => ({
  [`${dir}/skills-a-index.md`]: "| Keywords | File |\n|---|---|\n| k1 k2 | a-y |\n",
  [`${dir}/a-x.md`]: "# X\n\nText.\n",
  [`${dir}/a-y.md`]: "# Y\n\nText.\n",
});

/** Repository A: default folders, MI-017 raised to an error by its option, an unparsable session log. */
function repoA(): string {
  return makeRepo({
    ...memories(".serena/memories"),
    ".agents/sessions/2026-01-07-session-3.json": "{",
    "agentcheck.config.json": JSON.stringify({ rules: { "MI-017": { options: { level: "error" } } } }),
  });
}

/** Repository B: its own folders, MI-017 switched off, an unparsable log (SP-100) lowered to warnings. */
function repoB(): string {
  return makeRepo({
    ...memories("notes/memories"),
    "logs/2026-01-07-session-3.json": "{",
    "agentcheck.config.json": JSON.stringify({
      paths: { memories: "notes/memories", sessions: "logs" },
      validators: { memoryIndex: { severity: { "MI-017": "off" } }, sessionLog: { severity: { "SP-100": "warning" } } },
    }),
  });
}

/** Every workspace validator of `check` over one repository, with the run context its configuration gives. */
async function checkRepo(root: string, loaded: LoadedConfig): Promise<string[]> {
  const ctx: WorkspaceContext = {
    root, source: new DiskSource(root), maxFileBytes: DEFAULT_MAX_FILE_BYTES, now: "2026-02-01T00:00:00Z", options: {},
    config: loaded.config, paths: loaded.paths, rules: loaded.rules,
  };
  const out: string[] = [];
  for (const v of WORKSPACE_VALIDATORS) {
    if (!v.detect(ctx).applies) continue;
    for (const r of (await v.run(ctx)).results) for (const f of r.findings) out.push(`${v.name} ${f.file} ${f.ruleId} ${f.severity}`);
  }
  return out.sort();
}

function mi017(root: string, dir: string, loaded?: LoadedConfig): string[] {
  const out = validateMemoryIndexDir({ source: new DiskSource(root), dir, display: dir, maxFileBytes: DEFAULT_MAX_FILE_BYTES, rules: loaded?.rules });
  return out.results.flatMap((r) => r.findings).filter((f) => f.ruleId === "MI-017").map((f) => f.severity);
}

describe("run context (issue 34 item 1)", () => {
  it("RC-01 two repositories with different paths, rule options and severities validated at once in one process share nothing", async () => {
    const a = repoA();
    const b = repoB();
    // alone: each configuration loaded and its repository checked before the other one starts
    const aloneA = await checkRepo(a, await loadConfig(a, undefined, a));
    const aloneB = await checkRepo(b, await loadConfig(b, undefined, b));
    expect(aloneA).toContain("memory-index .serena/memories/a-x.md MI-017 error");
    expect(aloneB.some((f) => f.includes("MI-017"))).toBe(false);
    expect(aloneB.some((f) => f.startsWith("session-log logs/"))).toBe(true);
    expect(aloneA).not.toEqual(aloneB);
    // at once: both configurations loaded, then both repositories checked concurrently
    const [la, lb] = await Promise.all([loadConfig(a, undefined, a), loadConfig(b, undefined, b)]);
    const [atOnceA, atOnceB] = await Promise.all([checkRepo(a, la), checkRepo(b, lb)]);
    expect(atOnceA).toEqual(aloneA);
    expect(atOnceB).toEqual(aloneB);
    // and loading B last changes nothing for A (nor the other way round)
    await loadConfig(b, undefined, b);
    expect(await checkRepo(a, la)).toEqual(aloneA);
    await loadConfig(a, undefined, a);
    expect(await checkRepo(b, lb)).toEqual(aloneB);
  });

  it("RC-02 a library call is a function of its arguments: no settings given = the declared defaults, whatever was loaded last", async () => {
    const a = repoA();
    const b = repoB();
    const la = await loadConfig(a, undefined, a);
    const lb = await loadConfig(b, undefined, b);
    expect(mi017(a, ".serena/memories", la)).toEqual(["error"]);
    expect(mi017(b, "notes/memories", lb)).toEqual([]);
    // B's configuration was loaded last; a call without settings judges with the defaults
    expect(mi017(a, ".serena/memories")).toEqual(["warning"]);
    expect(mi017(b, "notes/memories")).toEqual(["warning"]);
    // the loaded paths are the configuration's own, resolved once
    expect(la.paths.memories).toBe(".serena/memories");
    expect(lb.paths.memories).toBe("notes/memories");
    expect(lb.paths.sessions).toBe("logs");
  });

  it("RC-03 two repositories validated at once with the result cache on (check --cache's library path) share nothing: each run's results and cache file are those of the run alone", async () => {
    const a = squashedRepo("A");
    const b = squashedRepo("B", { ".agents/sessions/2026-01-08-session-2.json": "{" });
    const [la, lb] = await Promise.all([loadConfig(a.dir, undefined, a.dir), loadConfig(b.dir, undefined, b.dir)]);
    const plainA = await checkRepo(a.dir, la);
    const plainB = await checkRepo(b.dir, lb);
    expect(plainA).not.toEqual(plainB);
    // alone: each repository's cached run, one after the other, each with its own cache file
    const aloneA = await cachedCheck(a.dir, la, join(tmpDir(), "a.json"));
    const aloneB = await cachedCheck(b.dir, lb, join(tmpDir(), "b.json"));
    expect(aloneA.findings).toEqual(plainA);
    expect(aloneB.findings).toEqual(plainB);
    // at once: both cached runs concurrently in this process, fresh files
    const fileA = join(tmpDir(), "a.json");
    const fileB = join(tmpDir(), "b.json");
    const [atOnceA, atOnceB] = await Promise.all([cachedCheck(a.dir, la, fileA), cachedCheck(b.dir, lb, fileB)]);
    expect(atOnceA.findings).toEqual(plainA);
    expect(atOnceB.findings).toEqual(plainB);
    expect(atOnceA.stats).toEqual(aloneA.stats);
    expect(atOnceB.stats).toEqual(aloneB.stats);
    // each file holds exactly the entries of its repository's run alone: core results and git answers
    const [cA, cB] = [stored(fileA), stored(fileB)];
    expect(Object.keys(cA.entries).sort()).toEqual(aloneA.entries);
    expect(Object.keys(cB.entries).sort()).toEqual(aloneB.entries);
    expect(Object.keys(cA.derived).sort()).toEqual(aloneA.derived);
    expect(Object.keys(cB.derived).sort()).toEqual(aloneB.derived);
    // SP-130's landed-by-content answer is kept under each repository's own commit, never the other's
    expect(Object.keys(cA.derived).some((k) => k.endsWith(`\0${a.side}`))).toBe(true);
    expect(Object.keys(cA.derived).some((k) => k.includes(b.side))).toBe(false);
    expect(Object.keys(cB.derived).some((k) => k.endsWith(`\0${b.side}`))).toBe(true);
    expect(Object.keys(cB.derived).some((k) => k.includes(a.side))).toBe(false);
    // warm, at once again: every core call served from the run's own file, the same results
    const [warmA, warmB] = await Promise.all([cachedCheck(a.dir, la, fileA), cachedCheck(b.dir, lb, fileB)]);
    expect(warmA.findings).toEqual(plainA);
    expect(warmB.findings).toEqual(plainB);
    expect(warmA.stats).toEqual({ hits: aloneA.stats.hits + aloneA.stats.misses, misses: 0 });
    expect(warmB.stats).toEqual({ hits: aloneB.stats.hits + aloneB.stats.misses, misses: 0 });
  });

  it("RC-04 src/core-cache.ts and src/derived-cache.ts hold no module-level mutable state (no let/var, no module-level Map/Set/array/object)", () => {
    for (const rel of ["src/core-cache.ts", "src/derived-cache.ts"]) {
      expect(moduleState(readFileSync(join(ROOT, rel), "utf8"), rel), rel).toEqual([]);
    }
    // the lint can fail: the shape main had (a module-level store) is caught
    expect(moduleState("let store: Store | undefined;\nconst seen = new Map<string, number>();\nexport const X = 1;\n", "x.ts")).toEqual(["x.ts: let store", "x.ts: const seen = new Map"]);
  });
});

/**
 * main: a base commit, then the squash of branch `side` (its commit is off main's history, its content
 * on it: SP-130's "landed", src/evidence/landed.ts); `feature`: a JSON session log citing that commit.
 * `tag` makes each repository's content (and so its commits and cache keys) its own; `extra`: more files.
 */
function squashedRepo(tag: string, extra: Record<string, string> = {}): { dir: string; side: string } {
  const dir = makeRepo({ "README.md": `# Repo ${tag}\n`, "src/a.ts": `export const a = "${tag}1";\n` });
  git(dir, "checkout", "-q", "-b", "side");
  writeTree(dir, { "src/a.ts": `export const a = "${tag}2";\n` });
  git(dir, "commit", "-q", "-am", "side work");
  const side = git(dir, "rev-parse", "HEAD");
  git(dir, "checkout", "-q", "main");
  git(dir, "merge", "-q", "--squash", "side");
  git(dir, "commit", "-q", "-m", "squash of side");
  const base = git(dir, "rev-parse", "HEAD~1");
  git(dir, "checkout", "-q", "-b", "feature");
  const example = readFileSync(join(ROOT, "examples", "workspace", ".agents", "sessions", "2026-01-07-session-3.json"), "utf8");
  writeTree(dir, { ".agents/sessions/2026-01-07-session-1.json": example.replace('"d4e5f60"', `"${base.slice(0, 7)}"`).replace('"9f8e7d6"', `"${side.slice(0, 7)}"`), ...extra });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "session log");
  return { dir, side };
}

/** One cached run (as `check --cache` makes it): its own cache, opened, carried in the rule settings, saved. */
async function cachedCheck(root: string, loaded: LoadedConfig, file: string) {
  const cache = openCoreCache(file);
  let findings: string[];
  try {
    findings = await checkRepo(root, { ...loaded, rules: { ...loaded.rules, cache } });
  } finally {
    closeCoreCache(cache);
  }
  const c = stored(file);
  return { findings, stats: coreCacheStats(cache), entries: Object.keys(c.entries).sort(), derived: Object.keys(c.derived).sort() };
}

function stored(file: string): { entries: Record<string, unknown>; derived: Record<string, unknown> } {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Module-level mutable state of a source file: let/var declarations, consts holding a new container or a literal array/object. */
function moduleState(text: string, rel: string): string[] {
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const isConst = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of st.declarationList.declarations) {
      const name = d.name.getText(sf);
      if (!isConst) {
        out.push(`${rel}: let ${name}`);
        continue;
      }
      let init = d.initializer;
      while (init && (ts.isAsExpression(init) || ts.isParenthesizedExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
      if (init && ts.isNewExpression(init)) out.push(`${rel}: const ${name} = new ${init.expression.getText(sf)}`);
      else if (init && (ts.isArrayLiteralExpression(init) || ts.isObjectLiteralExpression(init))) out.push(`${rel}: const ${name} = literal`);
    }
  }
  return out;
}
