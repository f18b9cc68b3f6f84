// SP-131 / SP-132: JSON logs that read git.diff lists go to the core in calls that carry only their
// own logs' lists, bounded in size (src/validators/session-log.ts groupByDiffLists). The findings do
// not depend on the split (each log reads only its own ranges; touched-batch.integration.test.ts runs
// the CLI); here: no log lost or repeated, order kept, each call's lists exactly its logs', the bound.
import { describe, it, expect } from "vitest";
import { groupByDiffLists } from "../../dist/validators/session-log.js";

const doc = (file: string) => ({ file, kind: 0, flags: 0, bytes: new Uint8Array(0) });
const paths = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `src/${tag}/${i}.ts`);

describe("SP-131/SP-132: git.diff lists per core call (groupByDiffLists)", () => {
  const facts: Record<string, unknown> = {
    "git.diff.a..HEAD": paths(10, "a"), // 10 x 13-14 chars
    "git.diff.b..HEAD": paths(10, "b"),
    "git.diff.c..HEAD": paths(10, "c"),
    "git.diff.s1..s2": ["docs/x.md"],
    "git.diffError.bad..HEAD": "git diff failed for bad..HEAD: fatal: bad object bad",
  };
  const keys = new Map([
    ["l1", ["a..HEAD"]],
    ["l2", ["b..HEAD", "s1..s2"]],
    ["l3", ["a..HEAD"]], // shares l1's range
    ["l4", ["c..HEAD", "bad..HEAD"]], // one list, one failed range (its error is a shared fact)
  ]);
  const docs = ["l1", "l2", "l3", "l4"].map(doc);

  it("SP-131: under the bound, one call with every list its logs read, and nothing else", () => {
    const calls = groupByDiffLists(docs, keys, facts as never, 1_000_000);
    expect(calls.map(([d]) => d.map((x) => x.file))).toEqual([["l1", "l2", "l3", "l4"]]);
    expect(Object.keys(calls[0][1]).sort()).toEqual(["git.diff.a..HEAD", "git.diff.b..HEAD", "git.diff.c..HEAD", "git.diff.s1..s2"]);
  });

  it("SP-131: a small bound splits the logs in order; each call carries exactly its own logs' lists", () => {
    const calls = groupByDiffLists(docs, keys, facts as never, 100);
    expect(calls.map(([d]) => d.map((x) => x.file))).toEqual([["l1"], ["l2"], ["l3"], ["l4"]]);
    expect(calls.map(([, f]) => Object.keys(f).sort())).toEqual([
      ["git.diff.a..HEAD"],
      ["git.diff.b..HEAD", "git.diff.s1..s2"],
      ["git.diff.a..HEAD"], // l3 gets l1's list again in its own call
      ["git.diff.c..HEAD"],
    ]);
    expect(calls[0][1]["git.diff.a..HEAD" as never]).toBe(facts["git.diff.a..HEAD"]);
  });

  it("SP-132: a bound of about two lists pairs the logs (lists of 110 and 120 path characters)", () => {
    const calls = groupByDiffLists(docs, keys, facts as never, 200);
    expect(calls.map(([d]) => d.map((x) => x.file))).toEqual([["l1", "l2"], ["l3", "l4"]]);
  });

  it("SP-131: a range two logs of one call share is counted once (230 + 0 stays under 250)", () => {
    const calls = groupByDiffLists(docs, keys, facts as never, 250);
    expect(calls.map(([d]) => d.map((x) => x.file))).toEqual([["l1", "l2", "l3", "l4"]]);
  });
});
