// readArtifact on disk (src/engine.ts) takes DiskSource.readUpTo: one lstat serves the size limit and
// the bounded read when the path is not a link. Its answer must be the one of the two steps it
// replaces, size() (following links) and then read(), for every kind of path: the limit first
// (AC-900 with the size), then the reader's refusals (AC-901), links out of the repository included.
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readArtifact, hostFinding, refusalFinding } from "../../dist/engine.js";
import { DiskSource } from "../../dist/source.js";
import { ReadRefusedError } from "../../dist/fsread.js";
import { tmpDir } from "../helpers.js";

const MAX = 100;

/** The two steps readArtifact took before readUpTo. */
function twoSteps(source: DiskSource, rel: string) {
  const size = source.size(rel);
  if (size !== undefined && size > MAX) return { file: rel, problem: hostFinding("AC-900", rel, `${size} bytes, limit ${MAX}`) };
  try {
    const bytes = source.read(rel);
    if (bytes.length > MAX) return { file: rel, problem: hostFinding("AC-900", rel, `${bytes.length} bytes, limit ${MAX}`) };
    return { file: rel, bytes };
  } catch (e) {
    if (e instanceof ReadRefusedError) return { file: rel, problem: refusalFinding(rel, e.refusal) };
    throw e;
  }
}

describe("readArtifact through DiskSource.readUpTo: the answer of size() then read()", () => {
  const root = tmpDir("agentcheck-readupto-");
  const outside = tmpDir("agentcheck-readupto-out-");
  writeFileSync(join(root, "small.md"), "# small\n");
  writeFileSync(join(root, "large.md"), "x".repeat(MAX + 1));
  writeFileSync(join(outside, "large.md"), "y".repeat(MAX + 5));
  writeFileSync(join(outside, "small.md"), "# secret\n");
  symlinkSync("large.md", join(root, "link-large.md"));
  symlinkSync("small.md", join(root, "link-small.md"));
  symlinkSync(join(outside, "large.md"), join(root, "out-large.md"));
  symlinkSync(join(outside, "small.md"), join(root, "out-small.md"));
  symlinkSync("nowhere.md", join(root, "dangling.md"));
  symlinkSync("loop-b.md", join(root, "loop-a.md"));
  symlinkSync("loop-a.md", join(root, "loop-b.md"));
  execFileSync("mkfifo", [join(root, "fifo.md")]);
  mkdirSync(join(root, "dir.md"));
  symlinkSync(outside, join(root, "outdir"));
  const source = new DiskSource(root);
  const paths = ["small.md", "large.md", "link-large.md", "link-small.md", "out-large.md", "out-small.md", "dangling.md", "loop-a.md", "fifo.md", "dir.md", "missing.md", "outdir/small.md", "outdir/large.md"];
  for (const rel of paths) {
    it(rel, () => {
      const got = readArtifact(source, rel, MAX);
      const want = twoSteps(source, rel);
      expect(got.problem).toEqual(want.problem);
      expect(got.bytes === undefined ? undefined : Buffer.from(got.bytes).toString()).toEqual(want.bytes === undefined ? undefined : Buffer.from(want.bytes).toString());
    });
  }
});
