// Issue 39 item 2: git processes started without waiting (src/git-run.ts gitRawAsync) write into a
// scratch file, not a pipe: a pipe holds 64 KB and is emptied only when the event loop runs, so HEAD's
// history walk stopped for as long as the core's first pass ran. Batches of diff-tree questions are
// asked newest commit first (dateOrder), their answers returned in the order asked.
import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { git, makeRepo, tmpDir, writeTree } from "../helpers.js";
import { GitRepo, dateOrder, diffNamesBatch, diffNamesBatchAsync, gitRawAsync } from "../../dist/git-run.js";

const savedPath = process.env.PATH;
const savedDate = process.env.GIT_COMMITTER_DATE;
afterEach(() => {
  process.env.PATH = savedPath;
  if (savedDate === undefined) delete process.env.GIT_COMMITTER_DATE;
  else process.env.GIT_COMMITTER_DATE = savedDate;
});

/** Block this thread (no event loop turn) until `file` exists or `ms` have passed; whether it exists. */
function blockUntil(file: string, ms: number): boolean {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const end = Date.now() + ms;
  while (!existsSync(file) && Date.now() < end) Atomics.wait(cell, 0, 0, 20);
  return existsSync(file);
}

const scratchLeft = () => readdirSync(tmpdir()).filter((n) => n.startsWith(".agentcheck-") && n.endsWith(".tmp"));

describe("git output without a pipe (gitRawAsync)", () => {
  it("a git process writes its whole output while this process runs synchronous work, and leaves no file", async () => {
    const marker = join(tmpDir(), "done");
    // a fake git that prints 2 MB (far more than a pipe holds), then leaves a mark; in a folder of its
    // own (toolPath links the real git under that name: writing through the link would replace git itself)
    const bin = tmpDir("agentcheck-fakegit-");
    writeFileSync(join(bin, "git"), `#!/bin/sh\nhead -c 2000000 /dev/zero | tr '\\000' a\necho done > '${marker}'\n`, { flag: "wx", mode: 0o755 });
    process.env.PATH = `${bin}:${process.env.AGENTCHECK_TEST_SYSBIN}`;
    const answer = gitRawAsync(tmpDir(), ["log"]);
    // no event loop turn here: with a pipe git would stop after the first 64 KB and never leave its mark
    expect(blockUntil(marker, 20_000)).toBe(true);
    const r = await answer;
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBe(2_000_000);
    expect(r.stdout.every((b) => b === 97)).toBe(true);
    expect(scratchLeft()).toEqual([]);
  });

  it("git's status, error output and an empty output come back as from a pipe", async () => {
    const dir = makeRepo({ "a.md": "a\n" });
    const bad = await gitRawAsync(dir, ["rev-parse", "--verify", "no-such-ref"]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/no-such-ref|fatal/);
    const empty = await gitRawAsync(dir, ["diff", "--name-only", "HEAD"]);
    expect(empty).toEqual({ status: 0, stdout: Buffer.alloc(0), stderr: "" });
    const input = await gitRawAsync(dir, ["cat-file", "--batch-check"], "HEAD\n");
    expect(input.stdout.toString()).toMatch(/^[0-9a-f]{40} commit \d+\n$/);
    expect(scratchLeft()).toEqual([]);
  });

  it("a temp folder that is missing or is a file falls back to the pipe with the same answer", async () => {
    const dir = makeRepo({ "a.md": "a\n" });
    const want = await gitRawAsync(dir, ["ls-files"]);
    const missing = join(tmpDir(), "missing");
    // a temp folder that is a regular file: no scratch file can be made in it
    const file = join(tmpDir(), "not-a-folder");
    writeFileSync(file, "x");
    const saved = process.env.TMPDIR;
    try {
      process.env.TMPDIR = missing;
      expect(await gitRawAsync(dir, ["ls-files"])).toEqual(want);
      process.env.TMPDIR = file;
      expect(await gitRawAsync(dir, ["ls-files"])).toEqual(want);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(want.stdout.toString()).toBe("a.md\n");
  });

  it("a working directory that is not there rejects, and leaves no file", async () => {
    await expect(gitRawAsync(join(tmpDir(), "gone"), ["status"])).rejects.toThrow(/not a directory/);
    expect(scratchLeft()).toEqual([]);
  });
});

describe("diff-tree batches in date order", () => {
  /** Five commits, each changing its own file and a shared one, committed a day apart; their ids, oldest first. */
  function history(): { dir: string; ids: string[] } {
    process.env.GIT_COMMITTER_DATE = "2026-01-01T12:00:00Z";
    const dir = makeRepo({ "shared.md": "0\n" });
    const ids = [git(dir, "rev-parse", "HEAD")];
    for (let i = 1; i <= 4; i++) {
      process.env.GIT_COMMITTER_DATE = `2026-01-0${i + 1}T12:00:00Z`;
      writeTree(dir, { [`f${i}.md`]: `${i}\n`, "shared.md": `${i}\n` });
      git(dir, "add", "-A");
      git(dir, "commit", "-q", "-m", `c${i}`);
      ids.push(git(dir, "rev-parse", "HEAD"));
    }
    return { dir, ids };
  }

  it("dateOrder lists the commits newest first, and the ids as given when one is not a commit git has", () => {
    const { dir, ids } = history();
    const repo = new GitRepo(dir);
    expect(dateOrder(repo, [ids[1], ids[3], ids[0], ids[4], ids[2]])).toEqual([...ids].reverse());
    const unknown = [ids[1], "0".repeat(40), ids[3]];
    expect(dateOrder(repo, unknown)).toEqual(unknown);
  });

  it("the answers line up with the pairs as asked, a commit with itself has no names", async () => {
    const { dir, ids } = history();
    const repo = new GitRepo(dir);
    const pairs: [string, string][] = [[ids[0], ids[1]], [ids[2], ids[2]], [ids[3], ids[1]], [ids[0], ids[4]], [ids[1], ids[3]], [ids[4], ids[0]]];
    const got = await diffNamesBatchAsync(repo, pairs);
    expect(got).toEqual(diffNamesBatch(repo, pairs));
    const names = (i: number) => got?.[i].split("\n").filter((l) => l.length > 0);
    expect(got?.[1]).toBe("");
    expect(names(0)).toEqual(["f1.md", "shared.md"]);
    expect(names(3)).toEqual(["f1.md", "f2.md", "f3.md", "f4.md", "shared.md"]);
    expect(names(5)).toEqual(names(3));
    expect(await diffNamesBatchAsync(repo, [[ids[2], ids[2]]])).toEqual([""]);
  });

  it("a batch of 64 pairs or more (two git processes, each half of it) answers every pair as one process does", async () => {
    const { dir, ids } = history();
    const repo = new GitRepo(dir);
    const pairs: [string, string][] = [];
    for (let r = 0; r < 4; r++) for (const a of ids) for (const b of ids) pairs.push([a, b]);
    expect(pairs.length).toBeGreaterThanOrEqual(64);
    const got = await diffNamesBatchAsync(repo, pairs);
    expect(got).toEqual(diffNamesBatch(repo, pairs));
    expect(got?.filter((x) => x.length > 0).length).toBe(pairs.filter(([a, b]) => a !== b).length);
  });
});
