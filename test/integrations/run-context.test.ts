// Issue 34 item 1: one typed run context, passed down. Two repositories with different configurations
// (artifact paths, rule options, severities) validated at once in one process through the library API
// share nothing: each run gives the results it gives alone, and a library call given no settings
// judges with the defaults, whatever configuration was loaded last.
import { describe, it, expect } from "vitest";
import { makeRepo } from "../helpers.js";
import {
  DEFAULT_MAX_FILE_BYTES, DiskSource, WORKSPACE_VALIDATORS, loadConfig, validateMemoryIndexDir, type LoadedConfig, type WorkspaceContext,
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
});
