// The inline-directive pass over memory files (src/adoption.ts): the memory-index validator hands the
// pass the directory entries of the listed files it reports on (MemoryIndexOptions.entries), so the
// pass's bounded read skips its lstat. What the pass decides must not change: a directive in an
// orphaned memory suppresses its finding, and a link (inside the folder or out of the repository) is
// never handed an entry: its read takes its own lstat as before.
import { describe, expect, it } from "vitest";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Dirent } from "node:fs";
import { validateMemoryIndexDir } from "../../dist/validators/memory-index.js";
import { applyAdoption } from "../../dist/adoption.js";
import { DiskSource } from "../../dist/source.js";
import { idx } from "./mi-helpers.js";
import { tmpDir } from "../helpers.js";

const MEM = ".serena/memories";

function run(directives: boolean, withEntries = true) {
  const root = tmpDir("agentcheck-mi-entries-");
  const outside = tmpDir("agentcheck-mi-entries-out-");
  const mem = join(root, MEM);
  mkdirSync(mem, { recursive: true });
  writeFileSync(join(mem, "skills-a-index.md"), idx(["k1 k2", "a-x"]));
  writeFileSync(join(mem, "a-x.md"), "# a-x\n");
  writeFileSync(join(mem, "a-quiet.md"), "<!-- agentcheck-disable MI-017 -->\n# a-quiet\n");
  writeFileSync(join(mem, "a-loud.md"), "# a-loud\n");
  writeFileSync(join(mem, "a-target.md"), "<!-- agentcheck-disable MI-017 -->\n# a-target\n");
  symlinkSync("a-target.md", join(mem, "a-linked.md"));
  writeFileSync(join(outside, "secret.md"), "<!-- agentcheck-disable MI-017 -->\n# secret\n");
  symlinkSync(join(outside, "secret.md"), join(mem, "a-out.md"));
  const sources = new Map<string, Uint8Array>();
  const entries = new Map<string, Dirent>();
  const out = validateMemoryIndexDir({ source: new DiskSource(root), dir: MEM, display: MEM, maxFileBytes: 1 << 20, sources, entries });
  const { results } = applyAdoption(out.results, { root, directives, sources, entries: withEntries ? entries : undefined, maxFileBytes: 1 << 20 });
  const rules = (name: string) => results.find((r) => r.file === `${MEM}/${name}`)?.findings.map((f) => f.ruleId) ?? [];
  return { root, entries, rules, results };
}

describe("memory-index: directory entries for the directive pass", () => {
  it("regular memories reported on get their entry; links never do", () => {
    const { root, entries } = run(true);
    const got = [...entries.keys()].map((k) => k.slice(root.length + 1)).sort();
    expect(got).toContain(`${MEM}/a-loud.md`);
    expect(got).toContain(`${MEM}/a-quiet.md`);
    expect(got).not.toContain(`${MEM}/a-linked.md`);
    expect(got).not.toContain(`${MEM}/a-out.md`);
    for (const e of entries.values()) expect(e.isFile()).toBe(true);
  });
  it("a directive suppresses its memory's finding; without one, or with directives off, the finding stays", () => {
    const on = run(true);
    expect(on.rules("a-loud.md")).toContain("MI-017");
    expect(on.rules("a-quiet.md")).not.toContain("MI-017");
    const off = run(false);
    expect(off.rules("a-quiet.md")).toContain("MI-017");
  });
  it("the pass decides the same with the entries as without them (links, a link out of the repository)", () => {
    const a = run(true, true);
    const b = run(true, false);
    expect(a.results.map((r) => [r.file.slice(a.root.length), r.findings])).toEqual(b.results.map((r) => [r.file.slice(b.root.length), r.findings]));
    expect(a.rules("a-linked.md")).not.toContain("MI-017");
  });
});
