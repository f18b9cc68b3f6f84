// MI-020 (recorded token counts, upstream's update_memory_index_tokens.py --check) on real trees: the
// measured deviation of TOK-03's estimate from the counts upstream recorded with tiktoken's cl100k_base
// (MI-020 with tolerance 0 reports every counted link with both numbers), and MI-020 with its defaults
// finding no count far off where upstream's own check passes. Trees: the corpus
// (../shared/corpus/ai-agents-efa406e9a, whose root index records 66 lines of counts) and
// AGENTCHECK_UPSTREAM (a checkout of today's rjmurillo/ai-agents); a tree that is absent is skipped and
// named. tiktoken itself is not installed here: the recorded counts stand for it (upstream's
// pre-commit keeps them current).
import { describe, it, expect } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { executeValidator } from "../../dist/engine.js";
import { KIND } from "../../dist/wasm/abi.js";
import { FLAGS } from "../../dist/wasm/contract.js";
import { CORPUS, makeRepo, runCli } from "../helpers.js";

const MI = FLAGS.memoryIndex;
const MEM = ".serena/memories";
const TREES = [join(CORPUS, "ai-agents-efa406e9a"), process.env.AGENTCHECK_UPSTREAM ?? ""].filter((t) => t && existsSync(join(t, MEM, "memory-index.md")));
if (TREES.length < 2) console.warn(`token-count-deviation: ${TREES.length === 0 ? "skipped: no tree" : "one tree only"} (the corpus and AGENTCHECK_UPSTREAM are looked for)`);

/** The memory directory as the host hands it over: folders and regular files (links left out), every file read. */
function docs(dir: string) {
  const out: { file: string; kind: number; flags: number; bytes: Uint8Array }[] = [{ file: "", kind: KIND.MEMORY_DIR, flags: 0, bytes: new Uint8Array(0) }];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out.push({ file: p, kind: KIND.MEMORY_FILE, flags: MI.TYPE_DIR, bytes: new Uint8Array(0) });
        walk(p);
      } else if (e.isFile()) out.push({ file: p, kind: KIND.MEMORY_FILE, flags: MI.TYPE_FILE, bytes: readFileSync(join(dir, p)) });
    }
  };
  walk("");
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

function farOff(dir: string, tolerance?: number) {
  const out = executeValidator("memory-index", docs(dir), { "option.MI-020.level": "warn", ...(tolerance === undefined ? {} : { "option.MI-020.tolerance": tolerance }) });
  if (out.internalErrors.length) throw new Error(out.internalErrors.join("; "));
  return out.results.flatMap((r) => r.findings).filter((f) => f.ruleId === "MI-020");
}

describe.skipIf(TREES.length === 0)("MI-020 on real trees: the estimate's deviation from tiktoken's recorded counts", () => {
  for (const tree of TREES) {
    it(`memory-token-counts: ${/ai-agents-(\w+)$/.exec(tree) ? `the corpus (${/ai-agents-(\w+)$/.exec(tree)![1]})` : "today's upstream tree"}: no count far off with the defaults; the ratios measured`, () => {
      const dir = join(tree, MEM);
      const all = farOff(dir, 0);
      const seen = new Set<string>();
      const ratios: number[] = [];
      for (const f of all) {
        const m = /^(\S+): recorded (\d+) tokens, about (\d+) by estimate/.exec(f.message);
        expect(m, f.message).not.toBeNull();
        if (seen.has(m![1])) continue;
        seen.add(m![1]);
        ratios.push(Number(m![3]) / Number(m![2]));
      }
      ratios.sort((a, b) => a - b);
      expect(ratios.length).toBeGreaterThan(50);
      const q = (p: number) => ratios[Math.min(ratios.length - 1, Math.floor(p * ratios.length))].toFixed(2);
      const flagged = farOff(dir);
      console.log(`token-count-deviation ${tree}: ${ratios.length} counted memories (those whose count differs from the estimate; ${all.length} links); estimate / recorded: min ${q(0)}, p5 ${q(0.05)}, median ${q(0.5)}, p95 ${q(0.95)}, max ${q(1)}; MI-020 on (warn) with the default tolerance: ${flagged.length}`);
      if (!/ai-agents-efa406e9a$/.test(tree)) expect(flagged.map((f) => f.message)).toEqual([]);
    }, 300_000);
  }
});

describe("MI-020 through the CLI (the host reads the memories only when it is on)", () => {
  it("memory-token-counts: off by default; rules.MI-020.options.level warn reports a count far off", () => {
    const files = {
      [`${MEM}/memory-index.md`]: "# Memory index\n\n- [git](git-index.md)\n- [git-commit](git/git-commit.md) (3)\n",
      [`${MEM}/git-index.md`]: "| Keywords | File |\n|---|---|\n| commit branch rebase merge push | [git-commit](git/git-commit.md) |\n",
      [`${MEM}/git/git-commit.md`]: `# Commit\n\n${"Write the subject in the imperative mood. ".repeat(20)}\n`,
    };
    const off = runCli(["memory-index", "--format", "json"], { cwd: makeRepo(files) });
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).not.toContain("MI-020");
    const on = runCli(["memory-index", "--format", "json"], { cwd: makeRepo({ ...files, "agentcheck.config.json": JSON.stringify({ rules: { "MI-020": { options: { level: "warn" } } } }) }) });
    const found = (JSON.parse(on.stdout).results as { findings: { ruleId: string; message: string }[] }[]).flatMap((r) => r.findings).filter((f) => f.ruleId === "MI-020");
    expect(found.map((f) => f.message)).toEqual([expect.stringMatching(/^git\/git-commit\.md: recorded 3 tokens, about \d+ by estimate/)]);
  }, 60_000);
});
