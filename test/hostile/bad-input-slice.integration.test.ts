// Issue 11, a representative slice of the bad-input matrix (the full one is
// bad-input.integration.test.ts): a FIFO, /dev/zero behind a link, a link out of the repository,
// invalid UTF-8, UTF-16 and CRLF, on a session log, a planning doc and the configuration.
import { describe, expect, it } from "vitest";
import { BADS, KINDS, judge, runMatrix } from "./matrix.js";

const pick = <T extends { name: string }>(xs: T[], names: string[]) => xs.filter((x) => names.includes(x.name));

describe("issue 11 bad-input matrix (representative slice)", () => {
  it("FIFO, /dev/zero link, link out of the repo, invalid UTF-8, UTF-16 LE, CRLF x session log, planning doc, config", async () => {
    const kinds = pick(KINDS, ["session log", "planning doc", "config"]).map((k) => ({ ...k, commands: k.commands.slice(0, 2) }));
    const bads = pick(BADS, ["FIFO", "/dev/zero via symlink", "symlink out of the repository", "invalid UTF-8", "UTF-16 LE", "CRLF"]);
    const results = await runMatrix(kinds, bads, 3);
    expect(results.length).toBe(kinds.length * bads.length * 2);
    expect(results.map(judge).filter(Boolean)).toEqual([]);
  }, 300_000);
});
